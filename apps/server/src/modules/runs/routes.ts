import { createRoute, z } from '@hono/zod-openapi';
import {
  errorBodySchema,
  isFinishedStatus,
  MAX_RUN_BODY_BYTES,
  RUN_EVENTS,
  type Run,
  runListQuerySchema,
  runListResponseSchema,
  runResponseSchema,
  toolIdSchema,
} from '@atelier/contracts';
import { bodyLimit } from 'hono/body-limit';
import { streamSSE } from 'hono/streaming';
import { AppError } from '../../platform/http/app-error.ts';
import { createApiRouter } from '../../platform/http/api-router.ts';
import { requireUser } from '../auth/require-user.ts';
import { readRunRequest } from './run-request.ts';
import type { RunWatcher } from './run-events.ts';
import type { RunService } from './service.ts';

const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});
const errors = {
  401: json(errorBodySchema, 'Not signed in'),
  404: json(errorBodySchema, 'No such run of yours'),
};
const runIdParams = z.object({ id: z.uuid() });

/** While a stream is open and no notification arrives, the run is re-read this often. */
const POLL_MS = 2000;

const startRun = createRoute({
  method: 'post',
  path: '/tools/{tool}/runs',
  tags: ['runs'],
  summary: 'Start a tool run: validates, charges the credits and queues it in one transaction',
  description:
    'multipart/form-data with the image fields (`image`, `mask`, `reference_image`) and the options named as in ' +
    'the spec (`prompt`, `negative_prompt`, `style`, `substyle`, `model`, `size`, `n`, `strength`, `upscaleType`, ' +
    '`editType`, `colors`, `complexity`), or JSON for tools without images. Background removal runs in the ' +
    'browser: send JSON `{"clientSide": true}` to record (and pay for) a run done there.',
  middleware: [
    requireUser,
    bodyLimit({
      maxSize: MAX_RUN_BODY_BYTES,
      onError: () => {
        throw new AppError('PAYLOAD_TOO_LARGE', 'File size must be less than 10MB');
      },
    }),
  ],
  request: { params: z.object({ tool: toolIdSchema }) },
  responses: {
    202: json(runResponseSchema, 'The run is queued (or, for a browser run, recorded)'),
    400: json(errorBodySchema, 'Invalid options or image'),
    401: errors[401],
    402: json(errorBodySchema, 'Not enough credits; nothing was charged'),
    413: json(errorBodySchema, 'An upload is larger than 10 MB'),
  },
});

const getRun = createRoute({
  method: 'get',
  path: '/runs/{id}',
  tags: ['runs'],
  summary: 'A run of the caller: status, progress, outputs or error',
  middleware: [requireUser],
  request: { params: runIdParams },
  responses: { 200: json(runResponseSchema, 'The run'), ...errors },
});

const runEvents = createRoute({
  method: 'get',
  path: '/runs/{id}/events',
  tags: ['runs'],
  summary: 'Server-sent events: `progress` with the run while it changes, then one `end` with its final state',
  middleware: [requireUser],
  request: { params: runIdParams },
  responses: {
    200: { description: 'An event stream', content: { 'text/event-stream': { schema: z.string() } } },
    ...errors,
  },
});

const listRuns = createRoute({
  method: 'get',
  path: '/runs',
  tags: ['runs'],
  summary: "The caller's runs, newest first",
  middleware: [requireUser],
  request: { query: runListQuerySchema },
  responses: { 200: json(runListResponseSchema, 'A page of runs'), 401: errors[401] },
});

export function runRoutes(service: RunService, watcher: RunWatcher) {
  return createApiRouter()
    .openapi(startRun, async (c) => {
      const { tool } = c.req.valid('param');
      await service.assertRunAllowed(c.get('user').id);
      const request = await readRunRequest(c, tool);
      return c.json({ run: await service.startRun(c.get('user').id, request) }, 202);
    })
    .openapi(getRun, async (c) => c.json({ run: await service.getRun(c.get('user').id, c.req.valid('param').id) }, 200))
    .openapi(listRuns, async (c) => {
      const { cursor, limit } = c.req.valid('query');
      return c.json(await service.listRuns(c.get('user').id, limit, cursor), 200);
    })
    .openapi(runEvents, async (c) => {
      const userId = c.get('user').id;
      const { id } = c.req.valid('param');
      let run = await service.getRun(userId, id); // 404 before the stream opens
      return streamSSE(c, async (stream) => {
        let wake: (() => void) | undefined;
        const unwatch = await watcher.watch(id, () => wake?.());
        stream.onAbort(() => wake?.());
        try {
          let sent: Run | undefined;
          while (!stream.aborted) {
            const finished = isFinishedStatus(run.status);
            if (finished || !sent || sent.progress !== run.progress || sent.status !== run.status) {
              await stream.writeSSE({
                event: finished ? RUN_EVENTS.end : RUN_EVENTS.progress,
                data: JSON.stringify({ run }),
              });
              sent = run;
            }
            if (finished) break;
            await new Promise<void>((resolve) => {
              const timer = setTimeout(resolve, POLL_MS);
              wake = () => {
                clearTimeout(timer);
                resolve();
              };
            });
            run = await service.getRun(userId, id);
          }
        } finally {
          unwatch();
        }
      }) as never;
    });
}
