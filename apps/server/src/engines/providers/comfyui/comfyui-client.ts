import { EngineError } from '../../engine.ts';
import type { Workflow } from './workflows.ts';

/** Longest part of ComfyUI's own error text kept in a message shown to the user. */
const DETAIL_MAX_CHARS = 300;

/** Per-request time limits; the run as a whole has its own, longer one. */
const TIMEOUT_MS = { upload: 60_000, prompt: 30_000, read: 15_000, view: 60_000, cancel: 5_000 } as const;

/** Idempotent reads are tried this many times in all on a network failure or a 5xx. */
const READ_ATTEMPTS = 3;

/** `{name, subfolder, type}` as `/upload/image` answers and `/history` lists outputs. */
export interface ComfyFile {
  filename: string;
  subfolder: string;
  type: string;
}

export interface UploadAnswer {
  name: string;
  subfolder?: string;
  type?: string;
}

/** One error of a node in a refused prompt, or the refusal itself. */
export interface ComfyError {
  type?: string;
  message?: string;
  details?: string;
  extra_info?: Record<string, unknown>;
}

export interface HistoryEntry {
  outputs?: Record<string, { images?: ComfyFile[] }>;
  status?: { status_str?: string; completed?: boolean; messages?: [string, Record<string, unknown>][] };
}

/** `GET /queue`: items are `[number, prompt_id, prompt, extra_data, outputs]`. */
interface QueueAnswer {
  queue_running?: unknown[][];
  queue_pending?: unknown[][];
}

const clip = (text: string) => (text.length > DETAIL_MAX_CHARS ? `${text.slice(0, DETAIL_MAX_CHARS - 1)}…` : text);

/**
 * The server could not be reached or answered 5xx: worth asking again later (a restart, a blip),
 * unlike a refusal. Reported as PROVIDER_UNAVAILABLE.
 */
export class UnreachableError extends EngineError {
  constructor(message: string) {
    super('PROVIDER_UNAVAILABLE', message);
  }
}

export const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });

/**
 * Why ComfyUI refused a prompt (`POST /prompt` 400: `{error:{type,message,details}, node_errors}`),
 * in one line: the refusal, then each node's errors with its class. A missing checkpoint — the
 * usual one on a fresh install — says so plainly.
 */
export function refusalMessage(body: unknown): string {
  const { error, node_errors } = (body ?? {}) as {
    error?: ComfyError | string;
    node_errors?: Record<string, { class_type?: string; errors?: ComfyError[] }>;
  };
  const nodes = Object.entries(node_errors ?? {});
  for (const [, node] of nodes) {
    for (const e of node.errors ?? []) {
      const missing = /^ckpt_name: '([^']*)' not in/.exec(e.details ?? '');
      if (missing)
        return clip(`ComfyUI has no checkpoint named "${missing[1]}" (put it in ComfyUI's models/checkpoints)`);
    }
  }
  // The refusal's details repeat the nodes' errors when there are some.
  const details = typeof error === 'object' && error?.details && !nodes.length ? ` (${error.details})` : '';
  const lead = typeof error === 'string' ? error : `${error?.message ?? ''}${details}`;
  const perNode = nodes.flatMap(([id, node]) =>
    (node.errors ?? []).map(
      (e) => `${node.class_type ?? 'node'} #${id}: ${[e.message, e.details].filter(Boolean).join(': ')}`,
    ),
  );
  return clip(`ComfyUI refused the workflow: ${[lead || 'invalid prompt', ...perNode].join('; ')}`);
}

/** The user-facing account of an `execution_error` (from the socket or the history's messages). */
export function executionErrorMessage(data: Record<string, unknown>): string {
  const nodeType = typeof data.node_type === 'string' ? data.node_type : 'a node';
  const type = typeof data.exception_type === 'string' ? data.exception_type : '';
  const detail = typeof data.exception_message === 'string' ? data.exception_message.trim() : '';
  if (/OutOfMemory/i.test(type) || /out of memory/i.test(detail)) {
    return clip(`ComfyUI ran out of memory in ${nodeType}; try a smaller size or fewer images`);
  }
  return clip(`ComfyUI failed in ${nodeType}${detail ? `: ${detail}` : ''}`);
}

/**
 * A small client of ComfyUI's HTTP routes (/upload/image, /prompt, /history, /view). ComfyUI has no API key; a
 * reverse proxy in front of it may still answer 401/403. Every failure becomes an EngineError
 * with one of the contract's provider codes; the server's address never appears in a message.
 */
export class ComfyUIClient {
  constructor(readonly baseUrl: string) {}

  /** `ws://…/ws?clientId=…` (wss for https), under the same path prefix as the HTTP routes. */
  socketUrl(clientId: string): string {
    const url = new URL(`${this.baseUrl}/ws`);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    url.searchParams.set('clientId', clientId);
    return url.toString();
  }

  /** `POST /upload/image` (multipart `image`, `type=input`); ComfyUI may rename a duplicate. */
  async upload(data: Buffer, filename: string, signal: AbortSignal): Promise<string> {
    const form = new FormData();
    form.set('image', new Blob([new Uint8Array(data)], { type: 'image/png' }), filename);
    form.set('type', 'input');
    const res = await this.fetch('/upload/image', { method: 'POST', body: form }, TIMEOUT_MS.upload, signal);
    if (!res.ok) throw await this.errorOf(res, 'upload');
    const answer = (await this.json(res)) as UploadAnswer;
    if (typeof answer?.name !== 'string' || !answer.name) {
      throw new EngineError('PROVIDER_UNAVAILABLE', 'ComfyUI sent an unexpected answer to an upload');
    }
    // Loaders take `subfolder/name` for files in a subfolder of the input folder.
    return answer.subfolder ? `${answer.subfolder}/${answer.name}` : answer.name;
  }

  /** `POST /prompt`: queues the workflow for this client's socket; answers the prompt id. */
  async queuePrompt(workflow: Workflow, clientId: string, signal: AbortSignal): Promise<string> {
    const res = await this.fetch(
      '/prompt',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ prompt: workflow, client_id: clientId }),
      },
      TIMEOUT_MS.prompt,
      signal,
    );
    if (res.status === 400) {
      const body = await this.json(res).catch(() => undefined);
      throw new EngineError('PROVIDER_INVALID_INPUT', refusalMessage(body));
    }
    if (!res.ok) throw await this.errorOf(res, 'prompt');
    const answer = (await this.json(res)) as { prompt_id?: unknown };
    if (typeof answer?.prompt_id !== 'string') {
      throw new EngineError('PROVIDER_UNAVAILABLE', 'ComfyUI sent an unexpected answer to a prompt');
    }
    return answer.prompt_id;
  }

  /** `GET /history/{id}`: the prompt's entry once it has finished, else undefined. */
  async history(promptId: string, signal: AbortSignal): Promise<HistoryEntry | undefined> {
    const body = (await this.readJson(`/history/${encodeURIComponent(promptId)}`, signal)) as Record<
      string,
      HistoryEntry
    >;
    return body?.[promptId];
  }

  /** Whether the prompt is running or waiting in `GET /queue`. */
  async queueState(promptId: string, signal: AbortSignal): Promise<'running' | 'pending' | 'absent'> {
    const q = (await this.readJson('/queue', signal)) as QueueAnswer;
    const has = (items: unknown[][] | undefined) => (items ?? []).some((item) => item[1] === promptId);
    if (has(q?.queue_running)) return 'running';
    if (has(q?.queue_pending)) return 'pending';
    return 'absent';
  }

  /** `GET /view?filename=&subfolder=&type=`: an output's bytes. */
  async view(file: ComfyFile, signal: AbortSignal): Promise<Buffer> {
    const query = new URLSearchParams({ filename: file.filename, subfolder: file.subfolder ?? '', type: file.type });
    const res = await this.read(`/view?${query}`, TIMEOUT_MS.view, signal);
    return Buffer.from(await res.arrayBuffer());
  }

  /**
   * Best effort, once the run is given up: a waiting prompt is taken off the queue, a running
   * one interrupted. `/interrupt` stops whatever runs now, so it is only sent while the queue
   * says ours is the one running (newer servers also honour the prompt id in the body).
   */
  async cancel(promptId: string): Promise<void> {
    const signal = AbortSignal.timeout(TIMEOUT_MS.cancel);
    const post = (path: string, body: object) =>
      this.fetch(
        path,
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
        TIMEOUT_MS.cancel,
        signal,
      );
    try {
      const state = await this.queueState(promptId, signal);
      if (state === 'pending') await post('/queue', { delete: [promptId] });
      if (state === 'running') await post('/interrupt', { prompt_id: promptId });
    } catch {
      // best effort: the server may be gone
    }
  }

  /** `POST /history {delete}`: drops the finished prompt from ComfyUI's in-memory history. */
  async forget(promptId: string): Promise<void> {
    await this.fetch(
      '/history',
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ delete: [promptId] }) },
      TIMEOUT_MS.cancel,
      AbortSignal.timeout(TIMEOUT_MS.cancel),
    ).catch(() => {});
  }

  private async readJson(path: string, signal: AbortSignal): Promise<unknown> {
    return this.json(await this.read(path, TIMEOUT_MS.read, signal));
  }

  /** A GET, retried on network failures and 5xx (it changes nothing on the server). */
  private async read(path: string, timeoutMs: number, signal: AbortSignal): Promise<Response> {
    for (let attempt = 1; ; attempt++) {
      let error: EngineError;
      try {
        const res = await this.fetch(path, { method: 'GET' }, timeoutMs, signal);
        if (res.ok) return res;
        error = await this.errorOf(res, 'request');
        if (res.status < 500) throw error;
      } catch (e) {
        if (!(e instanceof UnreachableError)) throw e;
        error = e;
      }
      if (attempt >= READ_ATTEMPTS) throw error;
      await sleep(200 * attempt, signal);
    }
  }

  private async fetch(path: string, init: RequestInit, timeoutMs: number, signal: AbortSignal): Promise<Response> {
    try {
      return await fetch(`${this.baseUrl}${path}`, {
        ...init,
        signal: AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]),
      });
    } catch (error) {
      if (signal.aborted) throw signal.reason; // the run was given up: not ComfyUI's failure
      if (error instanceof Error && error.name === 'TimeoutError') {
        throw new EngineError('PROVIDER_TIMEOUT', 'The ComfyUI server took too long to answer');
      }
      throw new UnreachableError('The ComfyUI server could not be reached');
    }
  }

  private async json(res: Response): Promise<unknown> {
    try {
      return await res.json();
    } catch {
      throw new EngineError('PROVIDER_UNAVAILABLE', 'ComfyUI sent an unexpected answer');
    }
  }

  private async errorOf(res: Response, what: string): Promise<EngineError> {
    const text = clip((await res.text().catch(() => '')).trim());
    if (res.status === 401 || res.status === 403) {
      return new EngineError('PROVIDER_AUTH', 'The ComfyUI server refused access');
    }
    if (res.status >= 500) return new UnreachableError('The ComfyUI server is unavailable right now');
    // A 404 is a server that is not ComfyUI (a wrong COMFYUI_URL) or an output already gone.
    if (res.status === 404) {
      return new EngineError('PROVIDER_UNAVAILABLE', 'The ComfyUI server answered "not found" (404)');
    }
    return new EngineError(
      'PROVIDER_INVALID_INPUT',
      `ComfyUI refused the ${what} (${res.status})${text && !text.startsWith('<') ? `: ${text}` : ''}`,
    );
  }
}
