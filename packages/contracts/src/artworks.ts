import { z } from 'zod';
import { CURSOR_MAX_LENGTH, PROMPT_MAX_LENGTH } from './limits.ts';
import { multilineText, nameText, opaqueText } from './text-fields.ts';
import { toolIdSchema } from './tool-schemas.ts';
import { LINK_PREVIEW_IMAGE_SIZE } from './ui.ts';

/** Gallery constants: 20 artworks a page, 8 placeholders while loading, 1 to 5 columns. */
export const ARTWORKS_PAGE_SIZE = 20;
export const GALLERY_SKELETON_COUNT = 8;
export const GALLERY_MAX_COLUMNS = 5;
/**
 * Rows of each masonry layout in a server-rendered gallery page: more than a screen. The rest
 * of the page's items are added by the browser after hydration, in a transition (ADR 0030).
 */
export const GALLERY_SERVER_ROWS = 3;
/**
 * Widths of the WebP thumbnails made once when an artwork is saved. 640 covers a card of a
 * five-column grid on a 2x screen; 320 is what phones in two columns need.
 */
export const ARTWORK_THUMBNAIL_WIDTHS = [320, 640] as const;
/** The thumbnail the listings name as `thumbnailUrl`. */
export const ARTWORK_CARD_THUMBNAIL_WIDTH = 640;
/**
 * An artwork's picture in link previews: a JPEG (LinkedIn and Skype show no WebP) of the whole
 * artwork on a blurred copy of itself, made from the original when first asked for and kept.
 */
export const ARTWORK_SHARE_IMAGE = { file: 'share.jpg', ...LINK_PREVIEW_IMAGE_SIZE } as const;
export const artworkShareImageUrl = (artworkId: string) => `/files/artworks/${artworkId}/${ARTWORK_SHARE_IMAGE.file}`;
/** An artwork keeps the prompt its run was given: the same bound. */
export const ARTWORK_PROMPT_MAX_LENGTH = PROMPT_MAX_LENGTH;
/**
 * An artwork's own title, set by its owner: one line, trimmed, at most this many characters.
 * Without one (null) an artwork is called by its prompt, else by its tool's name.
 */
export const ARTWORK_TITLE_MAX_LENGTH = 100;
/** A run has at most a handful of outputs; the cap only keeps the number sane. */
export const ARTWORK_OUTPUT_INDEX_MAX = 15;
/** Liking needs a login; the limit stops scripts, never a person clicking. */
export const LIKE_RATE_LIMIT_PER_MINUTE = 120;

export const artworkThumbnailSchema = z
  .object({ width: z.number().int(), height: z.number().int(), url: z.string() })
  .meta({ id: 'ArtworkThumbnail' });
export type ArtworkThumbnail = z.infer<typeof artworkThumbnailSchema>;

export const artworkSchema = z
  .object({
    id: z.string(),
    /** The full image, served by Atelier (`/files/artworks/<id>/…`). */
    imageUrl: z.string(),
    /** The card-sized WebP thumbnail. */
    thumbnailUrl: z.string(),
    /** Every thumbnail, narrowest first (for `srcset`). */
    thumbnails: z.array(artworkThumbnailSchema),
    width: z.number().int(),
    height: z.number().int(),
    /** The owner's title; null: the artwork is called by its prompt, else its tool's name. */
    title: z.string().nullable(),
    prompt: z.string(),
    negativePrompt: z.string().nullable(),
    toolType: toolIdSchema,
    isPublic: z.boolean(),
    /** Saved from a demo-engine run: a stamped placeholder, kept privately, never made public. */
    isDemo: z.boolean(),
    /** Username, else the e-mail's part before the @, else "Unknown" — never the full e-mail. */
    authorName: z.string(),
    likesCount: z.number().int().min(0),
    /** Whether the caller likes it (always false for visitors). */
    userLiked: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Artwork', description: 'A saved result: public in the gallery, or private to its owner.' });
export type Artwork = z.infer<typeof artworkSchema>;

export const artworkResponseSchema = z.object({ artwork: artworkSchema }).meta({ id: 'ArtworkResult' });
export type ArtworkResponse = z.infer<typeof artworkResponseSchema>;

export const artworkListQuerySchema = z.object({
  /** `nextCursor` of the previous page. */
  cursor: opaqueText().max(CURSOR_MAX_LENGTH).optional(),
});

export const artworkListResponseSchema = z
  .object({
    artworks: z.array(artworkSchema),
    /** Pass as `cursor` for the next (older) page; null on the last page. */
    nextCursor: z.string().nullable(),
  })
  .meta({ id: 'ArtworkList', description: 'A page of artworks, newest first.' });
export type ArtworkListResponse = z.infer<typeof artworkListResponseSchema>;

export const createArtworkBodySchema = z
  .object({
    runId: z.uuid(),
    outputIndex: z.number().int().min(0).max(ARTWORK_OUTPUT_INDEX_MAX),
    prompt: multilineText().max(ARTWORK_PROMPT_MAX_LENGTH),
    negativePrompt: multilineText().max(ARTWORK_PROMPT_MAX_LENGTH).nullish(),
    /** Must be the run's tool: the run, not the client, is the truth. */
    toolType: toolIdSchema,
    isPublic: z.boolean().default(false),
  })
  .meta({ id: 'CreateArtworkRequest' });
export type CreateArtworkBody = z.input<typeof createArtworkBodySchema>;

/** A title as the owner types it: trimmed; empty (or null) gives the artwork its default name back. */
export const artworkTitleSchema = nameText().max(ARTWORK_TITLE_MAX_LENGTH);

export const updateArtworkBodySchema = z
  .object({
    isPublic: z.boolean().optional(),
    /** Empty or null: back to the default (the prompt, else the tool's name). */
    title: artworkTitleSchema.nullable().optional(),
  })
  .strict()
  .refine((body) => body.isPublic !== undefined || body.title !== undefined, {
    message: 'Give isPublic, title or both',
  })
  // minProperties tells the document what the refinement above checks.
  .meta({ id: 'UpdateArtworkRequest', minProperties: 1 });
export type UpdateArtworkBody = z.infer<typeof updateArtworkBodySchema>;

export const artworkIdParamsSchema = z.object({ id: z.uuid() });

export const likeResponseSchema = z
  .object({ likesCount: z.number().int().min(0), userLiked: z.boolean() })
  .meta({ id: 'Like', description: "An artwork's like count and whether the caller likes it." });
export type LikeResponse = z.infer<typeof likeResponseSchema>;
