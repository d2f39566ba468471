import { useCallback, useEffect, useState } from 'react';
import type { Product } from '@cuewave/contract/catalog';
import { getFullProduct } from './api';

/**
 * Listings carry the waveform of the version they show and no other (decision 074); the download
 * control draws every version's and stem's, so a row's dialog asks for the product itself.
 */
export function hasEveryWaveform(product: Product): boolean {
  return product.files.every((f) => f.type === 'cover' || f.waveform !== undefined);
}

export type FullProduct =
  { status: 'ready'; product: Product } | { status: 'loading' } | { status: 'failed'; retry: () => void };

/** `product` itself when it carries every waveform, else the product endpoint's answer for it. */
export function useFullProduct(product: Product): FullProduct {
  const complete = hasEveryWaveform(product);
  const [loaded, setLoaded] = useState<Product | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const { id, type } = product;

  useEffect(() => {
    if (complete) return;
    const controller = new AbortController();
    setFailed(false);
    getFullProduct({ id, type }, controller.signal).then(
      (full) => setLoaded(full),
      () => {
        if (!controller.signal.aborted) setFailed(true);
      },
    );
    return () => controller.abort();
  }, [complete, id, type, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  if (complete) return { status: 'ready', product };
  if (loaded?.id === id) return { status: 'ready', product: loaded };
  return failed ? { status: 'failed', retry } : { status: 'loading' };
}
