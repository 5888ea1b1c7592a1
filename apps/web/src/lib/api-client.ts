import type { ErrorBody, ErrorCode } from '@atelier/contracts';

/** A failed API call, with the contract's error code for the page to choose its text by. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'NETWORK',
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Calls Atelier's API with the session cookie; JSON in, JSON out, errors as ApiError. */
export async function apiFetch<T>(path: string, init: RequestInit = {}): Promise<T> {
  const headers = new Headers(init.headers);
  // FormData sets its own multipart content type (with the boundary).
  if (init.body && !(init.body instanceof FormData)) headers.set('content-type', 'application/json');
  let res: Response;
  try {
    res = await fetch(path, { ...init, headers, credentials: 'same-origin' });
  } catch (error) {
    throw new ApiError(0, 'NETWORK', (error as Error).message);
  }
  const body = (await res.json().catch(() => null)) as T | ErrorBody | null;
  if (!res.ok) {
    const error = (body as ErrorBody | null)?.error;
    throw new ApiError(res.status, error?.code ?? 'INTERNAL', error?.message ?? res.statusText);
  }
  return body as T;
}

/** A JSON POST for apiFetch. */
export const postJson = (body: unknown = {}): RequestInit => ({ method: 'POST', body: JSON.stringify(body) });
