import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { parseMultipart, readBody } from './request-body.ts';

/**
 * A stand-in for the OpenAI Images API, built from its documentation: Bearer
 * auth (401 with `{error:{message,type,param,code}}` otherwise), paths under /v1, JSON
 * `/images/generations`, multipart `/images/edits` (image, optional PNG mask of the image's size
 * whose alpha 0 marks the area to edit), and ImagesResponse answers with `b64_json` data as GPT
 * image models send. Test code only.
 */

export interface RecordedOpenAIRequest {
  path: string;
  contentType: string;
  /** The JSON body, or the multipart form's text fields. */
  fields: Record<string, unknown>;
  files: Record<string, Buffer>;
}

export interface FakeOpenAI {
  /** What OPENAI_API_BASE points at: http://127.0.0.1:port/v1 */
  baseUrl: string;
  /** The one key accepted; change it to make every call unauthorized. */
  apiKey: string;
  requests: RecordedOpenAIRequest[];
  /** The next `count` API calls answer `status` (500, 429 …) instead. */
  failNext(count: number, status: number): void;
  close(): Promise<void>;
}

const SIZES = ['1024x1024', '1536x1024', '1024x1536', 'auto'];

class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly type = 'invalid_request_error',
    readonly param: string | null = null,
    readonly code: string | null = null,
  ) {
    super(message);
  }
}

const errorBody = (e: ApiError) =>
  JSON.stringify({ error: { message: e.message, type: e.type, param: e.param, code: e.code } });

/** Small stand-in pictures: the real ones would be the size asked for, but tests need not wait. */
const pngOf = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#264653' } })
    .png({ compressionLevel: 1 })
    .toBuffer();

async function readRequest(req: http.IncomingMessage, path: string): Promise<RecordedOpenAIRequest> {
  const body = await readBody(req);
  const contentType = req.headers['content-type'] ?? '';
  const recorded: RecordedOpenAIRequest = { path, contentType, fields: {}, files: {} };
  if (contentType.startsWith('application/json')) {
    try {
      recorded.fields = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
    } catch {
      throw new ApiError(400, 'We could not parse the JSON body of your request.');
    }
  } else if (contentType.startsWith('multipart/form-data')) {
    const form = await parseMultipart(contentType, body).catch(() => {
      throw new ApiError(400, 'Invalid multipart body.');
    });
    Object.assign(recorded, form);
  } else {
    throw new ApiError(400, `Unsupported content type: ${contentType}`);
  }
  return recorded;
}

async function metaOf(file: Buffer | undefined, param: string) {
  if (!file) throw new ApiError(400, `Missing required parameter: '${param}'.`, undefined, param);
  const meta = await sharp(file)
    .metadata()
    .catch(() => undefined);
  if (!meta?.width || !meta.height) throw new ApiError(400, `Invalid image file for '${param}'.`, undefined, param);
  return meta;
}

function countOf(n: unknown): number {
  const count = n === undefined ? 1 : Number(n);
  if (!Number.isInteger(count) || count < 1 || count > 10) {
    throw new ApiError(400, `Invalid 'n': expected an integer between 1 and 10.`, undefined, 'n');
  }
  return count;
}

function sizeOf(size: unknown): [number, number] {
  const s = size === undefined ? 'auto' : String(size);
  if (!SIZES.includes(s)) {
    throw new ApiError(
      400,
      `Invalid value: '${s}'. Supported values are: ${SIZES.map((v) => `'${v}'`).join(', ')}.`,
      undefined,
      'size',
    );
  }
  return s === 'auto' ? [64, 64] : (s.split('x').map((v) => Number(v) / 16) as [number, number]);
}

async function answer(r: RecordedOpenAIRequest): Promise<object> {
  const created = Math.floor(Date.now() / 1000);
  const prompt = r.fields.prompt;
  if (typeof prompt !== 'string' || !prompt) {
    throw new ApiError(400, "Missing required parameter: 'prompt'.", undefined, 'prompt');
  }
  if (r.path === '/v1/images/generations') {
    if (!r.contentType.startsWith('application/json')) throw new ApiError(400, 'Expected a JSON body.');
    const count = countOf(r.fields.n);
    const [width, height] = sizeOf(r.fields.size);
    const data = await Promise.all(
      Array.from({ length: count }, async () => ({ b64_json: (await pngOf(width, height)).toString('base64') })),
    );
    return { created, data, output_format: 'png' };
  }
  if (r.path === '/v1/images/edits') {
    if (!r.contentType.startsWith('multipart/form-data')) throw new ApiError(400, 'Expected multipart/form-data.');
    const image = await metaOf(r.files.image, 'image');
    if (r.files.mask) {
      const mask = await metaOf(r.files.mask, 'mask');
      if (mask.format !== 'png') throw new ApiError(400, 'Invalid mask: must be a PNG.', undefined, 'mask');
      if (mask.width !== image.width || mask.height !== image.height) {
        throw new ApiError(400, 'Invalid mask image: mask and image must have the same dimensions.', undefined, 'mask');
      }
      if (!mask.hasAlpha) throw new ApiError(400, 'Invalid mask: it must have an alpha channel.', undefined, 'mask');
    }
    const count = countOf(r.fields.n);
    const data = await Promise.all(
      Array.from({ length: count }, async () => ({
        b64_json: (await pngOf(image.width!, image.height!)).toString('base64'),
      })),
    );
    return { created, data, output_format: 'png' };
  }
  throw new ApiError(404, `Invalid URL (POST ${r.path})`);
}

export async function startFakeOpenAI(apiKey = 'sk-test-key'): Promise<FakeOpenAI> {
  let failures: { count: number; status: number } = { count: 0, status: 500 };

  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    const fail = (error: ApiError) =>
      res.writeHead(error.status, { 'content-type': 'application/json' }).end(errorBody(error));

    if (req.headers.authorization !== `Bearer ${fake.apiKey}`) {
      const given = (req.headers.authorization ?? '').replace(/^Bearer /, '');
      // OpenAI quotes a redacted form of the key it refused.
      return fail(
        new ApiError(
          401,
          `Incorrect API key provided: ${given.slice(0, 3)}***${given.slice(-2)}.`,
          'invalid_request_error',
          null,
          'invalid_api_key',
        ),
      );
    }
    if (failures.count > 0) {
      failures.count--;
      return failures.status === 429
        ? fail(new ApiError(429, 'Rate limit reached for images per minute.', 'requests', null, 'rate_limit_exceeded'))
        : fail(new ApiError(failures.status, 'The server had an error while processing your request.', 'server_error'));
    }
    if (req.method !== 'POST') return fail(new ApiError(404, `Invalid URL (${req.method} ${path})`));
    readRequest(req, path)
      .then(async (recorded) => {
        fake.requests.push(recorded);
        const body = JSON.stringify(await answer(recorded));
        res.writeHead(200, { 'content-type': 'application/json' }).end(body);
      })
      .catch((error: unknown) => {
        fail(error instanceof ApiError ? error : new ApiError(500, String(error), 'server_error'));
      });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const fake: FakeOpenAI = {
    baseUrl: `${origin}/v1`,
    apiKey,
    requests: [],
    failNext: (count, status) => {
      failures = { count, status };
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
  return fake;
}
