import { useTranslation } from 'react-i18next';
import { AudioLines, Drum, FileAudio, Guitar, Lock, Mic } from 'lucide-react';
import type { FileType, Product } from '@cuewave/contract/catalog';
import { formatDuration } from '../../../lib/format';
import { useViewer } from '../../auth/use-viewer';
import { downloadAccess } from '../../downloads/access';
import { DownloadCtaCard } from '../../downloads/components/download-cta';
import { DownloadPanel } from '../../downloads/components/download-panel';
import styles from './song-files.module.css';

/** The files shown, in order; their names and descriptions are `songFiles.<type>.*` in the `catalog` texts. */
const FILES: Partial<Record<FileType, { icon: typeof Mic; order: number }>> = {
  vocal: { icon: Mic, order: 0 },
  instrumental: { icon: AudioLines, order: 1 },
  master: { icon: FileAudio, order: 2 },
  stem_instruments: { icon: Guitar, order: 3 },
  stem_bass: { icon: Drum, order: 4 },
};

/**
 * The track's files: for a subscriber who may download, the download control (versions, stems,
 * formats, audition); for everyone else the files with a padlock and the call to action for their
 * state (features/downloads/access.ts), never "Start free trial" to someone who pays.
 */
export function SongFiles({ product }: { product: Product }) {
  const access = downloadAccess(useViewer());
  const { t } = useTranslation('catalog');
  const files = product.files
    .filter((f) => FILES[f.type])
    .sort((a, b) => (FILES[a.type]?.order ?? 9) - (FILES[b.type]?.order ?? 9));
  if (!files.length) return null;
  if (access.kind === 'allowed') {
    return (
      <section className={styles.root} aria-labelledby="song-files" data-testid="song-downloads">
        <div className={styles.head}>
          <div>
            <h2 id="song-files" className={styles.title}>
              {t('songFiles.downloadTitle')}
            </h2>
            <p className={styles.lead}>{t('songFiles.downloadLead')}</p>
          </div>
        </div>
        <DownloadPanel product={product} />
      </section>
    );
  }
  return (
    <section className={styles.root} aria-labelledby="song-files">
      <div className={styles.head}>
        <div>
          <h2 id="song-files" className={styles.title}>
            {t('songFiles.title')}
          </h2>
          <p className={styles.lead}>{t('songFiles.lead', { count: files.length })}</p>
        </div>
      </div>
      <div className={styles.cta}>
        <DownloadCtaCard access={access} />
      </div>
      <ul role="list" className={styles.list} data-testid="song-files">
        {files.map((file) => {
          const info = FILES[file.type]!;
          const Icon = info.icon;
          return (
            <li key={file.id} className={styles.file}>
              <span className={styles.icon} aria-hidden="true">
                <Icon />
              </span>
              <span className={styles.text}>
                <span className={styles.name}>{t(`songFiles.${file.type}.name`)}</span>
                <span className={styles.description}>{t(`songFiles.${file.type}.description`)}</span>
              </span>
              <span className={styles.meta}>
                {file.duration ? formatDuration(file.duration) : null}
                <Lock aria-label={t('songFiles.forSubscribers')} />
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
