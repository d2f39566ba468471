import { loadVerification } from '../../features/licence/api';
import { LicenceVerificationView } from '../../features/licence/licence-verification';
import type { Route } from './+types/verify';

/** /licenses/verify/{code}: the public proof a creator shows when a platform claims their video. */
export async function loader({ params }: Route.LoaderArgs) {
  return loadVerification(params.code);
}

export const meta: Route.MetaFunction = ({ data }) => {
  const title =
    data?.state === 'found'
      ? `Licence ${data.licence.code} · Cuewave`
      : data?.state === 'not-found'
        ? 'Licence not found · Cuewave'
        : 'Licence check · Cuewave';
  return [
    { title },
    { name: 'description', content: 'Check whether a Cuewave licence certificate is genuine and what it covers.' },
    // The licensee's name and channels are for whoever holds the code, not for search engines.
    { name: 'robots', content: 'noindex, nofollow' },
  ];
};

export default function VerifyLicencePage({ loaderData }: Route.ComponentProps) {
  return <LicenceVerificationView result={loaderData} />;
}
