import type { ErrorCode } from '@atelier/contracts';
import { EngineError } from '../../engine.ts';

/** How many times one call is tried in all before its last error is reported. */
export const RECRAFT_MAX_ATTEMPTS = 3;
/** First backoff delay; it doubles per attempt, plus up to as much again of random jitter. */
const RETRY_BASE_DELAY_MS = 300;
/** Longest detail kept from a provider's error body in the message shown to the user. */
const ERROR_DETAIL_MAX_CHARS = 200;
/** Recraft's error bodies have no documented fields; these words mark a content refusal. */
const CONTENT_POLICY_HINT = /nsfw|content[ _-]?policy|inappropriate|moderation|unsafe|not allowed content/i;

export interface RecraftConfig {
  apiKey: string;
  /** e.g. https://external.api.recraft.ai/v1 — paths below are relative to it. */
  baseUrl: string;
}

export interface RecraftCall {
  /** Milliseconds this call may take, per attempt (generation is slow, crisp upscale quick). */
  timeoutMs: number;
  signal: AbortSignal;
}

/** `data[]` of GenerateImageResponse and `image` of ProcessImageResponse (openapi `Image`). */
export interface RecraftImage {
  image_id: string;
  url?: string;
}
export interface GenerateImageResponse {
  created: number;
  credits: number;
  data: RecraftImage[];
}
export interface ProcessImageResponse {
  created: number;
  credits: number;
  image: RecraftImage;
}
export interface CreateStyleResponse {
  id: string;
  credits: number;
}

/** Worth another attempt (throttling, server error, network); a plain EngineError once attempts run out. */
class RetryableError extends EngineError {}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
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

/**
 * A thin client of Recraft's REST API: Bearer auth, per-call timeouts, retries with backoff on
 * throttling, server errors and network failures, and every failure turned into one of the
 * contract's provider codes. The key is only ever placed in the Authorization header; no message
 * built here contains it.
 */
export class RecraftClient {
  constructor(private readonly config: RecraftConfig) {}

  postJson<T>(path: string, body: object, call: RecraftCall): Promise<T> {
    const text = JSON.stringify(body);
    return this.post<T>(path, () => ({ body: text, headers: { 'content-type': 'application/json' } }), call);
  }

  /** `makeForm` is called per attempt: a sent FormData is not reused. */
  postForm<T>(path: string, makeForm: () => FormData, call: RecraftCall): Promise<T> {
    return this.post<T>(path, () => ({ body: makeForm(), headers: {} }), call);
  }

  private async post<T>(
    path: string,
    makeBody: () => { body: string | FormData; headers: Record<string, string> },
    call: RecraftCall,
  ): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.attempt<T>(path, makeBody(), call);
      } catch (error) {
        if (!(error instanceof RetryableError) || attempt >= RECRAFT_MAX_ATTEMPTS) {
          throw error instanceof RetryableError ? new EngineError(error.code, error.message) : error;
        }
        const backoff = RETRY_BASE_DELAY_MS * 2 ** (attempt - 1);
        await sleep(backoff + Math.random() * backoff, call.signal);
      }
    }
  }

  private async attempt<T>(
    path: string,
    { body, headers }: { body: string | FormData; headers: Record<string, string> },
    call: RecraftCall,
  ): Promise<T> {
    let res: Response;
    try {
      res = await fetch(`${this.config.baseUrl}${path}`, {
        method: 'POST',
        headers: { ...headers, authorization: `Bearer ${this.config.apiKey}`, accept: 'application/json' },
        body,
        signal: AbortSignal.any([call.signal, AbortSignal.timeout(call.timeoutMs)]),
      });
    } catch (error) {
      if (call.signal.aborted) throw call.signal.reason; // the run was given up: not a provider error
      // Not retried: the call has already used its whole time budget.
      if (error instanceof Error && error.name === 'TimeoutError') {
        throw new EngineError('PROVIDER_TIMEOUT', 'The AI provider took too long to answer');
      }
      throw new RetryableError('PROVIDER_UNAVAILABLE', 'The AI provider could not be reached');
    }
    // Error bodies vary (text/plain or JSON): read text, parse only what says it is JSON.
    const text = await res.text();
    const isJson = (res.headers.get('content-type') ?? '').includes('application/json');
    if (res.ok) {
      if (!isJson) throw new EngineError('PROVIDER_UNAVAILABLE', 'The AI provider sent an unexpected answer');
      return JSON.parse(text) as T;
    }
    throw this.errorFor(res.status, isJson ? detailOf(text) : text);
  }

  private errorFor(status: number, rawDetail: string): EngineError {
    if (status === 401) return new EngineError('PROVIDER_AUTH', "The AI provider rejected Atelier's API key");
    if (status === 429)
      return new RetryableError('PROVIDER_RATE_LIMITED', 'The AI provider is busy; try again shortly');
    if (status >= 500) return new RetryableError('PROVIDER_UNAVAILABLE', 'The AI provider is unavailable right now');
    // Providers may echo request headers in errors: never let the key through.
    const detail = rawDetail.replaceAll(this.config.apiKey, '…').trim().slice(0, ERROR_DETAIL_MAX_CHARS);
    const code: ErrorCode = CONTENT_POLICY_HINT.test(detail) ? 'CONTENT_POLICY' : 'PROVIDER_INVALID_INPUT';
    const lead =
      code === 'CONTENT_POLICY' ? 'The AI provider refused this content' : 'The AI provider refused the request';
    return new EngineError(code, detail ? `${lead}: ${detail}` : lead);
  }
}

/** The most telling text of a JSON error body, whose field names Recraft does not document. */
function detailOf(text: string): string {
  try {
    const body = JSON.parse(text) as Record<string, unknown>;
    const inner = (typeof body.error === 'object' && body.error) || body;
    for (const key of ['message', 'detail', 'error', 'code']) {
      const value = (inner as Record<string, unknown>)[key];
      if (typeof value === 'string' && value) return value;
    }
  } catch {
    // not JSON after all: fall back to the text
  }
  return text;
}
