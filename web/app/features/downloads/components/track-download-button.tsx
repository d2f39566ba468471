import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Download } from 'lucide-react';
import type { Product } from '@cuewave/contract/catalog';
import { IconButton } from '../../../components/ui/button';
import { cx } from '../../../components/ui/cx';
import { lazyDialog } from '../../../components/ui/lazy-part';
import styles from './track-download-button.module.css';

// The dialog (its panel, the zip writer, the licence texts) loads on the first open, not with every track list.
const DownloadDialog = lazyDialog(() => import('./download-dialog').then((m) => m.DownloadDialog));

/** The download button of a track row: opens the download control (or its call to action) as a dialog. */
export function TrackDownloadButton({ product, className }: { product: Product; className?: string }) {
  const { t } = useTranslation('downloads');
  const [open, setOpen] = useState(false);
  return (
    <>
      <IconButton
        aria-label={t('trackButton', { title: product.title })}
        aria-haspopup="dialog"
        icon={<Download />}
        size="md"
        className={cx(styles.button, className)}
        onClick={() => setOpen(true)}
        onPointerEnter={DownloadDialog.preload}
        onFocus={DownloadDialog.preload}
        data-testid="track-download"
      />
      {open ? <DownloadDialog product={product} open={open} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
