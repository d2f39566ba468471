import { Outlet } from 'react-router';
import { EditionProvider } from '../features/shell/edition';

/**
 * The /us prefix (spec §2): every page again, in the US edition. Components read the edition with
 * useEdition() and build links with useLocalizedPath() (features/shell/edition.tsx).
 */
export default function UsEdition() {
  return (
    <EditionProvider edition="us">
      <Outlet />
    </EditionProvider>
  );
}
