import autocannon from 'autocannon';
import type { SearchSeed } from './seed-search-catalog';

/**
 * The load side of bench:search: distinct search prompts from the seeded catalogue's own vocabulary (what
 * real users type: no prompt repeats, so no answer comes from a cache), and a driver that records every
 * request's latency and the server's Server-Timing figures.
 */

/** mulberry32: a small seeded generator, so every run sends the same prompts. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type SearchBody = { prompt: string; engine: 'standard' | 'ai'; type: 'music' | 'sfx' };

const PL_INSTRUMENTS = [
  'pianinem',
  'gitarą',
  'skrzypcami',
  'trąbką',
  'saksofonem',
  'fletem',
  'syntezatorem',
  'perkusją',
];
const PL_USES = ['reklamy', 'vloga', 'filmu', 'podcastu', 'prezentacji', 'gry', 'wesela', 'dokumentu'];
const PL_MOODS = ['spokojna', 'wesoła', 'smutna', 'energiczna', 'mroczna', 'romantyczna', 'epicka', 'tajemnicza'];
const TEMPO = ['fast', 'slow', 'mid-tempo', 'upbeat', 'laid-back', 'driving'];
const LENGTHS = ['under two minutes', 'around 30 seconds', 'short', 'long', 'under a minute'];

/**
 * Endless distinct prompts for one engine. Standard search gets what people type into a search box
 * (names, two or three words, a word still being typed, a typo); AI search gets sentences in English
 * and some Polish. `seen` is shared between generators so that no prompt is ever sent twice in a run.
 */
export function promptGenerator(
  seed: SearchSeed,
  engine: 'standard' | 'ai',
  seen: Set<string>,
  randomSeed: number,
): () => SearchBody {
  const random = seededRandom(randomSeed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const lower = (s: string) => s.toLowerCase();
  const mood = () => lower(pick(seed.moods).name);
  const sub = () => lower(pick(seed.subgenres).name);
  const genre = () => lower(pick(seed.genres).name);
  const instrument = () => pick(seed.instruments);
  const theme = () => pick(seed.themes);
  const titleWord = () => pick(seed.titleWords);
  const typing = (word: string) => word.slice(0, Math.max(2, Math.ceil(word.length * (0.4 + random() * 0.5))));
  const typo = (word: string) => {
    if (word.length < 4) return word;
    const i = 1 + Math.floor(random() * (word.length - 2));
    return word.slice(0, i) + word.slice(i + 1);
  };
  const sfx = () => {
    const category = pick(seed.sfxCategories);
    return pick([
      () => `${lower(category.name)} ${pick(category.tags)}`,
      () => `${pick(category.tags)} ${theme()}`,
      () => `${typing(pick(category.tags))}`,
      () => `${lower(category.name)} ${titleWord().toLowerCase()}`,
    ])();
  };
  const standard = [
    () => `${mood()} ${instrument()}`,
    () => `${sub()} ${theme()}`,
    () => `${titleWord()} ${titleWord()}`,
    () => `${mood()} ${sub()} ${instrument()}`,
    () => `${sub()} ${typing(instrument())}`,
    () => `${typo(instrument())} ${mood()}`,
    () => `${genre()} ${mood()} ${theme()}`,
  ];
  const ai = [
    () => `${mood()} ${instrument()} music for a ${theme()} video`,
    () => `${pick(TEMPO)} ${sub()} without vocals ${pick(LENGTHS)}`,
    () => `something ${mood()} with ${instrument()} for ${theme()}`,
    () => `${pick(TEMPO)} ${genre()} track with ${instrument()} and vocals for ${theme()}`,
    () => `${pick(PL_MOODS)} muzyka z ${pick(PL_INSTRUMENTS)} do ${pick(PL_USES)} ${theme()}`,
    () => `background music for a ${theme()} ${pick(['vlog', 'podcast', 'ad', 'trailer'])}, ${mood()} and ${mood()}`,
  ];
  return () => {
    for (;;) {
      const type = random() < 0.2 ? 'sfx' : 'music';
      const prompt = type === 'sfx' ? sfx() : pick(engine === 'standard' ? standard : ai)();
      const key = `${engine}|${type}|${prompt}`;
      if (seen.has(key)) continue;
      seen.add(key);
      return { prompt, engine, type };
    }
  };
}

export type Phase = {
  requests: number;
  seconds: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  /** answers that were not 2xx, and connection errors */
  errors: number;
  /** requests with no answer within 10 s (not in the percentiles) */
  timeouts: number;
  /** Server-Timing figures (ms) of the answers that carried them */
  timing: Record<string, { mean: number; p95: number; count: number }>;
  statuses: Record<string, number>;
};

/** Exact percentile of a sorted list (nearest rank). */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

/** `embed;dur=1.2, search;dur=3.4` → { embed: 1.2, search: 3.4 } */
export function parseServerTiming(header: string | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().split(';');
    const dur = params.map((p) => /^\s*dur=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    if (name && dur !== undefined) out[name.trim()] = Number(dur);
  }
  return out;
}

/**
 * `connections` clients for `seconds`, each request built by `next` (a path, or a POST body to
 * /api/v1/product/search). Every latency is kept (no histogram buckets): percentiles are exact.
 */
export async function drive(
  base: string,
  connections: number,
  seconds: number,
  next: () => { path: string; body?: SearchBody },
): Promise<Phase> {
  const latencies: number[] = [];
  const timings = new Map<string, number[]>();
  const statuses: Record<string, number> = {};
  let instance!: autocannon.Instance;
  const finished = new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon(
      {
        url: base,
        connections,
        duration: seconds,
        requests: [
          {
            setupRequest: (req) => {
              const { path, body } = next();
              return body
                ? {
                    ...req,
                    method: 'POST',
                    path,
                    headers: { 'content-type': 'application/json' },
                    body: JSON.stringify(body),
                  }
                : { ...req, method: 'GET', path };
            },
            onResponse: (status, _body, _context, headers) => {
              statuses[status] = (statuses[status] ?? 0) + 1;
              const header = (headers as Record<string, string | undefined>)['server-timing'];
              for (const [name, dur] of Object.entries(parseServerTiming(header))) {
                const list = timings.get(name) ?? [];
                list.push(dur);
                timings.set(name, list);
              }
            },
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
  instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  const result = await finished;
  latencies.sort((a, b) => a - b);
  const timing: Phase['timing'] = {};
  for (const [name, list] of timings) {
    list.sort((a, b) => a - b);
    timing[name] = {
      mean: list.reduce((s, x) => s + x, 0) / list.length,
      p95: percentile(list, 95),
      count: list.length,
    };
  }
  // 2xx answers only; a request that timed out (autocannon's 10 s) has no latency and is counted apart.
  const ok = Object.entries(statuses).reduce((sum, [status, n]) => (status.startsWith('2') ? sum + n : sum), 0);
  return {
    requests: latencies.length,
    seconds,
    rps: ok / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors: result.errors - result.timeouts + result.non2xx,
    timeouts: result.timeouts,
    timing,
    statuses,
  };
}
