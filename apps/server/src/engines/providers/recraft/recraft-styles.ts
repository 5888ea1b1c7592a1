import type { ToolOptions } from '@atelier/contracts';

/** The Recraft V3 style family that draws vectors (SVG output). */
export const VECTOR_STYLE = 'vector_illustration';

type VectorOptions = ToolOptions<'vector-generation'>;
type Rgb = [number, number, number];

/** A Recraft `controls` object (openapi `UserControls`). */
export interface RecraftControls {
  colors?: { rgb: Rgb }[];
  background_color?: { rgb: Rgb };
}

/**
 * How the vector-generation spec's options become a Recraft request. Recraft has no such options,
 * so each goes where Recraft listens best:
 * - style → a V3 `vector_illustration` substyle where one matches, plus words in the prompt;
 * - colours → a palette in `controls.colors` (and a dark `background_color` for "dark"); a gradient
 *   is not a palette, so it is asked for in words only;
 * - complexity → words only: Recraft's only related control, `artistic_level`, is about artistic
 *   freedom, not the number of shapes.
 */
const VECTOR_STYLE_MAP: Record<VectorOptions['style'], { substyle?: string; words: string }> = {
  flat: { substyle: 'roundish_flat', words: 'flat design' },
  minimalist: { substyle: 'thin', words: 'minimalist, generous negative space' },
  geometric: { substyle: 'segmented_colors', words: 'geometric shapes' },
  line_art: { substyle: 'line_art', words: 'line art' },
  // Logos are a raster family (logo_raster) at Recraft: a vector logo is asked for in words.
  logo: { words: 'logo, emblem, centered on a plain background' },
};

const VECTOR_COLOR_MAP: Record<VectorOptions['colors'], { controls: RecraftControls; words: string }> = {
  vibrant: {
    controls: {
      colors: [{ rgb: [230, 57, 70] }, { rgb: [255, 183, 3] }, { rgb: [42, 157, 143] }, { rgb: [38, 70, 255] }],
    },
    words: 'vibrant saturated colours',
  },
  pastel: {
    controls: {
      colors: [{ rgb: [255, 209, 220] }, { rgb: [204, 236, 239] }, { rgb: [255, 241, 196] }, { rgb: [214, 204, 255] }],
    },
    words: 'soft pastel colours',
  },
  monochrome: {
    controls: { colors: [{ rgb: [20, 20, 20] }, { rgb: [120, 120, 120] }, { rgb: [235, 235, 235] }] },
    words: 'monochrome',
  },
  gradient: { controls: {}, words: 'smooth colour gradients' },
  dark: {
    controls: { background_color: { rgb: [18, 18, 28] } },
    words: 'dark colour scheme on a dark background',
  },
};

const VECTOR_COMPLEXITY_WORDS: Record<VectorOptions['complexity'], string> = {
  simple: 'simple, few shapes, bold clean outlines',
  medium: 'moderate detail',
  detailed: 'highly detailed, many intricate shapes',
};

export function vectorRequest(o: VectorOptions) {
  const style = VECTOR_STYLE_MAP[o.style];
  const colors = VECTOR_COLOR_MAP[o.colors];
  const prompt = [o.prompt, style.words, colors.words, VECTOR_COMPLEXITY_WORDS[o.complexity]].join(', ');
  return { prompt, style: VECTOR_STYLE, substyle: style.substyle, controls: colors.controls };
}

/**
 * Style creation's base styles as Recraft base styles: photography is Recraft's realistic family,
 * the others its illustration family, told apart by words in the prompt.
 */
const STYLE_BASE_MAP: Record<ToolOptions<'style-creation'>['style'], { style: string; words?: string }> = {
  photography: { style: 'realistic_image' },
  painting: { style: 'digital_illustration', words: 'painting, visible brush strokes' },
  illustration: { style: 'digital_illustration' },
  digital_art: { style: 'digital_illustration', words: 'digital art' },
  abstract: { style: 'digital_illustration', words: 'abstract art' },
};

export function styleBaseOf(base: ToolOptions<'style-creation'>['style']) {
  return STYLE_BASE_MAP[base];
}

export function withWords(prompt: string, words: string | undefined): string {
  return words ? `${prompt}, ${words}` : prompt;
}
