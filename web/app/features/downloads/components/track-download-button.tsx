import { useState } from 'react';
import { Download } from 'lucide-react';
import type { Product } from '@cuewave/contract/catalog';
import { IconButton } from '../../../components/ui/button';
import { cx } from '../../../components/ui/cx';
import { DownloadDialog } from './download-dialog';
import styles from './track-download-button.module.css';

/** The download button of a track row: opens the download control (or its call to action) as a dialog. */
export function TrackDownloadButton({ product, className }: { product: Product; className?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <IconButton
        aria-label={`Download ${product.title}`}
        aria-haspopup="dialog"
        icon={<Download />}
        size="md"
        className={cx(styles.button, className)}
        onClick={() => setOpen(true)}
        data-testid="track-download"
      />
      {open ? <DownloadDialog product={product} open={open} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
