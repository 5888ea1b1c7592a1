import type { Config } from '../../platform/config/config.ts';
import type { Engine } from '../engine.ts';
import { ComfyUIEngine } from './comfyui/comfyui-engine.ts';
import { OpenAIEngine } from './openai/openai-engine.ts';
import { RecraftEngine } from './recraft/recraft-engine.ts';
import { StabilityEngine } from './stability/stability-engine.ts';

/**
 * The AI providers that are configured, offered to the engine registry (which prefers them) in this
 * order: with no ENGINE_<TOOL>, the first one that supports a tool serves it. `local` is the
 * local engine they hand work to.
 */
export function configuredProviders(providers: Config['providers'], local: Engine): Engine[] {
  const engines: Engine[] = [];
  // Recraft and OpenAI leave the photo editor's presets to the local engine.
  if (providers.recraft) engines.push(new RecraftEngine(providers.recraft, local));
  if (providers.openai) engines.push(new OpenAIEngine(providers.openai, local));
  if (providers.stability) engines.push(new StabilityEngine(providers.stability));
  if (providers.comfyui) engines.push(new ComfyUIEngine(providers.comfyui));
  return engines;
}
