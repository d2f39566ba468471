import type { SoundQualityName } from '@cuewave/contract/recommend';
import styles from './similar.module.css';

/** How each quality reads in a sentence, in the order listeners notice them. */
const QUALITY_LABEL: Record<SoundQualityName, string> = {
  tempo: 'tempo',
  energy: 'energy',
  timbre: 'sound',
  brightness: 'brightness',
  rhythm: 'rhythm',
  key: 'key',
  dynamics: 'dynamics',
  loudness: 'loudness',
};
const ORDER = Object.keys(QUALITY_LABEL) as SoundQualityName[];

export function closeInText(qualities: SoundQualityName[]): string {
  const labels = ORDER.filter((q) => qualities.includes(q)).map((q) => QUALITY_LABEL[q]);
  if (!labels.length) return 'Nearest overall sound';
  const list = labels.length === 1 ? labels[0] : `${labels.slice(0, -1).join(', ')} and ${labels[labels.length - 1]}`;
  return `Close in ${list}`;
}

/** The reason under a result row: the qualities in which it is close to the track asked about. */
export function CloseIn({ qualities }: { qualities: SoundQualityName[] }) {
  const shown = ORDER.filter((q) => qualities.includes(q)).slice(0, 3);
  const full = closeInText(qualities);
  return (
    <span className={styles.reason} title={full} data-testid="close-in">
      <span className="visually-hidden">{full}</span>
      <span aria-hidden="true">
        <span className={styles.reasonKey}>{shown.length ? 'Close in' : 'Nearest overall sound'}</span>
        {shown.map((q) => (
          <span key={q} className={styles.quality}>
            {QUALITY_LABEL[q]}
          </span>
        ))}
      </span>
    </span>
  );
}
