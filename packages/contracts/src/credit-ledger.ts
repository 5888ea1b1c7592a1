import { z } from 'zod';

/** Entries per page of the credit ledger, by default and at most. */
export const LEDGER_PAGE_SIZE = 50;
export const LEDGER_PAGE_MAX = 100;

/** Why a balance changed: the server's ledger rows take exactly these (its CREDIT_REASONS). */
export const LEDGER_REASONS = [
  'signup',
  'run',
  'demo',
  'refund',
  'plan',
  'referral',
  'adjustment',
  'admin',
  'team',
] as const;

export const ledgerQuerySchema = z
  .object({
    /** `nextCursor` of the previous page: the id of its last entry. */
    cursor: z.uuid().optional(),
    limit: z.coerce.number().int().min(1).max(LEDGER_PAGE_MAX).default(LEDGER_PAGE_SIZE),
  })
  .strict();

export const ledgerEntrySchema = z
  .object({
    id: z.string(),
    /** Credits added (grants, refunds) or taken (negative: charges); 0 for a demo run. */
    delta: z.number().int(),
    reason: z.enum(LEDGER_REASONS),
    /** The caller's balance right after this change. */
    balanceAfter: z.number().int(),
    /** The run charged, refunded or recorded (reasons run, demo, refund). */
    runId: z.string().nullable(),
    /** The batch that run belongs to, when it does. */
    batchId: z.string().nullable(),
    /** The payment order that granted the credits (reason plan). */
    orderId: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'LedgerEntry', description: "One change of the caller's credit balance." });
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

export const ledgerResponseSchema = z
  .object({
    entries: z.array(ledgerEntrySchema),
    /** Pass as `cursor` for the next (older) page; null on the last one. */
    nextCursor: z.string().nullable(),
  })
  .meta({ id: 'CreditLedger', description: "The caller's credit changes, newest first." });
export type LedgerResponse = z.infer<typeof ledgerResponseSchema>;
