import type { StreamingService } from '@cuewave/contract/reference';
import type { SafeFetchOptions } from '../../../lib/safe-fetch';

/**
 * How reference links are fetched. Production uses the safe fetcher's defaults (system DNS, standard
 * ports, no loopback) and the services' real oEmbed endpoints. Tests and the Playwright server entry
 * (testing-e2e-server.ts) replace them in code with stand-in sites on 127.0.0.1: loopback is only reachable
 * with a permit object issued by lib/safe-fetch/test-permit.ts, which no production file imports (a test
 * checks), so no setting or environment variable can open it.
 */
export type ReferenceFetchSettings = {
  fetch: Pick<SafeFetchOptions, 'resolve' | 'loopbackPermit' | 'allowedPorts' | 'tlsCa'>;
  /** The oEmbed endpoint of each service; the URL to describe is added as `url=`. */
  oembed: Record<StreamingService, string | null>;
};

export const SERVICE_OEMBED: Record<StreamingService, string | null> = {
  youtube: 'https://www.youtube.com/oembed?format=json',
  vimeo: 'https://vimeo.com/api/oembed.json',
  soundcloud: 'https://soundcloud.com/oembed?format=json',
  spotify: 'https://open.spotify.com/oembed',
  tiktok: 'https://www.tiktok.com/oembed',
  deezer: 'https://api.deezer.com/oembed?format=json',
  // Apple Music publishes no oEmbed endpoint: its pages' Open Graph tags are read.
  'apple-music': null,
};

let current: ReferenceFetchSettings = { fetch: {}, oembed: SERVICE_OEMBED };

export const referenceFetchSettings = (): ReferenceFetchSettings => current;

/** Tests and the e2e server entry only (see above); returns a function that restores the defaults. */
export function useReferenceFetchSettings(settings: Partial<ReferenceFetchSettings>): () => void {
  const before = current;
  current = { fetch: settings.fetch ?? {}, oembed: { ...SERVICE_OEMBED, ...settings.oembed } };
  return () => {
    current = before;
  };
}
