import { API_V1_PREFIX, type Run } from '@atelier/contracts';
import type { RunRow } from '../../platform/db/schema/index.ts';

/**
 * The absolute URL a run's stored file is served at, under the versioned API on PUBLIC_URL
 * (modules/files checks who may read it): a script or a webhook receiver can fetch it as it is.
 */
export const runFileUrl = (publicUrl: string, key: string) => `${publicUrl}${API_V1_PREFIX}/files/${key}`;

/** The API view of a run: files as absolute Atelier URLs, no storage internals, leases or attempts. */
export function presentRun(row: RunRow, publicUrl: string): Run {
  return {
    id: row.id,
    tool: row.tool,
    status: row.status,
    progress: row.progress,
    credits: row.credits,
    refunded: row.refunded,
    options: row.options,
    outputs: row.outputs.map((o) => ({
      url: runFileUrl(publicUrl, o.key),
      mediaType: o.mediaType,
      width: o.width,
      height: o.height,
    })),
    inputs: row.inputFiles.map((i) => ({
      field: i.field,
      url: runFileUrl(publicUrl, i.key),
      mediaType: i.mediaType,
      width: i.width,
      height: i.height,
      name: i.name,
    })),
    batchId: row.batchId ?? null,
    teamId: row.teamId ?? null,
    source: row.source ?? null,
    error: row.error ?? null,
    engine: row.engine,
    clientSide: row.clientSide,
    overtook: row.overtook,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}
