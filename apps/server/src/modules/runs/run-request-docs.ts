import {
  CHAINABLE_TOOLS,
  IMAGE_MAX_SIDE,
  IMAGE_MIN_SIDE,
  type ImageField,
  imageFieldsOf,
  inputFormatsOf,
  PROMPT_MAX_LENGTH,
  type RunMediaType,
  runMediaTypesOf,
  runRequestExtrasSchema,
  TOOL_IDS,
  type ToolId,
  toolOptionSchemas,
  toolSchemaName,
  UPLOAD_MAX_BYTES,
} from '@atelier/contracts';
import { z } from '@hono/zod-openapi';

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
  background_image: 'The new background (with `background` = `image`), scaled to cover the image',
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

const isChainable = (tool: ToolId) => (CHAINABLE_TOOLS as readonly string[]).includes(tool);

/** The fields any run request may carry beside its tool's options and images. */
const runExtras = runRequestExtrasSchema.meta({
  id: 'RunRequestExtras',
  description:
    "`inputRunId` + `outputIndex`: one of the caller's own succeeded runs whose output becomes the `image`, in place " +
    `of an upload (${CHAINABLE_TOOLS.join(', ')}; another user's run answers 404 as a missing one does). ` +
    '`webhookUrl`: receives `run.succeeded` or `run.failed`, signed (see `WebhookEvent`).',
});

/** The multipart form of a tool that takes images: its image fields, its options and the extras. */
function runForm(tool: ToolId) {
  const { all } = imageFieldsOfTool(tool);
  // The image of a chainable tool may be `inputRunId` instead: then the file is not sent.
  const required = imageFieldsOfTool(tool).required.filter((field) => !(field === 'image' && isChainable(tool)));
  const files = z.object(
    Object.fromEntries(
      all.map((field) => [
        field,
        required.includes(field) ? fileField(tool, field) : fileField(tool, field).optional(),
      ]),
    ),
  );
  return z.intersection(z.intersection(files, toolOptionSchemas[tool]), runExtras).meta({
    id: toolSchemaName(tool, 'RunForm'),
    description: `A ${tool} run as a multipart form: the image fields, the options and the extras.`,
  });
}

const RUN_FORMS = Object.fromEntries(
  TOOL_IDS.filter((tool) => imageFieldsOfTool(tool).all.length > 0).map((tool) => [tool, runForm(tool)]),
) as Partial<Record<ToolId, ReturnType<typeof runForm>>>;

/** The schema of one media type of a tool's run: its form when it takes images, else its options. */
/** A run as JSON: the options and the extras (`inputRunId` stands for the image of a chainable tool). */
const runJson = (tool: ToolId) =>
  z.intersection(toolOptionSchemas[tool], runExtras).meta({
    id: toolSchemaName(tool, 'RunJson'),
    description: `A ${tool} run as JSON: the options and the extras.`,
  });
const RUN_JSONS = Object.fromEntries(
  TOOL_IDS.filter((tool) => runMediaTypesOf(tool).includes('application/json')).map((tool) => [tool, runJson(tool)]),
) as Partial<Record<ToolId, ReturnType<typeof runJson>>>;

const bodySchema = (tool: ToolId, type: RunMediaType) =>
  (type === 'multipart/form-data' && RUN_FORMS[tool]) || RUN_JSONS[tool] || toolOptionSchemas[tool];

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
          anyOf: jsonTools.map((tool) => ({ $ref: `#/components/schemas/${toolSchemaName(tool, 'RunJson')}` })),
        },
      },
    },
  };
}
