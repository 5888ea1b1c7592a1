import fs from 'node:fs';
import path from 'node:path';
import { count } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { expect } from 'vitest';
import {
  adminAuditLog,
  apiKeys,
  artworks,
  authUsers,
  creditLedger,
  invitationCodeRedemptions,
  orders,
  profiles,
  runs,
} from '../../src/platform/db/schema/index.ts';
import type { TestRuntime } from '../support/test-runtime.ts';

/** What a refused request must not have changed: rows of what it could create or charge, and stored files. */
const TABLES: Record<string, PgTable> = {
  authUsers,
  profiles,
  runs,
  creditLedger,
  apiKeys,
  artworks,
  invitationCodeRedemptions,
  orders,
  adminAuditLog,
};

function filesUnder(folder: string): number {
  if (!fs.existsSync(folder)) return 0;
  return fs.readdirSync(folder, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length;
}

/** The counts a refused request is compared by: rows per table (credits are ledger rows) and files stored. */
export async function holdings(rt: TestRuntime): Promise<Record<string, number>> {
  const rows = await Promise.all(
    Object.entries(TABLES).map(async ([name, table]) => {
      const [row] = await rt.database.db.select({ n: count() }).from(table);
      return [name, Number(row?.n ?? 0)] as const;
    }),
  );
  return { ...Object.fromEntries(rows), files: filesUnder(path.join(rt.dataDir, 'files')) };
}

/**
 * Sends a request that must be refused, and checks that it was, with `status` and `code` (and
 * the field's problem, when given), and that it lost nothing: no row, no credit, no file.
 */
export async function expectRefusedLosingNothing(
  rt: TestRuntime,
  send: () => Promise<Response>,
  expected: { status: number; code: string; field?: string; problem?: string },
): Promise<void> {
  const before = await holdings(rt);
  const res = await send();
  const body = (await res.json()) as { error: { code: string; issues?: { field: string; problem: string }[] } };
  expect({ status: res.status, code: body.error.code }).toEqual({ status: expected.status, code: expected.code });
  if (expected.field) {
    expect(body.error.issues).toContainEqual(
      expect.objectContaining({ field: expected.field, problem: expected.problem ?? 'invalid_characters' }),
    );
  }
  expect(await holdings(rt)).toEqual(before);
}
