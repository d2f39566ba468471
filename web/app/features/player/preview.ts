import type { Product, ProductFile } from '@cuewave/contract/catalog';

/**
 * The file the player streams and draws: the vocal version if there is one, else the instrumental,
 * else (sound effects, odd imports) the master or any other audio file.
 */
export function previewFile(product: Product): ProductFile | null {
  const files = product.files;
  return (
    files.find((f) => f.type === 'vocal') ??
    files.find((f) => f.type === 'instrumental') ??
    files.find((f) => f.type === 'master') ??
    files.find((f) => f.type !== 'cover' && f.duration > 0) ??
    null
  );
}

/** m:ss (or h:mm:ss), for the player clock. */
export function formatClock(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) seconds = 0;
  const total = Math.floor(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}
