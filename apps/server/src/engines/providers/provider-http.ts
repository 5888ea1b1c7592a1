import type { ErrorCode } from '@atelier/contracts';
import sharp from 'sharp';
import { EngineError, type EngineImage } from '../engine.ts';

/** How many times one call is tried in all before its last error is reported. */
export const PROVIDER_MAX_ATTEMPTS = 3;
/** First backoff delay; it doubles per attempt, plus up to as much again of random jitter. */
const RETRY_BASE_DELAY_MS = 300;
/**
 * The longest `Retry-After` a throttled call waits for. A provider that asks for longer is not
 * retried: the run fails at once as rate limited (and is refunded) rather than sit silent past
 * its lease.
 */
const MAX_RETRY_AFTER_MS = 30_000;
/** Longest detail kept from a provider's error body in the message shown to the user. */
const ERROR_DETAIL_MAX_CHARS = 200;

export interface ProviderHttpConfig {
  apiKey: string;
  /** The API's base URL — paths are relative to it. */
  baseUrl: string;
}

export interface ProviderCall {
  /** Milliseconds this call may take, per attempt (sending, waiting and reading the answer). */
  timeoutMs: number;
  signal: AbortSignal;
  /** The `accept` header; JSON unless the API is asked for something else (e.g. `image/*`). */
  accept?: string;
}

/** A successful answer as it came: a JSON body to read, or an image's bytes with their headers. */
export interface ProviderResponse {
  /** 200, or e.g. 202 while an asynchronous job is still running. */
  status: number;
  /** Its headers: some providers say things there (Stability's `finish-reason`). */
  headers: Headers;
  /** The content type without its parameters, lower case: `image/png`, `application/json` … */
  mediaType: string;
  body: Buffer;
}

/** What a refused call's body says: its most telling text, and its machine code when it has one. */
export interface ErrorDetail {
  detail: string;
  code?: string;
}

/** Worth another attempt (throttling, server error, network); a plain EngineError once attempts run out. */
class RetryableError extends EngineError {
  /** How long the provider asked to wait (its `Retry-After`), when it said. */
  retryAfterMs?: number;
}

/** `Retry-After` in milliseconds: delay-seconds or an HTTP date (RFC 9110 §10.2.3). */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** Waits `ms`, or rejects with the signal's reason as soon as it aborts. */
export const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });

/** The JSON body of a successful answer; anything else is not what the API documents. */
export function jsonOf<T>(res: ProviderResponse): T {
  if (res.mediaType !== 'application/json') {
    throw new EngineError('PROVIDER_UNAVAILABLE', 'The AI provider sent an unexpected answer');
  }
  try {
    return JSON.parse(res.body.toString('utf8')) as T;
  } catch {
    throw new EngineError('PROVIDER_UNAVAILABLE', 'The AI provider sent an unexpected answer');
  }
}

const EXTENSIONS: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };
const MEDIA_TYPES: Record<string, string> = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp' };

/**
 * A multipart body of text fields (undefined ones left out) and image files; a bare Buffer is a PNG
 * (masks). Files are named with their type's extension: some APIs look at the name.
 */
export function multipartForm(
  fields: Record<string, string | number | undefined>,
  files: Record<string, EngineImage | Buffer> = {},
): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.set(name, String(value));
  for (const [name, file] of Object.entries(files)) {
    const image = Buffer.isBuffer(file) ? { data: file, mediaType: 'image/png' } : file;
    const blob = new Blob([new Uint8Array(image.data)], { type: image.mediaType });
    form.set(name, blob, `${name}.${EXTENSIONS[image.mediaType] ?? 'png'}`);
  }
  return form;
}

/** Image bytes a provider sent, identified by their content (the pipeline checks them again when it stores them). */
export async function engineImageOf(data: Buffer): Promise<EngineImage> {
  const meta = await sharp(data, { limitInputPixels: false })
    .metadata()
    .catch(() => undefined);
  const mediaType = meta?.format ? MEDIA_TYPES[meta.format] : undefined;
  if (!meta?.width || !meta.height || !mediaType) {
    throw new EngineError('PROVIDER_UNAVAILABLE', 'The AI provider returned an unreadable image');
  }
  return { data, mediaType, width: meta.width, height: meta.height };
}

type Body = { body?: string | FormData; headers: Record<string, string> };

/**
 * A thin client of a provider's REST API: Bearer auth, per-call timeouts, retries with backoff on
 * throttling, server errors and network failures, and every failure turned into one of the
 * contract's provider codes. The key is only ever placed in the Authorization header; no message
 * built here contains it. `isContentPolicy` tells a content refusal from other refused requests.
 */
export class ProviderHttpClient {
  constructor(
    private readonly config: ProviderHttpConfig,
    private readonly isContentPolicy: (error: ErrorDetail) => boolean,
  ) {}

  async postJson<T>(path: string, body: object, call: ProviderCall): Promise<T> {
    const text = JSON.stringify(body);
    return jsonOf<T>(
      await this.request('POST', path, call, () => ({ body: text, headers: { 'content-type': 'application/json' } })),
    );
  }

  /** `makeForm` is called per attempt: a sent FormData is not reused. */
  async postForm<T>(path: string, makeForm: () => FormData, call: ProviderCall): Promise<T> {
    return jsonOf<T>(await this.sendForm(path, makeForm, call));
  }

  /** A multipart POST whose answer is returned as it came (an image's bytes, or JSON to read). */
  sendForm(path: string, makeForm: () => FormData, call: ProviderCall): Promise<ProviderResponse> {
    return this.request('POST', path, call, () => ({ body: makeForm(), headers: {} }));
  }

  /** A GET whose answer is returned as it came (e.g. an asynchronous job's result). */
  get(path: string, call: ProviderCall): Promise<ProviderResponse> {
    return this.request('GET', path, call, () => ({ headers: {} }));
  }

  private async request(
    method: 'GET' | 'POST',
    path: string,
    call: ProviderCall,
    makeBody: () => Body,
  ): Promise<ProviderResponse> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.attempt(method, path, makeBody(), call);
      } catch (error) {
        if (!(error instanceof RetryableError) || attempt >= PROVIDER_MAX_ATTEMPTS) {
          throw error instanceof RetryableError ? new EngineError(error.code, error.message) : error;
        }
        const backoff = RETRY_BASE_DELAY_MS * 2 ** (attempt - 1);
        await sleep(Math.max(backoff + Math.random() * backoff, error.retryAfterMs ?? 0), call.signal);
      }
    }
  }

  private async attempt(
    method: 'GET' | 'POST',
    path: string,
    { body, headers }: Body,
    call: ProviderCall,
  ): Promise<ProviderResponse> {
    let res: Response;
    let data: Buffer;
    try {
      res = await fetch(`${this.config.baseUrl}${path}`, {
        method,
        headers: {
          ...headers,
          authorization: `Bearer ${this.config.apiKey}`,
          accept: call.accept ?? 'application/json',
        },
        body,
        signal: AbortSignal.any([call.signal, AbortSignal.timeout(call.timeoutMs)]),
      });
      // Read within the same budget: an image body can be slow to arrive too.
      data = Buffer.from(await res.arrayBuffer());
    } catch (error) {
      if (call.signal.aborted) throw call.signal.reason; // the run was given up: not a provider error
      // Not retried: the call has already used its whole time budget.
      if (error instanceof Error && error.name === 'TimeoutError') {
        throw new EngineError('PROVIDER_TIMEOUT', 'The AI provider took too long to answer');
      }
      throw new RetryableError('PROVIDER_UNAVAILABLE', 'The AI provider could not be reached');
    }
    const mediaType = (res.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (res.ok) return { status: res.status, headers: res.headers, mediaType, body: data };
    // Error bodies vary (text/plain or JSON): parse only what says it is JSON.
    const text = data.toString('utf8');
    const error = this.errorFor(res.status, mediaType === 'application/json' ? detailOf(text) : { detail: text });
    const wait = retryAfterMs(res.headers.get('retry-after'));
    if (error instanceof RetryableError && wait !== undefined) {
      if (wait > MAX_RETRY_AFTER_MS) throw new EngineError(error.code, error.message);
      error.retryAfterMs = wait;
    }
    throw error;
  }

  /** The error a refused call ends with; a provider's client may refine it for its own statuses. */
  protected errorFor(status: number, raw: ErrorDetail): EngineError {
    if (status === 401) return new EngineError('PROVIDER_AUTH', "The AI provider rejected Atelier's API key");
    if (status === 402) {
      return new EngineError('PROVIDER_UNAVAILABLE', "Atelier's account at the AI provider has run out of credits");
    }
    if (status === 429)
      return new RetryableError('PROVIDER_RATE_LIMITED', 'The AI provider is busy; try again shortly');
    if (status >= 500) return new RetryableError('PROVIDER_UNAVAILABLE', 'The AI provider is unavailable right now');
    // Providers may echo request headers in errors: never let the key through.
    const detail = raw.detail.replaceAll(this.config.apiKey, '…').trim().slice(0, ERROR_DETAIL_MAX_CHARS);
    const code: ErrorCode = this.isContentPolicy({ detail, code: raw.code })
      ? 'CONTENT_POLICY'
      : 'PROVIDER_INVALID_INPUT';
    const lead =
      code === 'CONTENT_POLICY' ? 'The AI provider refused this content' : 'The AI provider refused the request';
    return new EngineError(code, detail ? `${lead}: ${detail}` : lead);
  }
}

/**
 * The most telling text of a JSON error body: `{error:{message,code}}`, `{message}`, `{detail}` …,
 * or Stability's `{id, name, errors:[…]}` (the name is its machine code, the errors its text).
 */
function detailOf(text: string): ErrorDetail {
  try {
    const body = JSON.parse(text) as Record<string, unknown>;
    const inner = ((typeof body.error === 'object' && body.error) || body) as Record<string, unknown>;
    const code = typeof inner.code === 'string' ? inner.code : typeof inner.name === 'string' ? inner.name : undefined;
    for (const key of ['message', 'detail', 'error', 'code']) {
      const value = inner[key];
      if (typeof value === 'string' && value) return { detail: value, code };
    }
    if (Array.isArray(inner.errors)) {
      const errors = inner.errors.filter((e): e is string => typeof e === 'string' && e !== '').join('; ');
      if (errors) return { detail: errors, code };
    }
  } catch {
    // not JSON after all: fall back to the text
  }
  return { detail: text };
}
