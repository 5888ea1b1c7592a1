import { z } from 'zod';
import { OPTION_NAME_MAX_LENGTH, PROMPT_MAX_LENGTH } from './limits.ts';
import { CHAINABLE_TOOLS } from './run-constants.ts';
import { multilineText } from './text-fields.ts';
import {
  BACKGROUND_BLUR,
  BACKGROUND_KINDS,
  DEFAULT_BACKGROUND_COLOR,
  DEFAULT_GRADIENT_END_COLOR,
  DEFAULT_MODEL,
  DEFAULT_PHOTO_EDIT_TYPE,
  DEFAULT_SIZE,
  DEFAULT_STYLE,
  DEFAULT_UPSCALE_TYPE,
  IMAGE_MAX_SIDE,
  IMAGE_MIN_SIDE,
  IMAGE_TO_IMAGE_STRENGTH,
  MAX_IMAGES,
  MIN_IMAGES,
  MODELS,
  PHOTO_EDIT_STRENGTH,
  PHOTO_EDIT_TYPES,
  SIZES,
  STYLE_CREATION_BASES,
  STYLES,
  type Style,
  SUBSTYLES,
  TOOLS_BY_ID,
  type ToolId,
  UPLOAD_MAX_BYTES,
  UPSCALE_TYPES,
  VECTOR_COLORS,
  VECTOR_COMPLEXITY,
  VECTOR_STYLES,
} from './tools.ts';

/**
 * The options each tool accepts, named as the run endpoint's fields. Multipart
 * forms send every value as a string, so numbers are coerced; absent options take the
 * spec's defaults. Image fields are not here: they are files, checked by their bytes.
 */

/** A required prompt: at most what an artwork keeps of it, so every result can be saved. */
const requiredPrompt = (message: string) => multilineText().min(1, message).max(PROMPT_MAX_LENGTH);
const prompt = requiredPrompt('Please enter a prompt');
/** What an inpainting run without a prompt is told where its engine uses the prompt. */
export const INPAINTING_PROMPT_MESSAGE = 'Please enter a description for the inpainting';
/** An optional text (of several lines: a negative prompt); blank means absent. */
const optionalText = (max: number) =>
  multilineText()
    .max(max)
    .optional()
    .transform((v) => v || undefined);
const imageCount = z.coerce.number().int().min(MIN_IMAGES).max(MAX_IMAGES).default(MIN_IMAGES);

/** A colour as `#rrggbb` (what a colour input gives), kept lower-case. */
const hexColor = z
  .string()
  .length(7, 'Please choose a colour as #rrggbb')
  .regex(/^#[0-9a-fA-F]{6}$/, 'Please choose a colour as #rrggbb')
  .transform((v) => v.toLowerCase());

/** An on/off option: a boolean in JSON, `true`/`false` in a form. */
const flag = (fallback: boolean) =>
  z.preprocess(
    (v) => (v === 'true' ? true : v === 'false' ? false : v === '' ? undefined : v),
    z.boolean().default(fallback),
  );

/** A value that does not parse falls back to the default; out-of-range values are refused. */
function strength(range: { min: number; max: number; default: number }) {
  return z.preprocess((v) => {
    if (v === undefined || v === null || v === '') return undefined;
    const n = typeof v === 'number' ? v : Number(v);
    return Number.isFinite(n) ? n : undefined;
  }, z.number().min(range.min).max(range.max).default(range.default));
}

/** style + substyle + model + negative prompt, shared by the raster tools that take them. */
const rasterStyle = {
  style: z.enum(STYLES as [Style, ...Style[]]).default(DEFAULT_STYLE),
  substyle: optionalText(OPTION_NAME_MAX_LENGTH),
  model: z.enum(MODELS).default(DEFAULT_MODEL),
  negative_prompt: optionalText(PROMPT_MAX_LENGTH),
};

function substyleBelongsToStyle(o: { style: Style; substyle?: string | undefined }) {
  return o.substyle === undefined || (SUBSTYLES[o.style] as readonly string[]).includes(o.substyle);
}
const substyleIssue = { message: 'Unknown substyle for this style', path: ['substyle'] };

/** `image-to-image` → `ImageToImageOptions`: the name of a tool's options in the API document. */
export const toolSchemaName = (id: ToolId, suffix: string) =>
  `${id.replace(/(^|-)([a-z])/g, (_, _dash: string, letter: string) => letter.toUpperCase())}${suffix}`;

const options = <T extends z.ZodType>(id: ToolId, schema: T, description: string) =>
  schema.meta({ id: toolSchemaName(id, 'Options'), description });

export const toolOptionSchemas = {
  'image-generation': options(
    'image-generation',
    z
      .object({ prompt, ...rasterStyle, size: z.enum(SIZES).default(DEFAULT_SIZE), n: imageCount })
      .refine(substyleBelongsToStyle, substyleIssue),
    'Text to image: `n` images (1 credit each) of a prompt in a style and size.',
  ),
  'vector-generation': options(
    'vector-generation',
    z.object({
      prompt,
      style: z.enum(VECTOR_STYLES).default('flat'),
      colors: z.enum(VECTOR_COLORS).default('vibrant'),
      complexity: z.enum(VECTOR_COMPLEXITY).default('medium'),
    }),
    'An SVG illustration of a prompt (3 credits).',
  ),
  'style-creation': options(
    'style-creation',
    z.object({ prompt, style: z.enum(STYLE_CREATION_BASES).default('photography') }),
    'A style from a prompt and an optional reference image (2 credits).',
  ),
  'image-to-image': options(
    'image-to-image',
    z
      .object({ prompt, ...rasterStyle, strength: strength(IMAGE_TO_IMAGE_STRENGTH), n: imageCount })
      .refine(substyleBelongsToStyle, substyleIssue),
    'A new image from an image and a prompt: `n` images (1 credit each).',
  ),
  inpainting: options(
    'inpainting',
    // Required where the serving engine uses it (a provider); the local engine fills the masked
    // area from its surroundings and ignores it (GET /api/tools → ignoredOptions), so there it
    // may be left out. The run endpoint asks for it with INPAINTING_PROMPT_MESSAGE.
    z.object({ prompt: multilineText().max(PROMPT_MAX_LENGTH).default('') }),
    'Repaints the masked area of an image as the prompt describes (1 credit); the prompt may be left out where the serving engine ignores it (ignoredOptions).',
  ),
  /**
   * Runs in the browser: the server only records (and charges) the run. The size of the chosen
   * image (never the image) lets the server check a result saved later against it.
   */
  'background-removal': options(
    'background-removal',
    z.object({
      clientSide: z.literal(true),
      width: z.number().int().min(IMAGE_MIN_SIDE).max(IMAGE_MAX_SIDE).optional(),
      height: z.number().int().min(IMAGE_MIN_SIDE).max(IMAGE_MAX_SIDE).optional(),
    }),
    'Runs in the browser: records (and charges, 1 credit) a removal done there, with the size of the image.',
  ),
  vectorization: options('vectorization', z.object({}), 'Traces an image into SVG (1 credit).'),
  'image-upscale': options(
    'image-upscale',
    z.object({ upscaleType: z.enum(UPSCALE_TYPES).default(DEFAULT_UPSCALE_TYPE) }),
    'Enlarges an image, crisp or creative (1 credit).',
  ),
  'ai-eraser': options('ai-eraser', z.object({}), "Erases an image's background (1 credit)."),
  'ai-photo-editor': options(
    'ai-photo-editor',
    z
      .object({
        editType: z.enum(PHOTO_EDIT_TYPES).default(DEFAULT_PHOTO_EDIT_TYPE),
        strength: strength(PHOTO_EDIT_STRENGTH),
        prompt: optionalText(PROMPT_MAX_LENGTH),
      })
      .refine((o) => o.editType !== 'custom' || !!o.prompt, {
        message: 'Please describe the edit',
        path: ['prompt'],
      }),
    'Enhances a PNG or JPG image with a preset, or as a prompt describes (`custom`) (1 credit).',
  ),
  'replace-background': options(
    'replace-background',
    z
      .object({
        background: z.enum(BACKGROUND_KINDS).default('prompt'),
        prompt: optionalText(PROMPT_MAX_LENGTH),
        ...rasterStyle,
        n: imageCount,
        color: hexColor.default(DEFAULT_BACKGROUND_COLOR),
        color2: hexColor.default(DEFAULT_GRADIENT_END_COLOR),
        blur: strength(BACKGROUND_BLUR),
        shadow: flag(true),
      })
      .refine(substyleBelongsToStyle, substyleIssue)
      .refine((o) => o.background !== 'prompt' || !!o.prompt, { message: 'Please enter a prompt', path: ['prompt'] })
      // A colour, gradient, blur or uploaded background comes out the same every time: one image.
      .refine((o) => o.background === 'prompt' || o.n === 1, {
        message: 'Only a background from a prompt makes more than one image',
        path: ['n'],
      }),
    "Keeps an image's subject and puts a new background behind it (`background`): one generated " +
      'as the prompt describes (`prompt`, `n` images, 1 credit each), or, on the local engine, a solid ' +
      '`color`, a `gradient` from `color` to `color2`, a `blur` of the original, or an uploaded ' +
      '`background_image` (`image`), with a soft drop shadow unless `shadow` is false (1 credit).',
  ),
} satisfies Record<ToolId, z.ZodType>;

export type ToolOptions<T extends ToolId = ToolId> = z.output<(typeof toolOptionSchemas)[T]>;

/** The file fields of a run request. */
export const IMAGE_FIELDS = ['image', 'mask', 'reference_image', 'background_image'] as const;
export type ImageField = (typeof IMAGE_FIELDS)[number];

/** Which image fields a tool requires and which it accepts. */
export function imageFieldsOf(id: ToolId): { required: ImageField[]; optional: ImageField[] } {
  const t = TOOLS_BY_ID[id];
  // Background removal needs an image, but in the browser: the server never receives it.
  if (id === 'background-removal') return { required: [], optional: [] };
  const required: ImageField[] = [];
  if (t.needsImage) required.push('image');
  if (t.needsMask) required.push('mask');
  const optional: ImageField[] =
    id === 'style-creation' ? ['reference_image'] : id === 'replace-background' ? ['background_image'] : [];
  return { required, optional };
}

export const RUN_MEDIA_TYPES = ['multipart/form-data', 'application/json'] as const;
export type RunMediaType = (typeof RUN_MEDIA_TYPES)[number];

/**
 * The body types a run of a tool takes: multipart with its images and options; JSON (options
 * only) where no image is required; background removal only JSON (its image stays in the browser).
 */
export function runMediaTypesOf(id: ToolId): readonly RunMediaType[] {
  if (id === 'background-removal') return ['application/json'];
  const { required } = imageFieldsOf(id);
  // An image that is an earlier run's output (`inputRunId`) needs no upload: JSON will do.
  const chainedOnly = required.length === 1 && (CHAINABLE_TOOLS as readonly string[]).includes(id);
  return required.length && !chainedOnly ? ['multipart/form-data'] : RUN_MEDIA_TYPES;
}

/** How many images a run asks for (the `n` option where the tool has one). */
export function imageCountOf(options: object): number {
  const n = (options as { n?: unknown }).n;
  return typeof n === 'number' ? n : 1;
}

/** Formats accepted as input, identified from the bytes: JPEG, PNG, WebP. */
export const INPUT_IMAGE_FORMATS = ['jpeg', 'png', 'webp'] as const;
export type InputImageFormat = (typeof INPUT_IMAGE_FORMATS)[number];

/** The formats a tool takes: the photo editor only PNG and JPG. */
export function inputFormatsOf(id: ToolId): readonly InputImageFormat[] {
  return id === 'ai-photo-editor' ? ['jpeg', 'png'] : INPUT_IMAGE_FORMATS;
}

/**
 * The media types a tool's outputs can have: vectorization and vector generation draw SVG; every other tool answers
 * a raster, PNG, JPEG or WebP as its engine makes it (local engines keep an input's format).
 * What a run start's `Accept` is checked against before anything is charged.
 */
export function outputMediaTypesOf(id: ToolId): readonly string[] {
  return id === 'vectorization' || id === 'vector-generation'
    ? ['image/svg+xml']
    : ['image/png', 'image/jpeg', 'image/webp'];
}

/** The English texts for refused uploads (the page shows them in the user's language). */
export const IMAGE_MESSAGES = {
  tooLargeBytes: 'File size must be less than 10MB',
  tooSmall: 'Image too small. Minimum size is 64x64 pixels.',
  tooLargeSide: 'Image too large. Maximum dimension is 4096 pixels.',
  invalid: 'Invalid image format',
  /** The spec names the photo editor's formats but no message; this one says what to do. */
  pngOrJpgOnly: 'Please select a PNG or JPG image',
} as const;

/** A run request may carry an image and a mask of up to 10 MB each, plus its fields. */
export const MAX_RUN_BODY_BYTES = 2 * UPLOAD_MAX_BYTES + 1024 * 1024;

/**
 * Tool runs per user: credits are what limit normal use, so the limit only stops abuse — a
 * burst of 60 a minute is always allowed; past 600 in an hour the user waits out a
 * 15-minute block.
 */
export const TOOL_RUNS_PER_HOUR = 600;
