/**
 * The address of a client of the game server (issue 36 item 1): the TCP peer of its connection,
 * or, only when that peer is a proxy listed in `TRUSTED_PROXIES`, the address the proxy forwards
 * (`X-Forwarded-For`, read from the right: the first address that is not a trusted proxy itself;
 * else `X-Real-IP`).
 *
 * Colyseus 0.18 gives `onAuth` a `context.ip` read from `X-Real-IP`, `X-Forwarded-For` or
 * `X-Client-IP` whoever sent them, and on the HTTP matchmaking route no peer address at all (so
 * every client was "unknown" and any header bought a new address). The server therefore rewrites those headers on every request and upgrade before Colyseus reads them: the
 * three are removed and `X-Forwarded-For` is set to the address found here, so `context.ip` is
 * always this module's answer (`httpFront.ts` calls {@link normalizeForwarded} first on every
 * request and upgrade).
 *
 * @module
 */
import { BlockList, isIP } from 'node:net';
import type { IncomingMessage } from 'node:http';

/** Proxies whose forwarded headers are believed: single addresses and CIDR subnets. */
export interface TrustedProxies {
  /** The list as configured (for messages). */
  readonly spec: string[];
  has(address: string): boolean;
}

/** `::ffff:127.0.0.1` (an IPv4 peer of a dual-stack socket) → `127.0.0.1`. */
export function plainAddress(address: string): string {
  const a = address.trim();
  return /^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(a) ? a.slice(7) : a;
}

/**
 * Reads `TRUSTED_PROXIES`: addresses and subnets separated by commas or spaces
 * (`127.0.0.1, 10.0.0.0/8, ::1`). Empty: no proxy is trusted.
 * @throws Error naming the entry that is not an address or a subnet.
 */
export function parseTrustedProxies(spec: string | undefined): TrustedProxies {
  const list = new BlockList();
  const entries = (spec ?? '').split(/[\s,]+/).filter(Boolean);
  for (const e of entries) {
    const [addr, bits, extra] = e.split('/');
    const family = isIP(addr);
    if (!family || extra !== undefined) throw new Error(`TRUSTED_PROXIES: "${e}" is not an IP address or a subnet (a.b.c.d, a.b.c.d/n, or IPv6)`);
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (bits === undefined) list.addAddress(addr, type);
    else {
      const n = Number(bits);
      if (!Number.isInteger(n) || n < 0 || n > (family === 4 ? 32 : 128)) throw new Error(`TRUSTED_PROXIES: "${e}": the prefix length must be 0-${family === 4 ? 32 : 128}`);
      list.addSubnet(addr, n, type);
    }
  }
  return {
    spec: entries,
    has(address: string) {
      const a = plainAddress(address);
      const family = isIP(a);
      return family !== 0 && list.check(a, family === 4 ? 'ipv4' : 'ipv6');
    },
  };
}

const header = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v.join(',') : v);

/**
 * The client's address: `peer` itself unless it is a trusted proxy; then the rightmost address of
 * `X-Forwarded-For` that is not a trusted proxy (each proxy appends the address it saw, so the
 * entries to its right are the trusted chain's own), else `X-Real-IP`, else the peer.
 */
export function clientAddress(peer: string | undefined, headers: IncomingMessage['headers'], trusted: TrustedProxies): string {
  const p = plainAddress(peer ?? '');
  if (!p) return 'unknown';
  if (!trusted.has(p)) return p;
  const chain = (header(headers['x-forwarded-for']) ?? '')
    .split(',')
    .map(plainAddress)
    .filter((a) => isIP(a) !== 0);
  for (let i = chain.length - 1; i >= 0; i--) if (!trusted.has(chain[i])) return chain[i];
  const real = plainAddress(header(headers['x-real-ip']) ?? '');
  if (isIP(real) && !trusted.has(real)) return real;
  return chain[0] ?? p;
}

/** Replaces the forwarded headers of `req` with its client's address (see the module comment). */
export function normalizeForwarded(req: IncomingMessage, trusted: TrustedProxies): string {
  const address = clientAddress(req.socket?.remoteAddress, req.headers, trusted);
  delete req.headers['x-real-ip'];
  delete req.headers['x-client-ip'];
  req.headers['x-forwarded-for'] = address;
  return address;
}
