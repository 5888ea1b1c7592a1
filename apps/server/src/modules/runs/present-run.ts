import type { Run } from '@atelier/contracts';
import type { RunRow } from '../../platform/db/schema/index.ts';

/** The URL a stored file is served at (modules/files checks who may read it). */
export const fileUrl = (key: string) => `/files/${key}`;

/** The API view of a run: outputs as Atelier URLs, no storage internals, leases or attempts. */
export function presentRun(row: RunRow): Run {
  return {
    id: row.id,
    tool: row.tool,
    status: row.status,
    progress: row.progress,
    credits: row.credits,
    refunded: row.refunded,
    options: row.options,
    outputs: row.outputs.map((o) => ({
      url: fileUrl(o.key),
      mediaType: o.mediaType,
      width: o.width,
      height: o.height,
    })),
    inputs: row.inputFiles.map((i) => ({
      field: i.field,
      url: fileUrl(i.key),
      mediaType: i.mediaType,
      width: i.width,
      height: i.height,
      name: i.name,
    })),
    batchId: row.batchId ?? null,
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
