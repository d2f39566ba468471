import { z } from './zod';
import { planNameSchema, type PlanName } from './account';
import { licensedTrackSchema } from './downloads';

/**
 * Channels a licence covers and licence certificates (issue 4; decision 044). The channel address
 * rules live here so the dashboard form and the API reject the same addresses with the same words.
 */

export const CHANNEL_TYPES = [
  'youtube',
  'tiktok',
  'instagram',
  'facebook',
  'twitch',
  'x',
  'vimeo',
  'podcast',
  'website',
] as const;
export const channelTypeSchema = z.enum(CHANNEL_TYPES);
export type ChannelType = z.infer<typeof channelTypeSchema>;

export const CHANNEL_LABELS: Record<ChannelType, string> = {
  youtube: 'YouTube',
  tiktok: 'TikTok',
  instagram: 'Instagram',
  facebook: 'Facebook',
  twitch: 'Twitch',
  x: 'X (Twitter)',
  vimeo: 'Vimeo',
  podcast: 'Podcast',
  website: 'Website',
};

/** Shown in messages and as the form's placeholder. */
export const CHANNEL_EXAMPLES: Record<ChannelType, string> = {
  youtube: 'https://www.youtube.com/@yourchannel',
  tiktok: 'https://www.tiktok.com/@yourname',
  instagram: 'https://www.instagram.com/yourname',
  facebook: 'https://www.facebook.com/yourpage',
  twitch: 'https://www.twitch.tv/yourname',
  x: 'https://x.com/yourname',
  vimeo: 'https://vimeo.com/yourname',
  podcast: 'https://podcasts.example.com/your-show',
  website: 'https://www.example.com',
};

export const CHANNEL_URL_MAX = 300;

type Platform = Exclude<ChannelType, 'podcast' | 'website'>;

/** Hosts each platform answers on; the address is stored with the first (canonical) one. */
const PLATFORM_HOSTS: Record<Platform, readonly string[]> = {
  youtube: ['www.youtube.com', 'youtube.com', 'm.youtube.com'],
  tiktok: ['www.tiktok.com', 'tiktok.com', 'm.tiktok.com'],
  instagram: ['www.instagram.com', 'instagram.com', 'm.instagram.com'],
  facebook: ['www.facebook.com', 'facebook.com', 'm.facebook.com', 'web.facebook.com', 'fb.com', 'www.fb.com'],
  twitch: ['www.twitch.tv', 'twitch.tv', 'm.twitch.tv'],
  x: ['x.com', 'www.x.com', 'mobile.x.com', 'twitter.com', 'www.twitter.com', 'mobile.twitter.com'],
  vimeo: ['vimeo.com', 'www.vimeo.com'],
};

const hostPlatform = new Map<string, Platform>(
  Object.entries(PLATFORM_HOSTS).flatMap(([platform, hosts]) => hosts.map((h) => [h, platform as Platform] as const)),
);

// Tabs of a YouTube channel page (…/@name/videos); the channel itself is what the licence covers.
const YOUTUBE_TABS = new Set([
  'videos',
  'shorts',
  'streams',
  'live',
  'featured',
  'playlists',
  'community',
  'posts',
  'about',
  'podcasts',
  'releases',
  'courses',
  'store',
]);

// First path segments that are site pages, not accounts.
const RESERVED: Record<'instagram' | 'facebook' | 'twitch' | 'x' | 'vimeo', ReadonlySet<string>> = {
  instagram: new Set(['p', 'reel', 'reels', 'explore', 'stories', 'accounts', 'direct', 'tv', 'about', 'legal']),
  facebook: new Set([
    'watch',
    'groups',
    'events',
    'marketplace',
    'gaming',
    'login',
    'login.php',
    'sharer',
    'sharer.php',
    'share',
    'photo.php',
    'story.php',
    'reel',
    'home.php',
    'help',
    'policies',
    'people',
    'pages',
  ]),
  twitch: new Set(['directory', 'videos', 'settings', 'p', 'search', 'downloads', 'jobs', 'subscriptions', 'login']),
  x: new Set([
    'home',
    'explore',
    'i',
    'search',
    'settings',
    'notifications',
    'messages',
    'intent',
    'share',
    'hashtag',
    'login',
    'signup',
    'tos',
    'privacy',
    'compose',
  ]),
  vimeo: new Set([
    'watch',
    'upload',
    'search',
    'features',
    'settings',
    'log_in',
    'join',
    'categories',
    'blog',
    'help',
    'ondemand',
    'showcase',
    'album',
    'groups',
    'manage',
  ]),
};

// Names that never point at a public site.
const PRIVATE_SUFFIXES = [
  'localhost',
  'local',
  'internal',
  'lan',
  'home',
  'corp',
  'intranet',
  'arpa',
  'test',
  'invalid',
];

export type ChannelUrlResult = { ok: true; url: string } | { ok: false; message: string };

function fail(type: ChannelType, what?: string): ChannelUrlResult {
  const label = CHANNEL_LABELS[type];
  const base =
    what ??
    (type === 'website' || type === 'podcast'
      ? `Enter the ${label.toLowerCase()}'s https:// address`
      : `Enter a ${label} ${type === 'youtube' || type === 'twitch' ? 'channel' : 'profile'} address`);
  return { ok: false, message: `${base}, like ${CHANNEL_EXAMPLES[type]}.` };
}

function publicHostProblem(host: string): string | null {
  if (host.startsWith('[') || /^[\d.]+$/.test(host)) return 'Use a domain name, not an IP address';
  const labels = host.split('.');
  const tld = labels[labels.length - 1]!;
  if (labels.length < 2 || labels.some((l) => l === '')) return 'Use a full domain name';
  if (PRIVATE_SUFFIXES.includes(tld)) return 'Use a public address, not a local one';
  // Real top-level domains are letters (or xn-- punycode), never digits.
  if (!/^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/.test(tld)) return 'Use a full domain name';
  return null;
}

/** The channel's address in one form, so the same channel typed twice is found again. */
function platformPath(platform: Platform, url: URL): string | null {
  const segments = url.pathname.split('/').filter(Boolean);
  const [first, second, third] = segments;
  switch (platform) {
    case 'youtube': {
      let channel: string[] | null = null;
      let rest: string[] = [];
      if (first && /^@[\w.-]{3,30}$/.test(first)) {
        channel = [first];
        rest = segments.slice(1);
      } else if (first === 'channel' && second && /^UC[\w-]{22}$/.test(second)) {
        channel = [first, second];
        rest = segments.slice(2);
      } else if ((first === 'c' || first === 'user') && second && /^[\w.-]{1,100}$/.test(second)) {
        channel = [first, second];
        rest = segments.slice(2);
      }
      if (!channel) return null;
      if (rest.length > 1 || (rest.length === 1 && !YOUTUBE_TABS.has(rest[0]!.toLowerCase()))) return null;
      return `/${channel.join('/')}`;
    }
    case 'tiktok':
      return segments.length === 1 && /^@[\w.]{2,24}$/.test(first!) ? `/${first}` : null;
    case 'instagram':
      return segments.length === 1 && /^[\w.]{1,30}$/.test(first!) && !RESERVED.instagram.has(first!.toLowerCase())
        ? `/${first}`
        : null;
    case 'facebook': {
      if (first === 'profile.php' && segments.length === 1) {
        const id = url.searchParams.get('id');
        return id && /^\d{5,20}$/.test(id) ? `/profile.php?id=${id}` : null;
      }
      return segments.length === 1 && /^[\w.-]{2,80}$/.test(first!) && !RESERVED.facebook.has(first!.toLowerCase())
        ? `/${first}`
        : null;
    }
    case 'twitch':
      return segments.length === 1 && /^\w{3,25}$/.test(first!) && !RESERVED.twitch.has(first!.toLowerCase())
        ? `/${first}`
        : null;
    case 'x':
      return segments.length === 1 && /^\w{1,15}$/.test(first!) && !RESERVED.x.has(first!.toLowerCase())
        ? `/${first}`
        : null;
    case 'vimeo': {
      if (first === 'channels' && segments.length === 2 && /^[\w-]{2,64}$/.test(second!)) return `/channels/${second}`;
      // A number alone is a video, not an account.
      const ok =
        segments.length === 1 &&
        /^[\w-]{2,64}$/.test(first!) &&
        !/^\d+$/.test(first!) &&
        !RESERVED.vimeo.has(first!.toLowerCase());
      return ok && third === undefined ? `/${first}` : null;
    }
  }
}

/**
 * Checks a channel address for its platform and returns it normalised: https only, lower-case
 * canonical host, no trailing slash, and for platforms no query or fragment (decision 044).
 * An address typed without a scheme is read as https.
 */
export function normaliseChannelUrl(type: ChannelType, input: string): ChannelUrlResult {
  const raw = input.trim();
  if (!raw) return fail(type);
  if (raw.length > CHANNEL_URL_MAX) return fail(type, `Use an address of at most ${CHANNEL_URL_MAX} characters`);
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(raw) ? raw : `https://${raw}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return fail(type);
  }
  if (url.protocol !== 'https:') return fail(type, 'Use a secure https:// address');
  if (url.username || url.password) return fail(type, 'Leave out any user name or password');
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  const hostProblem = publicHostProblem(host);
  if (hostProblem) return fail(type, hostProblem);

  if (type === 'website' || type === 'podcast') {
    const platform = hostPlatform.get(host);
    if (platform)
      return {
        ok: false,
        message: `This is a ${CHANNEL_LABELS[platform]} address: choose ${CHANNEL_LABELS[platform]} as the type.`,
      };
    const port = url.port ? `:${url.port}` : '';
    const path = url.pathname.replace(/\/+$/, '');
    const out = `https://${host}${port}${path}${url.search}`;
    return out.length > CHANNEL_URL_MAX
      ? fail(type, `Use an address of at most ${CHANNEL_URL_MAX} characters`)
      : { ok: true, url: out };
  }

  const platform = hostPlatform.get(host);
  if (platform !== type) return fail(type);
  if (url.port) return fail(type);
  const path = platformPath(type, url);
  if (!path) return fail(type);
  return { ok: true, url: `https://${PLATFORM_HOSTS[type][0]}${path}` };
}

/** One covered channel. */
export const channelSchema = z
  .object({
    id: z.string(),
    type: channelTypeSchema,
    url: z.string().describe('Normalised https address'),
    createTS: z.string().describe('ISO time'),
  })
  .meta({ id: 'Channel' });
export type Channel = z.infer<typeof channelSchema>;

export const channelListSchema = z.array(channelSchema).describe('Oldest first').meta({ id: 'ChannelList' });

/** POST /v1/subscription/channels. The address is checked per platform by normaliseChannelUrl. */
export const addChannelBodySchema = z
  .object({ type: channelTypeSchema, url: z.string().max(2048) })
  .meta({ id: 'AddChannelBody' });
export type AddChannelBody = z.infer<typeof addChannelBodySchema>;

/** A channel as a licence lists it (and as a downgrade keeps it, spec §7). */
export const channelRefSchema = z.object({ type: channelTypeSchema, url: z.string() }).meta({ id: 'ChannelRef' });
export type ChannelRef = z.infer<typeof channelRefSchema>;

// ---- Licence codes ----

/** No 0/O or 1/I: a code read off paper or a phone screen is typed correctly. 32 symbols = 5 bits each. */
export const LICENCE_CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
/** CW- and two groups of four: 8 symbols, 40 random bits. */
export const LICENCE_CODE_PATTERN = /^CW-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/;

/** The code in its printed form (upper case, trimmed), or null when it cannot be one. */
export function parseLicenceCode(input: string): string | null {
  const code = input.trim().toUpperCase();
  return LICENCE_CODE_PATTERN.test(code) ? code : null;
}

export const licenceStatusSchema = z.enum(['valid', 'expired', 'superseded']);
export type LicenceStatus = z.infer<typeof licenceStatusSchema>;

/** GET /v1/license/verify/{code}: what anyone holding a certificate can check. */
export const licenceVerificationSchema = z
  .object({
    code: z.string(),
    status: licenceStatusSchema.describe(
      'valid: covers the channels now; expired: the period ended; superseded: a newer certificate replaced it',
    ),
    licensee: z.string().describe('Name or company; an email address is shown masked (j***@example.com)'),
    plan: planNameSchema,
    planTitle: z.string().describe('Display name of the plan, e.g. Professional'),
    validFrom: z.string().describe('ISO time'),
    validUntil: z
      .string()
      .nullable()
      .describe('ISO time the licence ends (or ended); follows renewals of the same plan; null: open-ended'),
    channels: z.array(channelRefSchema),
    issuedAt: z.string().describe('ISO time'),
    supersededAt: z.string().nullable().describe('ISO time a newer certificate replaced this one'),
    track: licensedTrackSchema
      .optional()
      .describe(
        'Per-track certificates (a download, decision 055): the track it licenses; absent for plan certificates',
      ),
  })
  .meta({ id: 'LicenceVerification' });
export type LicenceVerification = z.infer<typeof licenceVerificationSchema>;

/** What each plan's licence allows, in plain words: printed on the certificate and shown on the verify page. */
export const LICENCE_TERMS: Record<PlanName, readonly string[]> = {
  trial: [
    'Music and sound effects from the Cuewave catalogue in videos on the channels listed, monetisation included.',
    'Your own content only: not for client work, paid advertising or broadcast.',
  ],
  start: [
    'Music and sound effects from the Cuewave catalogue in videos on the channels listed, monetisation included.',
    'Your own content only: not for client work, paid advertising or broadcast.',
  ],
  advanced: [
    'Music and sound effects from the Cuewave catalogue on the channels listed, monetisation included.',
    "Podcasts, live streams and your own company's channels.",
    'Not for client work, paid advertising or broadcast.',
  ],
  professional: [
    'Commercial-plus licence: music and sound effects from the Cuewave catalogue on the channels listed.',
    'Client work, paid advertising, websites, apps and corporate videos.',
    'Not for broadcast, TV or games.',
  ],
  enterprise: [
    'Music and sound effects from the Cuewave catalogue on the channels listed, under the enterprise agreement.',
    'Client work, paid advertising, broadcast, TV and games as agreed.',
  ],
};

/** True for every plan: the promise a platform needs when a claim comes in after the licence ended. */
export const LICENCE_PERPETUAL_TERM =
  'Content published while the licence is valid stays licensed after it ends. Reselling or redistributing the tracks on their own is never allowed.';
