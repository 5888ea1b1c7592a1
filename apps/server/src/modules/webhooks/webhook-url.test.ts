import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import {
  assertWebhookDestination,
  checkedLookup,
  checkWebhookUrl,
  isPublicAddress,
  parseWebhookUrl,
  type Resolve,
} from './webhook-url.ts';

const strict = { allowPrivate: false, requireHttps: true };
const plainHttp = { allowPrivate: false, requireHttps: false };
const resolvesTo =
  (...addresses: string[]): Resolve =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
const neverResolves: Resolve = async (host) => {
  throw new Error(`${host} was looked up`);
};

describe('webhook addresses', () => {
  it('takes only public unicast addresses', () => {
    for (const address of [
      '93.184.216.34',
      '8.8.8.8',
      '1.1.1.1',
      '2606:4700:4700::1111',
      '2a00:1450:4001:81b::200e',
      // Forms that carry a public IPv4 address are judged by it.
      '::ffff:8.8.8.8',
      '64:ff9b::808:808',
      '2002:808:808::1',
    ]) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });

  it.each([
    // IPv4: loopback, private, link-local (cloud metadata), CGNAT, unspecified, broadcast, multicast, reserved.
    ['127.0.0.1'],
    ['127.255.255.254'],
    ['10.1.2.3'],
    ['172.16.0.1'],
    ['172.31.255.255'],
    ['192.168.1.1'],
    ['169.254.169.254'],
    ['100.64.0.1'],
    ['100.127.255.254'],
    ['0.0.0.0'],
    ['0.1.2.3'],
    ['255.255.255.255'],
    ['224.0.0.1'],
    ['239.255.255.250'],
    ['192.0.0.8'],
    ['192.0.2.1'],
    ['198.18.0.1'],
    ['198.51.100.1'],
    ['203.0.113.1'],
    ['240.0.0.1'],
    // IPv6: loopback, unspecified, unique-local, link-local, site-local, multicast, documentation, discard.
    ['::1'],
    ['::'],
    ['fd00::1'],
    ['fc00::1'],
    ['fe80::1'],
    ['fe80::1%eth0'],
    ['fec0::1'],
    ['ff02::1'],
    ['2001:db8::1'],
    ['100::1'],
    ['3fff::1'],
    // IPv4-mapped (::ffff:0:0/96), in both spellings.
    ['::ffff:127.0.0.1'],
    ['::ffff:7f00:1'],
    ['::ffff:10.0.0.1'],
    ['::ffff:a9fe:a9fe'],
    ['0:0:0:0:0:ffff:127.0.0.1'],
    // IPv4-compatible (deprecated ::/96) and SIIT (::ffff:0:0:0/96): refused whatever they carry.
    ['::7f00:1'],
    ['::127.0.0.1'],
    ['::8.8.8.8'],
    ['::ffff:0:7f00:1'],
    // NAT64: the well-known prefix carries the IPv4 address; the local-use prefix is refused.
    ['64:ff9b::7f00:1'],
    ['64:ff9b::127.0.0.1'],
    ['64:ff9b::a9fe:a9fe'],
    ['64:ff9b:1::808:808'],
    // 6to4 (2002:AABB:CCDD::/48) around a private IPv4 address.
    ['2002:7f00:1::'],
    ['2002:a00:1::1'],
    ['2002:c0a8:101::1'],
    // Teredo: server 65.54.227.120, client 127.0.0.1 (inverted: 80ff:fffe); and a private server.
    ['2001:0:4136:e378:8000:63bf:80ff:fffe'],
    ['2001:0:a00:1:8000:63bf:f7f7:f7f7'],
    ['::1.2.3.300'],
    ['not an address'],
    [''],
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it('wants https in production, no credentials, a URL', () => {
    expect(() => parseWebhookUrl('http://example.com/hook', strict)).toThrow(/https/);
    expect(() => parseWebhookUrl('https://user:pw@example.com/hook', strict)).toThrow(/credentials/);
    expect(() => parseWebhookUrl('hook', strict)).toThrow(/not a URL/);
    expect(parseWebhookUrl('http://example.com/hook', { ...strict, requireHttps: false }).host).toBe('example.com');
  });

  it.each([
    // Every spelling of an IPv4 address the URL parser takes.
    'http://127.0.0.1/',
    'http://2130706433/',
    'http://017700000001/',
    'http://0x7f000001/',
    'http://0x7f.1/',
    'http://0177.0.0.1/',
    'http://0177.1/',
    'http://127.1/',
    'http://127.0.1/',
    'http://127.0.0.1./',
    'http://127.0.0.1%2e/',
    'http://%31%32%37.0.0.1/',
    'http://①②⑦.0.0.1/',
    'http://127。0。0。1/',
    'http://0/',
    'http://0.0.0.0:8080/',
    'http://169.254.169.254/latest/meta-data/',
    'http://[::ffff:a9fe:a9fe]/latest/meta-data/',
    // Every IPv6 form that leads to an inner address.
    'http://[::1]/',
    'http://[::]/',
    'http://[::127.0.0.1]/',
    'http://[::7f00:1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:7f00:1]/',
    'http://[0:0:0:0:0:ffff:127.0.0.1]/',
    'http://[::ffff:0:127.0.0.1]/',
    'http://[2002:7f00:1::]/',
    'http://[64:ff9b::7f00:1]/',
    'http://[64:ff9b::127.0.0.1]/',
    'http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/',
    'http://[fd12:3456::1]/',
    'http://[fe80::1]/',
    // localhost names, looked up by nobody.
    'http://localhost/',
    'http://localhost./',
    'http://LOCALHOST/',
    'http://api.localhost/',
    'http://localhost:8080./',
    // Tricks that put another host in sight: the host is what the URL parser says it is.
    'http://127.0.0.1#@example.com/',
    'http://127.0.0.1\\@example.com/',
    'http://127.0.0.1?@example.com/',
  ])('refuses %s, looking up no name', async (raw) => {
    await expect(checkWebhookUrl(raw, plainHttp, neverResolves)).rejects.toMatchObject({
      code: 'WEBHOOK_URL_NOT_ALLOWED',
    });
  });

  it('refuses a URL with userinfo, whichever host it names', async () => {
    for (const raw of ['http://example.com@127.0.0.1/', 'https://user:pw@example.com/', 'https://a@example.com/']) {
      await expect(checkWebhookUrl(raw, plainHttp, neverResolves), raw).rejects.toThrow(/credentials/);
    }
  });

  it('takes a public address and stores the canonical URL', async () => {
    await expect(checkWebhookUrl('https://8.8.8.8/hook', strict, neverResolves)).resolves.toBe('https://8.8.8.8/hook');
    await expect(checkWebhookUrl('https://134744072/hook', strict, neverResolves)).resolves.toBe(
      'https://8.8.8.8/hook',
    );
  });

  it('judges a host name by every address it resolves to', async () => {
    const url = new URL('https://hooks.example.com/x');
    await expect(assertWebhookDestination(url, strict, resolvesTo('93.184.216.34'))).resolves.toBeUndefined();
    for (const inner of ['10.0.0.5', '::ffff:127.0.0.1', '::7f00:1', '64:ff9b::7f00:1', 'fd00::1']) {
      await expect(
        assertWebhookDestination(url, strict, resolvesTo('93.184.216.34', inner)),
        inner,
      ).rejects.toMatchObject({ code: 'WEBHOOK_URL_NOT_ALLOWED' });
    }
    const unresolvable = async () => {
      throw new Error('ENOTFOUND');
    };
    await expect(assertWebhookDestination(url, strict, unresolvable)).rejects.toMatchObject({
      code: 'WEBHOOK_URL_NOT_ALLOWED',
    });
    await expect(assertWebhookDestination(url, strict, resolvesTo())).rejects.toMatchObject({
      code: 'WEBHOOK_URL_NOT_ALLOWED',
    });
  });

  it('takes private addresses with WEBHOOK_ALLOW_PRIVATE (tests, a private deployment)', async () => {
    const open = { ...strict, allowPrivate: true, requireHttps: false };
    await expect(checkWebhookUrl('http://127.0.0.1:9201/hook', open, neverResolves)).resolves.toBe(
      'http://127.0.0.1:9201/hook',
    );
    await expect(checkWebhookUrl('http://[::127.0.0.1]/', open, neverResolves)).resolves.toBe('http://[::7f00:1]/');
  });
});

describe("the delivery connection's lookup", () => {
  const lookupOnce = (resolve: Resolve, host: string, options: { all?: boolean; family?: number } = {}) =>
    new Promise<{ err: NodeJS.ErrnoException | null; address: unknown }>((done) =>
      checkedLookup(resolve)(host, options, (err, address) => done({ err, address })),
    );

  it('hands the connection only checked public addresses, all of them when asked for all', async () => {
    expect(await lookupOnce(resolvesTo('93.184.216.34'), 'hooks.example.com')).toEqual({
      err: null,
      address: '93.184.216.34',
    });
    const all = await lookupOnce(resolvesTo('93.184.216.34', '2606:4700::1'), 'hooks.example.com', { all: true });
    expect(all.address).toEqual([
      { address: '93.184.216.34', family: 4 },
      { address: '2606:4700::1', family: 6 },
    ]);
    const v6 = await lookupOnce(resolvesTo('93.184.216.34', '2606:4700::1'), 'hooks.example.com', { family: 6 });
    expect(v6.address).toBe('2606:4700::1');
  });

  it('fails with EREFUSED_PRIVATE when any address is not public, or for localhost', async () => {
    expect((await lookupOnce(resolvesTo('93.184.216.34', '127.0.0.1'), 'rebind.example')).err?.code).toBe(
      'EREFUSED_PRIVATE',
    );
    expect((await lookupOnce(neverResolves, 'localhost.')).err?.code).toBe('EREFUSED_PRIVATE');
  });

  it('pins the connection: a name that answered public first and loopback next reaches nobody', async () => {
    const received: string[] = [];
    const server = http.createServer((req, res) => {
      received.push(req.url ?? '');
      res.writeHead(204).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      // DNS rebinding: the check saw a public address, the connection asks again and gets 127.0.0.1.
      const answers = [['93.184.216.34'], ['127.0.0.1']];
      const rebinding: Resolve = async () =>
        (answers.shift() ?? ['127.0.0.1']).map((address) => ({ address, family: 4 }));
      const url = new URL(`http://rebind.example:${port}/hook`);
      await assertWebhookDestination(url, plainHttp, rebinding);
      const attempt = new Promise<number>((resolve, reject) => {
        const req = http.request(url, { method: 'POST', lookup: checkedLookup(rebinding) }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        req.end('{}');
      });
      await expect(attempt).rejects.toMatchObject({ code: 'EREFUSED_PRIVATE' });
      expect(received).toEqual([]);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
