import type { ErrorCode, RunError, ToolId } from '@atelier/contracts';
import { ApiError } from '../../../lib/api-client.ts';

/** A toast's texts as keys under tool-run (the page translates them). */
export interface FailureText {
  title: string;
  description?: string;
  /** A server message to show as is, where the spec asks for it (inpainting). */
  serverMessage?: string;
}

/** Each tool's own failure title ("Failed to edit photo", …); the generators share one. */
const TOOL_FAILURE: Partial<Record<ToolId, string>> = {
  'ai-photo-editor': 'failure.photoEditor',
  'ai-eraser': 'failure.eraser',
  inpainting: 'failure.inpainting',
  'image-upscale': 'failure.upscale',
  'replace-background': 'failure.replaceBackground',
  'background-removal': 'failure.processing',
};

/** Codes whose text says more than the tool's failure title. */
const CODE_TEXT: Partial<Record<ErrorCode | 'NETWORK', string>> = {
  INSUFFICIENT_CREDITS: 'error.insufficientCredits',
  TEAM_MEMBER_CAP_REACHED: 'error.teamMemberCap',
  PAYLOAD_TOO_LARGE: 'validation.fileTooLarge',
  INVALID_IMAGE: 'validation.invalidImage',
  UNSUPPORTED_MEDIA_TYPE: 'validation.invalidImage',
  IMAGE_TOO_SMALL: 'validation.imageTooSmall',
  IMAGE_TOO_LARGE: 'validation.imageTooLargeSide',
  UNAUTHENTICATED: 'validation.logIn',
  SESSION_EXPIRED: 'validation.logIn',
  RATE_LIMITED: 'error.rateLimited',
  CONTENT_POLICY: 'error.contentPolicy',
  PROVIDER_RATE_LIMITED: 'error.providerBusy',
  PROVIDER_UNAVAILABLE: 'error.providerUnavailable',
  PROVIDER_TIMEOUT: 'error.providerTimeout',
  PROVIDER_INVALID_INPUT: 'error.providerInvalidInput',
  PROVIDER_AUTH: 'error.providerUnavailable',
  // The database was away for a moment: nothing was charged, the same run can be started again.
  SERVICE_UNAVAILABLE: 'error.serviceUnavailable',
  NETWORK: 'error.network',
};

/** The toast for a run that could not start (an ApiError) or that failed (the run's error). */
export function failureText(tool: ToolId, error: unknown): FailureText {
  const title = TOOL_FAILURE[tool] ?? 'failure.generic';
  const code = error instanceof ApiError ? error.code : (error as RunError | null | undefined)?.code;
  if (code === 'INSUFFICIENT_CREDITS') return { title: 'error.insufficientCredits' };
  const description = code ? CODE_TEXT[code] : undefined;
  const message = error instanceof ApiError ? error.message : (error as RunError | null | undefined)?.message;
  return {
    title,
    description: description ?? (tool === 'background-removal' ? 'failure.tryAgain' : undefined),
    // The page checks every input before sending, so a refusal the server still finds (say an
    // unknown substyle) is shown in its own words; so is inpainting's server error.
    // PLAN_REQUIRED's message is already in the user's language (lib/api-client.ts).
    serverMessage:
      (code === 'VALIDATION_ERROR' || code === 'PLAN_REQUIRED' || tool === 'inpainting') && !description
        ? message
        : undefined,
  };
}

/** Why a browser run's result could not be uploaded for saving, by the server's code. */
const SAVE_RESULT_TEXT: Partial<Record<ErrorCode | 'NETWORK', string>> = {
  PAYLOAD_TOO_LARGE: 'saveResult.tooLarge',
  INVALID_IMAGE: 'saveResult.invalid',
  IMAGE_TOO_LARGE: 'validation.imageTooLargeSide',
  IMAGE_TOO_SMALL: 'validation.imageTooSmall',
  VALIDATION_ERROR: 'saveResult.otherSize',
  CONFLICT: 'saveResult.conflict',
  NOT_FOUND: 'saveResult.notFound',
  UNAUTHENTICATED: 'validation.logIn',
  SESSION_EXPIRED: 'validation.logIn',
  RATE_LIMITED: 'error.rateLimited',
  NETWORK: 'error.network',
};

/** The toast when uploading a browser result for the gallery fails: keys under tool-run. */
export function saveResultText(error: unknown): FailureText {
  const code = error instanceof ApiError ? error.code : undefined;
  return { title: 'saveResult.failed', description: code ? SAVE_RESULT_TEXT[code] : undefined };
}
