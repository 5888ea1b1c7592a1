import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { parseMultipart, readBody } from './request-body.ts';

/**
 * A stand-in for Recraft's API, built from its documentation and OpenAPI schema:
 * Bearer auth (401 text/plain "request unauthorized"), paths under /v1,
 * JSON generation, multipart edits, GenerateImageResponse / ProcessImageResponse answers whose
 * result links are served here once and then expire (404), like Recraft's signed links.
 * Test code only.
 */

export interface RecordedRequest {
  path: string;
  contentType: string;
  /** The JSON body, or the multipart form's text fields. */
  fields: Record<string, unknown>;
  files: Record<string, Buffer>;
}

export interface FakeRecraft {
  /** What RECRAFT_API_BASE points at: http://127.0.0.1:port/v1 */
  baseUrl: string;
  /** The one key accepted; change it to make every call unauthorized. */
  apiKey: string;
  requests: RecordedRequest[];
  /** Every result link handed out so far. */
  resultUrls: string[];
  /** The next `count` API calls answer `status` (500, 429 …) instead. */
  failNext(count: number, status: number): void;
  /** Every result link answers 404 from now on, as after Recraft's retention period. */
  expireAll(): void;
  close(): Promise<void>;
}

const GENERATE_PATHS = ['/v1/images/generations', '/v1/images/generations/raster', '/v1/images/generations/vector'];
const TRANSFORM_PATHS = ['/v1/images/imageToImage', '/v1/images/inpaint', '/v1/images/replaceBackground'];
const PROCESS_PATHS = [
  '/v1/images/vectorize',
  '/v1/images/removeBackground',
  '/v1/images/crispUpscale',
  '/v1/images/creativeUpscale',
];

/** An SVG with a script, so that tests can see Atelier sanitize what it stores. */
const svgOf = (width: number, height: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
  `<script>alert(1)</script><rect width="${width}" height="${height}" fill="#2a9d8f" onclick="alert(2)"/></svg>`;

const pngOf = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#e76f51' } })
    .png({ compressionLevel: 1 })
    .toBuffer();

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly contentType = 'application/json',
  ) {
    super(message);
  }
}

async function readRequest(req: http.IncomingMessage, path: string): Promise<RecordedRequest> {
  const body = await readBody(req);
  const contentType = req.headers['content-type'] ?? '';
  const recorded: RecordedRequest = { path, contentType, fields: {}, files: {} };
  if (contentType.startsWith('application/json')) {
    recorded.fields = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
  } else if (contentType.startsWith('multipart/form-data')) {
    Object.assign(recorded, await parseMultipart(contentType, body));
  } else {
    throw new HttpError(400, 'unsupported content type');
  }
  return recorded;
}

async function sizeOf(file: Buffer | undefined, name: string) {
  if (!file) throw new HttpError(400, `${name} is required`);
  const meta = await sharp(file)
    .metadata()
    .catch(() => undefined);
  if (!meta?.width || !meta.height) throw new HttpError(400, `${name} is not an image`);
  return { width: meta.width, height: meta.height, channels: meta.channels };
}

/** The docs: a mask is grayscale, exactly the image's size, every pixel 0 or 255. */
async function checkMask(image: Buffer | undefined, mask: Buffer | undefined) {
  const i = await sizeOf(image, 'image');
  const m = await sizeOf(mask, 'mask');
  if (i.width !== m.width || i.height !== m.height) throw new HttpError(400, 'mask size must match image size');
  const data = await sharp(mask).toColourspace('b-w').raw().toBuffer();
  if (m.channels !== 1 || data.some((v) => v !== 0 && v !== 255)) {
    throw new HttpError(400, 'mask must be a grayscale image with pixels 0 or 255');
  }
}

export async function startFakeRecraft(apiKey = 'rk-test-key'): Promise<FakeRecraft> {
  const results = new Map<string, { data: Buffer; type: string }>();
  let failures: { count: number; status: number } = { count: 0, status: 500 };
  let expired = false;

  let origin = '';
  const link = (data: Buffer, type: string) => {
    const id = randomUUID();
    results.set(id, { data, type });
    const url = `${origin}/results/${id}`;
    fake.resultUrls.push(url);
    return { image_id: id, url };
  };

  async function answer(r: RecordedRequest): Promise<object> {
    const created = Math.floor(Date.now() / 1000);
    if (GENERATE_PATHS.includes(r.path)) {
      const { prompt, size = '1024x1024', n = 1, model = 'recraftv3', style } = r.fields as Record<string, never>;
      if (typeof prompt !== 'string' || !prompt) throw new HttpError(400, 'prompt is required');
      const count = Number(n);
      if (!Number.isInteger(count) || count < 1 || count > 6) throw new HttpError(400, 'n must be between 1 and 6');
      const [width, height] = String(size).split('x').map(Number) as [number, number];
      if (!width || !height) throw new HttpError(400, `invalid size ${size}`);
      const vector = String(model).endsWith('_vector') || style === 'vector_illustration';
      const data = await Promise.all(
        Array.from({ length: count }, async () =>
          vector
            ? link(Buffer.from(svgOf(width, height)), 'image/svg+xml')
            : link(await pngOf(width, height), 'image/png'),
        ),
      );
      return { created, credits: (vector ? 80 : 40) * count, data };
    }
    if (!r.contentType.startsWith('multipart/form-data')) throw new HttpError(400, 'the fake takes files as multipart');
    if (TRANSFORM_PATHS.includes(r.path)) {
      if (typeof r.fields.prompt !== 'string' || !r.fields.prompt) throw new HttpError(400, 'prompt is required');
      if (r.path === '/v1/images/inpaint') await checkMask(r.files.image, r.files.mask);
      if (r.path === '/v1/images/imageToImage' && r.fields.strength === undefined) {
        throw new HttpError(400, 'strength is required');
      }
      const { width, height } = await sizeOf(r.files.image, 'image');
      const count = Number(r.fields.n ?? 1);
      const data = await Promise.all(
        Array.from({ length: count }, async () => link(await pngOf(width, height), 'image/png')),
      );
      return { created, credits: 40 * count, data };
    }
    if (PROCESS_PATHS.includes(r.path)) {
      const { width, height } = await sizeOf(r.files.image, 'image');
      const image =
        r.path === '/v1/images/vectorize'
          ? link(Buffer.from(svgOf(width, height)), 'image/svg+xml')
          : r.path.endsWith('Upscale')
            ? link(await pngOf(width * 2, height * 2), 'image/png')
            : link(await pngOf(width, height), 'image/png');
      return { created, credits: 10, image };
    }
    if (r.path === '/v1/styles') {
      if (!r.files.images) throw new HttpError(400, 'images are required');
      const now = new Date().toISOString();
      return { id: randomUUID(), style: r.fields.style ?? 'any', creation_time: now, is_private: true, credits: 5 };
    }
    throw new HttpError(404, '404 page not found', 'text/plain');
  }

  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    const send = (status: number, type: string, body: string | Buffer) =>
      res.writeHead(status, { 'content-type': type }).end(body);

    if (req.method === 'GET' && path.startsWith('/results/')) {
      const id = path.slice('/results/'.length);
      const result = expired ? undefined : results.get(id);
      // A link serves its image once: the pipeline must keep its own copy.
      results.delete(id);
      if (!result) return send(404, 'text/plain', '404 page not found');
      return send(200, result.type, result.data);
    }
    if (req.headers.authorization !== `Bearer ${fake.apiKey}`) {
      return send(401, 'text/plain', 'request unauthorized');
    }
    if (failures.count > 0) {
      failures.count--;
      return send(failures.status, 'text/plain', failures.status === 429 ? 'too many requests' : 'internal error');
    }
    if (req.method !== 'POST') return send(404, 'text/plain', '404 page not found');
    readRequest(req, path)
      .then(async (recorded) => {
        fake.requests.push(recorded);
        send(200, 'application/json', JSON.stringify(await answer(recorded)));
      })
      .catch((error: unknown) => {
        if (error instanceof HttpError) {
          const body =
            error.contentType === 'text/plain'
              ? error.message
              : JSON.stringify({ code: 'invalid_request', message: error.message });
          return send(error.status, error.contentType, body);
        }
        send(500, 'text/plain', String(error));
      });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const fake: FakeRecraft = {
    baseUrl: `${origin}/v1`,
    apiKey,
    requests: [],
    resultUrls: [],
    failNext: (count, status) => {
      failures = { count, status };
    },
    expireAll: () => {
      expired = true;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
  return fake;
}
