/**
 * Title and artist out of what streaming sites publish for link previews: their oEmbed JSON, or the Open
 * Graph / Twitter meta tags of the page. Pure functions over untrusted text: nothing here fetches, and
 * every field is length-capped and stripped of markup before it is shown or searched.
 */
export type PageMetadata = { title: string; artist: string | null };

const FIELD_MAX = 200;

/** oEmbed's `title` and `author_name` (every service here names them so); null when there is no title. */
export function parseOembed(body: Buffer): PageMetadata | null {
  let data: unknown;
  try {
    data = JSON.parse(body.toString('utf8'));
  } catch {
    return null;
  }
  if (!data || typeof data !== 'object') return null;
  const record = data as Record<string, unknown>;
  const title = clean(typeof record.title === 'string' ? record.title : '');
  if (!title) return null;
  const artist = clean(typeof record.author_name === 'string' ? record.author_name : '') || null;
  return { title, artist };
}

/** og:title (else twitter:title, else <title>) and an artist from the music or Twitter audio tags. */
export function parseOpenGraph(html: string): PageMetadata | null {
  const meta = metaTags(html);
  const title = clean(meta.get('og:title') ?? meta.get('twitter:title') ?? titleElement(html) ?? '');
  if (!title) return null;
  const artist =
    clean(
      meta.get('music:musician_description') ??
        meta.get('twitter:audio:artist_name') ??
        meta.get('music:creator') ??
        meta.get('og:music:artist') ??
        '',
    ) || null;
  return { title, artist: artist && !/^https?:/i.test(artist) ? artist : null };
}

// Suffixes the sites add to their page titles, and decorations of video titles that are no help to a search.
const SITE_SUFFIXES =
  /\s*(?:[-|–—]\s*(?:YouTube|YouTube Music|Spotify|SoundCloud|Deezer|TikTok|Vimeo|Apple Music)|on (?:Apple Music|Vimeo|Spotify|Deezer|SoundCloud)|\|\s*Listen online for free on SoundCloud|- song and lyrics by .*|- Single by .*)\s*$/i;
const DECORATIONS =
  /[([](?:official\s*(?:music\s*)?(?:video|audio|lyric video|visualizer)|lyrics?|lyric video|hd|4k|audio|video|visualizer|remastered(?:\s*\d{4})?)[)\]]/gi;

/**
 * The words to search for: the title without site suffixes and "(Official Video)"-style decorations,
 * plus the artist unless the title already names them.
 */
export function searchTextOf(meta: PageMetadata): string {
  let title = meta.title.replace(SITE_SUFFIXES, '').replace(DECORATIONS, ' ');
  const artist = meta.artist?.replace(/\s*-\s*Topic$/i, '') ?? null;
  if (artist) title = title.replace(new RegExp(`\\s+by\\s+${escapeRegExp(artist)}\\s*$`, 'i'), '');
  const words = [title, artist && !title.toLowerCase().includes(artist.toLowerCase()) ? artist : '']
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
  return words.slice(0, FIELD_MAX);
}

/** The display form of a title: without the site's own suffix. */
export const displayTitle = (title: string) => title.replace(SITE_SUFFIXES, '').trim() || title;

function metaTags(html: string): Map<string, string> {
  const found = new Map<string, string>();
  // Only the head matters, and a hostile page may be megabytes of attributes: look at the first 256 KB.
  const head = html.slice(0, 256 * 1024);
  for (const tag of head.matchAll(/<meta\b([^>]{0,2000})>/gi)) {
    const attrs = attributes(tag[1]!);
    const key = (attrs.get('property') ?? attrs.get('name') ?? '').toLowerCase();
    const content = attrs.get('content');
    if (key && content !== undefined && !found.has(key)) found.set(key, content);
  }
  return found;
}

function attributes(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of text.matchAll(/([a-zA-Z_:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/g)) {
    out.set(m[1]!.toLowerCase(), decodeEntities(m[2] ?? m[3] ?? m[4] ?? ''));
  }
  return out;
}

function titleElement(html: string): string | null {
  const m = /<title\b[^>]*>([^<]{1,1000})<\/title>/i.exec(html.slice(0, 256 * 1024));
  return m ? decodeEntities(m[1]!) : null;
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,6}|#39);/gi, (whole, name: string) => {
    const lower = name.toLowerCase();
    if (NAMED[lower]) return NAMED[lower];
    const code = lower.startsWith('#x')
      ? parseInt(lower.slice(2), 16)
      : lower.startsWith('#')
        ? Number(lower.slice(1))
        : NaN;
    return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** Plain, single-line, bounded text: no markup, no control characters. */
function clean(text: string): string {
  return text
    .replace(/<[^>]*>/g, ' ')
    .replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, FIELD_MAX);
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
