import type { ToolId, ToolInfo } from '@atelier/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
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
