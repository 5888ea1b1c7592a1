import { AI_PROVIDERS, type ErrorCode, type ToolId } from '@atelier/contracts';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/*
 * Every Prometheus metric of Atelier, defined once per process (docs/operations.md says what
 * each means). Modules record through the helpers below; the metrics listener
 * (metrics-server.ts) serves them on METRICS_PORT only, never on the public port. Labels are
 * bounded sets — route patterns, tool ids, engine ids, error codes — never ids or raw URLs.
 */

export const metricsRegistry = new Registry();
// The library's process metrics: CPU, memory, heap, event-loop lag, handles, GC.
collectDefaultMetrics({ register: metricsRegistry });

export const httpRequests = new Counter({
  name: 'atelier_http_requests_total',
  help: 'HTTP requests answered, by method, route pattern and status code',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [metricsRegistry],
});

export const httpRequestDuration = new Histogram({
  name: 'atelier_http_request_duration_seconds',
  help: 'Time to answer an HTTP request (until the response starts), by method and route pattern',
  labelNames: ['method', 'route'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

const runLabels = ['tool', 'engine'] as const;

const runsStarted = new Counter({
  name: 'atelier_runs_started_total',
  help: 'Tool runs created (and charged), by tool and engine',
  labelNames: runLabels,
  registers: [metricsRegistry],
});

const runsSucceeded = new Counter({
  name: 'atelier_runs_succeeded_total',
  help: 'Tool runs that ended with their result, by tool and engine',
  labelNames: runLabels,
  registers: [metricsRegistry],
});

const runsFailed = new Counter({
  name: 'atelier_runs_failed_total',
  help: 'Tool runs that failed, by tool, engine and error code',
  labelNames: [...runLabels, 'code'] as const,
  registers: [metricsRegistry],
});

const runsRefunded = new Counter({
  name: 'atelier_runs_refunded_total',
  help: 'Tool runs whose credits were given back, by tool, engine and source (automatic on failure, or admin)',
  labelNames: [...runLabels, 'source'] as const,
  registers: [metricsRegistry],
});

const runDuration = new Histogram({
  name: 'atelier_run_duration_seconds',
  help: 'From creation to end of a server-side run (time in the queue included), by tool, engine and outcome',
  labelNames: [...runLabels, 'outcome'] as const,
  buckets: [0.5, 1, 2, 5, 10, 20, 30, 60, 120, 300, 600],
  registers: [metricsRegistry],
});

const providerErrors = new Counter({
  name: 'atelier_provider_errors_total',
  help: 'Runs an AI provider failed, by provider and error code',
  labelNames: ['provider', 'code'] as const,
  registers: [metricsRegistry],
});

const creditsCharged = new Counter({
  name: 'atelier_credits_charged_total',
  help: 'Credits taken from balances, by ledger reason (run, admin)',
  labelNames: ['reason'] as const,
  registers: [metricsRegistry],
});

const creditsGranted = new Counter({
  name: 'atelier_credits_granted_total',
  help: 'Credits added to balances, by ledger reason (signup, plan, referral, refund, admin …)',
  labelNames: ['reason'] as const,
  registers: [metricsRegistry],
});

const paymentsApplied = new Counter({
  name: 'atelier_payments_applied_total',
  help: 'Verified payments turned into plans and credits, by provider and kind (checkout, invoice)',
  labelNames: ['provider', 'kind'] as const,
  registers: [metricsRegistry],
});

// Webhook deliveries (automation) belong here once they exist:
// atelier_webhook_deliveries_total{outcome="delivered"|"failed"|"gave_up"} and a delivery
// duration histogram, recorded by the delivery worker like the run counters below.

/** Where atelier_runs_in_progress is read from at scrape time (runs-gauge.ts sets it). */
type RunsInProgressSource = () => Promise<ReadonlyMap<string, number> | undefined>;
let runsInProgressSource: RunsInProgressSource | undefined;

/** Makes `source` the one the gauge reads; the returned function unsets it again. */
export function setRunsInProgressSource(source: RunsInProgressSource): () => void {
  runsInProgressSource = source;
  return () => {
    if (runsInProgressSource === source) runsInProgressSource = undefined;
  };
}

export const runsInProgress = new Gauge({
  name: 'atelier_runs_in_progress',
  help: 'Runs waiting in the queue (status="queued") or being worked on (status="running"), all processes together',
  labelNames: ['status'] as const,
  registers: [metricsRegistry],
  async collect() {
    this.reset();
    // No source or no answer: no series, which says "unknown" rather than "zero runs".
    const counts = await runsInProgressSource?.();
    if (!counts) return;
    for (const status of ['queued', 'running']) this.set({ status }, counts.get(status) ?? 0);
  },
});

/** What a run metric needs to know about a run. */
export interface RunFacts {
  tool: ToolId;
  engine: string;
  clientSide: boolean;
  createdAt: Date;
}

const PROVIDER_IDS: ReadonlySet<string> = new Set(AI_PROVIDERS.map((p) => p.id));
const secondsSince = (createdAt: Date) => Math.max(0, (Date.now() - createdAt.getTime()) / 1000);

/** Called by the run service once each fact has committed. */
export const runMetrics = {
  started(run: RunFacts): void {
    runsStarted.inc({ tool: run.tool, engine: run.engine });
  },
  succeeded(run: RunFacts): void {
    runsSucceeded.inc({ tool: run.tool, engine: run.engine });
    // A browser run is recorded after its work: it has no server-side duration.
    if (!run.clientSide) {
      runDuration.observe({ tool: run.tool, engine: run.engine, outcome: 'succeeded' }, secondsSince(run.createdAt));
    }
  },
  failed(run: RunFacts, code: ErrorCode): void {
    runsFailed.inc({ tool: run.tool, engine: run.engine, code });
    if (!run.clientSide) {
      runDuration.observe({ tool: run.tool, engine: run.engine, outcome: 'failed' }, secondsSince(run.createdAt));
    }
    if (PROVIDER_IDS.has(run.engine)) providerErrors.inc({ provider: run.engine, code });
  },
  refunded(run: RunFacts, source: 'automatic' | 'admin'): void {
    runsRefunded.inc({ tool: run.tool, engine: run.engine, source });
  },
};

/** Called by the credits service for every ledger row, once it has committed (a demo run's 0 moves nothing). */
export function recordCreditChange(reason: string, delta: number): void {
  if (delta < 0) creditsCharged.inc({ reason }, -delta);
  else if (delta > 0) creditsGranted.inc({ reason }, delta);
}

export function recordPaymentApplied(provider: string, kind: 'checkout' | 'invoice'): void {
  paymentsApplied.inc({ provider, kind });
}

const webhookDeliveries = new Counter({
  name: 'atelier_webhook_deliveries_total',
  help: 'Webhook delivery attempts, by event type and result: delivered (2xx), failed (retried later), refused (a private address), expired (given up after 24 h)',
  labelNames: ['type', 'result'] as const,
  registers: [metricsRegistry],
});

export type WebhookDeliveryResult = 'delivered' | 'failed' | 'refused' | 'expired';
export const recordWebhookDelivery = (type: string, result: WebhookDeliveryResult) =>
  webhookDeliveries.inc({ type, result });
