import { z } from 'zod';
import { errorCodeSchema } from './errors.ts';
import { CURSOR_MAX_LENGTH, REASON_MAX_LENGTH, URL_MAX_LENGTH } from './limits.ts';
import { RUN_EVENTS, RUN_STATUSES } from './run-constants.ts';
import { toolIdSchema } from './tool-schemas.ts';

export {
  BATCH_TOOLS,
  type BatchToolId,
  BROWSER_FAILURE_WINDOW_MINUTES,
  BROWSER_REFUNDS_PER_DAY,
  CHAINABLE_TOOLS,
  isFinishedStatus,
  RUN_EVENTS,
  RUN_STATUSES,
  type RunStatus,
  WEBHOOK_EVENT_TYPES,
  type WebhookEventType,
} from './run-constants.ts';

import { multilineText, opaqueText } from './text-fields.ts';
export const runStatusSchema = z
  .enum(RUN_STATUSES)
  .meta({ id: 'RunStatus', description: 'queued → running → succeeded | failed (a failed run is refunded).' });

export const ENGINE_KINDS = ['local', 'provider', 'demo', 'client'] as const;
export const engineKindSchema = z.enum(ENGINE_KINDS).meta({ id: 'EngineKind' });
export type EngineKind = z.infer<typeof engineKindSchema>;

/** A run's file: absolute, on PUBLIC_URL, under the versioned API; served to the run's owner only. */
const runFileUrlSchema = z.string().meta({
  description: 'Absolute, on the public address: `https://atelier.example/api/v1/files/runs/…` (the owner only)',
  format: 'uri',
});

export const runOutputSchema = z
  .object({
    /** Served by Atelier, never a provider's link. */
    url: runFileUrlSchema,
    mediaType: z.string(),
    width: z.number().int(),
    height: z.number().int(),
  })
  .meta({ id: 'RunOutput', description: "One result of a run, served by Atelier to the run's owner." });
export type RunOutput = z.infer<typeof runOutputSchema>;

export const runInputSchema = z
  .object({
    /** The request field it was sent as (`image`, `mask`, `reference_image`). */
    field: z.string(),
    url: runFileUrlSchema,
    mediaType: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    /** The uploaded file's name, when the client sent one. */
    name: z.string().nullable(),
  })
  .meta({ id: 'RunInput', description: 'One stored input image of a run, served to its owner.' });
export type RunInput = z.infer<typeof runInputSchema>;

export const runSourceSchema = z
  .object({ runId: z.string(), outputIndex: z.number().int().min(0) })
  .meta({ id: 'RunSource', description: "The earlier run (and which of its outputs) this run's `image` came from." });
export type RunSource = z.infer<typeof runSourceSchema>;

export const runErrorSchema = z
  .object({ code: errorCodeSchema, message: z.string() })
  .meta({ id: 'RunError', description: 'Why a run failed.' });
export type RunError = z.infer<typeof runErrorSchema>;

export const runSchema = z
  .object({
    id: z.string(),
    tool: toolIdSchema,
    status: runStatusSchema,
    /** 0..100 */
    progress: z.number().int().min(0).max(100),
    /** Credits charged; given back when the run fails. */
    credits: z.number().int(),
    refunded: z.boolean(),
    options: z.record(z.string(), z.unknown()),
    outputs: z.array(runOutputSchema),
    /** The stored input images; empty for a browser run (its image never left the browser). */
    inputs: z.array(runInputSchema),
    /** The batch the run belongs to, if it was started as part of one. */
    batchId: z.string().nullable(),
    /** The team whose pool paid for the run and whose library holds it; null for a personal run. */
    teamId: z.string().nullable(),
    /** Set when the run's `image` was an earlier run's output (`inputRunId`). */
    source: runSourceSchema.nullable(),
    error: runErrorSchema.nullable(),
    /** Engine id (`demo`, `browser`, a provider …). */
    engine: z.string(),
    /**
     * True when the work happened in the browser (background removal): the run has no output
     * until the user saves the result, which then uploads the result (never the original).
     */
    clientSide: z.boolean(),
    /**
     * How many runs that were waiting for a worker, queued before this one, this run went
     * ahead of when a worker took it: a paid plan's priority at work (0 for most runs).
     */
    overtook: z.number().int().min(0),
    createdAt: z.string(),
    updatedAt: z.string(),
    finishedAt: z.string().nullable(),
  })
  .meta({ id: 'Run', description: 'A tool run: its state, progress, outputs or error.' });
export type Run = z.infer<typeof runSchema>;

export const runResponseSchema = z.object({ run: runSchema }).meta({ id: 'RunResult' });
export type RunResponse = z.infer<typeof runResponseSchema>;

/**
 * One message of a run's event stream (`GET /runs/{id}/events`, text/event-stream): sent on the
 * wire as an `event: <event>` line and a `data: <the run as JSON>` line, then a blank line.
 */
export const runEventSchema = z
  .object({
    /** `progress` while the run is queued or running (its status or progress changed); `end` once, last. */
    event: z.enum([RUN_EVENTS.progress, RUN_EVENTS.end]),
    /** The `data` line, parsed: `{"run": …}`. */
    data: runResponseSchema,
  })
  .meta({
    id: 'RunEvent',
    description:
      'One server-sent event of a run: `event: progress|end` and `data: {"run": …}` (the run as JSON), a blank line after.',
  });
export type RunEvent = z.infer<typeof runEventSchema>;

/**
 * The fields a run request may carry beside the tool's options and images (multipart or JSON):
 * an earlier run's output in place of the `image` file, and where to announce the run's end.
 */
export const runRequestExtrasSchema = z.object({
  /** One of the caller's own succeeded runs: its output becomes this run's `image`. */
  inputRunId: z.uuid().optional(),
  /** Which output of `inputRunId` (0 = the first). */
  outputIndex: z.coerce.number().int().min(0).max(99).optional(),
  /** An https address that receives `run.succeeded` / `run.failed`, signed (Standard Webhooks). */
  webhookUrl: opaqueText().max(URL_MAX_LENGTH).optional(),
  /** A team of the caller's: the run is charged to the team's pool and belongs to its library. */
  teamId: z.uuid().optional(),
});
export type RunRequestExtras = z.infer<typeof runRequestExtrasSchema>;
export const RUN_REQUEST_EXTRA_FIELDS = ['inputRunId', 'outputIndex', 'webhookUrl', 'teamId'] as const;

/** `POST /api/tools/background-removal/runs/{id}/fail`: why the run failed in the browser (for the logs). */
export const browserRunFailureBodySchema = z
  .object({ reason: multilineText().max(REASON_MAX_LENGTH).optional() })
  .meta({ id: 'BrowserRunFailure' });
export type BrowserRunFailureBody = z.infer<typeof browserRunFailureBodySchema>;

export const RUNS_PAGE_SIZE = 20;
export const RUNS_PAGE_MAX = 50;

export const runListQuerySchema = z.object({
  /** `nextCursor` of the previous page. */
  cursor: opaqueText().max(CURSOR_MAX_LENGTH).optional(),
  limit: z.coerce.number().int().min(1).max(RUNS_PAGE_MAX).default(RUNS_PAGE_SIZE),
  /** A team of the caller's: its runs (every member's) instead of the caller's own. */
  teamId: z.uuid().optional(),
});

export const runListResponseSchema = z
  .object({
    runs: z.array(runSchema),
    /** Pass as `cursor` for the next (older) page; null on the last page. */
    nextCursor: z.string().nullable(),
  })
  .meta({ id: 'RunList', description: "A page of the caller's runs, newest first." });
export type RunListResponse = z.infer<typeof runListResponseSchema>;

export const toolInfoSchema = z
  .object({
    id: toolIdSchema,
    credits: z.number().int(),
    perImage: z.boolean(),
    options: z.record(z.string(), z.unknown()),
    engine: z.object({ id: z.string(), kind: engineKindSchema }).meta({ id: 'Engine' }),
    /** Option values that engine hands to the demo engine (no real model for them): field → values. */
    demoOptions: z.record(z.string(), z.array(z.string())),
    /** Option fields (as the run endpoint names them) the engine does not use; the page hides them. */
    ignoredOptions: z.array(z.string()),
  })
  .meta({ id: 'Tool', description: 'A tool: its cost, options (JSON Schema) and the engine that serves it now.' });
export type ToolInfo = z.infer<typeof toolInfoSchema>;
export const toolListResponseSchema = z.object({ tools: z.array(toolInfoSchema) }).meta({ id: 'ToolList' });
export type ToolListResponse = z.infer<typeof toolListResponseSchema>;
