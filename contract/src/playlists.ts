import { z } from './zod';
import { playlistSummarySchema, productSchema } from './catalog';

/**
 * Users' playlists, favourites and notes (issue 12, spec §3 Playlist, §6, §7 Playlists; decision 054).
 *
 * API (all under /api; "auth" = Bearer token or the cm-user-token cookie, else 401 'verify jwt token'):
 *
 *   GET    /v1/playlist                          auth  → UserPlaylistSummary[]  the caller's playlists (Favorites
 *                                                       included, flagged favorites:true), newest first by updateTS
 *   POST   /v1/playlist                          auth  {name, description?, public?=false} → 201 UserPlaylist
 *   GET    /v1/playlist/favorites                auth  → UserPlaylist  the caller's Favorites (created empty on first use)
 *   POST   /v1/playlist/favorites/{productId}    auth  → UserPlaylistSummary  adds to Favorites (creates it on first use)
 *   DELETE /v1/playlist/favorites/{productId}    auth  → UserPlaylistSummary  removes from Favorites
 *   GET    /v1/playlist/{id}                     token optional → UserPlaylist. A user's public playlist, or a curated
 *                                                       public one, for anyone; a private one only for its owner (404
 *                                                       to anyone else, signed in or not). A token that is sent but
 *                                                       invalid answers 401 for anything not public.
 *   POST   /v1/playlist/{id}                     auth  {name?, description?, public?, items?} → UserPlaylist
 *                                                       items = the full ordered list of product ids (duplicates removed)
 *   DELETE /v1/playlist/{id}                     auth  → 204
 *   POST   /v1/playlist/{id}/note                auth  {note} → UserPlaylistSummary   (empty note clears it)
 *   POST   /v1/playlist/{id}/{productId}         auth  ?position=n → UserPlaylistSummary  idempotent add (at the end,
 *                                                       or at index n: what Undo uses to put a removed track back)
 *   DELETE /v1/playlist/{id}/{productId}         auth  → UserPlaylistSummary  idempotent remove
 *   POST   /v1/product/{id}/note                 auth  {note} → ProductNote   (empty note deletes it)
 *   GET    /v1/product/notes?ids=a,b             auth  → {notes: {productId: note}}  up to 100 ids; products without a
 *                                                       note are absent. UserPlaylist.notes carries the same for its items.
 *
 * Errors ({error, message}): 400 VALIDATION_FAILED (bad body/params; the message names the field), 400
 * UNKNOWN_PRODUCTS (items naming products that do not exist; the message lists them), 401 'verify jwt token',
 * 404 NOT_FOUND (unknown playlist or product, or another user's private playlist: nothing leaked), 409
 * PLAYLIST_LIMIT (200 playlists per user, Favorites not counted), 409 PLAYLIST_FULL (adding a 501st
 * track; an update with more than 500 items is 400 VALIDATION_FAILED), 409 CONFLICT (renaming Favorites,
 * or naming another playlist Favorites).
 *
 * Text (names, descriptions, notes) is stored and returned exactly as typed (after trimming): markup is
 * text, never HTML, and must be rendered as text.
 */

export const PLAYLIST_NAME_MAX = 100;
export const PLAYLIST_DESCRIPTION_MAX = 1000;
export const NOTE_MAX = 2000;
/** Tracks one playlist holds. */
export const PLAYLIST_ITEMS_MAX = 500;
/** Playlists one user may create; the Favorites playlist does not count. */
export const PLAYLISTS_PER_USER_MAX = 200;
/** Product ids one GET /v1/product/notes call may ask about (a listing page is 30). */
export const NOTE_IDS_MAX = 100;
/** The special playlist (spec §3); the name is reserved for it. */
export const FAVORITES_NAME = 'Favorites';

/** Line breaks and other control characters have no place in a one-line name. */
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/;

export const playlistNameSchema = z
  .string()
  .trim()
  .min(1, 'a playlist needs a name')
  .max(PLAYLIST_NAME_MAX, `at most ${PLAYLIST_NAME_MAX} characters`)
  .refine((v) => !CONTROL_CHARS.test(v), 'line breaks and control characters are not allowed');
export const playlistDescriptionSchema = z
  .string()
  .trim()
  .max(PLAYLIST_DESCRIPTION_MAX, `at most ${PLAYLIST_DESCRIPTION_MAX} characters`);
export const noteTextSchema = z.string().trim().max(NOTE_MAX, `at most ${NOTE_MAX} characters`);

/** Product and playlist ids fit a path segment (the router refuses longer ones). */
const idSchema = z.string().min(1).max(100);

export const createPlaylistBodySchema = z
  .object({
    name: playlistNameSchema,
    description: playlistDescriptionSchema.default(''),
    public: z.boolean().default(false),
  })
  .meta({ id: 'CreatePlaylistBody' });
export type CreatePlaylistBody = z.input<typeof createPlaylistBodySchema>;

export const updatePlaylistBodySchema = z
  .object({
    name: playlistNameSchema.optional(),
    description: playlistDescriptionSchema.optional(),
    public: z.boolean().optional(),
    items: z
      .array(idSchema)
      .max(PLAYLIST_ITEMS_MAX, `a playlist holds at most ${PLAYLIST_ITEMS_MAX} tracks`)
      .optional()
      .describe('The full ordered list of product ids; duplicates are dropped (first one kept)'),
  })
  .meta({ id: 'UpdatePlaylistBody' });
export type UpdatePlaylistBody = z.input<typeof updatePlaylistBodySchema>;

export const noteBodySchema = z.object({ note: noteTextSchema }).meta({ id: 'NoteBody' });
export type NoteBody = z.input<typeof noteBodySchema>;

export const playlistParamsSchema = z.object({ id: idSchema });
export const playlistItemParamsSchema = z.object({ id: idSchema, productId: idSchema });
export const favoriteItemParamsSchema = z.object({ productId: idSchema });
export const productNoteParamsSchema = z.object({ id: idSchema });

export const addItemQuerySchema = z.object({
  position: z.coerce
    .number()
    .int()
    .min(0)
    .max(PLAYLIST_ITEMS_MAX)
    .optional()
    .describe('0-based place to insert at (Undo puts a removed track back where it was); default: the end'),
});

export const productNotesQuerySchema = z.object({
  ids: z
    .string()
    .min(1)
    .max(NOTE_IDS_MAX * 101)
    .transform((v) => [...new Set(v.split(',').filter(Boolean))])
    .pipe(z.array(idSchema).min(1).max(NOTE_IDS_MAX, `at most ${NOTE_IDS_MAX} ids`))
    .describe('Comma-separated product ids'),
});

/**
 * A user's playlist as listed (GET /v1/playlist) and as answered by the item and note calls: no
 * product data, so the list stays small however many playlists a user keeps.
 */
export const userPlaylistSummarySchema = playlistSummarySchema
  .extend({
    note: z.string().nullable().describe("The owner's note on the playlist; null for anyone else"),
    favorites: z.boolean().describe('True for the special Favorites playlist'),
    owned: z.boolean().describe('True when the caller owns it (and may change it)'),
    itemIds: z.array(z.string()).describe('Product ids in playlist order'),
  })
  .meta({ id: 'UserPlaylistSummary' });
export type UserPlaylistSummary = z.infer<typeof userPlaylistSummarySchema>;

/**
 * One playlist with its products in order (GET /v1/playlist/{id}, create, update, Favorites). The same
 * shape (a superset of the catalogue's Playlist) for curated playlists: favorites and owned false.
 */
export const userPlaylistSchema = userPlaylistSummarySchema
  .extend({
    items: z.array(productSchema).describe('The products in playlist order (the catalogue Product)'),
    notes: z
      .record(z.string(), z.string())
      .describe("The caller's own notes on these products, by product id; {} when signed out"),
  })
  .meta({ id: 'UserPlaylist' });
export type UserPlaylist = z.infer<typeof userPlaylistSchema>;

export const productNoteSchema = z
  .object({
    productId: z.string(),
    note: z.string().nullable().describe('null once deleted (an empty note deletes it)'),
    updateTS: z.number().int().nullable().describe('Unix ms; null when there is no note'),
  })
  .meta({ id: 'ProductNote' });
export type ProductNote = z.infer<typeof productNoteSchema>;

export const productNotesSchema = z
  .object({ notes: z.record(z.string(), z.string()).describe('Note by product id; products without one are absent') })
  .meta({ id: 'ProductNotes' });
export type ProductNotes = z.infer<typeof productNotesSchema>;
