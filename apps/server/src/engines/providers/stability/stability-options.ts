import type { Style } from '@atelier/contracts';

/** Stability's `aspect_ratio` values, from its API reference; text-to-image only. */
export const STABILITY_ASPECT_RATIOS = ['21:9', '16:9', '3:2', '5:4', '1:1', '4:5', '2:3', '9:16', '9:21'] as const;
export type StabilityAspectRatio = (typeof STABILITY_ASPECT_RATIOS)[number];

const logRatio = (w: number, h: number) => Math.log(w / h);

/**
 * Stability takes an aspect ratio, not a size: Atelier's `WxH` is mapped to the ratio nearest by
 * |log(w/h)|, so that 1024x1024 → 1:1, 1280x1024 and 1365x1024 → 5:4, 1434x1024 and
 * 1536x1024 → 3:2, 1707x1024, 1820x1024 and 2048x1024 → 16:9 (2.0 is nearer 16:9 than 21:9), and
 * their portrait twins to 4:5, 2:3 and 9:16. The image comes back at Stability's own size.
 */
export function stabilityAspectRatioFor(size: string): StabilityAspectRatio {
  const [w, h] = size.split('x').map(Number) as [number, number];
  const wanted = logRatio(w, h);
  const distance = (r: StabilityAspectRatio) => {
    const [rw, rh] = r.split(':').map(Number) as [number, number];
    return Math.abs(logRatio(rw, rh) - wanted);
  };
  return STABILITY_ASPECT_RATIOS.reduce((best, r) => (distance(r) < distance(best) ? r : best));
}

/** Stability's `style_preset` values, from its API reference. */
export const STABILITY_STYLE_PRESETS = [
  'enhance',
  'anime',
  'photographic',
  'digital-art',
  'comic-book',
  'fantasy-art',
  'line-art',
  'analog-film',
  'neon-punk',
  'isometric',
  'low-poly',
  'origami',
  'modeling-compound',
  'cinematic',
  '3d-model',
  'pixel-art',
  'tile-texture',
] as const;
export type StabilityStylePreset = (typeof STABILITY_STYLE_PRESETS)[number];

/**
 * Atelier's styles are Recraft's families. Two have a Stability preset of the same look; Stability
 * has no vector family, so a vector illustration is asked for in words (the output stays raster).
 */
const BASE_STYLES: Record<Style, { preset?: StabilityStylePreset; words?: string }> = {
  realistic_image: { preset: 'photographic' },
  digital_illustration: { preset: 'digital-art' },
  vector_illustration: { words: 'flat vector illustration, clean shapes' },
};

/** Substyles that one of Stability's presets draws; every other substyle is told in words. */
const SUBSTYLE_PRESETS: Partial<Record<string, StabilityStylePreset>> = {
  faded_nostalgia: 'analog-film',
  retro_snapshot: 'analog-film',
  urban_drama: 'cinematic',
  bold_fantasy: 'fantasy-art',
  hard_comics: 'comic-book',
  handmade_3d: '3d-model',
  plastic: 'modeling-compound',
  neon_calm: 'neon-punk',
  pixel_art: 'pixel-art',
  line_art: 'line-art',
};

/** Names that do not read as words once their underscores are spaces. */
const SUBSTYLE_WORDS: Partial<Record<string, string>> = { b_and_w: 'black and white' };

/** A substyle's name as words: `evening_light` → "evening light", `2d_art_poster_2` → "2d art poster". */
const wordsOf = (substyle: string) => SUBSTYLE_WORDS[substyle] ?? substyle.replace(/_\d+$/, '').replaceAll('_', ' ');

/** A preset as words, for the endpoints that take no `style_preset`: `comic-book` → "comic book". */
const presetWords = (preset: StabilityStylePreset) => preset.replaceAll('-', ' ');

export interface StabilityStyle {
  /** For endpoints with `style_preset` (generate/core). */
  preset?: StabilityStylePreset;
  /** What the preset does not say, to add to the prompt. */
  words?: string;
}

/** Atelier's style and substyle as a preset plus words, for endpoints that take `style_preset`. */
export function stabilityStyleOf(style: Style, substyle: string | undefined): StabilityStyle {
  const base = BASE_STYLES[style];
  const own = substyle ? SUBSTYLE_PRESETS[substyle] : undefined;
  const preset = own ?? base.preset;
  const words = [substyle && !own ? wordsOf(substyle) : undefined, preset ? undefined : base.words]
    .filter(Boolean)
    .join(', ');
  return { preset, words: words || undefined };
}

/** The same style all in words, for endpoints without `style_preset` (sd3, replace-background). */
export function stabilityStyleWords(style: Style, substyle: string | undefined): string | undefined {
  const { preset, words } = stabilityStyleOf(style, substyle);
  return [preset && presetWords(preset), words].filter(Boolean).join(', ') || undefined;
}
