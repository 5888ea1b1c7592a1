import {
  advancedOptionsUsed,
  CHAINABLE_TOOLS,
  IMAGE_FIELDS,
  IMAGE_MESSAGES,
  INPAINTING_PROMPT_MESSAGE,
  imageFieldsOf,
  inputFormatsOf,
  RUN_REQUEST_EXTRA_FIELDS,
  runMediaTypesOf,
  runRequestExtrasSchema,
  type ToolId,
  toolOptionSchemas,
} from '@atelier/contracts';
import type { Context } from 'hono';
import type { AppEnv } from '../../platform/http/app-env.ts';
import { AppError, assertApiKeyScope, validationError } from '../../platform/http/app-error.ts';
import { assertFeature } from '../../platform/http/feature-gate.ts';
import { readMultipart } from '../../platform/http/multipart.ts';
import { type IdentifiedImage, identifyImage } from '../../platform/images/identify-image.ts';
import { checkWebhookUrl, type WebhookPolicy } from '../webhooks/webhook-url.ts';
import type { RequestImage, RunRequest } from './service.ts';

const MISSING: Record<string, string> = {
  image: 'Please select an image first',
  mask: 'Paint over what should change, or upload a mask',
  reference_image: 'Please select a reference image',
  background_image: 'Please select a background image',
};

export const isFile = (v: unknown): v is File => typeof v === 'object' && v !== null && 'arrayBuffer' in v;

/** What reading a run request needs beside the request: an earlier output, the webhook rules. */
export interface RunRequestContext {
  /** An output of one of the user's own succeeded runs; NOT_FOUND otherwise (another user's too). */
  runOutput(userId: string, runId: string, outputIndex: number): Promise<RequestImage>;
  webhooks: WebhookPolicy;
  /** The option fields the tool's serving engine ignores (its `ignoredOptions`). */
  ignoredOptions(tool: ToolId): readonly string[];
}

/** The body as an object of fields: multipart (repeated fields as arrays when `all`) or JSON. */
export async function readBody(c: Context, tool: ToolId, all = false): Promise<Record<string, unknown>> {
  const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase() ?? '';
  const accepted = all ? ['multipart/form-data'] : runMediaTypesOf(tool);
  if (!(accepted as readonly string[]).includes(type)) {
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      `A ${all ? 'batch' : 'run'} of ${tool} takes ${accepted.join(' or ')}`,
    );
  }
  let body: unknown;
  try {
    body = type === 'multipart/form-data' ? await readMultipart(c.req.raw, { all }) : await c.req.json();
  } catch {
    throw new AppError('VALIDATION_ERROR', 'The request body is not valid JSON or multipart form data');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new AppError('VALIDATION_ERROR', 'The request body must be an object');
  }
  return body as Record<string, unknown>;
}

const NOT_OPTIONS = new Set<string>([...IMAGE_FIELDS, ...RUN_REQUEST_EXTRA_FIELDS]);

/** The fields a request for `tool` may carry: its options, its image fields, the extras. */
function knownFields(tool: ToolId): Set<string> {
  const { required, optional } = imageFieldsOf(tool);
  return new Set([
    ...Object.keys(toolOptionSchemas[tool].shape),
    ...required,
    ...optional,
    ...RUN_REQUEST_EXTRA_FIELDS,
  ]);
}

/**
 * Strict input: a field the tool does not take is refused (400 VALIDATION_ERROR, `unknown_field`),
 * before anything is charged — a misspelt option (`upscale_type`) would otherwise be dropped and
 * the run made, and paid for, with the default. An image field of another tool counts too.
 */
export function refuseUnknownFields(tool: ToolId, body: Record<string, unknown>): void {
  const known = knownFields(tool);
  const unknown = Object.keys(body).filter((field) => !known.has(field));
  if (unknown.length === 0) return;
  throw new AppError('VALIDATION_ERROR', `${unknown[0]}: not a field of a ${tool} run`, {
    fields: Object.fromEntries(unknown.map((field) => [field, 'unknown field'])),
    issues: unknown.map((field) => ({ field, problem: 'unknown_field' as const })),
  });
}

/** The tool's options (every field that is neither an image nor an extra), checked by its schema. */
export function readOptions(tool: ToolId, body: Record<string, unknown>): Record<string, unknown> {
  refuseUnknownFields(tool, body);
  const fields = Object.fromEntries(Object.entries(body).filter(([k, v]) => !NOT_OPTIONS.has(k) && !isFile(v)));
  const parsed = toolOptionSchemas[tool].safeParse(fields);
  if (!parsed.success) throw validationError(parsed.error.issues, fields);
  return parsed.data as Record<string, unknown>;
}

/**
 * The plan features a tool's validated options need (ADR 0032): the advanced options are for
 * plans with `advancedOptions` — in a team (`teamId`), the team's plan's. Checked before any
 * image is read, stored or charged.
 */
export async function assertPlanAllowsOptions(
  c: Context<AppEnv>,
  tool: ToolId,
  options: Record<string, unknown>,
  teamId?: string,
) {
  const advanced = advancedOptionsUsed(tool, options);
  if (advanced.length) await assertFeature(c, 'advancedOptions', { detail: advanced.join(', '), teamId });
}

/**
 * The extras (`inputRunId`, `outputIndex`, `webhookUrl`). A webhook needs a key with the
 * `webhooks` scope (when a key is used) and a plan with `webhooks`
 * (asked first: a Free account learns that, not what is wrong with its address); then the URL is
 * checked against the webhook rules.
 */
export async function readExtras(c: Context<AppEnv>, body: Record<string, unknown>, webhooks: WebhookPolicy) {
  const input = Object.fromEntries(
    RUN_REQUEST_EXTRA_FIELDS.filter((k) => body[k] !== undefined).map((k) => [k, body[k]]),
  );
  const parsed = runRequestExtrasSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error.issues, input);
  const { webhookUrl, ...rest } = parsed.data;
  if (webhookUrl) {
    assertApiKeyScope(c.get('user'), 'webhooks');
    await assertFeature(c, 'webhooks', { teamId: rest.teamId });
  }
  return { ...rest, webhookUrl: webhookUrl ? await checkWebhookUrl(webhookUrl, webhooks) : undefined };
}

/** An inpainting prompt is optional only where the serving engine ignores it (the local fill). */
function requireInpaintingPrompt(tool: ToolId, options: Record<string, unknown>, ignored: readonly string[]) {
  if (tool !== 'inpainting' || ignored.includes('prompt') || options.prompt) return;
  throw new AppError('VALIDATION_ERROR', INPAINTING_PROMPT_MESSAGE, {
    fields: { prompt: INPAINTING_PROMPT_MESSAGE },
    issues: [{ field: 'prompt', problem: 'required' }],
  });
}

/** An uploaded image, checked by its bytes and against the formats the tool takes. */
export async function checkUpload(tool: ToolId, field: string, file: File): Promise<RequestImage> {
  const image = await identifyImage(Buffer.from(await file.arrayBuffer()), field);
  return { ...checkFormat(tool, field, image), name: file.name || null };
}

export function checkFormat<T extends IdentifiedImage>(tool: ToolId, field: string, image: T): T {
  if (!inputFormatsOf(tool).includes(image.format)) {
    throw new AppError('INVALID_IMAGE', IMAGE_MESSAGES.pngOrJpgOnly, { fields: { [field]: 'unsupported format' } });
  }
  return image;
}

/** The spec's message for an image field left empty. */
export const missing = (field: string) =>
  new AppError('VALIDATION_ERROR', MISSING[field] ?? 'An image is missing', {
    fields: { [field]: 'required' },
    issues: [{ field, problem: 'required' }],
  });

/** Replace-background onto an uploaded image (`background` = `image`) needs that image, and only then takes one. */
function requireBackgroundImage(tool: ToolId, options: Record<string, unknown>, images: RunRequest['images']) {
  if (tool !== 'replace-background') return;
  const wanted = options.background === 'image';
  if (wanted && !images.background_image) throw missing('background_image');
  if (!wanted && images.background_image) {
    throw new AppError('VALIDATION_ERROR', 'A background image is used only with background = image', {
      fields: { background_image: 'not used with this background' },
      issues: [{ field: 'background_image', problem: 'invalid' }],
    });
  }
}

/**
 * Reads `POST /api/tools/{tool}/runs`: multipart (images plus option fields, as the spec's
 * payloads name them) or JSON (options, and `inputRunId` in place of the image). Everything is
 * checked here, before any credit is charged: the options against the tool's schema, the plan's
 * features (advanced options, webhooks), each image by its bytes, an earlier run's output as the
 * caller's own, the webhook URL.
 */
export async function readRunRequest(c: Context<AppEnv>, tool: ToolId, ctx: RunRequestContext): Promise<RunRequest> {
  const body = await readBody(c, tool);
  const options = readOptions(tool, body);
  requireInpaintingPrompt(tool, options, ctx.ignoredOptions(tool));
  const extras = await readExtras(c, body, ctx.webhooks);
  await assertPlanAllowsOptions(c, tool, options, extras.teamId);
  const { required, optional } = imageFieldsOf(tool);
  const images: RunRequest['images'] = {};
  let source: RunRequest['source'];
  if (extras.inputRunId) {
    if (!(CHAINABLE_TOOLS as readonly string[]).includes(tool)) {
      throw new AppError('VALIDATION_ERROR', `${tool} does not take an earlier run's output`, {
        fields: { inputRunId: 'not taken by this tool' },
        issues: [{ field: 'inputRunId', problem: 'unknown_field' }],
      });
    }
    if (isFile(body.image)) {
      throw new AppError('VALIDATION_ERROR', 'Send either an image or inputRunId, not both', {
        fields: { inputRunId: 'either image or inputRunId' },
        issues: [{ field: 'inputRunId', problem: 'invalid' }],
      });
    }
    source = { runId: extras.inputRunId, outputIndex: extras.outputIndex ?? 0 };
    const output = await ctx.runOutput(c.get('user').id, source.runId, source.outputIndex);
    images.image = checkFormat(tool, 'image', output);
  }
  for (const field of [...required, ...optional]) {
    if (images[field]) continue;
    const value = body[field];
    if (!isFile(value) || value.size === 0) {
      if (required.includes(field)) throw missing(field);
      continue;
    }
    images[field] = await checkUpload(tool, field, value);
  }
  requireBackgroundImage(tool, options, images);
  return { tool, options, images, source, webhookUrl: extras.webhookUrl, teamId: extras.teamId };
}
