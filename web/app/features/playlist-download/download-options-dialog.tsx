import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
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

// Format names are the same in every language; their hints are `options.formats.<format>` texts.
const FORMAT_LABELS: Record<ArchiveFormat, string> = { mp3: 'MP3', wav: 'WAV' };

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
  const { t } = useTranslation('playlist-download');
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
      title={t('options.title')}
      description={t('options.description', { name: playlist.name })}
      data-testid="playlist-download-options"
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button
            icon={<Download />}
            disabled={count === 0}
            onClick={() => onConfirm({ fileFormat, stems, items: allIds.filter((id) => picked.has(id)) })}
          >
            {count === 0 ? t('download') : t('options.downloadTracks', { count })}
          </Button>
        </>
      }
    >
      <div className={styles.body}>
        <fieldset className={styles.group}>
          <legend className={styles.legend}>{t('options.format')}</legend>
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
                <span className={styles.formatLabel}>{FORMAT_LABELS[format]}</span>
                <span className={styles.formatHint}>{t(`options.formats.${format}`)}</span>
              </label>
            ))}
          </div>
        </fieldset>

        {anyStems ? (
          <label className={styles.check}>
            <input type="checkbox" checked={stems} onChange={(e) => setStems(e.target.checked)} />
            <span>
              {t('options.stems')}
              <span className={styles.checkHint}>{t('options.stemsHint')}</span>
            </span>
          </label>
        ) : null}

        <fieldset className={styles.group}>
          <div className={styles.listHead}>
            <legend className={styles.legend}>
              {t('options.tracks')}{' '}
              <span className={styles.count}>{t('options.picked', { count, total: allIds.length })}</span>
            </legend>
            <button
              type="button"
              className={styles.selectAll}
              onClick={() => setPicked(allPicked ? new Set() : new Set(allIds))}
            >
              {allPicked ? t('options.clearAll') : t('options.selectAll')}
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
