import {
  IMAGE_FIELDS,
  IMAGE_MESSAGES,
  imageFieldsOf,
  inputFormatsOf,
  runMediaTypesOf,
  type ToolId,
  toolOptionSchemas,
} from '@atelier/contracts';
import type { Context } from 'hono';
import { AppError, validationError } from '../../platform/http/app-error.ts';
import { identifyImage } from '../../platform/images/identify-image.ts';
import type { RunRequest } from './service.ts';

const MISSING: Record<string, string> = {
  image: 'Please select an image first',
  mask: 'Please select a mask image',
  reference_image: 'Please select a reference image',
};

const isFile = (v: unknown): v is File => typeof v === 'object' && v !== null && 'arrayBuffer' in v;

/**
 * Reads `POST /api/tools/{tool}/runs`: multipart (images plus option fields, as the spec's
 * payloads name them) or JSON (options only). Everything is checked here, before any credit
 * is charged: the options against the tool's schema, each image by its bytes.
 */
export async function readRunRequest(c: Context, tool: ToolId): Promise<RunRequest> {
  const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase() ?? '';
  const accepted = runMediaTypesOf(tool);
  if (!(accepted as readonly string[]).includes(type)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', `A run of ${tool} takes ${accepted.join(' or ')}`);
  }
  const isMultipart = type === 'multipart/form-data';
  let body: Record<string, unknown>;
  try {
    body = isMultipart ? await c.req.parseBody() : await c.req.json();
  } catch {
    throw new AppError('VALIDATION_ERROR', 'The request body is not valid JSON or multipart form data');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new AppError('VALIDATION_ERROR', 'The request body must be an object');
  }

  const fields = Object.fromEntries(
    Object.entries(body).filter(([k, v]) => !(IMAGE_FIELDS as readonly string[]).includes(k) && !isFile(v)),
  );
  const parsed = toolOptionSchemas[tool].safeParse(fields);
  if (!parsed.success) throw validationError(parsed.error.issues, fields);

  const { required, optional } = imageFieldsOf(tool);
  const images: RunRequest['images'] = {};
  for (const field of [...required, ...optional]) {
    const value = body[field];
    if (!isFile(value) || value.size === 0) {
      if (required.includes(field)) {
        throw new AppError('VALIDATION_ERROR', MISSING[field] ?? 'An image is missing', {
          fields: { [field]: 'required' },
          issues: [{ field, problem: 'required' }],
        });
      }
      continue;
    }
    const image = await identifyImage(Buffer.from(await value.arrayBuffer()), field);
    if (!inputFormatsOf(tool).includes(image.format)) {
      throw new AppError('INVALID_IMAGE', IMAGE_MESSAGES.pngOrJpgOnly, { fields: { [field]: 'unsupported format' } });
    }
    images[field] = image;
  }
  return { tool, options: parsed.data as Record<string, unknown>, images };
}
