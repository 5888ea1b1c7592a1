import { type AIProviderId, providerTools, type ToolId } from '@atelier/contracts';
import type { Engine, EngineContext, EngineInput, EngineOutput } from '../engine.ts';
import type { ProviderCall } from './provider-http.ts';

/** A stage of a run's progress: the percent shown and the stage's name. */
export interface ProviderStage {
  percent: number;
  stage: string;
}

/** The stages of a synchronous call: its inputs sent, the provider at work, the answer read. */
export const PROVIDER_STAGES = {
  uploading: { percent: 10, stage: 'uploading' },
  waiting: { percent: 50, stage: 'waiting' },
  downloading: { percent: 90, stage: 'downloading' },
} as const satisfies Record<string, ProviderStage>;

/**
 * What the engines of AI providers that answer synchronously (Recraft, OpenAI) share: the
 * provider's id, the tools it serves (`providerTools` in contracts), the local engine that
 * does what is not an AI edit (the photo editor's presets), and one call with its progress
 * reported around it.
 */
export abstract class ProviderEngine implements Engine {
  readonly kind = 'provider' as const;
  private readonly tools: readonly ToolId[];

  protected constructor(
    readonly id: AIProviderId,
    protected readonly local: Engine,
  ) {
    this.tools = providerTools(id);
  }

  supports(tool: ToolId): boolean {
    return this.tools.includes(tool);
  }

  abstract run(input: EngineInput, context: EngineContext): Promise<EngineOutput[]>;

  /**
   * One call with its stages reported around it: `from` as it is sent (uploading, unless an
   * earlier step of the run already went further), waiting while the provider works, and
   * downloading once it has answered. Progress moves only with these events, never a timer.
   */
  protected async call<T>(
    context: EngineContext,
    timeoutMs: number,
    send: (call: ProviderCall) => Promise<T>,
    from: ProviderStage = PROVIDER_STAGES.uploading,
  ): Promise<T> {
    context.onProgress(from.percent, from.stage);
    const answer = send({ timeoutMs, signal: context.signal });
    context.onProgress(PROVIDER_STAGES.waiting.percent, PROVIDER_STAGES.waiting.stage);
    const result = await answer;
    context.onProgress(PROVIDER_STAGES.downloading.percent, PROVIDER_STAGES.downloading.stage);
    return result;
  }
}
