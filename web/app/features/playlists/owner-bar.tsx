import { useTranslation } from 'react-i18next';
import { Globe, Lock, Pencil } from 'lucide-react';
import type { UserPlaylist } from '@cuewave/contract/playlists';
import { ButtonLink } from '../../components/ui/button';
import { playlistPaths } from './paths';
import { ShareLinkButton } from './share-link';
import styles from './playlists.module.css';

/** What the owner sees on their own playlist's page: who can see it, the share link, the editor. */
export function OwnerBar({ playlist }: { playlist: Pick<UserPlaylist, 'id' | 'public'> }) {
  const { t } = useTranslation('playlists');
  return (
    <div className={styles.ownerBar} data-testid="owner-bar">
      <p>
        {playlist.public ? <Globe aria-hidden="true" /> : <Lock aria-hidden="true" />}
        {playlist.public ? t('owner.public') : t('owner.private')}
      </p>
      <div className={styles.ownerActions}>
        {playlist.public ? <ShareLinkButton playlistId={playlist.id} size="sm" /> : null}
        <ButtonLink to={playlistPaths.edit(playlist.id)} variant="ghost" size="sm" icon={<Pencil />}>
          {t('owner.edit')}
        </ButtonLink>
      </div>
    </div>
  );
}
