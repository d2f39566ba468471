import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Download } from 'lucide-react';
import { useLocation } from 'react-router';
import { Button, ButtonLink, type ButtonSize, type ButtonVariant } from '../../components/ui/button';
import { Modal } from '../../components/ui/modal';
import { useViewer } from '../auth/use-viewer';
import { downloadAccess, downloadCta } from '../downloads/access';
import { useLocalizedPath } from '../shell/edition';
import { DownloadOptionsDialog, type DownloadablePlaylist } from './download-options-dialog';
import { startPlaylistDownload } from './download-store';
import { usePlaylistDownload } from './use-playlist-download';

/**
 * "Download playlist": opens the options dialog, then hands the download to the root shell's status
 * modal (which shows progress and saves `<name>.zip`). Someone whose plan does not allow downloads
 * gets the same call to action as on a track.
 */
export function PlaylistDownloadButton({
  playlist,
  variant = 'secondary',
  size = 'md',
}: {
  playlist: DownloadablePlaylist;
  variant?: ButtonVariant;
  size?: ButtonSize;
}) {
  const { t } = useTranslation('playlist-download');
  // The call to action is the track download's, in its own texts.
  const { t: downloadsT } = useTranslation('downloads');
  const [open, setOpen] = useState(false);
  const me = useViewer();
  const { pathname } = useLocation();
  const active = usePlaylistDownload();
  const busy = active.playlistId === playlist.id && active.status !== 'idle' && active.status !== 'failure';
  const access = downloadAccess(me);
  const empty = playlist.items.length === 0;

  return (
    <>
      <Button
        variant={variant}
        size={size}
        icon={<Download />}
        disabled={empty || busy}
        onClick={() => setOpen(true)}
        data-testid="playlist-download-button"
        title={empty ? t('button.empty') : undefined}
      >
        {busy ? t('button.busy') : t('download')}
      </Button>
      {access.kind === 'allowed' ? (
        <DownloadOptionsDialog
          playlist={playlist}
          open={open}
          onClose={() => setOpen(false)}
          onConfirm={(options) => {
            setOpen(false);
            void startPlaylistDownload({ id: playlist.id, name: playlist.name }, options);
          }}
        />
      ) : (
        <AccessDialog open={open} onClose={() => setOpen(false)} cta={downloadCta(access, pathname, downloadsT)} />
      )}
    </>
  );
}

function AccessDialog({
  open,
  onClose,
  cta,
}: {
  open: boolean;
  onClose: () => void;
  cta: ReturnType<typeof downloadCta>;
}) {
  const localized = useLocalizedPath();
  const href = (link: { to: string }) => localized(link.to);
  return (
    <Modal
      open={open}
      onClose={onClose}
      size="sm"
      title={cta.title}
      description={cta.body}
      footer={
        <>
          {cta.secondary ? (
            <ButtonLink variant="ghost" to={href(cta.secondary)} onClick={onClose}>
              {cta.secondary.label}
            </ButtonLink>
          ) : null}
          <ButtonLink to={href(cta.primary)} onClick={onClose}>
            {cta.primary.label}
          </ButtonLink>
        </>
      }
    />
  );
}
