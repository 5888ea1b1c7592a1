import { createAtelierAdminClient, createAtelierClient, isErrorBody } from '@atelier/api-client';
import type { ErrorCode, FieldIssue } from '@atelier/contracts';
import { i18next } from './i18n.ts';
import { planRequiredText } from './plan-required-text.ts';
import { issuesText } from './validation-text.ts';

/** A failed API call, with the contract's error code for the page to choose its text by. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'NETWORK',
    message: string,
    /** What was wrong with each refused field of a VALIDATION_ERROR. */
    readonly issues: readonly FieldIssue[] = [],
    /** Seconds until a RATE_LIMITED call may be tried again. */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type ApiTransport = (request: Request) => Promise<Response>;

// Looked up at each call, not kept from load time.
let transport: ApiTransport = (request) => globalThis.fetch(request);

/**
 * Where API calls go: the network in a browser; the server renderer (entry-server.tsx) answers
 * them in-process, as the visitor whose page it renders.
 */
export function setApiTransport(next: ApiTransport): void {
  transport = next;
}

/**
 * Where the API is. A Request needs an absolute URL, so outside a page (the server renderer)
 * a placeholder origin stands in; the in-process transport reads only path and query.
 */
const apiBase = (path: string) =>
  `${typeof location === 'undefined' ? 'http://atelier.invalid' : location.origin}${path}`;

/**
 * Atelier's API, typed by its OpenAPI document (packages/api-client): a route whose request or
 * answer changes in a way these calls do not fit fails the SPA's type check.
 */
export const api = createAtelierClient({
  baseUrl: apiBase('/api'),
  credentials: 'same-origin',
  fetch: (request) => transport(request),
});

/** The admin console's API (/api/admin: its own document; anyone but an admin gets a 404). */
export const adminApiClient = createAtelierAdminClient({
  baseUrl: apiBase('/api/admin'),
  credentials: 'same-origin',
  fetch: (request) => transport(request),
});

interface CallResult<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** The failure of a call as an ApiError; a refused field's text is in the user's language. */
function failure(response: Response, error: unknown): ApiError {
  if (!isErrorBody(error)) return new ApiError(response.status, 'INTERNAL', response.statusText);
  const { code, message, issues = [], retryAfter, requiredPlan } = error.error;
  let text = issues.length && i18next.isInitialized ? issuesText(i18next.t, issues) : message;
  // A feature the plan lacks: said in the user's language, naming the plan that has it.
  if (code === 'PLAN_REQUIRED' && requiredPlan && i18next.isInitialized) {
    text = planRequiredText(i18next.t, requiredPlan);
  }
  return new ApiError(response.status, code, text, issues, retryAfter);
}

async function settle<T>(pending: Promise<CallResult<T>>): Promise<CallResult<T>> {
  try {
    return await pending;
  } catch (error) {
    throw new ApiError(0, 'NETWORK', error instanceof Error ? error.message : String(error));
  }
}

/** The data of a typed call (`call(api.GET('/me'))`), or an ApiError with the contract's code. */
export async function call<T>(pending: Promise<CallResult<T>>): Promise<T> {
  const { data, error, response } = await settle(pending);
  if (!response.ok || data === undefined) throw failure(response, error);
  return data;
}

/** A typed call answered with no content (204), or an ApiError. */
export async function callWithoutContent(pending: Promise<CallResult<unknown>>): Promise<void> {
  const { error, response } = await settle(pending);
  if (!response.ok) throw failure(response, error);
}
