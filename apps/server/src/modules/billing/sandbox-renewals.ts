import type { Database } from '../../platform/db/database.ts';
import type { SubscriptionRow } from '../../platform/db/schema/index.ts';
import type { Logger } from '../../platform/logging/logger.ts';
import { applyProviderEvent } from './apply-payment-facts.ts';
import type { SandboxProvider } from './providers/sandbox-provider.ts';
import { listDueSandboxSubscriptions, lockProfile, lockSubscriptionByProviderId } from './repo.ts';

/** Due subscriptions taken per query; a sweep repeats the query until none is left. */
const BATCH = 50;

export interface SandboxRenewalResult {
  /** Periods charged and granted (a subscription several periods behind counts each one). */
  renewed: number;
  /** Subscriptions that reached the end of a period they were set to cancel at. */
  ended: number;
  /** Subscriptions left for the next sweep after an error (logged). */
  failed: number;
}

const isDue = (row: SubscriptionRow, now: Date): row is SubscriptionRow & { currentPeriodEnd: Date } =>
  row.provider === 'sandbox' &&
  (row.status === 'active' || row.status === 'past_due') &&
  row.currentPeriodEnd !== null &&
  row.currentPeriodEnd <= now;

/**
 * The sandbox's billing clock (ADR 0006, addendum): what Stripe does at the end of a period,
 * done for every sandbox subscription whose period ended at or before `now`. Each period is
 * one transaction that locks the profile and the subscription row, checks that the period is
 * still due, has the sandbox produce its signed event for it (a renewal invoice, or the
 * deletion of a subscription set to cancel), verifies it and applies it through
 * applyProviderEvent — the path of a Stripe webhook. A subscription several periods behind
 * (the server was off) is caught up one period at a time. Two processes sweeping at once
 * queue on the row lock, and the second finds the period already moved on; the event id,
 * the invoice id (unique order) and the ledger key `invoice:<id>` are derived from the
 * subscription and the period, so even a replayed event grants nothing twice.
 */
export async function renewSandboxSubscriptions(
  deps: { db: Database; sandbox: SandboxProvider; log: Logger },
  now: Date = new Date(),
): Promise<SandboxRenewalResult> {
  const { db, sandbox, log } = deps;
  const result: SandboxRenewalResult = { renewed: 0, ended: 0, failed: 0 };
  const failed: string[] = [];
  const anchors = new Map<string, Date | null>();
  for (;;) {
    const due = await listDueSandboxSubscriptions(db, now, { limit: BATCH, skip: failed });
    if (!due.length) break;
    let progressed = 0;
    for (const listed of due) {
      const id = listed.providerSubscriptionId;
      try {
        // Read before the transaction: PGlite has a single connection, so a query on the pool
        // from inside an open transaction would wait for that transaction forever.
        if (!anchors.has(id)) anchors.set(id, await sandbox.subscriptionAnchor(id));
        const outcome = await db.transaction(async (tx) => {
          await lockProfile(tx, listed.userId);
          const row = await lockSubscriptionByProviderId(tx, id);
          if (!row || !isDue(row, now)) return null;
          const signed = sandbox.periodEndEvent(
            {
              id,
              customerId: row.providerCustomerId,
              status: row.status,
              plan: row.plan,
              cycle: row.billingCycle,
              currency: row.currency,
              currentPeriodEnd: row.currentPeriodEnd,
              cancelAtPeriodEnd: row.cancelAtPeriodEnd,
            },
            anchors.get(id) ?? null,
          );
          const event = await sandbox.parseEvent(signed.rawBody, signed.signature);
          const applied = await applyProviderEvent({ tx, provider: 'sandbox', log }, event);
          return applied ? (row.cancelAtPeriodEnd ? 'ended' : 'renewed') : null;
        });
        if (outcome) {
          result[outcome]++;
          progressed++;
        }
      } catch (err) {
        failed.push(id);
        result.failed++;
        log.error(
          { subscriptionId: id, err: { name: (err as Error).name, message: (err as Error).message } },
          'billing: sandbox renewal failed; will retry',
        );
      }
    }
    // Nothing moved (another process got there first, or every row failed): stop rather than
    // list the same rows again; the next sweep looks afresh.
    if (!progressed) break;
  }
  if (result.renewed || result.ended) log.info(result, 'billing: sandbox subscriptions renewed or ended');
  return result;
}
