import type { Config } from '@neplex/vectorizer';
import { sanitizeSvg } from '../../../platform/images/sanitize-svg.ts';
import type { EngineContext, EngineImage } from '../../engine.ts';
import { EngineError } from '../../engine.ts';
import { decodeUpright } from '../image-io.ts';

/**
 * vtracer's own defaults for colour images (stacked layers, splines), which suit both logos
 * and photos. `pathPrecision` 1 keeps the file small without visible loss at pixel scale.
 */
const TRACE_CONFIG: Config = {
  colorMode: 0, // ColorMode.Color — enum values written out: the module is imported lazily
  hierarchical: 0, // Hierarchical.Stacked
  filterSpeckle: 4,
  colorPrecision: 6,
  layerDifference: 16,
  mode: 2, // PathSimplifyMode.Spline
  cornerThreshold: 60,
  lengthThreshold: 4,
  maxIterations: 10,
  spliceThreshold: 45,
  pathPrecision: 1,
};

/**
 * Colour tracing to SVG with vtracer (the native `@neplex/vectorizer` addon: about 2.5× faster
 * than its wasm build when they were compared). The tracer's output is sanitized like any SVG we store.
 */
export async function traceToSvg(source: EngineImage, { onProgress, signal }: EngineContext): Promise<EngineImage> {
  onProgress(10, 'decoding');
  const { data, info } = await decodeUpright(source).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  signal.throwIfAborted();
  onProgress(25, 'tracing');
  // Imported on first use, like every native engine, so the web process does not load it.
  const { vectorizeRaw } = await import('@neplex/vectorizer');
  const raw = await vectorizeRaw(data, { width: info.width, height: info.height }, TRACE_CONFIG, signal);
  onProgress(85, 'sanitizing');
  let svg: string;
  try {
    svg = sanitizeSvg(raw);
  } catch {
    throw new EngineError('INTERNAL', 'The tracer produced no SVG');
  }
  return { data: Buffer.from(svg), mediaType: 'image/svg+xml', width: info.width, height: info.height };
}
