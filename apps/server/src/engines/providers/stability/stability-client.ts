import { EngineError, type EngineImage } from '../../engine.ts';
import {
  type ErrorDetail,
  engineImageOf,
  jsonOf,
  type ProviderCall,
  ProviderHttpClient,
  type ProviderHttpConfig,
  type ProviderResponse,
} from '../provider-http.ts';

/**
 * Content refusals by the error body's `name`: 403 `content_moderation` (not charged) and
 * 422 `public_figure`. 422 `invalid_language` and every other 4xx are refused input.
 */
const CONTENT_POLICY_NAMES = new Set(['content_moderation', 'public_figure']);

/** The `finish-reason` of an image that moderation blurred: an HTTP 200 that is not a result. */
const CONTENT_FILTERED = 'CONTENT_FILTERED';

/** `baseUrl` is e.g. https://api.stability.ai (paths start with /v2beta). */
export type StabilityConfig = ProviderHttpConfig;
/** Per-attempt timeout and the run's signal; what to accept is the client's business. */
export type StabilityCall = Omit<ProviderCall, 'accept'>;

/** An image answer in JSON mode (`accept: application/json`). */
interface ImageJson {
  image?: string;
  seed?: number;
  finish_reason?: string;
}
/** The answer of an asynchronous endpoint, and the 202 of a job still running. */
interface JobJson {
  id?: string;
  status?: string;
}

function filtered(): EngineError {
  return new EngineError('CONTENT_POLICY', 'The AI provider refused this content: its moderation blurred the result');
}

/**
 * An image answer in either of Stability's modes: raw bytes with a `finish-reason` header, or JSON
 * with base64 `image` and `finish_reason`. A CONTENT_FILTERED image is blurred: it fails the run.
 */
async function imageOf(res: ProviderResponse): Promise<EngineImage> {
  if (res.mediaType === 'application/json') {
    const body = jsonOf<ImageJson>(res);
    if (body.finish_reason === CONTENT_FILTERED) throw filtered();
    if (typeof body.image !== 'string' || !body.image) {
      throw new EngineError('PROVIDER_UNAVAILABLE', 'The AI provider returned no image');
    }
    return engineImageOf(Buffer.from(body.image, 'base64'));
  }
  if (!res.mediaType.startsWith('image/')) {
    throw new EngineError('PROVIDER_UNAVAILABLE', 'The AI provider sent an unexpected answer');
  }
  if (res.headers.get('finish-reason')?.toUpperCase() === CONTENT_FILTERED) throw filtered();
  return engineImageOf(res.body);
}

/**
 * A thin client of Stability AI's REST v2beta API: the shared provider client
 * (Bearer auth, timeouts, retries with backoff on 429/5xx, error codes) reading Stability's error
 * body `{id, name, errors}`. Every POST is multipart/form-data; images come back as bytes.
 */
export class StabilityClient extends ProviderHttpClient {
  constructor(config: StabilityConfig) {
    super(config, ({ code }) => code !== undefined && CONTENT_POLICY_NAMES.has(code));
  }

  /** A synchronous endpoint under /v2beta/stable-image/: the image, its finish-reason checked. */
  async image(path: string, makeForm: () => FormData, call: StabilityCall): Promise<EngineImage> {
    return imageOf(await this.sendForm(`/v2beta/stable-image/${path}`, makeForm, { ...call, accept: 'image/*' }));
  }

  /** An asynchronous endpoint under /v2beta/stable-image/: starts the job and returns its id. */
  async startJob(path: string, makeForm: () => FormData, call: StabilityCall): Promise<string> {
    const res = await this.sendForm(`/v2beta/stable-image/${path}`, makeForm, { ...call, accept: 'application/json' });
    const { id } = jsonOf<JobJson>(res);
    if (typeof id !== 'string' || !id) throw new EngineError('PROVIDER_UNAVAILABLE', 'The AI provider started no job');
    return id;
  }

  /** One look at a job: its image once done, undefined while it is still running (202). */
  async result(id: string, call: StabilityCall): Promise<EngineImage | undefined> {
    const res = await this.get(`/v2beta/results/${encodeURIComponent(id)}`, { ...call, accept: '*/*' });
    return res.status === 202 ? undefined : imageOf(res);
  }

  protected override errorFor(status: number, raw: ErrorDetail): EngineError {
    // A result is kept 24 h and only for the key that asked: not something the user can fix.
    if (status === 404 && raw.code === 'generation_not_found') {
      return new EngineError('PROVIDER_UNAVAILABLE', 'The AI provider no longer has the result');
    }
    return super.errorFor(status, raw);
  }
}
