import { type ProviderCall, ProviderHttpClient, type ProviderHttpConfig } from '../provider-http.ts';

/** Recraft's error bodies have no documented fields; these words mark a content refusal. */
const CONTENT_POLICY_HINT = /nsfw|content[ _-]?policy|inappropriate|moderation|unsafe|not allowed content/i;

/** `baseUrl` is e.g. https://external.api.recraft.ai/v1. */
export type RecraftConfig = ProviderHttpConfig;
/** Per-attempt timeout (generation is slow, crisp upscale quick) and the run's signal. */
export type RecraftCall = ProviderCall;

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

/**
 * A thin client of Recraft's REST API: the shared provider client (Bearer auth, timeouts, retries
 * with backoff, error codes), with Recraft's undocumented error bodies read for content refusals.
 */
export class RecraftClient extends ProviderHttpClient {
  constructor(config: RecraftConfig) {
    super(config, ({ detail }) => CONTENT_POLICY_HINT.test(detail));
  }
}
