import {
  isFinishedStatus,
  MAX_RUN_BODY_BYTES,
  outputMediaTypesOf,
  RUN_EVENTS,
  type Run,
  runEventSchema,
  runListQuerySchema,
  runListResponseSchema,
  runResponseSchema,
  TOOL_IDS,
  toolIdSchema,
} from '@atelier/contracts';
import { z } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { streamSSE } from 'hono/streaming';
import { apiRoute, errorResponse } from '../../platform/http/api-route.ts';
import { createApiRouter } from '../../platform/http/api-router.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { jsonContent } from '../../platform/http/json-content.ts';
import { requireUser } from '../auth/require-user.ts';
import type { WebhookPolicy } from '../webhooks/webhook-url.ts';
import { anyAnswerAccepted } from './accept-image.ts';
import { answerRunStart } from './answer-run-start.ts';
import { browserRunRoutes } from './browser-run-routes.ts';
import { followRun } from './follow-run.ts';
import type { RunWatcher } from './run-events.ts';
import { runRateLimit } from './run-rate-limit.ts';
import { assertPlanAllowsOptions, readRunRequest } from './run-request.ts';
import { anyToolRunBody, registerRunBodies } from './run-request-docs.ts';
import { startRunDescription, startRunHeaders, startRunResponses, startToolRun } from './run-start-docs.ts';
import type { RunDeps } from './service.ts';
import * as service from './service.ts';

const runIdParams = z.object({ id: z.uuid() });
const notYours = errorResponse('No such run of yours (NOT_FOUND)');

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

export function runRoutes(deps: RunDeps, watcher: RunWatcher, webhooks: WebhookPolicy) {
  const router = createApiRouter();
  // Documentation only: `startRun` below serves every `/tools/<tool>/runs`.
  for (const tool of TOOL_IDS) router.openAPIRegistry.registerPath(startToolRun(tool));
  registerRunBodies(router.openAPIRegistry);
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
      const run = await service.startRun(deps, c.get('user').id, request);
      return answerRunStart(c, deps, watcher, run);
    })
    .route('/', browserRunRoutes(deps))
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
      });
    });
}
