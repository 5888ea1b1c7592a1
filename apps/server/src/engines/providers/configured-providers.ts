import type { Config } from '../../platform/config/config.ts';
import type { Engine } from '../engine.ts';
import { OpenAIEngine } from './openai/openai-engine.ts';
import { RecraftEngine } from './recraft/recraft-engine.ts';

/** The AI providers whose key is set, offered to the engine registry (DESIGN.md §5). */
export function configuredProviders(providers: Config['providers']): Engine[] {
  const engines: Engine[] = [];
  if (providers.recraft) engines.push(new RecraftEngine(providers.recraft));
  if (providers.openai) engines.push(new OpenAIEngine(providers.openai));
  return engines;
}
