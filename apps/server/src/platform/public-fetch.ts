/**
 * Fetching an address an author typed, from the server, without letting the author aim the server at its own network
 * (server-side request forgery): the image import of unit content (content-images.ts) is the one caller.
 *
 * - Only public addresses: the host name is resolved and EVERY address it answers must be public — not loopback,
 *   private (RFC 1918, IPv6 unique-local), link-local (169.254/16 with the clouds' metadata service, fe80::/10),
 *   carrier-grade NAT, multicast, documentation, benchmarking or otherwise reserved, IPv4 or IPv6; an IPv4-mapped IPv6
 *   address (::ffff:a.b.c.d) is judged as its IPv4 address, and IPv6 ranges that carry IPv4 to somewhere else (NAT64,
 *   6to4, Teredo) are refused. `addressRange` is the classifier (the IANA special-purpose registries).
 * - Pinned: the connection goes to the address that was checked (the socket's `lookup` answers it), so a DNS answer
 *   that changes between the check and the connection (DNS rebinding) cannot move it.
 * - Redirects are followed by hand, at most `maxRedirects`, each new address checked the same way.
 * - One deadline for the whole fetch (redirects included), a size cap (Content-Length and the bytes received), and
 *   nothing but GET with no cookies or credentials of ours.
 *
 * `allowedNetworks` exempts ranges from the public-address rule (an intranet image server, IMAGE_IMPORT_ALLOWED_NETWORKS;
 * the API tests' local image server on 127.0.0.1): nothing else does.
 */
import dns from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';

type Range = [address: string, prefix: number, name: string];

/** IPv4 special-purpose ranges (IANA IPv4 Special-Purpose Address Registry, plus multicast and the reserved 240/4). */
const IPV4_SPECIAL: Range[] = [
  ['0.0.0.0', 8, 'unspecified'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'carrier-grade NAT'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'IETF protocol assignments'],
  ['192.0.2.0', 24, 'documentation'],
  ['192.31.196.0', 24, 'AS112'],
  ['192.52.193.0', 24, 'AMT'],
  ['192.88.99.0', 24, '6to4 relay'],
  ['192.168.0.0', 16, 'private'],
  ['192.175.48.0', 24, 'AS112'],
  ['198.18.0.0', 15, 'benchmarking'],
  ['198.51.100.0', 24, 'documentation'],
  ['203.0.113.0', 24, 'documentation'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'],
];

/**
 * IPv6: only global unicast (2000::/3) may be public; inside it the special-purpose ranges are refused. Everything
 * outside 2000::/3 (::, ::1, ::/96 IPv4-compatible, 64:ff9b::/96 NAT64, 100::/64 discard, fc00::/7, fe80::/10,
 * fec0::/10, ff00::/8…) is not global unicast and so never public — except ::ffff:0:0/96, judged as IPv4.
 */
const IPV6_SPECIAL_IN_GLOBAL: Range[] = [
  ['2001::', 23, 'IETF protocol assignments'],
  ['2001:db8::', 32, 'documentation'],
  ['2002::', 16, '6to4'],
  ['2620:4f:8000::', 48, 'AS112'],
  ['3fff::', 20, 'documentation'],
];

function blockList(ranges: Range[], family: 'ipv4' | 'ipv6') {
  return ranges.map(([address, prefix, name]) => {
    const list = new net.BlockList();
    list.addSubnet(address, prefix, family);
    return { list, name };
  });
}
const V4 = blockList(IPV4_SPECIAL, 'ipv4');
const V6 = blockList(IPV6_SPECIAL_IN_GLOBAL, 'ipv6');
const GLOBAL_UNICAST = new net.BlockList();
GLOBAL_UNICAST.addSubnet('2000::', 3, 'ipv6');
const V4_MAPPED = /^::ffff:(?:(\d{1,3}(?:\.\d{1,3}){3})|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/i;

/** The embedded IPv4 of an IPv4-mapped IPv6 address in any of its spellings, or undefined. */
function mappedIpv4(address: string): string | undefined {
  // Normalise through the URL parser (it writes IPv6 in its shortest form, ::ffff:7f00:1 for ::ffff:127.0.0.1).
  let canonical: string;
  try {
    canonical = new URL(`http://[${address}]/`).hostname.slice(1, -1);
  } catch {
    return undefined;
  }
  const m = V4_MAPPED.exec(canonical);
  if (!m) return undefined;
  if (m[1]) return m[1];
  const hi = Number.parseInt(m[2]!, 16);
  const lo = Number.parseInt(m[3]!, 16);
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
}

/** 'public', or the name of the special range the address is in ('loopback', 'private', 'link-local'…); 'invalid' for a non-address. */
export function addressRange(address: string): string {
  const family = net.isIP(address);
  if (family === 4) return V4.find((r) => r.list.check(address, 'ipv4'))?.name ?? 'public';
  if (family !== 6) return 'invalid';
  const v4 = mappedIpv4(address);
  if (v4) return addressRange(v4);
  if (!GLOBAL_UNICAST.check(address, 'ipv6')) return 'not global unicast';
  return V6.find((r) => r.list.check(address, 'ipv6'))?.name ?? 'public';
}

export const isPublicAddress = (address: string) => addressRange(address) === 'public';

/** Ranges exempted from the public-address rule: `a.b.c.d`, `a.b.c.d/n`, an IPv6 address or `x::/n`, comma-separated. */
export function parseNetworks(value: string): net.BlockList {
  const list = new net.BlockList();
  for (const entry of value.split(',').map((e) => e.trim()).filter(Boolean)) {
    const [address = '', prefixText] = entry.split('/');
    const family = net.isIP(address);
    if (!family) throw new Error(`rede inválida: ${entry}`);
    const max = family === 4 ? 32 : 128;
    const prefix = prefixText === undefined ? max : Number(prefixText);
    if (!Number.isInteger(prefix) || prefix < 0 || prefix > max) throw new Error(`rede inválida: ${entry}`);
    list.addSubnet(address, prefix, family === 4 ? 'ipv4' : 'ipv6');
  }
  return list;
}

/** `unavailable`: the site answered 5xx or 429 (perhaps only for now); `status`: any other answer but 200. */
export type FetchFailure = 'url' | 'address' | 'timeout' | 'tooLarge' | 'status' | 'unavailable' | 'redirects' | 'network';

export class FetchRefused extends Error {
  constructor(
    readonly reason: FetchFailure,
    detail: string,
  ) {
    super(`${reason}: ${detail}`);
  }
}

export interface PublicFetchRules {
  maxBytes: number;
  timeoutMs: number;
  maxRedirects: number;
  /** Ranges reachable although not public (configuration); empty by default. */
  allowedNetworks?: net.BlockList;
  /** Name resolution (tests); default: the system resolver, every address. */
  resolve?: (host: string) => Promise<{ address: string; family: number }[]>;
}

const systemResolve = (host: string) => dns.lookup(host, { all: true });

/** The address to connect to for `host`: every address it resolves to must be allowed; the first one is used. */
async function checkedAddress(host: string, rules: PublicFetchRules): Promise<{ address: string; family: 4 | 6 }> {
  const literal = host.startsWith('[') ? host.slice(1, -1) : host;
  let answers: { address: string; family: number }[];
  if (net.isIP(literal)) answers = [{ address: literal, family: net.isIP(literal) }];
  else {
    try {
      answers = await (rules.resolve ?? systemResolve)(host);
    } catch (err) {
      throw new FetchRefused('network', `resolve ${host}: ${(err as Error).message}`);
    }
  }
  if (answers.length === 0) throw new FetchRefused('network', `resolve ${host}: no address`);
  for (const { address, family } of answers) {
    const allowed = isPublicAddress(address) || !!rules.allowedNetworks?.check(address, family === 6 ? 'ipv6' : 'ipv4');
    if (!allowed) throw new FetchRefused('address', `${host} → ${address} (${addressRange(address)})`);
  }
  const first = answers[0]!;
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}

/** A socket `lookup` that answers the checked address whatever is asked (the connection is pinned to it). */
function pinnedLookup(address: string, family: 4 | 6): net.LookupFunction {
  return ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  }) as unknown as net.LookupFunction;
}

interface Hop {
  status: number;
  location?: string;
  body?: Buffer;
}

function requestOnce(url: URL, pin: { address: string; family: 4 | 6 }, rules: PublicFetchRules, signal: AbortSignal): Promise<Hop> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<Hop>((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: 'GET',
        agent: false,
        lookup: pinnedLookup(pin.address, pin.family),
        signal,
        headers: { accept: 'image/png,image/jpeg,image/gif;q=0.9,*/*;q=0.1', 'user-agent': 'SaberCompartilhado-ImportadorDeImagens/1.0' },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400 && res.headers.location) {
          res.resume();
          resolve({ status, location: res.headers.location });
          return;
        }
        if (status !== 200) {
          res.resume();
          resolve({ status });
          return;
        }
        const declared = Number(res.headers['content-length']);
        if (Number.isFinite(declared) && declared > rules.maxBytes) {
          res.destroy();
          reject(new FetchRefused('tooLarge', `${declared} bytes`));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > rules.maxBytes) {
            res.destroy();
            reject(new FetchRefused('tooLarge', `more than ${rules.maxBytes} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () => resolve({ status, body: Buffer.concat(chunks) }));
        res.on('error', (err) => reject(err));
        res.on('close', () => {
          if (!res.complete) reject(new FetchRefused('network', 'response cut short'));
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** GET an http(s) address from the public internet (rules above); answers the body of the final 200. */
export async function fetchPublic(address: string, rules: PublicFetchRules): Promise<{ data: Buffer; url: string }> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), rules.timeoutMs);
  try {
    let url: URL;
    try {
      url = new URL(address);
    } catch {
      throw new FetchRefused('url', address);
    }
    for (let hop = 0; ; hop++) {
      if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FetchRefused('url', url.protocol);
      // The resolver cannot be cancelled: the deadline wins the race and its late answer is ignored.
      const late = new Promise<never>((_resolve, reject) => {
        const fail = () => reject(new FetchRefused('timeout', `${rules.timeoutMs} ms`));
        if (controller.signal.aborted) fail();
        else controller.signal.addEventListener('abort', fail, { once: true });
      });
      late.catch(() => undefined);
      const pin = await Promise.race([checkedAddress(url.hostname, rules), late]);
      let answer: Hop;
      try {
        answer = await requestOnce(url, pin, rules, controller.signal);
      } catch (err) {
        if (err instanceof FetchRefused) throw err;
        if (controller.signal.aborted) throw new FetchRefused('timeout', `${rules.timeoutMs} ms`);
        throw new FetchRefused('network', (err as Error).message);
      }
      if (answer.location !== undefined) {
        if (hop >= rules.maxRedirects) throw new FetchRefused('redirects', `more than ${rules.maxRedirects}`);
        try {
          url = new URL(answer.location, url);
        } catch {
          throw new FetchRefused('url', answer.location);
        }
        continue;
      }
      if (answer.status !== 200 || !answer.body) {
        throw new FetchRefused(answer.status === 429 || answer.status >= 500 ? 'unavailable' : 'status', String(answer.status));
      }
      return { data: answer.body, url: url.href };
    }
  } finally {
    clearTimeout(timer);
  }
}
