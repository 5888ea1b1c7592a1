import type { ToolDefinition } from '@atelier/contracts';

/** The canonical address of a tool page; its other paths (toolPaths) are aliases. */
export function toolHref(tool: Pick<ToolDefinition, 'id'>): string {
  return `/tools/${tool.id}`;
}
