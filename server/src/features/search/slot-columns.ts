import type { SearchDoc } from './search.types';

/**
 * The fields filters, facets and sorts read, per index slot, in typed arrays (decision 058): a query
 * over a quarter of a million products reads these columns in a tight loop instead of following a
 * pointer to each product's object. Facet values (genres, subgenres, sfx categories, moods) and
 * artists are interned to small numbers; each slot's facet numbers live in one shared pool.
 */
export const FACETS = ['genre', 'subgenre', 'category', 'mood'] as const;
export type FacetKind = (typeof FACETS)[number];
export const GENRE = 0;
export const SUBGENRE = 1;
export const CATEGORY = 2;
export const MOOD = 3;

/** kind column: 0 = empty slot */
export const TYPE_CODE = { music: 1, sfx: 2 } as const;

export class SlotColumns {
  kind = new Uint8Array(1024);
  vocal = new Uint8Array(1024);
  bpm = new Float32Array(1024);
  duration = new Float32Array(1024);
  year = new Float32Array(1024);
  rank = new Float64Array(1024);
  created = new Float64Array(1024);
  artist = new Int32Array(1024);
  /**
   * per slot and facet kind: where its facet numbers start in `pool`, and how many; a slot's four kinds
   * are written one after another, so its whole range is facetStart[slot * 4] .. the end of kind 3
   */
  facetStart = new Int32Array(1024 * 4);
  facetLength = new Uint8Array(1024 * 4);
  pool = new Int32Array(4096);
  poolLength = 0;

  /** facet number → its kind, id and name (numbers are distinct across kinds) */
  readonly facetKind: number[] = [];
  readonly facetId: string[] = [];
  readonly facetName: string[] = [];
  private readonly facetNumbers = new Map<string, number>();
  /** subgenre facet number → its genre's facet number (-1 when unknown) */
  readonly parentGenre: number[] = [];
  private readonly artistNumbers = new Map<string, number>();

  /** The facet number of an id of a kind, or -1 if no product has it. */
  facetNumber(kind: number, id: string): number {
    return this.facetNumbers.get(`${kind}:${id}`) ?? -1;
  }

  artistNumber(id: string): number {
    return this.artistNumbers.get(id) ?? -1;
  }

  get facetCount(): number {
    return this.facetId.length;
  }

  private intern(kind: number, id: string, name: string): number {
    const key = `${kind}:${id}`;
    let n = this.facetNumbers.get(key);
    if (n === undefined) {
      n = this.facetId.length;
      this.facetNumbers.set(key, n);
      this.facetKind.push(kind);
      this.facetId.push(id);
      this.facetName.push(name);
      this.parentGenre.push(-1);
    } else this.facetName[n] = name;
    return n;
  }

  write(slot: number, doc: SearchDoc, parentOf: ReadonlyMap<string, string>, genreName: (id: string) => string): void {
    this.ensure(slot + 1);
    this.kind[slot] = TYPE_CODE[doc.type];
    this.vocal[slot] = doc.vocal ? 1 : 0;
    this.bpm[slot] = doc.bpm ?? NaN;
    this.duration[slot] = doc.duration;
    this.year[slot] = doc.releaseYear ?? NaN;
    this.rank[slot] = doc.rank;
    this.created[slot] = doc.createdAt;
    let artist = this.artistNumbers.get(doc.artist.id);
    if (artist === undefined) {
      artist = this.artistNumbers.size;
      this.artistNumbers.set(doc.artist.id, artist);
    }
    this.artist[slot] = artist;

    // A genre facet covers the genre's subgenres: the effective genres are the product's own and its
    // subgenres' parents.
    const genres = new Map(doc.genres.map((g) => [g.id, g.name]));
    const subgenres = doc.subgenres.map((s) => {
      const n = this.intern(SUBGENRE, s.id, s.name);
      const parent = parentOf.get(s.id);
      if (parent) {
        if (!genres.has(parent)) genres.set(parent, genreName(parent));
        this.parentGenre[n] = this.intern(GENRE, parent, genres.get(parent)!);
      }
      return n;
    });
    const lists = [
      [...genres].map(([id, name]) => this.intern(GENRE, id, name)),
      subgenres,
      doc.categories.map((c) => this.intern(CATEGORY, c.id, c.name)),
      doc.moods.map((m) => this.intern(MOOD, m.id, m.name)),
    ];
    for (let f = 0; f < 4; f++) {
      const list = lists[f]!.slice(0, 255);
      this.ensurePool(this.poolLength + list.length);
      this.facetStart[slot * 4 + f] = this.poolLength;
      this.facetLength[slot * 4 + f] = list.length;
      for (const n of list) this.pool[this.poolLength++] = n;
    }
  }

  clear(slot: number): void {
    this.kind[slot] = 0;
  }

  /** Whether any facet number of the slot's kind `f` is flagged in `wanted`. */
  hasAny(slot: number, f: number, wanted: Uint8Array): boolean {
    const start = this.facetStart[slot * 4 + f]!;
    const end = start + this.facetLength[slot * 4 + f]!;
    for (let i = start; i < end; i++) if (wanted[this.pool[i]!]) return true;
    return false;
  }

  count(slot: number, f: number, counts: Int32Array): void {
    const start = this.facetStart[slot * 4 + f]!;
    const end = start + this.facetLength[slot * 4 + f]!;
    for (let i = start; i < end; i++) counts[this.pool[i]!]!++;
  }

  private ensure(size: number): void {
    if (size <= this.kind.length) return;
    const cap = Math.max(size, this.kind.length * 2);
    const grow = <T extends Uint8Array | Float32Array | Float64Array | Int32Array>(a: T, n: number): T => {
      const b = new (a.constructor as new (n: number) => T)(n);
      b.set(a);
      return b;
    };
    this.kind = grow(this.kind, cap);
    this.vocal = grow(this.vocal, cap);
    this.bpm = grow(this.bpm, cap);
    this.duration = grow(this.duration, cap);
    this.year = grow(this.year, cap);
    this.rank = grow(this.rank, cap);
    this.created = grow(this.created, cap);
    this.artist = grow(this.artist, cap);
    this.facetStart = grow(this.facetStart, cap * 4);
    this.facetLength = grow(this.facetLength, cap * 4);
  }

  private ensurePool(size: number): void {
    if (size <= this.pool.length) return;
    const next = new Int32Array(Math.max(size, this.pool.length * 2));
    next.set(this.pool);
    this.pool = next;
  }
}
