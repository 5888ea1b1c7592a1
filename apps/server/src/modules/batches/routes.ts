import {
  BATCH_MAX_IMAGES,
  batchResponseSchema,
  batchToolIdSchema,
  createdBatchResponseSchema,
  UPLOAD_MAX_BYTES,
} from '@atelier/contracts';
import { z } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { stream } from 'hono/streaming';
import { apiRoute, errorResponse } from '../../platform/http/api-route.ts';
import { createApiRouter } from '../../platform/http/api-router.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { jsonContent } from '../../platform/http/json-content.ts';
import { requireUser } from '../auth/require-user.ts';
import { runRateLimit } from '../runs/run-rate-limit.ts';
import { anyBatchToolForm } from '../runs/run-request-docs.ts';
import { assertRunAllowed } from '../runs/service.ts';
import type { WebhookPolicy } from '../webhooks/webhook-url.ts';
import { readBatchRequest } from './batch-request.ts';
import type { BatchDeps } from './service.ts';
import * as service from './service.ts';

const batchIdParams = z.object({ id: z.uuid() });
const notYours = errorResponse('No such batch of yours (NOT_FOUND)');
/** Every image at its largest, and the form around them. */
const MAX_BATCH_BODY_BYTES = BATCH_MAX_IMAGES * UPLOAD_MAX_BYTES + 256 * 1024;

const startBatch = (deps: BatchDeps) =>
  apiRoute({
    method: 'post',
    path: '/tools/{tool}/batches',
    operationId: 'startBatch',
    tag: 'batches',
    access: 'user',
    apiKey: true,
    rateLimited: true,
    feature: 'batches',
    featureInHandler: true, // readBatchRequest: in a team, the team's plan decides
    summary: `Run one tool on up to ${BATCH_MAX_IMAGES} images at once (Pro and higher plans)`,
    description:
      "multipart/form-data with the field `image` repeated (one file per image) and the tool's option fields once, " +
      "applied to every image (as in the tool's own run operation). Every image is checked first; then the whole " +
      'cost is charged in one transaction, or nothing is (402). Each image becomes an ordinary run with `batchId` ' +
      'set, in the order sent. A batch counts against the hourly run limit once per image, before anything is ' +
      'charged (429 and nothing started when its images do not fit in what is left); the RateLimit headers give the ' +
      'standing after the last. `webhookUrl` receives `batch.completed` when the last run ends. Background removal ' +
      'runs in the browser, so it has no server batch.',
    middleware: [
      requireUser,
      bodyLimit({
        maxSize: MAX_BATCH_BODY_BYTES,
        onError: () => {
          throw new AppError('PAYLOAD_TOO_LARGE', 'File size must be less than 10MB');
        },
      }),
      runRateLimit(deps),
    ],
    request: {
      params: z.object({ tool: batchToolIdSchema }),
      body: {
        required: true,
        content: {
          'multipart/form-data': { schema: anyBatchToolForm() },
        },
      },
    },
    responses: {
      202: jsonContent(createdBatchResponseSchema, 'The batch: its runs are queued'),
      400: errorResponse(
        'Invalid options, an invalid image, too many images, a refused webhookUrl (VALIDATION_ERROR, INVALID_IMAGE, …); nothing was charged',
      ),
      402: errorResponse(
        "Not enough credits for the whole batch (INSUFFICIENT_CREDITS), or with `teamId` the batch would pass the member's monthly cap (TEAM_MEMBER_CAP_REACHED); nothing was charged",
      ),
      404: errorResponse('`teamId` is not a team the caller belongs to (NOT_FOUND); nothing was charged'),
      413: errorResponse('An image is larger than 10 MB (PAYLOAD_TOO_LARGE); nothing was charged'),
    },
  });

const getBatch = apiRoute({
  method: 'get',
  path: '/batches/{id}',
  operationId: 'getBatch',
  tag: 'batches',
  access: 'user',
  apiKey: true,
  summary: 'A batch of the caller: its status, counts and runs',
  middleware: [requireUser],
  request: { params: batchIdParams },
  responses: { 200: jsonContent(batchResponseSchema, 'The batch'), 404: notYours },
});

const getBatchArchive = apiRoute({
  method: 'get',
  path: '/batches/{id}/archive',
  operationId: 'getBatchArchive',
  tag: 'batches',
  access: 'user',
  apiKey: true,
  summary: 'A ZIP of the succeeded outputs of a batch, named after the images sent',
  description:
    'Streamed `application/zip`: one entry per output of each succeeded run, named after the input file with the ' +
    "output's extension (`cat.jpg` → `cat.png`); repeated names are made unique (`cat (2).png`).",
  middleware: [requireUser],
  request: { params: batchIdParams },
  responses: {
    200: {
      description: 'The archive',
      content: { 'application/zip': { schema: z.string().meta({ type: 'string', format: 'binary' }) } },
    },
    404: notYours,
  },
});

export function batchRoutes(deps: BatchDeps, webhooks: WebhookPolicy) {
  return createApiRouter()
    .openapi(startBatch(deps), async (c) => {
      const { tool } = c.req.valid('param');
      const request = await readBatchRequest(c, tool, webhooks);
      // Each image is a run for the per-user limit (the middleware counted the first).
      for (let i = 1; i < request.images.length; i++) await assertRunAllowed(deps, c.get('user').id);
      return c.json({ batch: await service.startBatch(deps, c.get('user').id, request) }, 202);
    })
    .openapi(getBatch, async (c) =>
      c.json({ batch: await service.getBatch(deps, c.get('user').id, c.req.valid('param').id) }, 200),
    )
    .openapi(getBatchArchive, async (c) => {
      const archive = await service.openArchive(deps, c.get('user').id, c.req.valid('param').id);
      c.header('Content-Type', 'application/zip');
      c.header('Content-Disposition', `attachment; filename="${archive.fileName}"`);
      return stream(c, async (out) => {
        out.onAbort(() => {
          archive.body.destroy();
        });
        for await (const chunk of archive.body) await out.write(chunk as Uint8Array);
      }) as never;
    });
}
