import {
  REFERENCE_AUDIO_MAX_BYTES,
  REFERENCE_TTL_HOURS,
  STREAMING_SERVICE_NAMES,
  type ReferenceItem,
} from '@cuewave/contract/reference';
import type { ProductType } from '@cuewave/contract/catalog';
import type { SoundDescriptor } from '../../../audio/descriptor.types';
import type { Db } from '../../../db/client';
import type { Clock } from '../../../lib/clock';
import { safeFetchToFile } from '../../../lib/safe-fetch';
import type { RateLimiter } from '../../../providers/rate-limit/rate-limit';
import type { SearchIndexStore } from '../search-index-store';
import { descriptorOf } from '../sound/sound-search';
import { referenceFetchSettings } from './fetch-settings';
import { displayTitle, searchTextOf } from './page-metadata';
import { analyseReferenceFile } from './reference-audio';
import { chargeReference, type ReferenceClient } from './reference-limits';
import { ReferenceProblem, problemOf } from './reference-problem';
import { classifyLink } from './reference-url';
import { insertReference } from './reference.repo';
import { streamingMetadata } from './streaming';

export type ReferenceDeps = {
  db: Db;
  clock: Clock;
  store: SearchIndexStore;
  rateLimiter: RateLimiter;
};

const TTL_MS = REFERENCE_TTL_HOURS * 3600_000;
/** Links looked at together; each one's fetches are bounded by the safe fetcher's timeouts. */
const CONCURRENCY = 3;

export const STREAMING_NOTE = 'Audio from streaming services is not analysed: searching by its title and artist.';

const blank: Omit<ReferenceItem, 'url' | 'kind' | 'usable'> = {
  reference: null,
  title: null,
  artist: null,
  service: null,
  productId: null,
  durationSec: null,
  note: null,
  reason: null,
};

/** POST /v1/product/search/reference: what each URL is and whether it can be used, in the order given. */
export async function describeReferences(
  deps: ReferenceDeps,
  urls: string[],
  context: { type: ProductType; ownHosts: ReadonlySet<string>; client: ReferenceClient },
): Promise<ReferenceItem[]> {
  const items: ReferenceItem[] = new Array(urls.length);
  let next = 0;
  const worker = async () => {
    while (next < urls.length) {
      const i = next++;
      items[i] = await describeOne(deps, urls[i]!, context).catch((error: unknown) => unusable(urls[i]!, error));
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, urls.length) }, worker));
  return items;
}

async function describeOne(
  deps: ReferenceDeps,
  url: string,
  context: { type: ProductType; ownHosts: ReadonlySet<string>; client: ReferenceClient },
): Promise<ReferenceItem> {
  const target = classifyLink(url, context.ownHosts);
  switch (target.kind) {
    case 'invalid':
      throw new ReferenceProblem('invalid-url', 'This is not a web address (it should start with https://).');
    case 'product': {
      const catalog = await deps.store.current();
      const slot = catalog.index.slotOf(target.productId);
      const doc = slot === undefined ? undefined : catalog.index.doc(slot);
      if (!doc) throw new ReferenceProblem('unknown-product', 'This track is not in our catalogue (any more).');
      if (!descriptorOf(catalog, target.productId)) {
        throw new ReferenceProblem('not-decodable', 'This track has not been analysed yet; try again in a minute.');
      }
      return {
        ...blank,
        url,
        kind: 'product',
        usable: true,
        reference: `product:${target.productId}`,
        title: doc.title,
        artist: doc.artist.name,
        productId: target.productId,
        note: doc.type === context.type ? null : `This is a ${doc.type === 'sfx' ? 'sound effect' : 'song'}.`,
      };
    }
    case 'streaming': {
      await charge(deps, 'fetches', context.client);
      const meta = await streamingMetadata(target.service, target.url);
      const name = STREAMING_SERVICE_NAMES[target.service];
      if (!meta) throw new ReferenceProblem('no-metadata', `This ${name} page does not say what it is.`);
      const text = searchTextOf(meta);
      if (!text) throw new ReferenceProblem('no-metadata', `This ${name} page does not say what it is.`);
      const reference = await insertReference(deps.db, { kind: 'text', text }, deps.clock.now(), TTL_MS);
      return {
        ...blank,
        url,
        kind: 'streaming',
        usable: true,
        reference,
        title: displayTitle(meta.title),
        artist: meta.artist,
        service: target.service,
        note: STREAMING_NOTE,
      };
    }
    case 'other': {
      // Refused before it counts against the client's fetches (the fetcher would refuse it too).
      if (target.url.protocol !== 'http:' && target.url.protocol !== 'https:') {
        throw new ReferenceProblem('scheme-not-allowed', 'Only http and https addresses can be used.');
      }
      await charge(deps, 'fetches', context.client);
      const fetched = await safeFetchToFile(target.url.href, {
        ...referenceFetchSettings().fetch,
        maxBytes: REFERENCE_AUDIO_MAX_BYTES,
        accept: 'audio/*',
      });
      try {
        if (fetched.status !== 200) {
          throw new ReferenceProblem('http-error', `The address answered ${fetched.status}.`);
        }
        await charge(deps, 'analyses', context.client);
        const analysed = await analyseReferenceFile(fetched.body.path);
        return {
          ...blank,
          url,
          ...(await soundItem(deps, analysed.descriptor, analysed.durationSec, fileTitle(fetched.url))),
        };
      } finally {
        await fetched.body.dispose(); // analyse, then forget (decision 065)
      }
    }
  }
}

/** An uploaded file (already on disk, the analysis already charged): analysed like a fetched one; the route deletes the file. */
export async function describeUpload(
  deps: ReferenceDeps,
  path: string,
  name: string | undefined,
): Promise<ReferenceItem> {
  const analysed = await analyseReferenceFile(path);
  const title =
    (name ?? '')
      .replace(/[\u0000-\u001f\u007f]/g, '')
      .trim()
      .slice(0, 200) || 'Uploaded audio';
  return { ...blank, url: title, ...(await soundItem(deps, analysed.descriptor, analysed.durationSec, title)) };
}

async function soundItem(deps: ReferenceDeps, descriptor: SoundDescriptor, durationSec: number, title: string) {
  const reference = await insertReference(deps.db, { kind: 'sound', descriptor }, deps.clock.now(), TTL_MS);
  return { kind: 'audio' as const, usable: true, reference, title, durationSec: Math.round(durationSec * 10) / 10 };
}

async function charge(deps: ReferenceDeps, what: 'fetches' | 'analyses', client: ReferenceClient) {
  const wait = await chargeReference(deps.rateLimiter, what, client);
  if (wait !== null) {
    throw new ReferenceProblem(
      'rate-limited',
      `Too many ${what === 'fetches' ? 'links' : 'audio files'} for now. Try again in ${wait} seconds.`,
    );
  }
}

/** The last path segment of the address that answered, as a readable title ("my%20song.mp3" → "my song.mp3"). */
function fileTitle(url: string): string {
  const { pathname, hostname } = new URL(url);
  const last = pathname.split('/').filter(Boolean).pop() ?? '';
  let name = last;
  try {
    name = decodeURIComponent(last);
  } catch {
    // keep it encoded
  }
  name = name
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, 200);
  return name || hostname;
}

function unusable(url: string, error: unknown): ReferenceItem {
  const problem = problemOf(error);
  if (!problem) throw error; // a bug or the database: the request fails (500) rather than hide it
  return {
    ...blank,
    url,
    kind: 'unusable',
    usable: false,
    reason: { code: problem.code, message: problem.message },
  };
}
