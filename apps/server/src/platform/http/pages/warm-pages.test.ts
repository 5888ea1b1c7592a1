import { describe, expect, it } from 'vitest';
import { createLogger } from '../../logging/logger.ts';
import { warmPages } from './warm-pages.ts';

describe('warmPages', () => {
  it('asks for each landing page once, in English, and carries on past one that fails', async () => {
    const asked: string[] = [];
    await warmPages((path, init) => {
      asked.push(`${path} ${new Headers(init.headers).get('accept-language')}`);
      if (path === '/gallery') throw new Error('database away');
      return new Response('<html></html>');
    }, createLogger('silent'));
    expect(asked).toEqual(['/ en', '/gallery en', '/pricing en', '/login en']);
  });
});
