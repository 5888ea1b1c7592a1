import { randomBytes, randomInt } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp, { type Sharp } from 'sharp';
import {
  STABILITY_ASPECT_RATIOS,
  STABILITY_STYLE_PRESETS,
} from '../../src/engines/providers/stability/stability-options.ts';
import { parseMultipart, readBody } from './request-body.ts';

/**
 * A stand-in for Stability AI's REST v2beta API, built from its documentation and OpenAPI spec:
 * Bearer auth, multipart/form-data POSTs under /v2beta/stable-image/ whose
 * fields are checked (required, enums, ranges, pixel limits; an unknown field is refused too,
 * which the real API may only ignore), the `accept` header (image/* → raw bytes with
 * `finish-reason` and `seed` headers; application/json → `{image, seed, finish_reason}`), errors
 * as `{id, name, errors}`, and asynchronous jobs (creative upscale, replace-background-and-relight)
 * whose `{id}` is polled at GET /v2beta/results/{id}: 202 `{id, status:"in-progress"}` a few
 * times, then 200 with the image; 404 for an unknown id or another key. Test code only.
 */

export interface RecordedStabilityRequest {
  method: string;
  path: string;
  contentType: string;
  accept: string;
  /** The multipart form's text fields. */
  fields: Record<string, string>;
  files: Record<string, Buffer>;
}

export interface FakeStability {
  /** What STABILITY_API_BASE points at: http://127.0.0.1:port */
  baseUrl: string;
  /** The one key accepted; change it to make every call unauthorized. */
  apiKey: string;
  /** Every POST that reached an endpoint, in order. */
  requests: RecordedStabilityRequest[];
  /** Every look at a job's result: its id, what was answered, and when. */
  polls: { id: string; status: number; at: number }[];
  /** How many times a job answers 202 before its image is ready. */
  pendingPolls: number;
  /** The next `count` API calls answer `status` (500, 429, 402, 403 …) with that status's error. */
  failNext(count: number, status: number): void;
  /** The next `count` images are blurred by "moderation": HTTP 200, finish-reason CONTENT_FILTERED. */
  filterNext(count: number): void;
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 10 * 1024 * 1024;
const EDIT_PIXELS = { min: 4_096, max: 9_437_184 };

class ApiError extends Error {
  constructor(
    readonly status: number,
    /** The error's short name in the body, e.g. bad_request. */
    readonly errorName: string,
    readonly errors: string[],
  ) {
    super(errors.join('; '));
  }
}

/** The documented error body: `{id, name, errors}`, id a 32-char hex. */
const errorBody = (e: ApiError) =>
  JSON.stringify({ id: randomBytes(16).toString('hex'), name: e.errorName, errors: e.errors });

const ERROR_NAMES: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  402: 'payment_required',
  403: 'content_moderation',
  404: 'generation_not_found',
  413: 'payload_too_large',
  422: 'public_figure',
  429: 'rate_limit_exceeded',
  500: 'internal_error',
};
const ERROR_TEXTS: Record<number, string> = {
  402: 'You lack sufficient credits to make this request.',
  403: 'Your request was flagged by our content moderation system.',
  422: 'Our system detected the likeness of a public figure in your request.',
  429: 'You have exceeded the rate limit of 150 requests within a 10 second period.',
  500: 'An unexpected server error has occurred, please try again later.',
};

// ---- fields ----------------------------------------------------------------------------

type Rule =
  | { kind: 'text'; required?: boolean; min?: number; max: number }
  | { kind: 'enum'; required?: boolean; values: readonly string[] }
  | { kind: 'number'; required?: boolean; min: number; max: number; integer?: boolean }
  | { kind: 'file'; required?: boolean; edit?: boolean; maxPixels?: number };

// The aspect ratios and style presets are Stability's documented lists, kept once beside the
// adapter (stability-options.ts); the fake refuses any value not in them.
const OUTPUT_FORMATS = ['jpeg', 'png', 'webp'] as const;
const SD3_MODELS = ['sd3.5-large', 'sd3.5-large-turbo', 'sd3.5-medium', 'sd3-large', 'sd3-large-turbo', 'sd3-medium'];

const prompt: Rule = { kind: 'text', required: true, min: 1, max: 10_000 };
const negative_prompt: Rule = { kind: 'text', max: 10_000 };
const seed: Rule = { kind: 'number', min: 0, max: 4_294_967_294, integer: true };
const output_format: Rule = { kind: 'enum', values: OUTPUT_FORMATS };
const style_preset: Rule = { kind: 'enum', values: STABILITY_STYLE_PRESETS };
const aspect_ratio: Rule = { kind: 'enum', values: STABILITY_ASPECT_RATIOS };
const unit: Rule = { kind: 'number', min: 0, max: 1 };

interface Endpoint {
  rules: Record<string, Rule>;
  /** Answers `{id}` at once; the image is fetched from /v2beta/results/{id}. */
  async?: boolean;
  /** Checks between fields that rules cannot say. */
  check?(fields: Record<string, string>, files: Record<string, Buffer>): string[];
  /** The result's size and whether it is cut out (transparent background). */
  output(fields: Record<string, string>, input?: { width: number; height: number }): Promise<Output> | Output;
}
interface Output {
  width: number;
  height: number;
  cutOut?: boolean;
}

/** Output sizes per aspect ratio (1.5 MP for core, 1 MP for sd3), divided by 16: tests need not wait. */
const CORE_SIZES: Record<string, [number, number]> = {
  '1:1': [1536, 1536],
  '5:4': [1632, 1344],
  '3:2': [1824, 1248],
  '16:9': [2016, 1152],
  '21:9': [2304, 960],
};
const SD3_SIZES: Record<string, [number, number]> = {
  '1:1': [1024, 1024],
  '5:4': [1088, 896],
  '3:2': [1216, 832],
  '16:9': [1344, 768],
  '21:9': [1536, 640],
};
function sizeFor(table: Record<string, [number, number]>, ratio = '1:1'): Output {
  const [a, b] = ratio.split(':');
  const [w, h] = table[`${a}:${b}`] ?? table[`${b}:${a}`]!;
  const landscape = table[`${a}:${b}`] !== undefined;
  return landscape ? { width: w / 16, height: h / 16 } : { width: h / 16, height: w / 16 };
}

const ENDPOINTS: Record<string, Endpoint> = {
  '/v2beta/stable-image/generate/core': {
    rules: { prompt, negative_prompt, aspect_ratio, seed, output_format, style_preset },
    output: (f) => sizeFor(CORE_SIZES, f.aspect_ratio),
  },
  '/v2beta/stable-image/generate/sd3': {
    rules: {
      prompt,
      model: { kind: 'enum', values: SD3_MODELS },
      mode: { kind: 'enum', values: ['text-to-image', 'image-to-image'] },
      image: { kind: 'file', edit: true },
      strength: unit,
      aspect_ratio,
      cfg_scale: { kind: 'number', min: 1, max: 10 },
      negative_prompt,
      seed,
      output_format: { kind: 'enum', values: ['jpeg', 'png'] },
    },
    check: (f, files) => {
      if (f.mode !== 'image-to-image') return files.image ? ['image: only with mode image-to-image'] : [];
      const errors = [];
      if (!files.image) errors.push('image: is required in image-to-image mode');
      if (f.strength === undefined) errors.push('strength: is required in image-to-image mode');
      if (f.aspect_ratio !== undefined) errors.push('aspect_ratio: only with mode text-to-image');
      return errors;
    },
    output: (f, input) => input ?? sizeFor(SD3_SIZES, f.aspect_ratio),
  },
  '/v2beta/stable-image/edit/inpaint': {
    rules: {
      image: { kind: 'file', required: true, edit: true },
      prompt,
      mask: { kind: 'file' },
      negative_prompt,
      grow_mask: { kind: 'number', min: 0, max: 100, integer: true },
      seed,
      output_format,
      style_preset,
    },
    output: (_f, input) => input!,
  },
  '/v2beta/stable-image/edit/remove-background': {
    rules: {
      image: { kind: 'file', required: true, edit: true, maxPixels: 4_194_304 },
      output_format: { kind: 'enum', values: ['png', 'webp'] },
    },
    output: (_f, input) => ({ ...input!, cutOut: true }),
  },
  '/v2beta/stable-image/edit/replace-background-and-relight': {
    async: true,
    rules: {
      subject_image: { kind: 'file', required: true, edit: true },
      background_reference: { kind: 'file', edit: true },
      background_prompt: { kind: 'text', min: 1, max: 10_000 },
      foreground_prompt: { kind: 'text', max: 10_000 },
      negative_prompt,
      preserve_original_subject: unit,
      original_background_depth: unit,
      keep_original_background: { kind: 'enum', values: ['true', 'false'] },
      light_source_direction: { kind: 'enum', values: ['left', 'right', 'above', 'below'] },
      light_reference: { kind: 'file', edit: true },
      light_source_strength: unit,
      seed,
      output_format,
    },
    check: (f, files) =>
      f.background_prompt === undefined && !files.background_reference
        ? ['background_prompt: either background_prompt or background_reference is required']
        : [],
    output: (_f, input) => input!,
  },
  '/v2beta/stable-image/upscale/fast': {
    rules: { image: { kind: 'file', required: true, maxPixels: 1_048_576 }, output_format },
    output: (_f, input) => ({ width: input!.width * 4, height: input!.height * 4 }),
  },
  '/v2beta/stable-image/upscale/creative': {
    async: true,
    rules: {
      image: { kind: 'file', required: true, maxPixels: 1_048_576 },
      prompt,
      negative_prompt,
      seed,
      creativity: { kind: 'number', min: 0, max: 0.35 },
      style_preset,
      output_format,
    },
    output: (_f, input) => ({ width: input!.width * 4, height: input!.height * 4 }),
  },
};

async function checkField(name: string, rule: Rule, value: string | Buffer | undefined): Promise<string[]> {
  if (value === undefined) return rule.required ? [`${name}: is required`] : [];
  if (rule.kind === 'file') {
    if (typeof value === 'string') return [`${name}: must be a file`];
    const meta = await sharp(value, { limitInputPixels: false })
      .metadata()
      .catch(() => undefined);
    if (!meta?.width || !meta.height || !['jpeg', 'png', 'webp'].includes(meta.format ?? '')) {
      return [`${name}: must be a jpeg, png or webp image`];
    }
    const pixels = meta.width * meta.height;
    if (rule.edit && (meta.width < 64 || meta.height < 64)) return [`${name}: every side must be at least 64 pixels`];
    if (rule.edit && (pixels < EDIT_PIXELS.min || pixels > EDIT_PIXELS.max)) {
      return [`${name}: total pixel count must be between 4,096 and 9,437,184 (got ${pixels})`];
    }
    if (rule.maxPixels && pixels > rule.maxPixels) {
      return [`${name}: total pixel count must be at most ${rule.maxPixels} (got ${pixels})`];
    }
    return [];
  }
  if (typeof value !== 'string') return [`${name}: must be a text field`];
  if (rule.kind === 'text') {
    if (value.length < (rule.min ?? 0) || value.length > rule.max) {
      return [`${name}: must be between ${rule.min ?? 0} and ${rule.max} characters`];
    }
  } else if (rule.kind === 'enum') {
    if (!rule.values.includes(value)) return [`${name}: must be one of ${rule.values.join(', ')}`];
  } else {
    const n = Number(value);
    if (value.trim() === '' || !Number.isFinite(n) || n < rule.min || n > rule.max) {
      return [`${name}: must be a number between ${rule.min} and ${rule.max}`];
    }
    if (rule.integer && !Number.isInteger(n)) return [`${name}: must be an integer`];
  }
  return [];
}

async function validate(endpoint: Endpoint, r: RecordedStabilityRequest): Promise<void> {
  const errors: string[] = [];
  const given = new Set([...Object.keys(r.fields), ...Object.keys(r.files)]);
  for (const name of given) if (!endpoint.rules[name]) errors.push(`${name}: is not a known field`);
  for (const [name, rule] of Object.entries(endpoint.rules)) {
    errors.push(...(await checkField(name, rule, r.fields[name] ?? r.files[name])));
  }
  if (errors.length === 0) errors.push(...(endpoint.check?.(r.fields, r.files) ?? []));
  if (errors.length) throw new ApiError(400, 'bad_request', errors);
}

// ---- images ----------------------------------------------------------------------------

interface Made {
  data: Buffer;
  mediaType: string;
  seed: number;
  filtered: boolean;
}

/** A picture of the output's size: opaque, or a cut-out subject (transparent border) for background removal. */
async function imageOf(output: Output, format: string, filtered: boolean): Promise<Made> {
  const { width, height, cutOut } = output;
  let image: Sharp;
  if (cutOut) {
    const rgba = Buffer.alloc(width * height * 4);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        const inside = x >= width / 4 && x < (3 * width) / 4 && y >= height / 4 && y < (3 * height) / 4;
        rgba.set(inside ? [231, 111, 81, 255] : [0, 0, 0, 0], (y * width + x) * 4);
      }
    image = sharp(rgba, { raw: { width, height, channels: 4 } });
  } else {
    image = sharp({ create: { width, height, channels: 3, background: '#2a9d8f' } });
  }
  // Moderation blurs the picture and still answers 200.
  if (filtered) image = image.blur(Math.max(1, Math.min(width, height) / 8));
  const encoded =
    format === 'jpeg' ? image.jpeg() : format === 'webp' ? image.webp() : image.png({ compressionLevel: 1 });
  return {
    data: await encoded.toBuffer(),
    mediaType: `image/${format}`,
    seed: randomInt(1, 4_294_967_294),
    filtered,
  };
}

// ---- server ----------------------------------------------------------------------------

async function readCappedBody(req: http.IncomingMessage): Promise<Buffer> {
  const body = await readBody(req);
  if (body.byteLength > MAX_BODY_BYTES) throw new ApiError(413, 'payload_too_large', ['body: must be at most 10 MiB']);
  return body;
}

async function readForm(req: http.IncomingMessage, path: string, body: Buffer): Promise<RecordedStabilityRequest> {
  const contentType = req.headers['content-type'] ?? '';
  const recorded: RecordedStabilityRequest = {
    method: 'POST',
    path,
    contentType,
    accept: req.headers.accept ?? '',
    fields: {},
    files: {},
  };
  if (!contentType.startsWith('multipart/form-data')) {
    throw new ApiError(400, 'bad_request', ['content-type: must be multipart/form-data']);
  }
  const form = await parseMultipart(contentType, body).catch(() => {
    throw new ApiError(400, 'bad_request', ['body: is not a valid multipart/form-data body']);
  });
  return { ...recorded, ...form };
}

/** image/* (the default), or application/json. */
function answerMode(accept: string | undefined, wildcard: boolean): 'bytes' | 'json' {
  const a = (accept ?? '').trim();
  if (a === '' || a === 'image/*' || (wildcard && a === '*/*')) return 'bytes';
  if (a === 'application/json') return 'json';
  throw new ApiError(400, 'bad_request', [
    `accept: must be ${wildcard ? '*/*, image/*' : 'image/*'} or application/json`,
  ]);
}

function sendImage(res: http.ServerResponse, made: Made, mode: 'bytes' | 'json') {
  const finishReason = made.filtered ? 'CONTENT_FILTERED' : 'SUCCESS';
  const requestId = randomBytes(16).toString('hex');
  if (mode === 'json') {
    const body = JSON.stringify({ image: made.data.toString('base64'), seed: made.seed, finish_reason: finishReason });
    res
      .writeHead(200, { 'content-type': `application/json; type=${made.mediaType}`, 'x-request-id': requestId })
      .end(body);
    return;
  }
  res
    .writeHead(200, {
      'content-type': made.mediaType,
      'finish-reason': finishReason,
      seed: String(made.seed),
      'x-request-id': requestId,
    })
    .end(made.data);
}

interface Job {
  apiKey: string;
  pending: number;
  result: Promise<Made>;
}

export async function startFakeStability(apiKey = 'sk-test-stability'): Promise<FakeStability> {
  let failures: { count: number; status: number } = { count: 0, status: 500 };
  let filterCount = 0;
  const jobs = new Map<string, Job>();
  const takeFiltered = () => filterCount > 0 && filterCount-- > 0;

  async function make(endpoint: Endpoint, r: RecordedStabilityRequest): Promise<Made> {
    const file = r.files.image ?? r.files.subject_image;
    const meta = file ? await sharp(file).metadata() : undefined;
    const input = meta ? { width: meta.width!, height: meta.height! } : undefined;
    const output = await endpoint.output(r.fields, input);
    return imageOf(output, r.fields.output_format ?? 'png', takeFiltered());
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse, path: string, body: Buffer) {
    if (req.method === 'GET' && path.startsWith('/v2beta/results/')) {
      const id = path.slice('/v2beta/results/'.length);
      const mode = answerMode(req.headers.accept, true);
      const job = jobs.get(id);
      // A result belongs to the key that asked for it.
      if (!job || job.apiKey !== fake.apiKey) {
        fake.polls.push({ id, status: 404, at: Date.now() });
        throw new ApiError(404, 'generation_not_found', [`id: ${id} not found`]);
      }
      if (job.pending > 0) {
        job.pending--;
        fake.polls.push({ id, status: 202, at: Date.now() });
        res.writeHead(202, { 'content-type': 'application/json' }).end(JSON.stringify({ id, status: 'in-progress' }));
        return;
      }
      fake.polls.push({ id, status: 200, at: Date.now() });
      return sendImage(res, await job.result, mode);
    }
    const endpoint = ENDPOINTS[path];
    if (req.method !== 'POST' || !endpoint) throw new ApiError(404, 'not_found', [`${req.method} ${path}: not found`]);
    const recorded = await readForm(req, path, body);
    fake.requests.push(recorded);
    await validate(endpoint, recorded);
    if (endpoint.async) {
      const id = randomBytes(32).toString('hex');
      const result = make(endpoint, recorded);
      result.catch(() => {}); // read when polled
      jobs.set(id, { apiKey: fake.apiKey, pending: fake.pendingPolls, result });
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id }));
      return;
    }
    const mode = answerMode(req.headers.accept, false);
    sendImage(res, await make(endpoint, recorded), mode);
  }

  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    const fail = (error: ApiError) =>
      res.writeHead(error.status, { 'content-type': 'application/json' }).end(errorBody(error));
    // The whole request is read before any answer, refusals included, as a real server would.
    readCappedBody(req)
      .then((body) => {
        if (req.headers.authorization !== `Bearer ${fake.apiKey}`) {
          throw new ApiError(401, 'unauthorized', ['authorization: missing or invalid API key']);
        }
        if (failures.count > 0) {
          failures.count--;
          const { status } = failures;
          throw new ApiError(status, ERROR_NAMES[status] ?? 'error', [ERROR_TEXTS[status] ?? 'scripted failure']);
        }
        return handle(req, res, path, body);
      })
      .catch((error: unknown) => {
        fail(error instanceof ApiError ? error : new ApiError(500, 'internal_error', [String(error)]));
      });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));

  const fake: FakeStability = {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    apiKey,
    requests: [],
    polls: [],
    pendingPolls: 2,
    failNext: (count, status) => {
      failures = { count, status };
    },
    filterNext: (count) => {
      filterCount = count;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
  return fake;
}
