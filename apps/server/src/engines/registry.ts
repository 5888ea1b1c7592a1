import type { EngineKind, ToolId } from '@atelier/contracts';
import { TOOL_IDS } from '@atelier/contracts';
import { ConfigError } from '../platform/config/config.ts';
import { engineEnvName } from '../platform/config/run-pipeline-config.ts';
import { DemoEngine } from './demo/demo-engine.ts';
import type { Engine } from './engine.ts';
import { LocalEngine } from './local/local-engine.ts';

/** What serves a tool now, as `GET /api/tools` shows it. */
export interface EngineChoice {
  id: string;
  kind: EngineKind;
}

/** Background removal runs in the browser (onnxruntime-web); the server never sees the image. */
export const BROWSER_ENGINE: EngineChoice = { id: 'browser', kind: 'client' };
const CLIENT_SIDE_TOOLS: readonly ToolId[] = ['background-removal'];

export interface EngineRegistry {
  /** The engine that runs this tool on the server; undefined for tools run in the browser. */
  engineFor(tool: ToolId): Engine | undefined;
  choiceFor(tool: ToolId): EngineChoice;
  byId(id: string): Engine | undefined;
}

const RANK: Record<Engine['kind'], number> = { provider: 0, local: 1, demo: 2 };

/**
 * Per tool: the engine named by ENGINE_<TOOL>, else the first configured provider that
 * supports it, else the local default, else the demo engine. `available` holds
 * the engines that are configured on this machine (providers only when their key is set).
 */
export function createEngineRegistry(
  configured: Partial<Record<ToolId, string>>,
  available: readonly Engine[] = [],
  /** The local engine as this process runs it (on the engine pool where it works on runs). */
  local: Engine = new LocalEngine(),
): EngineRegistry {
  // The embedded engines are always there: local (offline models) and demo, unless replaced.
  const defaults = [local, new DemoEngine()].filter((d) => !available.some((e) => e.id === d.id));
  const engines = [...available, ...defaults];
  const byId = new Map(engines.map((e) => [e.id, e]));
  const problems: string[] = [];
  const chosen = new Map<ToolId, Engine>();
  for (const tool of TOOL_IDS) {
    const wanted = configured[tool];
    if (CLIENT_SIDE_TOOLS.includes(tool)) {
      if (wanted) problems.push(`${engineEnvName(tool)}: ${tool} runs in the browser; no server engine serves it`);
      continue;
    }
    if (wanted) {
      const engine = byId.get(wanted);
      if (!engine?.supports(tool)) {
        problems.push(`${engineEnvName(tool)}: no configured engine "${wanted}" serves ${tool}`);
        continue;
      }
      chosen.set(tool, engine);
      continue;
    }
    const candidates = engines.filter((e) => e.supports(tool)).sort((a, b) => RANK[a.kind] - RANK[b.kind]);
    if (candidates[0]) chosen.set(tool, candidates[0]);
  }
  if (problems.length) throw new ConfigError(problems);

  return {
    engineFor: (tool) => chosen.get(tool),
    choiceFor: (tool) => {
      const engine = chosen.get(tool);
      return engine ? { id: engine.id, kind: engine.kind } : BROWSER_ENGINE;
    },
    byId: (id) => byId.get(id),
  };
}
