import { DOWNLOAD_HISTORY_PAGE_SIZE, type DownloadHistory } from '@cuewave/contract/downloads';
import { getDownloadHistory } from '../../features/downloads/api';
import { DownloadsHistory } from '../../features/downloads/components/downloads-history';
import { useTranslation } from 'react-i18next';
import { requestTexts } from '../../i18n/request-texts.server';
import styles from '../../features/account/account.module.css';
import type { Route } from './+types/downloads';

/** The title in the request's language comes with the loader's data (meta runs outside React). */
export const meta: Route.MetaFunction = ({ data }) => [
  ...(data ? [{ title: data.title }] : []),
  { name: 'robots', content: 'noindex' },
];

/** The layout's guard has run; `?skip=` pages through the history like the catalogue lists. */
export async function loader({ request }: Route.LoaderArgs) {
  const raw = Number(new URL(request.url).searchParams.get('skip') ?? 0);
  const skip = Number.isInteger(raw) && raw > 0 ? Math.min(raw, 1_000_000) : 0;
  const history = await getDownloadHistory({ skip, limit: DOWNLOAD_HISTORY_PAGE_SIZE }, { request }).catch(
    (): DownloadHistory | null => null,
  );
  return { title: requestTexts(request, 'dashboard').t('meta.downloadsTitle'), history, skip };
}

/** /dashboard/downloads: the download history with its licences and certificates. */
export default function DownloadsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('dashboard');
  return (
    <div className={styles.page}>
      <header className={styles.pageHeader}>
        <h1 className={styles.pageTitle}>{t('downloadsPage.title')}</h1>
        <p className={styles.pageLead}>{t('downloadsPage.lead')}</p>
      </header>
      <DownloadsHistory history={loaderData.history} skip={loaderData.skip} pageSize={DOWNLOAD_HISTORY_PAGE_SIZE} />
    </div>
  );
}
