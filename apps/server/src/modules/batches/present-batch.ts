import type { Batch } from '@atelier/contracts';
import type { BatchRow, RunRow } from '../../platform/db/schema/index.ts';
import { presentRun } from '../runs/present-run.ts';

/** The API view of a batch: its runs in order, counted by status; completed when none is left to end. */
export function presentBatch(batch: BatchRow, rows: RunRow[], publicUrl: string): Batch {
  const counts = { queued: 0, running: 0, succeeded: 0, failed: 0 };
  for (const row of rows) counts[row.status]++;
  return {
    id: batch.id,
    tool: batch.tool,
    status: counts.queued + counts.running === 0 ? 'completed' : 'running',
    counts,
    runs: rows.map((row) => presentRun(row, publicUrl)),
    createdAt: batch.createdAt.toISOString(),
  };
}
