import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertCircle } from 'lucide-react';
import type { Product } from '@cuewave/contract/catalog';
import { BottomSheet } from '../../../components/ui/bottom-sheet';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { MOBILE_QUERY } from '../../../components/ui/breakpoints';
import { Modal } from '../../../components/ui/modal';
import { useViewer } from '../../auth/use-viewer';
import { downloadAccess } from '../access';
import { DownloadCtaCard } from './download-cta';
import { useFullProduct } from '../use-full-product';
import { DownloadPanel } from './download-panel';
import styles from './download-dialog.module.css';

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
  const { t } = useTranslation('downloads');
  const phone = useIsPhone();
  const me = useViewer();
  const access = downloadAccess(me);
  const title = t('dialog.title', { title: product.title });
  const description = t('dialog.by', { artist: product.artist.name });
  const body =
    access.kind === 'allowed' ? (
      <FullDownloadPanel product={product} />
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

/** The control once the product's every waveform is here (a row's product carries one, decision 074). */
function FullDownloadPanel({ product }: { product: Product }) {
  const { t } = useTranslation('downloads');
  const full = useFullProduct(product);
  if (full.status === 'ready') return <DownloadPanel product={full.product} stickyFooter />;
  if (full.status === 'loading') {
    return (
      <div className={styles.state} data-testid="download-loading">
        <Spinner label={t('dialog.loading')} />
      </div>
    );
  }
  return (
    <div className={styles.state} role="alert">
      <p className={styles.message}>
        <AlertCircle aria-hidden="true" />
        {t('dialog.loadFailed')}
      </p>
      <Button variant="secondary" onClick={full.retry}>
        {t('tryAgain')}
      </Button>
    </div>
  );
}
