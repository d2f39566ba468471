import { useRouteLoaderData } from 'react-router';
import { ErrorPage } from '../features/errors/error-page';
import type { loader as rootLoader } from '../root';

export const meta = () => [{ title: 'Something went wrong · Cuewave' }, { name: 'robots', content: 'noindex' }];

/** /error (spec §2): the generic error page, e.g. as a target after an unrecoverable failure. */
export default function ErrorRoute() {
  const root = useRouteLoaderData<typeof rootLoader>('root');
  return <ErrorPage status={500} path="/error" isBot={root?.isBot ?? false} />;
}
