import type { ErrorCode } from '@atelier/contracts';
import { EngineError } from '../engine.ts';

/** How many times one call is tried in all before its last error is reported. */
export const PROVIDER_MAX_ATTEMPTS = 3;
/** First backoff delay; it doubles per attempt, plus up to as much again of random jitter. */
const RETRY_BASE_DELAY_MS = 300;
/** Longest detail kept from a provider's error body in the message shown to the user. */
const ERROR_DETAIL_MAX_CHARS = 200;

export interface ProviderHttpConfig {
  apiKey: string;
  /** The API's base URL — paths are relative to it. */
  baseUrl: string;
}

export interface ProviderCall {
  /** Milliseconds this call may take, per attempt. */
  timeoutMs: number;
  signal: AbortSignal;
}

/** What a refused call's body says: its most telling text, and its machine code when it has one. */
export interface ErrorDetail {
  detail: string;
  code?: string;
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

  postJson<T>(path: string, body: object, call: ProviderCall): Promise<T> {
    const text = JSON.stringify(body);
    return this.post<T>(path, () => ({ body: text, headers: { 'content-type': 'application/json' } }), call);
  }

  /** `makeForm` is called per attempt: a sent FormData is not reused. */
  postForm<T>(path: string, makeForm: () => FormData, call: ProviderCall): Promise<T> {
    return this.post<T>(path, () => ({ body: makeForm(), headers: {} }), call);
  }

  private async post<T>(
    path: string,
    makeBody: () => { body: string | FormData; headers: Record<string, string> },
    call: ProviderCall,
  ): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.attempt<T>(path, makeBody(), call);
      } catch (error) {
        if (!(error instanceof RetryableError) || attempt >= PROVIDER_MAX_ATTEMPTS) {
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
    call: ProviderCall,
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
    throw this.errorFor(res.status, isJson ? detailOf(text) : { detail: text });
  }

  private errorFor(status: number, raw: ErrorDetail): EngineError {
    if (status === 401) return new EngineError('PROVIDER_AUTH', "The AI provider rejected Atelier's API key");
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

/** The most telling text of a JSON error body (`{error:{message,code}}`, `{message}`, `{detail}` …). */
function detailOf(text: string): ErrorDetail {
  try {
    const body = JSON.parse(text) as Record<string, unknown>;
    const inner = ((typeof body.error === 'object' && body.error) || body) as Record<string, unknown>;
    const code = typeof inner.code === 'string' ? inner.code : undefined;
    for (const key of ['message', 'detail', 'error', 'code']) {
      const value = inner[key];
      if (typeof value === 'string' && value) return { detail: value, code };
    }
  } catch {
    // not JSON after all: fall back to the text
  }
  return { detail: text };
}
