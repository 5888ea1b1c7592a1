import {
  ACCEPT_HEADER_MAX_LENGTH,
  API_V1_PREFIX,
  browserRunFailureBodySchema,
  ERROR_STATUS,
  type ErrorBody,
  isFinishedStatus,
  MAX_RUN_BODY_BYTES,
  outputMediaTypesOf,
  PREFER_HEADER_MAX_LENGTH,
  PREFER_WAIT_MAX_SECONDS,
  RUN_EVENTS,
  type Run,
  runEventSchema,
  runListQuerySchema,
  runListResponseSchema,
  runResponseSchema,
  TOOL_IDS,
  type ToolId,
  toolIdSchema,
  toolOptionSchemas,
  toolSchemaName,
  UPLOAD_MAX_BYTES,
} from '@atelier/contracts';
import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { streamSSE } from 'hono/streaming';
import { isServiceUnavailable } from '../../platform/db/unavailable.ts';
import { apiRoute, errorResponse } from '../../platform/http/api-route.ts';
import { createApiRouter } from '../../platform/http/api-router.ts';
import type { AppEnv } from '../../platform/http/app-env.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { jsonContent } from '../../platform/http/json-content.ts';
import { readMultipart } from '../../platform/http/multipart.ts';
import { curlBlock } from '../api-docs/curl-examples.ts';
import { requireUser } from '../auth/require-user.ts';
import type { WebhookPolicy } from '../webhooks/webhook-url.ts';
import { type AcceptedAnswers, acceptedAnswers, anyAnswerAccepted } from './accept-image.ts';
import * as browserRuns from './browser-runs.ts';
import { RESULT_MESSAGES } from './browser-runs.ts';
import { preferredWaitSeconds } from './prefer-wait.ts';
import type { RunWatcher } from './run-events.ts';
import { assertPlanAllowsOptions, readRunRequest } from './run-request.ts';
import { anyToolRunBody, toolRunBody } from './run-request-docs.ts';
import type { RunDeps } from './service.ts';
import * as service from './service.ts';

const runIdParams = z.object({ id: z.uuid() });
const notYours = errorResponse('No such run of yours (NOT_FOUND)');

/** While a stream is open and no notification arrives, the run is re-read this often. */
const POLL_MS = 2000;

/** What starting a run of any tool answers (the generic and the per-tool operations). */
const startRunResponses = {
  200: {
    description:
      `Sent with \`Prefer: wait=N\` (N ≤ ${PREFER_WAIT_MAX_SECONDS}) when the run ended within N seconds: the finished run (succeeded, or failed and refunded), its outputs' absolute URLs included; \`Preference-Applied: wait=N\` says the preference was honoured. ` +
      "Sent with `Accept: image/…` when the run succeeded: the first output's bytes, with its media type (`Content-Location` is its URL, `X-Run-Id` the run's id)",
    headers: {
      'Content-Location': {
        description: "With an image: the output's absolute URL (`Run.outputs[0].url`)",
        schema: { type: 'string' as const, format: 'uri' },
      },
      'X-Run-Id': { description: "With an image: the run's id", schema: { type: 'string' as const } },
    },
    content: {
      'application/json': { schema: runResponseSchema },
      'image/*': {
        schema: z.custom<Blob>((value) => value instanceof Blob).meta({ type: 'string', format: 'binary' }),
      },
    },
  },
  202: jsonContent(
    runResponseSchema,
    'The run is queued (or, for a browser run, recorded and charged); with `Prefer: wait=N`, still going after N seconds — follow it with `getRun` or its events',
  ),
  400: errorResponse(
    'Invalid options (VALIDATION_ERROR, `issues` names each field), image (INVALID_IMAGE, IMAGE_TOO_SMALL, IMAGE_TOO_LARGE) or webhookUrl (WEBHOOK_URL_NOT_ALLOWED); nothing was charged',
  ),
  402: errorResponse(
    "Not enough credits (INSUFFICIENT_CREDITS) — with `teamId`, in the team's pool — or, with `teamId`, past the member's monthly cap (TEAM_MEMBER_CAP_REACHED); nothing was charged",
  ),
  403: errorResponse(
    "The plan lacks a feature the request uses (PLAN_REQUIRED); with `teamId`, the team owner's plan no longer has teams (the team is read-only)",
  ),
  404: errorResponse(
    "`inputRunId` is not one of the caller's succeeded runs, or has no such output, or `teamId` is not a team the caller belongs to (NOT_FOUND); nothing was charged",
  ),
  406: errorResponse(
    '`Accept` takes neither JSON nor any media type the tool can make (NOT_ACCEPTABLE, no `runId`): refused before anything was started or charged. Or `Accept` named only image types, and the run succeeded with an output of another type (NOT_ACCEPTABLE): the run was charged, `runId` and `Location` name it. A run that failed (and was refunded) answers its own error code instead, with `runId`',
  ),
  413: errorResponse('An upload is larger than 10 MB (PAYLOAD_TOO_LARGE); nothing was charged'),
  502: errorResponse(
    'With `Accept: image/…`: the run failed at its provider (PROVIDER_UNAVAILABLE, PROVIDER_AUTH) and was refunded; `runId` names it',
  ),
  504: errorResponse(
    'With `Accept: image/…`: the run timed out at its provider (PROVIDER_TIMEOUT) and was refunded; `runId` names it',
  ),
  415: errorResponse('Neither multipart/form-data nor JSON, or JSON for a tool that needs an image'),
};

/** The request headers a run start reads besides the body. */
const startRunHeaders = z.object({
  accept: z
    .string()
    .max(ACCEPT_HEADER_MAX_LENGTH)
    .optional()
    .describe(
      `An image range (\`image/*\`, \`image/png\` …) asks for the first output's bytes in place of JSON, waiting for the run's end as \`Prefer: wait=${PREFER_WAIT_MAX_SECONDS}\` does unless \`Prefer\` says otherwise; still going then: 202 with the run as JSON. An output of a type not accepted answers 406, or the finished run as JSON when \`application/json\` is named too`,
    ),
  prefer: z
    .string()
    .max(PREFER_HEADER_MAX_LENGTH)
    .optional()
    .describe(
      `RFC 7240. \`wait=N\` (seconds, at most ${PREFER_WAIT_MAX_SECONDS}) holds the answer until the run ends (200 with the finished run) or N seconds pass (202); \`respond-async\` or no preference answers at once (202)`,
    ),
});

/** The abuse limit on runs, counted before the upload is read (a batch counts once). */
export const runRateLimit = (deps: RunDeps) =>
  createMiddleware<AppEnv>(async (c, next) => {
    await service.assertRunAllowed(deps, c.get('user').id);
    await next();
  });

const startRunDescription =
  'Validates the options and images, then charges the credits and queues the run in one transaction. ' +
  'multipart/form-data carries the image fields (`image`, `mask`, `reference_image`, `background_image`) and one field ' +
  'per option, named after it; JSON carries only options, for tools that need no image. Background removal runs in the ' +
  'browser: send JSON `{"clientSide": true, "width", "height"}` to record (and pay for) a run done there. ' +
  'Each tool also has its own operation (`/tools/<tool>/runs`) with its own typed body.';

const startRun = (deps: RunDeps) =>
  apiRoute({
    method: 'post',
    path: '/tools/{tool}/runs',
    operationId: 'startRun',
    tag: 'runs',
    access: 'user',
    apiKey: true,
    rateLimited: true,
    summary: 'Start a run of any tool',
    description: startRunDescription,
    middleware: [
      requireUser,
      bodyLimit({
        maxSize: MAX_RUN_BODY_BYTES,
        onError: () => {
          throw new AppError('PAYLOAD_TOO_LARGE', 'File size must be less than 10MB');
        },
      }),
      runRateLimit(deps),
    ],
    request: { params: z.object({ tool: toolIdSchema }), headers: startRunHeaders, body: anyToolRunBody() },
    responses: startRunResponses,
  });

/**
 * One operation per tool, served by `startRun` (the path's tool is a value of its `{tool}`):
 * generated clients get a call per tool whose body type is that tool's (ADR 0013).
 */
const startToolRun = (tool: ToolId) =>
  apiRoute({
    method: 'post',
    path: `/tools/${tool}/runs`,
    operationId: `start${toolSchemaName(tool, 'Run')}`,
    tag: 'runs',
    access: 'user',
    apiKey: true,
    rateLimited: true,
    summary: `Start a ${tool} run`,
    description:
      `${toolOptionSchemas[tool].meta()?.description ?? ''} The same endpoint as \`startRun\` with \`tool\` = \`${tool}\`. ` +
      `With an API key:${curlBlock(tool)}`,
    request: { headers: startRunHeaders, body: toolRunBody(tool) },
    responses: startRunResponses,
  });

const getRun = apiRoute({
  method: 'get',
  path: '/runs/{id}',
  operationId: 'getRun',
  tag: 'runs',
  access: 'user',
  apiKey: true,
  summary: "A run of the caller's, or of a team the caller belongs to: status, progress, outputs or error",
  middleware: [requireUser],
  request: { params: runIdParams },
  responses: { 200: jsonContent(runResponseSchema, 'The run'), 404: notYours },
});

const runEvents = apiRoute({
  method: 'get',
  path: '/runs/{id}/events',
  operationId: 'streamRunEvents',
  tag: 'runs',
  access: 'user',
  apiKey: true,
  summary: 'Server-sent events: the run while it changes, then its final state',
  description:
    `An event stream (text/event-stream). While the run is queued or running, an event \`${RUN_EVENTS.progress}\` ` +
    `is sent whenever its status or progress changes; when it has succeeded or failed, one event ` +
    `\`${RUN_EVENTS.end}\`, and the stream closes. Every event is a \`RunEvent\`: its data is the run as JSON (\`{"run": …}\`). ` +
    'A client that loses the stream asks `getRun` and opens it again.',
  middleware: [requireUser],
  request: { params: runIdParams },
  responses: {
    200: {
      description: 'The event stream',
      content: {
        'text/event-stream': { schema: runEventSchema },
      },
    },
    404: notYours,
  },
});

const rerunRun = (deps: RunDeps) =>
  apiRoute({
    method: 'post',
    path: '/runs/{id}/rerun',
    operationId: 'rerunRun',
    tag: 'runs',
    access: 'user',
    apiKey: true,
    rateLimited: true,
    summary: 'Run a run again: the same stored inputs and options, charged as a new run',
    middleware: [requireUser, runRateLimit(deps)],
    request: { params: runIdParams },
    responses: {
      202: jsonContent(runResponseSchema, 'The new run, queued'),
      402: errorResponse('Not enough credits (INSUFFICIENT_CREDITS); nothing was charged'),
      404: notYours,
      409: errorResponse('A browser run: its image never reached the server (RUN_NOT_RERUNNABLE)'),
    },
  });

const listRuns = apiRoute({
  method: 'get',
  path: '/runs',
  operationId: 'listRuns',
  tag: 'runs',
  access: 'user',
  apiKey: true,
  summary: "The caller's personal runs (the history), newest first; with `teamId`, the team's runs (every member's)",
  middleware: [requireUser],
  request: { query: runListQuerySchema },
  responses: {
    200: jsonContent(runListResponseSchema, 'A page of runs'),
    404: errorResponse('`teamId` is not a team the caller belongs to (NOT_FOUND)'),
  },
});

/** The multipart overhead allowed around the 10 MB result file. */
const RESULT_BODY_BYTES = UPLOAD_MAX_BYTES + 64 * 1024;

const browserRunErrors = {
  404: notYours,
  409: errorResponse('Not a browser run, or it already has its result or has failed (CONFLICT)'),
};

const uploadBrowserResult = apiRoute({
  method: 'post',
  path: '/tools/background-removal/runs/{id}/result',
  operationId: 'uploadBackgroundRemovalResult',
  tag: 'runs',
  access: 'user',
  apiKey: true,
  summary: 'Attach the result of a background removal done in the browser (to save it to the gallery)',
  description:
    'multipart/form-data with one field `image`: the cut-out PNG the browser produced — the result only, the ' +
    'original never leaves the browser. Checked by its bytes: a PNG that decodes, at most 10 MB and 4096 px a side, ' +
    "and the size the run was recorded with. It becomes the run's output, once; then `createArtwork` saves it.",
  middleware: [
    requireUser,
    bodyLimit({
      maxSize: RESULT_BODY_BYTES,
      onError: () => {
        throw new AppError('PAYLOAD_TOO_LARGE', RESULT_MESSAGES.tooLarge);
      },
    }),
  ],
  request: {
    params: runIdParams,
    body: {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object' as const,
            properties: { image: { type: 'string' as const, format: 'binary', description: 'The cut-out, a PNG' } },
            required: ['image'],
          },
          encoding: { image: { contentType: 'image/png' } },
        },
      },
    },
  },
  responses: {
    200: jsonContent(runResponseSchema, 'The run with its result as output 0'),
    400: errorResponse(
      'Not a PNG (INVALID_IMAGE), too small or too large a side, or another size than recorded (VALIDATION_ERROR)',
    ),
    ...browserRunErrors,
    413: errorResponse('The result is larger than 10 MB (PAYLOAD_TOO_LARGE)'),
  },
});

const reportBrowserFailure = apiRoute({
  method: 'post',
  path: '/tools/background-removal/runs/{id}/fail',
  operationId: 'reportBackgroundRemovalFailure',
  tag: 'runs',
  access: 'user',
  apiKey: true,
  summary: 'Report that a background removal failed in the browser; refunds it within limits',
  description:
    'The credit comes back when the run has no result, is reported within 15 minutes of its start, and the user ' +
    'has had fewer than 3 such refunds in 24 hours; otherwise the run is only marked failed (and, over the daily ' +
    'limit, a security event is recorded). `reason` is kept for diagnosis.',
  middleware: [requireUser],
  request: {
    params: runIdParams,
    body: { content: { 'application/json': { schema: browserRunFailureBodySchema } }, required: false },
  },
  responses: {
    200: jsonContent(runResponseSchema, 'The failed run; `refunded` says whether the credit came back'),
    ...browserRunErrors,
  },
});

export function runRoutes(deps: RunDeps, watcher: RunWatcher, webhooks: WebhookPolicy) {
  const router = createApiRouter();
  // Documentation only: `startRun` below serves every `/tools/<tool>/runs`.
  for (const tool of TOOL_IDS) router.openAPIRegistry.registerPath(startToolRun(tool));
  return router
    .openapi(startRun(deps), async (c) => {
      const { tool } = c.req.valid('param');
      if (!anyAnswerAccepted(c.req.header('accept'), outputMediaTypesOf(tool))) {
        throw new AppError(
          'NOT_ACCEPTABLE',
          `Accept takes neither the run as JSON nor any of ${outputMediaTypesOf(tool).join(', ')}: nothing was started or charged`,
        );
      }
      const request = await readRunRequest(c, tool, {
        runOutput: (...args) => service.runOutput(deps, ...args),
        webhooks,
        ignoredOptions: (id) => deps.engines.engineFor(id)?.ignoredOptions?.(id) ?? [],
      });
      const userId = c.get('user').id;
      const run = await service.startRun(deps, userId, request);
      const prefer = c.req.header('prefer');
      const accepted = acceptedAnswers(c.req.header('accept'));
      // `Accept: image/…` is a one-call run: it waits as long as the server holds an answer unless told otherwise.
      const wait = preferredWaitSeconds(prefer, accepted.image ? PREFER_WAIT_MAX_SECONDS : undefined);
      if (wait === undefined) return c.json({ run }, 202);
      const asked = preferredWaitSeconds(prefer);
      if (asked !== undefined) c.header('Preference-Applied', `wait=${asked}`);
      c.header('Vary', 'Prefer, Accept', { append: true });
      const latest = await waitForEnd(deps, watcher, userId, run, wait);
      if (!isFinishedStatus(latest.status)) {
        c.header('Location', `${API_V1_PREFIX}/runs/${latest.id}`);
        return c.json({ run: latest }, 202);
      }
      if (!accepted.image) return c.json({ run: latest }, 200);
      return (await imageAnswer(c, deps, latest, accepted)) as never;
    })
    .openapi(uploadBrowserResult, async (c) => {
      const { id } = c.req.valid('param');
      let image: unknown;
      try {
        image = (await readMultipart(c.req.raw)).image;
      } catch {
        throw new AppError('VALIDATION_ERROR', 'The request body is not multipart form data');
      }
      if (typeof image !== 'object' || image === null || !('arrayBuffer' in image)) {
        throw new AppError('VALIDATION_ERROR', 'Send the result as the `image` file field', {
          fields: { image: 'required' },
        });
      }
      const data = Buffer.from(await (image as Blob).arrayBuffer());
      return c.json({ run: await browserRuns.attachBrowserResult(deps, c.get('user').id, id, data) }, 200);
    })
    .openapi(reportBrowserFailure, async (c) => {
      const { id } = c.req.valid('param');
      const body = c.req.header('content-type')?.startsWith('application/json') ? c.req.valid('json') : {};
      return c.json({ run: await browserRuns.reportBrowserFailure(deps, c.get('user').id, id, body?.reason) }, 200);
    })
    .openapi(rerunRun(deps), async (c) =>
      c.json(
        {
          run: await service.rerunRun(deps, c.get('user').id, c.req.valid('param').id, (row) =>
            assertPlanAllowsOptions(c, row.tool, row.options),
          ),
        },
        202,
      ),
    )
    .openapi(getRun, async (c) =>
      c.json({ run: await service.getRun(deps, c.get('user').id, c.req.valid('param').id) }, 200),
    )
    .openapi(listRuns, async (c) => {
      const { cursor, limit, teamId } = c.req.valid('query');
      return c.json(await service.listRuns(deps, c.get('user').id, limit, cursor, teamId), 200);
    })
    .openapi(runEvents, async (c) => {
      const userId = c.get('user').id;
      const { id } = c.req.valid('param');
      const run = await service.getRun(deps, userId, id); // 404 before the stream opens
      return streamSSE(c, async (stream) => {
        let sent: Run | undefined;
        await followRun(deps, watcher, userId, run, {
          stopped: () => stream.aborted,
          onWakeable: (wake) => stream.onAbort(wake),
          onRead: async (read) => {
            const finished = isFinishedStatus(read.status);
            if (finished || !sent || sent.progress !== read.progress || sent.status !== read.status) {
              await stream.writeSSE({
                event: finished ? RUN_EVENTS.end : RUN_EVENTS.progress,
                data: JSON.stringify({ run: read }),
              });
              sent = read;
            }
          },
        });
      }) as never;
    });
}

/**
 * Reads a run again whenever it changes (a notification) or every POLL_MS, handing each read to
 * `onRead`, until it ends, `stopped()` says so, or the process stops its watchers (a stopping
 * process ends its streams; the page reads the run again and reconnects). While the database
 * does not answer, the last read stands and the next poll reads again. Returns the last read.
 */
async function followRun(
  deps: RunDeps,
  watcher: RunWatcher,
  userId: string,
  first: Run,
  o: {
    stopped: () => boolean;
    onRead?: (run: Run) => Promise<void> | void;
    /** Gets the function that cuts the current wait short (a closed stream, a deadline). */
    onWakeable?: (wake: () => void) => void;
  },
): Promise<Run> {
  let run = first;
  let wake: (() => void) | undefined;
  const unwatch = await watcher.watch(run.id, () => wake?.());
  o.onWakeable?.(() => wake?.());
  try {
    while (!o.stopped() && !watcher.closed) {
      await o.onRead?.(run);
      if (isFinishedStatus(run.status)) break;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, POLL_MS);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      if (watcher.closed) break;
      run = await service.getRun(deps, userId, run.id).catch((error: unknown) => {
        if (isServiceUnavailable(error)) return run;
        throw error;
      });
    }
  } finally {
    unwatch();
  }
  return run;
}

/**
 * `Prefer: wait=N`: the run as it is when it ends or when N seconds have passed, whichever
 * comes first (a browser run is recorded, not worked on here: it is answered at once).
 */
async function waitForEnd(deps: RunDeps, watcher: RunWatcher, userId: string, run: Run, seconds: number) {
  if (run.clientSide || seconds === 0 || isFinishedStatus(run.status)) return run;
  const deadline = Date.now() + seconds * 1000;
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await followRun(deps, watcher, userId, run, {
      stopped: () => Date.now() >= deadline,
      onWakeable: (wake) => {
        timer = setTimeout(wake, seconds * 1000);
      },
    });
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The answer to a run start with `Accept: image/…` once its run has ended: the first output's
 * bytes with its media type (`Content-Location` its URL, `X-Run-Id` the run); or, when that
 * cannot be sent, the finished run as JSON if `application/json` was named too, else an error
 * naming the run — NOT_ACCEPTABLE (406) for an output of another media type than accepted (the
 * run succeeded and was charged), or the run's own error when it failed (and was refunded).
 */
async function imageAnswer(c: Context<AppEnv>, deps: RunDeps, run: Run, accepted: AcceptedAnswers) {
  const output = run.status === 'succeeded' ? run.outputs[0] : undefined;
  if (output && accepted.acceptsImage(output.mediaType)) {
    const { data, mediaType } = await service.runOutputBytes(deps, c.get('user').id, run.id, 0);
    return c.body(new Uint8Array(data), 200, {
      'Content-Type': mediaType,
      'Content-Length': String(data.length),
      'Content-Location': output.url,
      'X-Run-Id': run.id,
    });
  }
  if (accepted.json) return c.json({ run }, 200);
  c.header('Location', `${API_V1_PREFIX}/runs/${run.id}`);
  const error: ErrorBody['error'] = output
    ? {
        code: 'NOT_ACCEPTABLE',
        message: `The run succeeded with ${output.mediaType}, which the Accept header does not accept; its output is at ${output.url}`,
        runId: run.id,
      }
    : {
        code: run.error?.code ?? 'INTERNAL',
        message: run.error?.message ?? 'The run ended without an output',
        runId: run.id,
      };
  return c.json({ error }, ERROR_STATUS[error.code] as 406);
}
