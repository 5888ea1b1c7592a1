import { TOOLS, type ToolDefinition, type ToolId, toolPaths } from '@atelier/contracts';

/** The canonical address of a tool page; its other paths (toolPaths) are aliases. */
export function toolHref(tool: Pick<ToolDefinition, 'id'>): string {
  return `/tools/${tool.id}`;
}

/** Which tool a path belongs to: any of its toolPaths, with or without a trailing slash. */
export function toolForPath(pathname: string) {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return TOOLS.find((tool) => toolPaths(tool).includes(path));
}

/**
 * How a tool page is opened with something already in it:
 * `?fromRun=<id>&output=<n>` — another run's n-th output becomes the input, sent as
 * `inputRunId` + `outputIndex` (no download, no upload); `?openRun=<id>` — a past run's inputs
 * and options are filled in again (History's "Open in tool").
 */
export type ToolPageSource =
  | { kind: 'fromRun'; runId: string; outputIndex: number }
  | { kind: 'openRun'; runId: string }
  | null;

// Run ids are UUIDs; anything else in the address is ignored rather than sent.
const RUN_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function parseToolSource(search: string): ToolPageSource {
  const query = new URLSearchParams(search);
  const from = query.get('fromRun');
  if (from && RUN_ID.test(from)) {
    const output = query.get('output') ?? '0';
    const outputIndex = /^\d{1,3}$/.test(output) ? Number(output) : 0;
    return { kind: 'fromRun', runId: from, outputIndex };
  }
  const open = query.get('openRun');
  if (open && RUN_ID.test(open)) return { kind: 'openRun', runId: open };
  return null;
}

export const continueHref = (tool: ToolId, runId: string, outputIndex: number) =>
  `${toolHref({ id: tool })}?fromRun=${encodeURIComponent(runId)}&output=${outputIndex}`;
export const openRunHref = (tool: ToolId, runId: string) =>
  `${toolHref({ id: tool })}?openRun=${encodeURIComponent(runId)}`;
