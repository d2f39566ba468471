import { useEffect, useId, useState } from 'react';
import { Download } from 'lucide-react';
import { ARCHIVE_FORMATS, DEFAULT_ARCHIVE_FORMAT, type ArchiveFormat } from '@cuewave/contract/archives';
import type { Product } from '@cuewave/contract/catalog';
import { Button } from '../../components/ui/button';
import { Modal } from '../../components/ui/modal';
import type { PlaylistDownloadOptions } from './download-store';
import styles from './download-options-dialog.module.css';

export type DownloadablePlaylist = {
  id: string;
  name: string;
  items: Pick<Product, 'id' | 'title' | 'artist' | 'files'>[];
};

const FORMAT_LABELS: Record<ArchiveFormat, { label: string; hint: string }> = {
  mp3: { label: 'MP3', hint: '320 kbps' },
  wav: { label: 'WAV', hint: 'Lossless' },
};

const hasStems = (item: DownloadablePlaylist['items'][number]) => item.files.some((f) => f.type.startsWith('stem_'));

/**
 * What to put in the playlist's zip: the format (mp3 by default, spec §9), whether to add each
 * track's stems, and which tracks (all ticked at first).
 */
export function DownloadOptionsDialog({
  playlist,
  open,
  onClose,
  onConfirm,
}: {
  playlist: DownloadablePlaylist;
  open: boolean;
  onClose: () => void;
  onConfirm: (options: PlaylistDownloadOptions) => void;
}) {
  const [fileFormat, setFileFormat] = useState<ArchiveFormat>(DEFAULT_ARCHIVE_FORMAT);
  const [stems, setStems] = useState(false);
  const [picked, setPicked] = useState<Set<string>>(() => new Set(playlist.items.map((i) => i.id)));
  const formatName = useId();
  const allIds = playlist.items.map((i) => i.id);
  const allKey = allIds.join(',');

  // Every opening starts from the defaults, with the playlist as it is now.
  useEffect(() => {
    if (!open) return;
    setFileFormat(DEFAULT_ARCHIVE_FORMAT);
    setStems(false);
    setPicked(new Set(allKey ? allKey.split(',') : []));
  }, [open, allKey]);

  const count = allIds.filter((id) => picked.has(id)).length;
  const allPicked = count === allIds.length && count > 0;
  const anyStems = playlist.items.some(hasStems);
  const toggle = (id: string) =>
    setPicked((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Download playlist"
      description={`Saved as ${playlist.name}.zip, one file per track, numbered in playlist order.`}
      data-testid="playlist-download-options"
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button
            icon={<Download />}
            disabled={count === 0}
            onClick={() => onConfirm({ fileFormat, stems, items: allIds.filter((id) => picked.has(id)) })}
          >
            {count === 0 ? 'Download' : `Download ${count} ${count === 1 ? 'track' : 'tracks'}`}
          </Button>
        </>
      }
    >
      <div className={styles.body}>
        <fieldset className={styles.group}>
          <legend className={styles.legend}>Format</legend>
          <div className={styles.formats}>
            {ARCHIVE_FORMATS.map((format) => (
              <label key={format} className={styles.format}>
                <input
                  type="radio"
                  name={formatName}
                  value={format}
                  checked={fileFormat === format}
                  onChange={() => setFileFormat(format)}
                  className={styles.formatInput}
                />
                <span className={styles.formatLabel}>{FORMAT_LABELS[format].label}</span>
                <span className={styles.formatHint}>{FORMAT_LABELS[format].hint}</span>
              </label>
            ))}
          </div>
        </fieldset>

        {anyStems ? (
          <label className={styles.check}>
            <input type="checkbox" checked={stems} onChange={(e) => setStems(e.target.checked)} />
            <span>
              Include stems
              <span className={styles.checkHint}>In a folder per track, for the tracks that have them</span>
            </span>
          </label>
        ) : null}

        <fieldset className={styles.group}>
          <div className={styles.listHead}>
            <legend className={styles.legend}>
              Tracks <span className={styles.count}>{`${count} of ${allIds.length}`}</span>
            </legend>
            <button
              type="button"
              className={styles.selectAll}
              onClick={() => setPicked(allPicked ? new Set() : new Set(allIds))}
            >
              {allPicked ? 'Clear all' : 'Select all'}
            </button>
          </div>
          <ul className={styles.list} role="list">
            {playlist.items.map((item, index) => (
              <li key={item.id}>
                <label className={styles.item}>
                  <input type="checkbox" checked={picked.has(item.id)} onChange={() => toggle(item.id)} />
                  <span className={styles.number} aria-hidden="true">
                    {String(index + 1).padStart(2, '0')}
                  </span>
                  <span className={styles.itemText}>
                    <span className={styles.itemTitle}>{item.title}</span>
                    <span className={styles.itemArtist}>{item.artist.name}</span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      </div>
    </Modal>
  );
}
