import { useState } from 'react';
import { Link } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { AlertCircle, Download, FileText, Music2, RotateCw, ShieldCheck } from 'lucide-react';
import type { DownloadHistory, DownloadRecord } from '@cuewave/contract/downloads';
import { Button, ButtonLink } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { useToast } from '../../../components/ui/toast';
import { useFormat } from '../../../i18n/format';
import { Cover } from '../../catalog/components/cover';
import { Pager } from '../../catalog/components/pager';
import { catalogPaths, useLocalize } from '../../catalog/paths';
import { useLocalizedPath } from '../../shell/edition';
import { saveBlob } from '../../subscription/licence-download';
import { SUBSCRIPTION_PATH } from '../../subscription/paths';
import { fetchCertificate } from '../api';
import { picksText } from '../file-texts';
import { DOWNLOAD_MESSAGES } from '../messages';
import { percentOf } from '../run-download';
import { downloadBaseName } from '../selection';
import { useTrackDownload } from '../use-track-download';
import { DownloadCtaCard } from './download-cta';
import styles from './downloads-history.module.css';

export const HISTORY_LIST_ID = 'download-history';

/**
 * /dashboard/downloads: every track the user downloaded, newest first: what (versions, stems,
 * formats), when, the subscription that licensed it with its per-track certificate (PDF, and the
 * public page that verifies it), and the same files again.
 */
export function DownloadsHistory({
  history,
  skip,
  pageSize,
}: {
  history: DownloadHistory | null;
  skip: number;
  pageSize: number;
}) {
  const { t } = useTranslation('downloads');
  const format = useFormat();
  const localize = useLocalize();
  if (!history) {
    return (
      <EmptyState
        role="alert"
        icon={<AlertCircle />}
        title={t('history.failedTitle')}
        description={t('history.failedText')}
      />
    );
  }
  if (history.count === 0) {
    return (
      <EmptyState
        icon={<Download />}
        title={t('history.emptyTitle')}
        description={t('history.emptyText')}
        actions={<ButtonLink to={localize(catalogPaths.genres())}>{t('history.browse')}</ButtonLink>}
      />
    );
  }
  if (history.items.length === 0) {
    return (
      <EmptyState
        icon={<Download />}
        title={t('history.pastEndTitle')}
        description={t('history.pastEndText')}
        actions={<ButtonLink to="?">{t('history.newest')}</ButtonLink>}
      />
    );
  }
  return (
    <div className={styles.root}>
      <p className={styles.count} id={HISTORY_LIST_ID}>
        {t('history.count', { count: history.count, formatted: format.number(history.count) })}
      </p>
      <ol role="list" className={styles.list} data-testid="download-history" aria-labelledby={HISTORY_LIST_ID}>
        {history.items.map((record) => (
          <HistoryRow key={record.id} record={record} />
        ))}
      </ol>
      {history.count > pageSize ? (
        <Pager
          count={history.count}
          skip={skip}
          shown={history.items.length}
          pageSize={pageSize}
          listId={HISTORY_LIST_ID}
        />
      ) : null}
    </div>
  );
}

function HistoryRow({ record }: { record: DownloadRecord }) {
  const { t } = useTranslation('downloads');
  const format = useFormat();
  const localize = useLocalize();
  const localized = useLocalizedPath();
  const toast = useToast();
  const product = record.product;
  const fallback = { id: record.productId, title: record.title, artist: { id: '', name: record.artist } };
  const again = useTrackDownload(product ?? fallback);
  const [certBusy, setCertBusy] = useState(false);
  const running = again.state.status === 'running';
  const songLink = product?.type === 'music' ? localize(catalogPaths.song(product.id)) : null;
  const percent = again.state.status === 'running' ? percentOf(again.state.progress) : null;

  async function certificate() {
    setCertBusy(true);
    try {
      const file = await fetchCertificate(
        record.licence.certificateUrl,
        t('history.certificateFile', { name: downloadBaseName(fallback), code: record.licence.code }),
      );
      saveBlob(file.blob, file.fileName);
    } catch {
      toast.error(t(DOWNLOAD_MESSAGES.licenceFailed));
    } finally {
      setCertBusy(false);
    }
  }

  return (
    <li className={styles.row} data-testid="download-record" data-product-id={record.productId}>
      <div className={styles.art}>
        <Cover
          fileId={product?.cover ?? null}
          seed={record.productId}
          radius="sm"
          className={styles.cover}
          fallbackIcon={<Music2 />}
        />
      </div>
      <div className={styles.main}>
        <p className={styles.title}>
          {songLink ? (
            <Link to={songLink} className={styles.titleLink}>
              {record.title}
            </Link>
          ) : (
            record.title
          )}
          <span className={styles.artist}> · {record.artist}</span>
        </p>
        <p className={styles.items} data-testid="download-record-items">
          {picksText(t, record.items)}
        </p>
        <p className={styles.meta}>
          <time dateTime={record.downloadedAt}>{format.date(record.downloadedAt)}</time>
          <span aria-hidden="true"> · </span>
          <span className={styles.licence}>
            <ShieldCheck aria-hidden="true" />
            <Trans
              t={t}
              i18nKey="history.licensed"
              values={{ plan: record.licence.planTitle, code: record.licence.code }}
              components={{
                plan: <Link to={SUBSCRIPTION_PATH} className={styles.link} />,
                verify: (
                  <Link
                    to={localized(`/licenses/verify/${record.licence.code}`)}
                    className={styles.link}
                    data-testid="download-record-verify"
                  />
                ),
              }}
            />
          </span>
        </p>
        {again.state.status === 'denied' ? (
          <div className={styles.notice}>
            <DownloadCtaCard access={again.state.access} compact />
          </div>
        ) : again.state.status === 'limited' || again.state.status === 'failed' ? (
          <p className={styles.error} role="alert">
            {again.state.message}
          </p>
        ) : null}
        {running ? (
          <p className={styles.meta} role="status">
            {percent !== null ? t('progress.downloadingPercent', { percent }) : t('progress.requesting')}
          </p>
        ) : null}
        {!product ? <p className={styles.meta}>{t('history.gone')}</p> : null}
      </div>
      <div className={styles.actions}>
        <Button
          variant="secondary"
          size="sm"
          icon={<FileText />}
          loading={certBusy}
          onClick={certificate}
          aria-label={t('history.certificateLabel', { title: record.title })}
          data-testid="download-record-certificate"
        >
          {t('history.certificate')}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          icon={<RotateCw />}
          loading={running}
          disabled={!product}
          onClick={() => void again.start(record.items)}
          aria-label={t('history.againLabel', { title: record.title, picks: picksText(t, record.items) })}
          data-testid="download-record-again"
        >
          {t('history.again')}
        </Button>
      </div>
    </li>
  );
}
