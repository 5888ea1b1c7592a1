import { type ProviderCall, ProviderHttpClient, type ProviderHttpConfig } from '../provider-http.ts';

/** Safety refusals: GPT image models answer `code: moderation_blocked`, DALL·E a message. */
const CONTENT_POLICY_CODES = new Set(['moderation_blocked', 'content_policy_violation']);
const CONTENT_POLICY_HINT = /safety system|moderation|content policy/i;

/** `baseUrl` is e.g. https://api.openai.com/v1. */
export type OpenAIConfig = ProviderHttpConfig;
export type OpenAICall = ProviderCall;

/** `data[]` of ImagesResponse: GPT image models send base64, DALL·E may send a 60-minute link. */
export interface OpenAIImage {
  b64_json?: string;
  url?: string;
  revised_prompt?: string;
}
export interface ImagesResponse {
  created: number;
  data: OpenAIImage[];
}

/**
 * A thin client of the OpenAI Images API: the shared provider client (Bearer auth, timeouts,
 * retries with backoff on 429/5xx, error codes) reading OpenAI's documented error body
 * `{error:{message,type,param,code}}`.
 */
export class OpenAIClient extends ProviderHttpClient {
  constructor(config: OpenAIConfig) {
    super(
      config,
      ({ detail, code }) => (code ? CONTENT_POLICY_CODES.has(code) : false) || CONTENT_POLICY_HINT.test(detail),
    );
  }
}
