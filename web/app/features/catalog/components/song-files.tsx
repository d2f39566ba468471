import { AudioLines, Drum, FileAudio, Guitar, Lock, Mic } from 'lucide-react';
import type { FileType, Product } from '@cuewave/contract/catalog';
import { formatDuration } from '../../../lib/format';
import { useViewer } from '../../auth/use-viewer';
import { downloadAccess } from '../../downloads/access';
import { DownloadCtaCard } from '../../downloads/components/download-cta';
import { DownloadPanel } from '../../downloads/components/download-panel';
import styles from './song-files.module.css';

const FILES: Partial<Record<FileType, { name: string; description: string; icon: typeof Mic; order: number }>> = {
  vocal: { name: 'Full track', description: 'The complete song with vocals', icon: Mic, order: 0 },
  instrumental: { name: 'Instrumental', description: 'Everything but the vocals', icon: AudioLines, order: 1 },
  master: { name: 'Master', description: 'The final mastered mix', icon: FileAudio, order: 2 },
  stem_instruments: { name: 'Stem · Instruments', description: 'Melody and harmony, isolated', icon: Guitar, order: 3 },
  stem_bass: { name: 'Stem · Bass', description: 'The low end, isolated', icon: Drum, order: 4 },
};

/**
 * The track's files: for a subscriber who may download, the download control (versions, stems,
 * formats, audition); for everyone else the files with a padlock and the call to action for their
 * state (features/downloads/access.ts), never "Start free trial" to someone who pays.
 */
export function SongFiles({ product }: { product: Product }) {
  const access = downloadAccess(useViewer());
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
              Download this track
            </h2>
            <p className={styles.lead}>
              Pick the versions and stems you need, MP3 or WAV. Every download is covered by your licence.
            </p>
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
            Files included with your subscription
          </h2>
          <p className={styles.lead}>
            {files.length} {files.length === 1 ? 'file' : 'files'}, cleared for YouTube, social, podcasts and client
            work.
          </p>
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
                <span className={styles.name}>{info.name}</span>
                <span className={styles.description}>{info.description}</span>
              </span>
              <span className={styles.meta}>
                {file.duration ? formatDuration(file.duration) : null}
                <Lock aria-label="For subscribers" />
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
