import { describe, expect, it } from 'vitest';
import { assertWebhookDestination, isPublicAddress, parseWebhookUrl } from './webhook-url.ts';

const strict = { allowPrivate: false, requireHttps: true };

describe('webhook addresses', () => {
  it('takes only public unicast addresses', () => {
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      'not an address',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('wants https in production, no credentials, a URL', () => {
    expect(() => parseWebhookUrl('http://example.com/hook', strict)).toThrow(/https/);
    expect(() => parseWebhookUrl('https://user:pw@example.com/hook', strict)).toThrow(/credentials/);
    expect(() => parseWebhookUrl('hook', strict)).toThrow(/not a URL/);
    expect(parseWebhookUrl('http://example.com/hook', { ...strict, requireHttps: false }).host).toBe('example.com');
  });

  it('judges a host name by every address it resolves to', async () => {
    const url = new URL('https://hooks.example.com/x');
    const resolvesTo =
      (...addresses: string[]) =>
      async () =>
        addresses.map((address) => ({ address, family: 4 }));
    await expect(assertWebhookDestination(url, strict, resolvesTo('93.184.216.34'))).resolves.toBeUndefined();
    await expect(assertWebhookDestination(url, strict, resolvesTo('93.184.216.34', '10.0.0.5'))).rejects.toMatchObject({
      code: 'WEBHOOK_URL_NOT_ALLOWED',
    });
    const unresolvable = async () => {
      throw new Error('ENOTFOUND');
    };
    await expect(assertWebhookDestination(url, strict, unresolvable)).rejects.toMatchObject({
      code: 'WEBHOOK_URL_NOT_ALLOWED',
    });
    await expect(
      assertWebhookDestination(new URL('http://127.0.0.1/'), { ...strict, allowPrivate: true }),
    ).resolves.toBeUndefined();
  });
});
