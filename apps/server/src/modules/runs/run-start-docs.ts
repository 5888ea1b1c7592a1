import {
  PREFER_HEADER_MAX_LENGTH,
  PREFER_WAIT_MAX_SECONDS,
  runResponseSchema,
  type ToolId,
  toolOptionSchemas,
  toolSchemaName,
} from '@atelier/contracts';
import { z } from '@hono/zod-openapi';
import { apiRoute, errorResponse } from '../../platform/http/api-route.ts';
import { jsonContent } from '../../platform/http/json-content.ts';
import { curlBlock } from '../api-docs/curl-examples.ts';
import { toolRunBody } from './run-request-docs.ts';

/**
 * How a run start is answered and which headers it reads, for `startRun` (routes.ts) and the
 * per-tool operations below, which document the same endpoint with each tool's own body.
 */

/** What starting a run of any tool answers (the generic and the per-tool operations). */
export const startRunResponses = {
  200: {
    description:
      `Sent with \`Prefer: wait=N\` (N ≤ ${PREFER_WAIT_MAX_SECONDS}) when the run ended within N seconds: the finished run (succeeded, or failed and refunded), its outputs' absolute URLs included; \`Preference-Applied: wait=N\` says the preference was honoured. ` +
      "Sent with `Accept: image/…` (`image/*`, `image/png` …; the run's end is awaited as with " +
      `\`Prefer: wait=${PREFER_WAIT_MAX_SECONDS}\` unless \`Prefer\` says otherwise) when the run succeeded: the first output's bytes, with its media type (\`Content-Location\` is its URL, \`X-Run-Id\` the run's id). ` +
      'Generated clients take the JSON answer; an output is downloaded with `getRunFile`',
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

/**
 * The request headers a run start reads besides the body. `Accept` is not among them: OpenAPI
 * leaves it to the responses' media types (an image range asks for the 200's `image/*`).
 */
export const startRunHeaders = z.object({
  prefer: z
    .string()
    .max(PREFER_HEADER_MAX_LENGTH)
    .optional()
    .describe(
      `RFC 7240. \`wait=N\` (seconds, at most ${PREFER_WAIT_MAX_SECONDS}) holds the answer until the run ends (200 with the finished run) or N seconds pass (202); \`respond-async\` or no preference answers at once (202)`,
    ),
});

export const startRunDescription =
  'Validates the options and images, then charges the credits and queues the run in one transaction. ' +
  "Documented here as JSON, every tool's options (`<Tool>RunJson`; an earlier run's output as `inputRunId` for a " +
  "tool that works on an image); the same path takes the multipart form of the path's tool, with its uploads, " +
  "documented on that tool's own operation (`/tools/<tool>/runs`, `<Tool>RunForm`). Background removal runs in the " +
  'browser: send JSON `{"clientSide": true, "width", "height"}` to record (and pay for) a run done there.';

/**
 * One operation per tool, served by `startRun` (the path's tool is a value of its `{tool}`):
 * generated clients get a call per tool whose body type is that tool's (ADR 0013).
 */
export const startToolRun = (tool: ToolId) =>
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
