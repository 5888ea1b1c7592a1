import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { failureText, saveResultText } from './run-failure-text.ts';

describe('failureText', () => {
  it('uses the spec credit text for a 402, whatever the tool', () => {
    expect(failureText('image-generation', new ApiError(402, 'INSUFFICIENT_CREDITS', 'x'))).toEqual({
      title: 'error.insufficientCredits',
    });
  });

  it("titles a failed run with the tool's own text and explains the code", () => {
    expect(failureText('ai-photo-editor', { code: 'PROVIDER_TIMEOUT', message: 'slow' })).toEqual({
      title: 'failure.photoEditor',
      description: 'error.providerTimeout',
      serverMessage: undefined,
    });
    expect(failureText('image-upscale', new ApiError(413, 'PAYLOAD_TOO_LARGE', 'big')).description).toBe(
      'validation.fileTooLarge',
    );
  });

  it('says a run refused while the database was away can simply be started again', () => {
    expect(failureText('image-upscale', new ApiError(503, 'SERVICE_UNAVAILABLE', 'x'))).toMatchObject({
      title: 'failure.upscale',
      description: 'error.serviceUnavailable',
    });
  });

  it('shows the server message for inpainting and for refused options', () => {
    expect(failureText('inpainting', { code: 'INTERNAL', message: 'mask is empty' }).serverMessage).toBe(
      'mask is empty',
    );
    expect(
      failureText('image-generation', new ApiError(400, 'VALIDATION_ERROR', 'Unknown substyle for this style'))
        .serverMessage,
    ).toBe('Unknown substyle for this style');
  });

  it('says "Processing Error / Please try again" for background removal', () => {
    expect(failureText('background-removal', new Error('wasm'))).toMatchObject({
      title: 'failure.processing',
      description: 'failure.tryAgain',
    });
  });
});

describe('saveResultText', () => {
  it("explains the server's refusal of an uploaded browser result", () => {
    expect(saveResultText(new ApiError(400, 'INVALID_IMAGE', 'x'))).toEqual({
      title: 'saveResult.failed',
      description: 'saveResult.invalid',
    });
    expect(saveResultText(new ApiError(413, 'PAYLOAD_TOO_LARGE', 'x')).description).toBe('saveResult.tooLarge');
    expect(saveResultText(new ApiError(400, 'VALIDATION_ERROR', 'x')).description).toBe('saveResult.otherSize');
    expect(saveResultText(new ApiError(409, 'CONFLICT', 'x')).description).toBe('saveResult.conflict');
    expect(saveResultText(new ApiError(0, 'NETWORK', 'x')).description).toBe('error.network');
    expect(saveResultText(new Error('blob gone'))).toEqual({ title: 'saveResult.failed', description: undefined });
  });
});
