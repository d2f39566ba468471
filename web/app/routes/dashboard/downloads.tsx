import { DOWNLOAD_HISTORY_PAGE_SIZE, type DownloadHistory } from '@cuewave/contract/downloads';
import { getDownloadHistory } from '../../features/downloads/api';
import { DownloadsHistory } from '../../features/downloads/components/downloads-history';
import styles from '../../features/account/account.module.css';
import type { Route } from './+types/downloads';

export const meta = () => [{ title: 'Downloads · Cuewave' }, { name: 'robots', content: 'noindex' }];

/** The layout's guard has run; `?skip=` pages through the history like the catalogue lists. */
export async function loader({ request }: Route.LoaderArgs) {
  const raw = Number(new URL(request.url).searchParams.get('skip') ?? 0);
  const skip = Number.isInteger(raw) && raw > 0 ? Math.min(raw, 1_000_000) : 0;
  const history = await getDownloadHistory({ skip, limit: DOWNLOAD_HISTORY_PAGE_SIZE }, { request }).catch(
    (): DownloadHistory | null => null,
  );
  return { history, skip };
}

/** /dashboard/downloads: the download history with its licences and certificates. */
export default function DownloadsPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className={styles.page}>
      <header className={styles.pageHeader}>
        <h1 className={styles.pageTitle}>Downloads</h1>
        <p className={styles.pageLead}>
          Every track you downloaded, the licence that covers it and its certificate: what you send a platform that
          claims your video.
        </p>
      </header>
      <DownloadsHistory history={loaderData.history} skip={loaderData.skip} pageSize={DOWNLOAD_HISTORY_PAGE_SIZE} />
    </div>
  );
}
