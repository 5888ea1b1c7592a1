import { type LedgerEntry, ledgerQuerySchema, ledgerResponseSchema } from '@atelier/contracts';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database.ts';
import { creditLedger, runs } from '../../platform/db/schema/index.ts';
import { apiRoute } from '../../platform/http/api-route.ts';
import { createApiRouter } from '../../platform/http/api-router.ts';
import { jsonContent } from '../../platform/http/json-content.ts';
import { requireUser } from '../auth/require-user.ts';

const RUN_REASONS = new Set(['run', 'demo', 'refund']);

const getCreditLedger = apiRoute({
  method: 'get',
  path: '/credits/ledger',
  operationId: 'getCreditLedger',
  tag: 'billing',
  access: 'user',
  apiKey: true,
  summary: "The caller's credit ledger: every change of the balance, newest first, with the balance after it",
  middleware: [requireUser] as const,
  request: { query: ledgerQuerySchema },
  responses: { 200: jsonContent(ledgerResponseSchema, 'A page of entries and the cursor of the next') },
});

/**
 * The caller's own balance changes (not a team pool's), newest first, paged by the id of the
 * last entry seen: (created_at, id) orders them, so a page never repeats or skips an entry even
 * when rows share a timestamp.
 */
export function ledgerRoutes(db: Database) {
  return createApiRouter().openapi(getCreditLedger, async (c) => {
    const { cursor, limit } = c.req.valid('query');
    const userId = c.var.user.id;
    const after = cursor
      ? sql`(${creditLedger.createdAt}, ${creditLedger.id}) < (SELECT created_at, id FROM credit_ledger WHERE id = ${cursor} AND user_id = ${userId})`
      : undefined;
    const rows = await db
      .select({ entry: creditLedger, batchId: runs.batchId })
      .from(creditLedger)
      .leftJoin(runs, sql`${runs.id}::text = ${creditLedger.reference}`)
      .where(and(eq(creditLedger.userId, userId), isNull(creditLedger.teamId), after))
      .orderBy(desc(creditLedger.createdAt), desc(creditLedger.id))
      .limit(limit + 1);
    const entries: LedgerEntry[] = rows.slice(0, limit).map(({ entry, batchId }) => ({
      id: entry.id,
      delta: entry.amount,
      reason: entry.reason,
      balanceAfter: entry.balanceAfter,
      runId: RUN_REASONS.has(entry.reason) ? entry.reference : null,
      batchId: batchId ?? null,
      orderId: entry.reason === 'plan' ? entry.reference : null,
      createdAt: entry.createdAt.toISOString(),
    }));
    const nextCursor = rows.length > limit ? (entries.at(-1)?.id ?? null) : null;
    return c.json({ entries, nextCursor }, 200);
  });
}
