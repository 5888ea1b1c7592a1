import { z } from '@hono/zod-openapi';
import {
  IMAGE_MAX_SIDE,
  IMAGE_MIN_SIDE,
  type ImageField,
  imageFieldsOf,
  inputFormatsOf,
  PROMPT_MAX_LENGTH,
  type RunMediaType,
  runMediaTypesOf,
  TOOL_IDS,
  type ToolId,
  toolOptionSchemas,
  toolSchemaName,
  UPLOAD_MAX_BYTES,
} from '@atelier/contracts';

/**
 * How `POST /tools/{tool}/runs` is described, per tool. The options are the contracts' zod
 * schemas (`<Tool>Options`); a multipart form of a tool that takes images is those options and
 * its image fields (`<Tool>RunForm`, an allOf that references the options rather than copying
 * them). These schemas only document: the route reads and checks the body itself
 * (run-request.ts), images by their bytes, before any credit is charged.
 */

const MEDIA_TYPES = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' } as const;

const IMAGE_FIELD_TEXT: Record<ImageField, string> = {
  image: 'The image to work on',
  mask: 'The mask: white where the image is repainted',
  reference_image: 'An image whose look the style follows',
};

const imageFieldsOfTool = (tool: ToolId) => {
  const { required, optional } = imageFieldsOf(tool);
  return { required, all: [...required, ...optional] };
};
const acceptedTypes = (tool: ToolId) => inputFormatsOf(tool).map((format) => MEDIA_TYPES[format]);

/** A file field of a multipart form: generated clients type it as a Blob. */
const fileField = (tool: ToolId, field: ImageField) =>
  z
    .custom<Blob>((value) => value instanceof Blob)
    .meta({
      type: 'string',
      format: 'binary',
      description:
        `${IMAGE_FIELD_TEXT[field]}: ${acceptedTypes(tool).join(', ')}, at most ${UPLOAD_MAX_BYTES / 1024 / 1024} MB ` +
        `and ${IMAGE_MIN_SIDE}–${IMAGE_MAX_SIDE} px a side (checked by its bytes).`,
    });

/** The multipart form of a tool that takes images: its image fields and its options. */
function runForm(tool: ToolId) {
  const { required, all } = imageFieldsOfTool(tool);
  const files = z.object(
    Object.fromEntries(
      all.map((field) => [
        field,
        required.includes(field) ? fileField(tool, field) : fileField(tool, field).optional(),
      ]),
    ),
  );
  return z.intersection(files, toolOptionSchemas[tool]).meta({
    id: toolSchemaName(tool, 'RunForm'),
    description: `A ${tool} run as a multipart form: the image fields and the options.`,
  });
}

const RUN_FORMS = Object.fromEntries(
  TOOL_IDS.filter((tool) => imageFieldsOfTool(tool).all.length > 0).map((tool) => [tool, runForm(tool)]),
) as Partial<Record<ToolId, ReturnType<typeof runForm>>>;

/** The schema of one media type of a tool's run: its form when it takes images, else its options. */
const bodySchema = (tool: ToolId, type: RunMediaType) =>
  (type === 'multipart/form-data' && RUN_FORMS[tool]) || toolOptionSchemas[tool];

/** The request body of one tool's run (the operation of `/tools/<tool>/runs`). */
export function toolRunBody(tool: ToolId) {
  const encoding = Object.fromEntries(
    imageFieldsOfTool(tool).all.map((field) => [field, { contentType: acceptedTypes(tool).join(', ') }]),
  );
  return {
    required: true,
    content: Object.fromEntries(
      runMediaTypesOf(tool).map((type) => [
        type,
        { schema: bodySchema(tool, type), ...(type === 'multipart/form-data' && RUN_FORMS[tool] ? { encoding } : {}) },
      ]),
    ),
  };
}

/**
 * The request body of `/tools/{tool}/runs` for any tool. As JSON, one of the tools' options
 * (by reference: the per-tool operations put each schema into the components); as a form, the
 * fields of the path's tool — text options and image files, checked against that tool's
 * schema. Plain schema objects rather than zod, so the route's own reader stays the one that
 * checks the body.
 */
export function anyToolRunBody() {
  const jsonTools = TOOL_IDS.filter((tool) => runMediaTypesOf(tool).includes('application/json'));
  return {
    required: true,
    description: "The body of the path's tool: see that tool's own operation (`/tools/<tool>/runs`) for its fields.",
    content: {
      'multipart/form-data': {
        schema: {
          type: 'object' as const,
          description: "The path's tool's `<Tool>RunForm`: its image fields and its options.",
          additionalProperties: {
            anyOf: [
              { type: 'string' as const, maxLength: PROMPT_MAX_LENGTH },
              { type: 'string' as const, format: 'binary' },
            ],
          },
        },
      },
      'application/json': {
        schema: {
          anyOf: jsonTools.map((tool) => ({ $ref: `#/components/schemas/${toolSchemaName(tool, 'Options')}` })),
        },
      },
    },
  };
}
