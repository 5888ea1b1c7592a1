import type { ToolId, ToolInfo } from '@atelier/contracts';
import { useQuery } from '@tanstack/react-query';
import { TOOL_CATALOGUE_QUERY_KEY, toolsApi } from './tools-api.ts';

/** The catalogue changes only when the server's configuration does. */
export function useToolCatalogue() {
  return useQuery({ queryKey: TOOL_CATALOGUE_QUERY_KEY, queryFn: toolsApi.catalogue, staleTime: 5 * 60_000 });
}

/** What the server says about one tool (engine, cost); undefined while it loads. */
export function useToolInfo(id: ToolId): ToolInfo | undefined {
  return useToolCatalogue().data?.tools.find((tool) => tool.id === id);
}
