import { browserRunFailureBodySchema, runResponseSchema, UPLOAD_MAX_BYTES } from '@atelier/contracts';
import { z } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { apiRoute, errorResponse } from '../../platform/http/api-route.ts';
import { createApiRouter } from '../../platform/http/api-router.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { jsonContent } from '../../platform/http/json-content.ts';
import { readMultipart } from '../../platform/http/multipart.ts';
import { requireUser } from '../auth/require-user.ts';
import * as browserRuns from './browser-runs.ts';
import { RESULT_MESSAGES } from './browser-runs.ts';
import type { RunDeps } from './service.ts';

const runIdParams = z.object({ id: z.uuid() });
const notYours = errorResponse('No such run of yours (NOT_FOUND)');

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

/**
 * A background removal runs in the browser: these routes take its result (to save it to the
 * gallery) or its failure (to refund it) for the run `startRun` recorded and charged.
 */
export function browserRunRoutes(deps: RunDeps) {
  return createApiRouter()
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
    });
}
