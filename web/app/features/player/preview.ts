import type { Product, ProductFile } from '@cuewave/contract/catalog';
import { shownFile } from '@cuewave/contract/waveform';

/**
 * The file the player streams and draws: the vocal version if there is one, else the instrumental,
 * else (sound effects, odd imports) the master or any other audio file. The same rule as the API's, which
 * sends this file's waveform in listings and no other (decision 074).
 */
export function previewFile(product: Product): ProductFile | null {
  return shownFile(product.files);
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
