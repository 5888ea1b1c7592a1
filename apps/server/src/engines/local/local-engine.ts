import { type BackgroundKind, LOCAL_ENGINE_ID, runsOnDemo, type ToolId, type ToolOptions } from '@atelier/contracts';
import { DemoEngine } from '../demo/demo-engine.ts';
import type { Engine, EngineContext, EngineInput, EngineOutput } from '../engine.ts';
import { runLocalTool } from './local-tools.ts';
import type { EnginePool } from './pool/engine-pool.ts';

/** The tools with an embedded default, offline and with no provider; the rest need a provider or the demo. */
export const LOCAL_TOOLS: readonly ToolId[] = [
  'ai-eraser',
  'image-upscale',
  'vectorization',
  'ai-photo-editor',
  'inpainting',
  'replace-background',
];

/** What the local engine hands to the demo engine: no offline model can do these. */
const LOCAL_DEMO_OPTIONS: Partial<Record<ToolId, Record<string, readonly string[]>>> = {
  'image-upscale': { upscaleType: ['creative'] },
  'ai-photo-editor': { editType: ['custom'] satisfies ToolOptions<'ai-photo-editor'>['editType'][] },
  // A background generated from a prompt needs a provider; colours, blurs and uploads do not.
  'replace-background': { background: ['prompt'] satisfies BackgroundKind[] },
};

/**
 * The engines that run on Atelier's own CPU from what npm ships, fully offline: ISNet
 * segmentation (eraser, replace-background), ESRGAN ×2 (crisp upscale), vtracer
 * (vectorization), libvips presets (photo editor) and OpenCV inpainting. Models load on first
 * use and stay warm. Option values with no local model — creative upscale, custom photo edits —
 * go to the demo engine, whose output is marked as such.
 */
export class LocalEngine implements Engine {
  readonly id = LOCAL_ENGINE_ID;
  readonly kind = 'local' as const;

  /**
   * `pool` runs the models in the engine pool's processes (every process that works on runs);
   * without one they run on the calling thread (unit tests, benchmarks of the models alone).
   */
  constructor(options: { pool?: EnginePool; fallback?: Engine } = {}) {
    this.pool = options.pool;
    this.fallback = options.fallback ?? new DemoEngine();
  }

  private readonly pool: EnginePool | undefined;
  private readonly fallback: Engine;

  supports(tool: ToolId): boolean {
    return LOCAL_TOOLS.includes(tool);
  }

  /** The OpenCV fill repaints from the surroundings: an inpainting prompt means nothing to it. */
  ignoredOptions(tool: ToolId): readonly string[] {
    return tool === 'inpainting' ? ['prompt'] : [];
  }

  demoOptions(tool: ToolId): Record<string, readonly string[]> {
    return LOCAL_DEMO_OPTIONS[tool] ?? {};
  }

  async run(input: EngineInput, context: EngineContext): Promise<EngineOutput[]> {
    if (this.handsToDemo(input)) return this.fallback.run(input, context);
    return this.pool ? this.pool.runTool(input, context) : runLocalTool(input, context);
  }

  /** Option values no local model covers (LOCAL_DEMO_OPTIONS) go to the demo engine. */
  private handsToDemo({ tool, options }: EngineInput): boolean {
    return runsOnDemo({ kind: this.kind, demoOptions: LOCAL_DEMO_OPTIONS[tool] }, options);
  }
}
