import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { SoundQualityName } from '@cuewave/contract/recommend';
import styles from './similar.module.css';

/** The qualities in the order listeners notice them; each reads as `closeIn.quality.<name>` in the `similar` texts. */
const ORDER: SoundQualityName[] = ['tempo', 'energy', 'timbre', 'brightness', 'rhythm', 'key', 'dynamics', 'loudness'];

/** "Close in tempo, energy and key": the API sends the qualities, the sentence is the page's language. */
export function closeInText(t: TFunction<'similar'>, qualities: SoundQualityName[]): string {
  const labels = ORDER.filter((q) => qualities.includes(q)).map((q) => t(`closeIn.quality.${q}`));
  if (!labels.length) return t('closeIn.overall');
  const list =
    labels.length === 1
      ? labels[0]!
      : t('closeIn.list', { items: labels.slice(0, -1).join(', '), last: labels[labels.length - 1] });
  return t('closeIn.sentence', { list });
}

/** The reason under a result row: the qualities in which it is close to the track asked about. */
export function CloseIn({ qualities }: { qualities: SoundQualityName[] }) {
  const { t } = useTranslation('similar');
  const shown = ORDER.filter((q) => qualities.includes(q)).slice(0, 3);
  const full = closeInText(t, qualities);
  return (
    <span className={styles.reason} title={full} data-testid="close-in">
      <span className="visually-hidden">{full}</span>
      <span aria-hidden="true">
        <span className={styles.reasonKey}>{shown.length ? t('closeIn.key') : t('closeIn.overall')}</span>
        {shown.map((q) => (
          <span key={q} className={styles.quality}>
            {t(`closeIn.quality.${q}`)}
          </span>
        ))}
      </span>
    </span>
  );
}
