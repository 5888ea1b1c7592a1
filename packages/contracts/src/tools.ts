import type { EngineKind } from './runs.ts';

/** The eleven tools, in the order the product presents them. */
export const TOOL_IDS = [
  'image-generation',
  'vector-generation',
  'style-creation',
  'image-to-image',
  'inpainting',
  'background-removal',
  'vectorization',
  'image-upscale',
  'ai-eraser',
  'ai-photo-editor',
  'replace-background',
] as const;
// Plain constants only in this module: the SPA's entry chunk imports it, and a zod schema
// here would pull zod into the home route (see tool-schemas.ts).
export type ToolId = (typeof TOOL_IDS)[number];

export interface ToolDefinition {
  id: ToolId;
  /** Credits per run, or per image when `perImage` is true. */
  credits: number;
  perImage: boolean;
  /** Inputs the run needs. */
  needsImage: boolean;
  needsMask: boolean;
  needsPrompt: boolean;
  /** Extra route aliases beyond `/<id>` and `/tools/<id>`. */
  extraAliases: readonly string[];
  /** Shown in the desktop AI Tools dropdown (10 tools) and the mobile menu (4 tools). */
  inDesktopMenu: boolean;
  inMobileMenu: boolean;
  /** Whether results can be saved to the gallery. */
  savable: boolean;
}

const tool = (
  id: ToolId,
  credits: number,
  rest: Partial<Omit<ToolDefinition, 'id' | 'credits'>> = {},
): ToolDefinition => ({
  id,
  credits,
  perImage: false,
  needsImage: false,
  needsMask: false,
  needsPrompt: false,
  extraAliases: [],
  inDesktopMenu: true,
  inMobileMenu: false,
  savable: true,
  ...rest,
});

export const TOOLS: readonly ToolDefinition[] = [
  tool('image-generation', 1, {
    perImage: true,
    needsPrompt: true,
    extraAliases: ['/tools/raster-generation'],
    inMobileMenu: true,
  }),
  tool('vector-generation', 3, { needsPrompt: true }),
  tool('style-creation', 2, { needsPrompt: true, inDesktopMenu: false }),
  tool('image-to-image', 1, { perImage: true, needsImage: true, needsPrompt: true }),
  tool('inpainting', 1, { needsImage: true, needsMask: true, needsPrompt: true }),
  tool('background-removal', 1, { needsImage: true, inMobileMenu: true }),
  tool('vectorization', 1, { needsImage: true }),
  tool('image-upscale', 1, { needsImage: true, extraAliases: ['/tools/upscale'], inMobileMenu: true }),
  tool('ai-eraser', 1, { needsImage: true }),
  tool('ai-photo-editor', 1, { needsImage: true, inMobileMenu: true }),
  tool('replace-background', 1, { perImage: true, needsImage: true, needsPrompt: true }),
];

export const TOOLS_BY_ID = Object.fromEntries(TOOLS.map((t) => [t.id, t])) as Record<ToolId, ToolDefinition>;

/** Every path a tool answers at: `/tools/<id>`, `/<id>` and its extra aliases. */
export function toolPaths(t: ToolDefinition): string[] {
  return [`/tools/${t.id}`, `/${t.id}`, ...t.extraAliases];
}

/**
 * What serves a run, as far as its price goes: the engine's kind, and the option values it hands
 * to the demo engine (e.g. an upscale mode it has no model for), both from `GET /api/tools`.
 */
export interface RunEngine {
  kind: EngineKind;
  demoOptions?: Readonly<Record<string, readonly string[]>>;
}

/** Whether a run makes the demo engine's placeholder (a labelled gradient), not a real result. */
export function runsOnDemo(engine: RunEngine, options: Readonly<Record<string, unknown>>): boolean {
  if (engine.kind === 'demo') return true;
  return Object.entries(engine.demoOptions ?? {}).some(([field, values]) => values.includes(String(options[field])));
}

/**
 * Whether a run is made by the local engine whatever provider serves the tool: replace-background
 * onto a colour, gradient, blur or uploaded image needs no generative model.
 */
export function runsLocally(tool: ToolId, options: Readonly<Record<string, unknown>>): boolean {
  return tool === 'replace-background' && (LOCAL_BACKGROUND_KINDS as readonly unknown[]).includes(options.background);
}

/**
 * What a run of this tool costs, given the number of images asked for. A demo run costs
 * nothing: a placeholder is not worth a credit.
 */
export function runCost(id: ToolId, imageCount = 1, demo = false): number {
  if (demo) return 0;
  const t = TOOLS_BY_ID[id];
  return t.perImage ? t.credits * imageCount : t.credits;
}

/** The tool an artwork was made with (its tool_type). */
export const ARTWORK_TOOL_TYPES = [
  'image-generation',
  'style-creation',
  'ai-photo-editor',
  'vector-generation',
  'background-removal',
  'replace-background',
  'image-upscale',
  'inpainting',
  'ai-eraser',
  'vectorization',
] as const;

// ---- options -----------------------------------------------------------------------

export const MODELS = ['recraftv3', 'recraftv2'] as const;
export const DEFAULT_MODEL = 'recraftv3';

export const SUBSTYLES = {
  realistic_image: [
    'b_and_w',
    'enterprise',
    'evening_light',
    'faded_nostalgia',
    'forest_life',
    'hard_flash',
    'hdr',
    'motion_blur',
    'mystic_naturalism',
    'natural_light',
    'natural_tones',
    'organic_calm',
    'real_life_glow',
    'retro_realism',
    'retro_snapshot',
    'studio_portrait',
    'urban_drama',
    'village_realism',
    'warm_folk',
  ],
  digital_illustration: [
    '2d_art_poster',
    '2d_art_poster_2',
    'antiquarian',
    'bold_fantasy',
    'child_book',
    'cover',
    'crosshatch',
    'digital_engraving',
    'engraving_color',
    'expressionism',
    'freehand_details',
    'grain',
    'grain_20',
    'graphic_intensity',
    'hand_drawn',
    'hand_drawn_outline',
    'handmade_3d',
    'hard_comics',
    'infantile_sketch',
    'long_shadow',
    'modern_folk',
    'multicolor',
    'neon_calm',
    'noir',
    'nostalgic_pastel',
    'outline_details',
    'pastel_gradient',
    'pastel_sketch',
    'pixel_art',
    'plastic',
    'pop_art',
    'pop_renaissance',
    'seamless',
    'street_art',
    'tablet_sketch',
    'urban_glow',
    'urban_sketching',
    'young_adult_book',
    'young_adult_book_2',
  ],
  vector_illustration: [
    'bold_stroke',
    'chemistry',
    'colored_stencil',
    'cosmics',
    'cutout',
    'depressive',
    'editorial',
    'emotional_flat',
    'engraving',
    'line_art',
    'line_circuit',
    'linocut',
    'marker_outline',
    'mosaic',
    'naivector',
    'roundish_flat',
    'seamless',
    'segmented_colors',
    'sharp_contrast',
    'thin',
    'vector_photo',
    'vivid_shapes',
  ],
} as const;
export const STYLES = Object.keys(SUBSTYLES) as (keyof typeof SUBSTYLES)[];
export type Style = keyof typeof SUBSTYLES;
export const DEFAULT_STYLE: Style = 'realistic_image';

/** Recraft V2/V3 sizes: 15 with the default 1024x1024. */
export const SIZES = [
  '1024x1024',
  '1365x1024',
  '1024x1365',
  '1536x1024',
  '1024x1536',
  '1820x1024',
  '1024x1820',
  '1024x2048',
  '2048x1024',
  '1434x1024',
  '1024x1434',
  '1024x1280',
  '1280x1024',
  '1024x1707',
  '1707x1024',
] as const;
export const DEFAULT_SIZE = '1024x1024';
export const MIN_IMAGES = 1;
export const MAX_IMAGES = 6;

export const UPSCALE_TYPES = ['crisp', 'creative'] as const;
export const DEFAULT_UPSCALE_TYPE = 'crisp';

export const VECTOR_STYLES = ['flat', 'minimalist', 'geometric', 'line_art', 'logo'] as const;
export const VECTOR_COLORS = ['vibrant', 'pastel', 'monochrome', 'gradient', 'dark'] as const;
export const VECTOR_COMPLEXITY = ['simple', 'medium', 'detailed'] as const;

export const STYLE_CREATION_BASES = ['photography', 'painting', 'illustration', 'digital_art', 'abstract'] as const;

export const PHOTO_EDIT_TYPES = ['enhance', 'brighten', 'sharpen', 'color_correct', 'artistic', 'custom'] as const;
export const DEFAULT_PHOTO_EDIT_TYPE = 'enhance';
export const PHOTO_EDIT_STRENGTH = { min: 0.1, max: 1, step: 0.1, default: 0.7 } as const;
export const IMAGE_TO_IMAGE_STRENGTH = { min: 0, max: 1, step: 0.1, default: 0.5 } as const;

/**
 * What replace-background puts behind the subject: a background generated from the prompt (a
 * provider's; without one the demo's placeholder), or, made on the server's own engine, a solid
 * colour, a two-colour gradient, a blur of the original, or an uploaded background image.
 */
export const BACKGROUND_KINDS = ['prompt', 'color', 'gradient', 'blur', 'image'] as const;
export type BackgroundKind = (typeof BACKGROUND_KINDS)[number];
/** The kinds the local engine makes itself (everything but a generated background). */
export const LOCAL_BACKGROUND_KINDS = ['color', 'gradient', 'blur', 'image'] as const satisfies BackgroundKind[];
export const DEFAULT_BACKGROUND_COLOR = '#ffffff';
export const DEFAULT_GRADIENT_END_COLOR = '#c7d2fe';
/** The blur of the original as a Gaussian sigma, in pixels of a 1000-pixel-wide image. */
export const BACKGROUND_BLUR = { min: 2, max: 60, step: 1, default: 20 } as const;

/** Upload limits: at most 10 MB, each side 64–4096 px. */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const IMAGE_MIN_SIDE = 64;
export const IMAGE_MAX_SIDE = 4096;
/** Pixels allowed before decoding, against decompression bombs (4096²). */
export const IMAGE_MAX_PIXELS = IMAGE_MAX_SIDE * IMAGE_MAX_SIDE;

// ---- local engines ----------------------------------------------------------------

/** The engine id of the embedded engines that run on Atelier's own CPU, offline. */
export const LOCAL_ENGINE_ID = 'local';
/** The engine id of the placeholder engine (a labelled gradient or a marked copy, never a real result). */
export const DEMO_ENGINE_ID = 'demo';
/** `crisp` upscaling on the local engine doubles each side (ESRGAN ×2). */
export const CRISP_UPSCALE_FACTOR = 2;
/**
 * Progress stage reported when the inpainting mask's size differs from the image's and the
 * mask was stretched to it, so the page can say so (a mask is used at the image's size).
 */
export const MASK_RESIZED_STAGE = 'mask-resized';

// ---- AI providers -----------------------------------------------------------------

/**
 * The AI providers Atelier has adapters for: the server variable that configures each and the
 * tools it serves. The engines read their tools from here, and a page on the demo engine names
 * the variables that would give its tool a real provider. Order = precedence when several are
 * configured and no ENGINE_<TOOL> is set.
 */
export const AI_PROVIDERS = [
  {
    id: 'recraft',
    variable: 'RECRAFT_API_KEY',
    // Every tool that runs on the server; background removal runs in the browser.
    tools: [
      'image-generation',
      'vector-generation',
      'style-creation',
      'image-to-image',
      'inpainting',
      'vectorization',
      'image-upscale',
      'ai-eraser',
      'ai-photo-editor',
      'replace-background',
    ],
  },
  { id: 'openai', variable: 'OPENAI_API_KEY', tools: ['image-generation', 'inpainting', 'ai-photo-editor'] },
  {
    id: 'stability',
    variable: 'STABILITY_API_KEY',
    // No vector output, no style training, nothing like the photo editor's presets.
    tools: ['image-generation', 'image-to-image', 'inpainting', 'ai-eraser', 'replace-background', 'image-upscale'],
  },
  // Self-hosted: its address configures it; it runs the workflows Atelier ships.
  { id: 'comfyui', variable: 'COMFYUI_URL', tools: ['image-generation', 'image-to-image', 'inpainting'] },
] as const satisfies readonly { id: string; variable: string; tools: readonly ToolId[] }[];

export type AIProviderId = (typeof AI_PROVIDERS)[number]['id'];

/** The tools a provider serves. */
export function providerTools(id: AIProviderId): readonly ToolId[] {
  return AI_PROVIDERS.find((p) => p.id === id)?.tools ?? [];
}

/** The server variables that would each give a tool a real AI provider, in precedence order. */
export function providerVariablesFor(tool: ToolId): string[] {
  return AI_PROVIDERS.filter((p) => (p.tools as readonly ToolId[]).includes(tool)).map((p) => p.variable);
}
