import type { Config } from '../../platform/config/config.ts';
import type { Engine } from '../engine.ts';
import { RecraftEngine } from './recraft/recraft-engine.ts';

/** The AI providers whose key is set, offered to the engine registry (DESIGN.md §5). */
export function configuredProviders(providers: Config['providers']): Engine[] {
  const engines: Engine[] = [];
  if (providers.recraft) engines.push(new RecraftEngine(providers.recraft));
  return engines;
}
