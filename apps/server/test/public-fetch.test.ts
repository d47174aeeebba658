/**
 * The server's fetch of an author's address (platform/public-fetch.ts): the address classifier against an independent
 * implementation (ipaddr.js, Fastify's own dependency through proxy-addr), and the fetch's rules against a real HTTP
 * server on 127.0.0.1 — exempted from the public-address rule only where a test says so.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ipaddr from 'ipaddr.js';
import { addressRange, fetchPublic, FetchRefused, isPublicAddress, parseNetworks, type PublicFetchRules } from '../src/platform/public-fetch';
import { PNG_1PX } from './harness';

/** ipaddr.js's answer: public when its range is 'unicast' (an IPv4-mapped address: its IPv4's range). */
function oracle(address: string): boolean {
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) return (parsed as ipaddr.IPv6).toIPv4Address().range() === 'unicast';
  return parsed.range() === 'unicast';
}

describe('the address classifier', () => {
  it('refuses loopback, private, link-local (the metadata service), multicast and reserved ranges, IPv4 and IPv6', () => {
    const refused: [string, string][] = [
      ['127.0.0.1', 'loopback'],
      ['127.255.0.9', 'loopback'],
      ['10.0.0.1', 'private'],
      ['172.16.5.4', 'private'],
      ['172.31.255.255', 'private'],
      ['192.168.1.1', 'private'],
      ['169.254.169.254', 'link-local'],
      ['100.64.0.1', 'carrier-grade NAT'],
      ['0.0.0.0', 'unspecified'],
      ['224.0.0.251', 'multicast'],
      ['239.255.255.250', 'multicast'],
      ['240.0.0.1', 'reserved'],
      ['255.255.255.255', 'reserved'],
      ['192.0.2.10', 'documentation'],
      ['198.18.0.1', 'benchmarking'],
      ['::1', 'not global unicast'],
      ['::', 'not global unicast'],
      ['fe80::1', 'not global unicast'],
      ['fd00:ec2::254', 'not global unicast'],
      ['fc00::1', 'not global unicast'],
      ['ff02::1', 'not global unicast'],
      ['64:ff9b::a9fe:a9fe', 'not global unicast'],
      ['2002:a9fe:a9fe::1', '6to4'],
      ['2001::1', 'IETF protocol assignments'],
      ['2001:db8::1', 'documentation'],
      // IPv4-mapped IPv6, in both spellings: judged as the IPv4 address.
      ['::ffff:127.0.0.1', 'loopback'],
      ['::ffff:7f00:1', 'loopback'],
      ['::ffff:169.254.169.254', 'link-local'],
      ['0:0:0:0:0:ffff:a00:1', 'private'],
    ];
    for (const [address, range] of refused) {
      expect(addressRange(address), address).toBe(range);
      expect(isPublicAddress(address), address).toBe(false);
    }
    for (const address of ['8.8.8.8', '200.147.67.142', '172.32.0.1', '::ffff:8.8.8.8', '2001:4860:4860::8888', '2606:4700:4700::1111', '2804:14c::1']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
    expect(addressRange('not-an-address')).toBe('invalid');
  });

  it('agrees with ipaddr.js on every range boundary and on random addresses', () => {
    const v4 = (n: number) => [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');
    const toInt = (a: string) => a.split('.').reduce((acc, p) => acc * 256 + Number(p), 0);
    const starts = ['0.0.0.0', '10.0.0.0', '100.64.0.0', '127.0.0.0', '169.254.0.0', '172.16.0.0', '192.0.0.0', '192.0.2.0', '192.88.99.0', '192.168.0.0', '198.18.0.0', '198.51.100.0', '203.0.113.0', '224.0.0.0', '240.0.0.0'];
    const sizes = [8, 8, 10, 8, 16, 12, 24, 24, 24, 16, 15, 24, 24, 4, 4];
    const addresses: string[] = [];
    starts.forEach((start, i) => {
      const first = toInt(start);
      const last = first + 2 ** (32 - sizes[i]!) - 1;
      for (const n of [first - 1, first, last, last + 1]) if (n >= 0 && n <= 0xffffffff) addresses.push(v4(n));
    });
    let seed = 23;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 3000; i++) addresses.push(v4(Math.floor(random() * 2 ** 32)));
    const v6Boundaries = ['2001::', '2001:1ff:ffff:ffff:ffff:ffff:ffff:ffff', '2001:200::', '2001:db8::', '2001:db9::', '2002::', '2003::', '3fff::', '3fff:1000::', '2000::'];
    addresses.push(...v6Boundaries);
    for (let i = 0; i < 3000; i++) {
      const groups = Array.from({ length: 8 }, () => Math.floor(random() * 65536).toString(16));
      // Inside 2000::/3, where the public addresses are (outside it, see below).
      groups[0] = (0x2000 + Math.floor(random() * 0x2000)).toString(16);
      if (i % 3 === 0) groups[1] = Math.floor(random() * 0x200).toString(16);
      addresses.push(groups.join(':'));
      addresses.push(`::ffff:${v4(Math.floor(random() * 2 ** 32))}`);
    }
    const disagreements = addresses.filter((a) => isPublicAddress(a) !== oracle(a));
    expect(disagreements).toEqual([]);
    // Stricter than ipaddr.js on purpose: IPv6 outside 2000::/3 is not allocated for global unicast (ipaddr.js calls
    // the unallocated space 'unicast'); nothing there is public here.
    for (let i = 0; i < 500; i++) {
      const groups = Array.from({ length: 8 }, () => Math.floor(random() * 65536).toString(16));
      groups[0] = ((0x4000 + Math.floor(random() * 0xc000)) & 0xffff).toString(16);
      expect(isPublicAddress(groups.join(':')), groups.join(':')).toBe(false);
    }
    for (const outside of ['1fff:ffff::', '4000::1', 'e000::1']) expect(isPublicAddress(outside), outside).toBe(false);
  });

  it('reads the exempted networks of the configuration and refuses anything else', () => {
    const list = parseNetworks('127.0.0.1/32, 10.0.5.0/24,fd00::/8');
    expect(list.check('127.0.0.1', 'ipv4')).toBe(true);
    expect(list.check('127.0.0.2', 'ipv4')).toBe(false);
    expect(list.check('10.0.5.77', 'ipv4')).toBe(true);
    expect(list.check('fd00::5', 'ipv6')).toBe(true);
    expect(parseNetworks('').check('127.0.0.1', 'ipv4')).toBe(false);
    for (const bad of ['localhost', '10.0.0.0/33', '10.0.0/8', '::/129', '*']) expect(() => parseNetworks(bad), bad).toThrow();
  });
});

describe('fetchPublic', () => {
  let server: http.Server;
  let base: string;
  let port: number;
  const hits: string[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      hits.push(req.url ?? '');
      const url = req.url ?? '/';
      if (url === '/foto.png') return void res.writeHead(200, { 'content-type': 'image/png' }).end(PNG_1PX);
      if (url === '/declared-big') return void res.writeHead(200, { 'content-length': String(2048) }).end(Buffer.alloc(2048));
      if (url === '/chunked-big') {
        res.writeHead(200, { 'content-type': 'image/png' });
        for (let i = 0; i < 8; i++) res.write(Buffer.alloc(512));
        return void res.end();
      }
      if (url === '/to-metadata') return void res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
      if (url.startsWith('/loop')) return void res.writeHead(301, { location: `/loop${url.length}` }).end();
      if (url === '/hop') return void res.writeHead(307, { location: '/foto.png' }).end();
      if (url === '/missing') return void res.writeHead(404).end();
      if (url === '/slow') return; // never answers
      res.writeHead(500).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    base = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const local: PublicFetchRules = { maxBytes: 1024, timeoutMs: 2000, maxRedirects: 3, allowedNetworks: parseNetworks('127.0.0.1/32') };
  const reason = async (promise: Promise<unknown>) => {
    try {
      await promise;
    } catch (err) {
      if (err instanceof FetchRefused) return err.reason;
      throw err;
    }
    return 'fetched';
  };

  it('fetches from an exempted network, follows a checked redirect, and refuses loopback when nothing exempts it', async () => {
    expect((await fetchPublic(`${base}/foto.png`, local)).data.equals(PNG_1PX)).toBe(true);
    expect((await fetchPublic(`${base}/hop`, local)).url).toBe(`${base}/foto.png`);
    const before = hits.length;
    expect(await reason(fetchPublic(`${base}/foto.png`, { ...local, allowedNetworks: undefined }))).toBe('address');
    expect(await reason(fetchPublic(`http://[::1]:${port}/foto.png`, local))).toBe('address');
    expect(await reason(fetchPublic(`http://[::ffff:127.0.0.1]:${port}/foto.png`, { ...local, allowedNetworks: parseNetworks('10.0.0.0/8') }))).toBe('address');
    expect(await reason(fetchPublic('http://169.254.169.254/latest/meta-data/', local))).toBe('address');
    expect(await reason(fetchPublic('http://10.0.0.1/a.png', local))).toBe('address');
    // Refused before any connection: the server saw none of them.
    expect(hits.length).toBe(before);
  });

  it('checks every hop: a redirect to the metadata service is refused; too many redirects are refused', async () => {
    expect(await reason(fetchPublic(`${base}/to-metadata`, local))).toBe('address');
    expect(await reason(fetchPublic(`${base}/loop`, local))).toBe('redirects');
  });

  it('refuses a name when any of its addresses is not public, and connects to the address it checked (no second lookup)', async () => {
    const mixed = async () => [
      { address: '93.184.215.14', family: 4 },
      { address: '10.0.0.7', family: 4 },
    ];
    expect(await reason(fetchPublic('http://imagens.exemplo.test/a.png', { ...local, resolve: mixed }))).toBe('address');
    // DNS rebinding: the first answer is the one checked and connected to; a later answer is never asked for.
    let lookups = 0;
    const rebinding = async () => (lookups++ === 0 ? [{ address: '127.0.0.1', family: 4 }] : [{ address: '169.254.169.254', family: 4 }]);
    const { data } = await fetchPublic(`http://imagens.exemplo.test:${port}/foto.png`, { ...local, resolve: rebinding });
    expect(data.equals(PNG_1PX)).toBe(true);
    expect(lookups).toBe(1);
  });

  it('caps the size (declared or streamed), answers statuses and keeps a deadline', async () => {
    expect(await reason(fetchPublic(`${base}/declared-big`, local))).toBe('tooLarge');
    expect(await reason(fetchPublic(`${base}/chunked-big`, local))).toBe('tooLarge');
    expect(await reason(fetchPublic(`${base}/missing`, local))).toBe('status');
    const started = Date.now();
    expect(await reason(fetchPublic(`${base}/slow`, { ...local, timeoutMs: 300 }))).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(2000);
    expect(await reason(fetchPublic('ftp://exemplo.com.br/a.png', local))).toBe('url');
  });
});
