import { SIZES } from '@atelier/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeOpenAI, startFakeOpenAI } from '../../../../test/fakes/fake-openai.ts';
import { EngineError } from '../../engine.ts';
import { OpenAIClient } from './openai-client.ts';
import { OPENAI_SIZES, openAISizeFor } from './openai-engine.ts';

const KEY = 'sk-unit-key';

describe('openAISizeFor', () => {
  it('maps every Atelier size to the OpenAI size of nearest aspect ratio', () => {
    expect(openAISizeFor('1024x1024')).toBe('1024x1024');
    expect(openAISizeFor('1280x1024')).toBe('1536x1024');
    expect(openAISizeFor('2048x1024')).toBe('1536x1024');
    expect(openAISizeFor('1024x1280')).toBe('1024x1536');
    expect(openAISizeFor('1024x1820')).toBe('1024x1536');
    for (const size of SIZES) expect(OPENAI_SIZES).toContain(openAISizeFor(size));
  });
});

describe('OpenAIClient against the OpenAI stand-in', () => {
  let fake: FakeOpenAI;
  const signal = new AbortController().signal;
  beforeAll(async () => {
    fake = await startFakeOpenAI(KEY);
  });
  afterAll(() => fake?.close());

  it('maps a refused request to PROVIDER_INVALID_INPUT with the message of the error body', async () => {
    const client = new OpenAIClient({ apiKey: KEY, baseUrl: fake.baseUrl });
    const error = await client
      .postJson('/images/generations', { prompt: 'x', size: '999x999' }, { timeoutMs: 5000, signal })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineError);
    expect(error).toMatchObject({ code: 'PROVIDER_INVALID_INPUT' });
    expect((error as Error).message).toMatch(/^The AI provider refused the request: Invalid value: '999x999'/);
  });

  it('maps a moderation_blocked refusal to CONTENT_POLICY', async () => {
    const original = globalThis.fetch;
    globalThis.fetch = async () =>
      new Response(
        JSON.stringify({
          error: {
            message: 'Your request was rejected.',
            type: 'image_generation_user_error',
            code: 'moderation_blocked',
          },
        }),
        { status: 400, headers: { 'content-type': 'application/json' } },
      );
    try {
      const client = new OpenAIClient({ apiKey: KEY, baseUrl: fake.baseUrl });
      await expect(
        client.postJson('/images/generations', { prompt: 'x' }, { timeoutMs: 5000, signal }),
      ).rejects.toMatchObject({
        code: 'CONTENT_POLICY',
      });
    } finally {
      globalThis.fetch = original;
    }
  });
});
