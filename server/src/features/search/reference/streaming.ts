import type { StreamingService } from '@cuewave/contract/reference';
import { safeFetch } from '../../../lib/safe-fetch';
import { referenceFetchSettings } from './fetch-settings';
import { ReferenceProblem } from './reference-problem';
import { parseOembed, parseOpenGraph, type PageMetadata } from './page-metadata';

const PAGE_MAX_BYTES = 1024 * 1024;

/**
 * The public title and artist of a streaming page: the service's oEmbed answer, else the page's own Open
 * Graph tags. Both go through the safe fetcher (the page URL is the user's; an oEmbed endpoint is ours
 * but redirects are followed). Returns null when neither names a title; throws SafeFetchError or
 * ReferenceProblem when the page itself cannot be fetched.
 */
export async function streamingMetadata(service: StreamingService, pageUrl: URL): Promise<PageMetadata | null> {
  const { fetch, oembed } = referenceFetchSettings();
  const endpoint = oembed[service];
  if (endpoint) {
    const url = new URL(endpoint);
    url.searchParams.set('url', pageUrl.href);
    try {
      const res = await safeFetch(url.href, { ...fetch, maxBytes: 256 * 1024, accept: 'application/json' });
      const meta = res.status === 200 ? parseOembed(res.body) : null;
      if (meta) return meta;
    } catch {
      // The endpoint is down or refuses this URL: the page's own tags may still name it.
    }
  }
  const page = await safeFetch(pageUrl.href, { ...fetch, maxBytes: PAGE_MAX_BYTES, accept: 'text/html' });
  if (page.status !== 200) throw new ReferenceProblem('http-error', `The page answered ${page.status}.`);
  return parseOpenGraph(page.body.toString('utf8'));
}
