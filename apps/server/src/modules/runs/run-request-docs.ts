import {
  BATCH_MAX_IMAGES,
  BATCH_TOOLS,
  CHAINABLE_TOOLS,
  IMAGE_MAX_SIDE,
  IMAGE_MIN_SIDE,
  type ImageField,
  imageFieldsOf,
  inputFormatsOf,
  runMediaTypesOf,
  runRequestExtrasSchema,
  TOOL_IDS,
  type ToolId,
  toolOptionSchemas,
  toolSchemaName,
  UPLOAD_MAX_BYTES,
} from '@atelier/contracts';
import { type OpenAPIHono, z } from '@hono/zod-openapi';

/**
 * How `POST /tools/{tool}/runs` is described, per tool: a multipart form of a tool that takes
 * images (`<Tool>RunForm`: its image fields as binary strings, its options, the extras) and a
 * JSON body (`<Tool>RunJson`), each one closed object built from the contracts' zod schemas.
 * These schemas only document: the route reads and checks the body itself (run-request.ts),
 * images by their bytes, before any credit is charged.
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

/** The extras as the schemas of their fields, to be merged into each tool's closed body. */
const EXTRAS = runRequestExtrasSchema.shape;
const extrasText = (chainable: boolean) =>
  (chainable
    ? "`inputRunId` + `outputIndex`: one of the caller's own succeeded runs whose output becomes the `image`, in place " +
      "of an upload (another user's run answers 404 as a missing one does). "
    : '') +
  '`webhookUrl`: receives `run.succeeded` or `run.failed`, signed (see `WebhookEvent`). `teamId`: a team of the ' +
  "caller's, charged and owning the run.";

/** A tool's options as the fields of an object (their refinements are the route's to check). */
const optionFields = (tool: ToolId) => (toolOptionSchemas[tool] as unknown as z.ZodObject).shape;

/**
 * A tool's whole body as one closed object — images, options and extras side by side — so that
 * `additionalProperties: false` says what the route does (a field the tool does not take is
 * refused) and generators see one flat form rather than an allOf they would have to merge.
 */
function closedBody(tool: ToolId, files: Record<string, z.ZodType>, inputRunRequired: boolean) {
  const chainable = isChainable(tool);
  const { inputRunId, outputIndex, ...rest } = EXTRAS;
  const extras = chainable ? { inputRunId: inputRunRequired ? z.uuid() : inputRunId, outputIndex, ...rest } : rest;
  return z.object({ ...files, ...optionFields(tool), ...extras }).strict();
}

/**
 * The multipart form of a tool that takes images. A chainable tool's image is an upload or
 * `inputRunId`, never both (the route refuses both): `oneOf` says so in the schema.
 */
function runForm(tool: ToolId) {
  const { required, all } = imageFieldsOfTool(tool);
  const chained = isChainable(tool) && required.includes('image');
  const files = Object.fromEntries(
    all.map((field) => {
      const isRequired = required.includes(field) && !(field === 'image' && chained);
      return [field, isRequired ? fileField(tool, field) : fileField(tool, field).optional()];
    }),
  );
  return closedBody(tool, files, false).meta({
    id: toolSchemaName(tool, 'RunForm'),
    description: `A ${tool} run as a multipart form: its image fields, its options and the extras. ${extrasText(isChainable(tool))}`,
    ...(chained ? { oneOf: [{ required: ['image'] }, { required: ['inputRunId'] }] } : {}),
  });
}

const RUN_FORMS = Object.fromEntries(
  TOOL_IDS.filter((tool) => imageFieldsOfTool(tool).all.length > 0).map((tool) => [tool, runForm(tool)]),
) as Partial<Record<ToolId, ReturnType<typeof runForm>>>;

/**
 * A run as JSON: the options and the extras. For a tool that works on an image, JSON is how an
 * earlier run's output is sent (`inputRunId`, required then); an upload needs the form.
 */
const runJson = (tool: ToolId) => {
  const fromRun = isChainable(tool) && imageFieldsOfTool(tool).required.includes('image');
  return closedBody(tool, {}, fromRun).meta({
    id: toolSchemaName(tool, 'RunJson'),
    description:
      `A ${tool} run as JSON: its options and the extras` +
      `${fromRun ? ", the image being an earlier run's output" : ''}. ${extrasText(isChainable(tool))}`,
  });
};
const RUN_JSONS = Object.fromEntries(
  TOOL_IDS.filter((tool) => runMediaTypesOf(tool).includes('application/json')).map((tool) => [tool, runJson(tool)]),
) as Partial<Record<ToolId, ReturnType<typeof runJson>>>;

/**
 * The request body of one tool's run (the operation of `/tools/<tool>/runs`): one media type,
 * so a generated call has one body type — the form for a tool that takes images (an upload,
 * or `inputRunId` as a field), JSON for the others. `startRun` takes every tool's JSON.
 */
export function toolRunBody(tool: ToolId) {
  const form = RUN_FORMS[tool];
  if (!form) return { required: true, content: { 'application/json': { schema: RUN_JSONS[tool]! } } };
  const encoding = Object.fromEntries(
    imageFieldsOfTool(tool).all.map((field) => [field, { contentType: acceptedTypes(tool).join(', ') }]),
  );
  return { required: true, content: { 'multipart/form-data': { schema: form, encoding } } };
}

/**
 * Puts every tool's JSON body into the document's components, for `anyToolRunBody`'s references
 * (a tool whose own operation takes a form has its JSON body referenced nowhere else).
 */
export function registerRunBodies(registry: OpenAPIHono['openAPIRegistry']) {
  for (const [tool, schema] of Object.entries(RUN_JSONS))
    registry.register(toolSchemaName(tool as ToolId, 'RunJson'), schema);
}

/**
 * The request body of `/tools/{tool}/runs` for any tool, as JSON: one of the tools' bodies (by
 * reference: the per-tool operations put each schema into the components). The same path also
 * takes the path's tool's multipart form, documented on that tool's own operation. A plain
 * schema object rather than zod, so the route's own reader stays the one that checks the body.
 */
export function anyToolRunBody() {
  const jsonTools = TOOL_IDS.filter((tool) => RUN_JSONS[tool]);
  return {
    required: true,
    description:
      "The JSON body of the path's tool (`<Tool>RunJson`). The same path takes the path's tool's multipart form " +
      "(`<Tool>RunForm`, with uploads): see that tool's own operation (`/tools/<tool>/runs`).",
    content: {
      'application/json': {
        schema: {
          anyOf: jsonTools.map((tool) => ({ $ref: `#/components/schemas/${toolSchemaName(tool, 'RunJson')}` })),
        },
      },
    },
  };
}

/**
 * The multipart form of `startBatch`: the `image` field repeated, and once each the option
 * fields of the batch tools (the path's tool's are read, another's refused) and the extras a
 * batch takes. Closed, as the route refuses a field no tool takes; plain JSON Schema, so the
 * route's own reader stays the one that checks the form.
 */
export function anyBatchToolForm(): Record<string, unknown> {
  const { inputRunId: _run, outputIndex: _index, ...extras } = EXTRAS;
  const fields = Object.assign({}, ...BATCH_TOOLS.map(optionFields), extras) as z.ZodRawShape;
  const { properties } = z.toJSONSchema(z.object(fields), { io: 'input', unrepresentable: 'any' }) as {
    properties: Record<string, unknown>;
  };
  return {
    type: 'object',
    properties: {
      image: {
        type: 'array',
        items: { type: 'string', format: 'binary' },
        minItems: 1,
        maxItems: BATCH_MAX_IMAGES,
        description: `The images, one file each (PNG, JPEG or WebP, at most ${UPLOAD_MAX_BYTES / 1024 / 1024} MB).`,
      },
      ...properties,
      webhookUrl: {
        ...(properties.webhookUrl as object),
        description: 'Receives `batch.completed` (Standard Webhooks, signed with your `whsec_` secret).',
      },
    },
    required: ['image'],
    additionalProperties: false,
  };
}
