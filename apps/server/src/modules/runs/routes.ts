import { createRoute, z } from '@hono/zod-openapi';
import {
  browserRunFailureBodySchema,
  errorBodySchema,
  isFinishedStatus,
  MAX_RUN_BODY_BYTES,
  RUN_EVENTS,
  type Run,
  runListQuerySchema,
  runListResponseSchema,
  runResponseSchema,
  toolIdSchema,
  UPLOAD_MAX_BYTES,
} from '@atelier/contracts';
import { bodyLimit } from 'hono/body-limit';
import { streamSSE } from 'hono/streaming';
import { AppError } from '../../platform/http/app-error.ts';
import { createApiRouter } from '../../platform/http/api-router.ts';
import { requireUser } from '../auth/require-user.ts';
import { RESULT_MESSAGES } from './browser-runs.ts';
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

/** The multipart overhead allowed around the 10 MB result file. */
const RESULT_BODY_BYTES = UPLOAD_MAX_BYTES + 64 * 1024;

const browserRunErrors = {
  401: errors[401],
  404: json(errorBodySchema, 'No such run of yours'),
  409: json(errorBodySchema, 'Not a browser run, or it already has its result or has failed'),
};

const uploadBrowserResult = createRoute({
  method: 'post',
  path: '/tools/background-removal/runs/{id}/result',
  tags: ['runs'],
  summary: 'Attach the result of a background removal done in the browser (to save it to the gallery)',
  description:
    'multipart/form-data with one field `image`: the cut-out PNG the browser produced — the result only, the ' +
    'original never leaves the browser. Checked by its bytes: a PNG that decodes, at most 10 MB and 4096 px a side, ' +
    "and the size the run was recorded with. It becomes the run's output, once; then `POST /artworks` saves it.",
  middleware: [
    requireUser,
    bodyLimit({
      maxSize: RESULT_BODY_BYTES,
      onError: () => {
        throw new AppError('PAYLOAD_TOO_LARGE', RESULT_MESSAGES.tooLarge);
      },
    }),
  ],
  request: { params: runIdParams },
  responses: {
    200: json(runResponseSchema, 'The run with its result as output 0'),
    400: json(errorBodySchema, 'Not a PNG, too small or too large a side, or another size than recorded'),
    ...browserRunErrors,
    413: json(errorBodySchema, 'The result is larger than 10 MB'),
  },
});

const reportBrowserFailure = createRoute({
  method: 'post',
  path: '/tools/background-removal/runs/{id}/fail',
  tags: ['runs'],
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
    200: json(runResponseSchema, 'The failed run; `refunded` says whether the credit came back'),
    ...browserRunErrors,
  },
});

export function runRoutes(service: RunService, watcher: RunWatcher) {
  return createApiRouter()
    .openapi(startRun, async (c) => {
      const { tool } = c.req.valid('param');
      await service.assertRunAllowed(c.get('user').id);
      const request = await readRunRequest(c, tool);
      return c.json({ run: await service.startRun(c.get('user').id, request) }, 202);
    })
    .openapi(uploadBrowserResult, async (c) => {
      const { id } = c.req.valid('param');
      let image: unknown;
      try {
        image = (await c.req.parseBody()).image;
      } catch {
        throw new AppError('VALIDATION_ERROR', 'The request body is not multipart form data');
      }
      if (typeof image !== 'object' || image === null || !('arrayBuffer' in image)) {
        throw new AppError('VALIDATION_ERROR', 'Send the result as the `image` file field', {
          fields: { image: 'required' },
        });
      }
      const data = Buffer.from(await (image as Blob).arrayBuffer());
      return c.json({ run: await service.attachBrowserResult(c.get('user').id, id, data) }, 200);
    })
    .openapi(reportBrowserFailure, async (c) => {
      const { id } = c.req.valid('param');
      const body = c.req.header('content-type')?.startsWith('application/json') ? c.req.valid('json') : {};
      return c.json({ run: await service.reportBrowserFailure(c.get('user').id, id, body?.reason) }, 200);
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
          // A stopping process ends its streams; the page reads the run again and reconnects.
          while (!stream.aborted && !watcher.closed) {
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
            if (watcher.closed) break;
            run = await service.getRun(userId, id);
          }
        } finally {
          unwatch();
        }
      }) as never;
    });
}
