import { z } from './zod';
import { productSchema } from './catalog';

/**
 * AI video match (issue 14, spec §1 search type "video"; decision 068).
 *
 * API (all under /api; a signed-in account or, for a visitor, the httpOnly client cookie owns the analysis):
 *
 *   POST   /v1/video-match               body: the video's bytes (Content-Type video/* or application/octet-stream)
 *            → 202 VideoMatchJob. The upload is streamed to disk, its type sniffed from its bytes (mp4, mov, webm,
 *            mkv) and probed; the analysis runs as a background job.
 *   GET    /v1/video-match/{jobId}       → VideoMatchStatus (the analysis, and when done the ranked music)
 *   GET    /v1/video-match/{jobId}/events  text/event-stream of VideoMatchProgress, ending with the job;
 *            a failed or cancelled analysis ends with an `error` event {error, message}
 *   DELETE /v1/video-match/{jobId}       → 204: cancels the analysis and deletes the upload
 *
 * Errors ({error, message}): 413 PAYLOAD_TOO_LARGE (over 500 MB, counted while streaming), 415
 * UNSUPPORTED_MEDIA_TYPE (not one of the four containers: a zip, a picture...), 400 VIDEO_UNREADABLE (corrupt or
 * cut off), 400 VIDEO_NO_FRAMES (no picture: audio only, or an empty video track), 400 VIDEO_TOO_LONG (over 10
 * minutes), 429 TOO_MANY_REQUESTS (an analysis of the same client still running, or too many uploads this hour;
 * Retry-After), 404 NOT_FOUND (an unknown job, or someone else's).
 */

export const VIDEO_MAX_BYTES = 500 * 1024 * 1024;
export const VIDEO_MAX_SECONDS = 10 * 60;
export const VIDEO_CONTAINERS = ['mp4', 'mov', 'webm', 'mkv'] as const;
export type VideoContainer = (typeof VIDEO_CONTAINERS)[number];
/** What the file picker offers; the server trusts the bytes, not this list. */
export const VIDEO_ACCEPT = 'video/mp4,video/quicktime,video/webm,video/x-matroska,.mp4,.mov,.webm,.mkv';
/** Results of one analysis. */
export const VIDEO_MATCH_RESULTS = 30;

export const videoMatchJobSchema = z
  .object({
    jobId: z.string().describe('Follow it at GET /api/v1/video-match/{jobId}/events'),
    container: z.enum(VIDEO_CONTAINERS),
    durationSec: z.number().describe('The video’s length in seconds'),
  })
  .meta({ id: 'VideoMatchJob' });
export type VideoMatchJob = z.infer<typeof videoMatchJobSchema>;

export const VIDEO_MATCH_PHASES = ['queued', 'picture', 'sound', 'matching', 'done'] as const;
export const VIDEO_MATCH_STATUSES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;

export const videoMatchProgressSchema = z
  .object({
    status: z.enum(VIDEO_MATCH_STATUSES),
    phase: z.enum(VIDEO_MATCH_PHASES),
    /** 0..100 */
    percent: z.number().min(0).max(100),
  })
  .meta({ id: 'VideoMatchProgress' });
export type VideoMatchProgress = z.infer<typeof videoMatchProgressSchema>;

export const ENERGY_CLASSES = ['low', 'medium', 'high'] as const;
export type EnergyClass = (typeof ENERGY_CLASSES)[number];

/** What was measured in the video (only these numbers are kept; the file is deleted). */
export const videoMeasuresSchema = z
  .object({
    durationSec: z.number(),
    cutsPerMinute: z.number().describe('Scene changes per minute'),
    /** 0..1, picture change between frames that are not cuts */
    motion: z.number(),
    /** 0..1 mean luma */
    brightness: z.number(),
    /** 0..1 mean saturation */
    saturation: z.number(),
    /** 0..1: share of warm hues among coloured pixels */
    warmth: z.number(),
    /** The video's own sound: integrated RMS in dBFS, null when it has no audio track or only silence */
    loudnessDb: z.number().nullable(),
    hasAudio: z.boolean(),
    silent: z.boolean(),
    /** 0..1: share of the sound that behaves like speech (syllable-rate loudness changes) */
    speech: z.number(),
  })
  .meta({ id: 'VideoMeasures' });
export type VideoMeasures = z.infer<typeof videoMeasuresSchema>;

const bpmRangeSchema = z.object({ from: z.number(), to: z.number() });
/** Every reason also says itself in English (`text`), for API clients; the web words it from the rest. */
const said = { text: z.string().describe('The reason as an English sentence') };

/**
 * Why the video asks for this music: a code and its values, so a client can say it in its reader's
 * language (decision 068). Kinds may be added; a client shows `text` for one it does not know.
 */
export const videoTargetReasonSchema = z
  .discriminatedUnion('kind', [
    z.object({
      kind: z.literal('cutRate'),
      /** fast: 30+ cuts a minute, slow: 10 or fewer */
      level: z.enum(['fast', 'steady', 'slow']),
      cutsPerMinute: z.number().int(),
      /** lots: motion 0.6+, little: 0.2 or less */
      motion: z.enum(['lots', 'some', 'little']),
      bpm: bpmRangeSchema,
      ...said,
    }),
    z.object({
      kind: z.literal('light'),
      light: z.enum(['dark', 'neutral', 'bright']),
      /** The pace (slow, moderate, fast) and the moods asked for (calm, even, energetic) follow the energy class */
      energyClass: z.enum(ENERGY_CLASSES),
      /** The first mood names asked for, as the catalogue names them (data, not words to translate) */
      moods: z.array(z.string()),
      ...said,
    }),
    z.object({
      kind: z.literal('sound'),
      /** The video's own sound, rounded dBFS */
      loudnessDb: z.number().int(),
      /** Louder than −20 dBFS raises the energy, else keeps it */
      raisesEnergy: z.boolean(),
      ...said,
    }),
    z.object({ kind: z.literal('speech'), ...said }),
    z.object({ kind: z.literal('length'), durationSec: z.number(), ...said }),
  ])
  .meta({ id: 'VideoTargetReason' });
export type VideoTargetReason = z.infer<typeof videoTargetReasonSchema>;

/** Why a track fits the video, as a code and its values (`text` is the English sentence). */
export const videoFitReasonSchema = z
  .discriminatedUnion('kind', [
    z.object({
      kind: z.literal('tempo'),
      /** The track's tempo, rounded */
      bpm: z.number().int(),
      range: bpmRangeSchema,
      /** in: inside the range; half / double: the track runs at half / double a tempo inside it */
      time: z.enum(['in', 'half', 'double']),
      ...said,
    }),
    z.object({ kind: z.literal('mood'), mood: z.string().describe('A mood name of the catalogue'), ...said }),
    z.object({ kind: z.literal('energy'), level: z.enum(ENERGY_CLASSES), ...said }),
    z.object({ kind: z.literal('length'), trackSec: z.number(), videoSec: z.number(), ...said }),
    z.object({ kind: z.literal('instrumental'), ...said }),
  ])
  .meta({ id: 'VideoFitReason' });
export type VideoFitReason = z.infer<typeof videoFitReasonSchema>;

/** What music the measures ask for, each part with the reason shown to the user. */
export const videoTargetSchema = z
  .object({
    /** 0..1 */
    energy: z.number(),
    energyClass: z.enum(ENERGY_CLASSES),
    bpm: z.object({ from: z.number(), to: z.number() }),
    /** Mood names of the catalogue's taxonomy, best first */
    moods: z.array(z.string()),
    /** The music should be at least this long (seconds) */
    durationSec: z.number(),
    /** Voice in the video: instrumental music keeps it clear */
    preferInstrumental: z.boolean(),
    /** e.g. {kind: 'cutRate', level: 'fast', cutsPerMinute: 116, motion: 'little', bpm: {from: 120, to: 140}, text} */
    reasons: z.array(videoTargetReasonSchema),
  })
  .meta({ id: 'VideoTarget' });
export type VideoTarget = z.infer<typeof videoTargetSchema>;

export const videoMatchItemSchema = z
  .object({
    product: productSchema,
    /** Why this track fits, e.g. {kind: 'tempo', bpm: 128, range: {from: 120, to: 140}, time: 'in', text} */
    reasons: z.array(videoFitReasonSchema),
    /** 0..1 */
    score: z.number(),
  })
  .meta({ id: 'VideoMatchItem' });
export type VideoMatchItem = z.infer<typeof videoMatchItemSchema>;

export const videoMatchStatusSchema = z
  .object({
    jobId: z.string(),
    progress: videoMatchProgressSchema,
    measures: videoMeasuresSchema.nullable(),
    target: videoTargetSchema.nullable(),
    items: z.array(videoMatchItemSchema),
    /** Why it failed, when it did */
    failure: z.object({ error: z.string(), message: z.string() }).nullable(),
  })
  .meta({ id: 'VideoMatchStatus' });
export type VideoMatchStatus = z.infer<typeof videoMatchStatusSchema>;
