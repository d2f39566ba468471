import { useSyncExternalStore } from 'react';
import type { Product } from '@cuewave/contract/catalog';
import { BottomSheet } from '../../../components/ui/bottom-sheet';
import { MOBILE_QUERY } from '../../../components/ui/breakpoints';
import { Modal } from '../../../components/ui/modal';
import { useViewer } from '../../auth/use-viewer';
import { downloadAccess } from '../access';
import { DownloadCtaCard } from './download-cta';
import { DownloadPanel } from './download-panel';

function subscribe(onChange: () => void) {
  const query = window.matchMedia(MOBILE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Phones get the bottom sheet of spec §2; wider screens a centred dialog. */
export function useIsPhone(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(MOBILE_QUERY).matches,
    () => false,
  );
}

/**
 * The download control as a dialog, opened from a track row: the same control as the song page for
 * those who may download, the call to action for everyone else.
 */
export function DownloadDialog({ product, open, onClose }: { product: Product; open: boolean; onClose: () => void }) {
  const phone = useIsPhone();
  const me = useViewer();
  const access = downloadAccess(me);
  const title = `Download “${product.title}”`;
  const description = `by ${product.artist.name}`;
  const body =
    access.kind === 'allowed' ? (
      <DownloadPanel product={product} stickyFooter />
    ) : (
      <DownloadCtaCard access={access} compact onNavigate={onClose} />
    );
  if (phone) {
    return (
      <BottomSheet open={open} onClose={onClose} title={title} description={description} data-testid="download-dialog">
        {open ? body : null}
      </BottomSheet>
    );
  }
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={title}
      description={description}
      size={access.kind === 'allowed' ? 'lg' : 'md'}
      data-testid="download-dialog"
    >
      {body}
    </Modal>
  );
}
