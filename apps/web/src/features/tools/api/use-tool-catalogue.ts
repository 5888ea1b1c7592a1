import { runsOnDemo, type ToolId, type ToolInfo } from '@atelier/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { TOOL_CATALOGUE_QUERY_KEY, toolsApi } from './tools-api.ts';

/** The catalogue changes only when the server's configuration does. */
export const CATALOGUE_STALE_MS = 5 * 60_000;

/** The tools, their engines and costs (the server sends it with a tool page's shell). */
export const toolCatalogueQuery = queryOptions({
  queryKey: TOOL_CATALOGUE_QUERY_KEY,
  queryFn: toolsApi.catalogue,
  staleTime: CATALOGUE_STALE_MS,
});

export function useToolCatalogue() {
  return useQuery(toolCatalogueQuery);
}

/** What the server says about one tool (engine, cost); undefined while it loads. */
export function useToolInfo(id: ToolId): ToolInfo | undefined {
  return useToolCatalogue().data?.tools.find((tool) => tool.id === id);
}

/**
 * The tools every run of which the demo engine makes (no provider, no local model on this
 * server): the home cards, the tools index and the menus mark them. Empty while the catalogue loads.
 */
export function useDemoTools(): ReadonlySet<ToolId> {
  const tools = useToolCatalogue().data?.tools;
  return useMemo(() => new Set(tools?.filter((tool) => tool.engine.kind === 'demo').map((tool) => tool.id)), [tools]);
}

/** Whether a run with these options falls to the demo engine, and so is free (as the server charges it). */
export function runIsDemo(info: ToolInfo | undefined, options: Readonly<Record<string, unknown>>): boolean {
  return !!info && runsOnDemo({ kind: info.engine.kind, demoOptions: info.demoOptions }, options);
}
