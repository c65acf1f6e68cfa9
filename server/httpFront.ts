/**
 * What the game server does with an HTTP request before Colyseus sees it (issue 36):
 *
 * - **The client's address.** The forwarded headers are replaced with the address
 *   `clientAddress.ts` finds (the socket's peer; a trusted proxy's `X-Forwarded-For`), so
 *   Colyseus's `context.ip` is always that.
 * - **Large creates off the event loop.** A `create` whose body is over
 *   {@link FrontOptions.heavyBodyBytes} is read as bytes (never parsed here), checked against the
 *   address's room cap, and handed to the table pool, which parses, checks, caps and builds its
 *   table in a worker; Colyseus then sees a small body naming the built table. A body over
 *   {@link FrontOptions.maxBodyBytes} is refused before it is read (413). Otherwise Colyseus would
 *   parse the JSON, stringify it and parse it again on the event loop (its request adapter).
 * - **Rooms restored on demand.** A `joinById` for a stored room not restored yet waits for that
 *   room's restore (the rest restore in the background).
 *
 * Every listener Colyseus put on the server runs after this, unchanged; a request this answers
 * itself (a refusal) gets Colyseus's CORS headers and its error shape `{code, error}`.
 *
 * @module
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { matchMaker } from '@colyseus/core';
import { normalizeForwarded, type TrustedProxies } from './clientAddress';

/** Options of {@link installHttpFront}. */
export interface FrontOptions {
  trusted: TrustedProxies;
  /** The room name whose creates are watched. */
  roomName: string;
  /** A create body larger than this goes to the table pool. */
  heavyBodyBytes: number;
  /** A create body larger than this is refused unread. */
  maxBodyBytes: number;
  /** Refuses a create from this address (throws with `code` and message) when it has too many rooms. */
  checkAddress: (address: string) => Promise<void>;
  /** Builds a large create's table; resolves with the key Colyseus's create then names, or a refusal. */
  prepare: (body: Uint8Array) => Promise<{ ok: true; key: string; join: { seat?: unknown; name?: unknown; token?: unknown } } | { ok: false; status: number; problems: string[] }>;
  /** Resolves once room `roomId` is restored, when it is stored and not yet (else at once). */
  restoring: (roomId: string) => Promise<void> | null;
}

function refuse(req: IncomingMessage, res: ServerResponse, status: number, message: string): void {
  const cors = { ...matchMaker.controller.DEFAULT_CORS_HEADERS, ...matchMaker.controller.getCorsHeaders(new Headers(req.headers as Record<string, string>)) };
  const body = JSON.stringify({ code: status, error: message });
  res.writeHead(status, { ...cors, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) });
  res.end(body);
  // The rest of the body (if any) is not read.
  req.resume();
}

function readBody(req: IncomingMessage, max: number): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > max) {
        reject(Object.assign(new Error(`the create request is over ${Math.round(max / 1e6)} MB`), { status: 413 }));
        req.destroy();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => {
      const all = Buffer.concat(chunks, size);
      // A buffer of its own (transferred to the worker, not pooled).
      resolve(new Uint8Array(all.buffer.slice(all.byteOffset, all.byteOffset + all.byteLength)));
    });
    req.on('error', reject);
  });
}

/** Installs the front on `server` (after Colyseus put its listeners there: `server.listen`). */
export function installHttpFront(server: Server, o: FrontOptions): void {
  const listeners = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  server.removeAllListeners('request');
  const pass = (req: IncomingMessage, res: ServerResponse) => {
    for (const l of listeners) l.call(server, req, res);
  };
  const createPath = `/matchmake/create/${o.roomName}`;
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const address = normalizeForwarded(req, o.trusted);
    const path = (req.url ?? '/').split('?')[0];
    if (req.method === 'POST' && path === createPath) {
      const length = Number(req.headers['content-length'] ?? NaN);
      if (length > o.maxBodyBytes) return refuse(req, res, 413, `Network: table: the create request is ${(length / 1e6).toFixed(1)} MB, at most ${Math.round(o.maxBodyBytes / 1e6)} MB`);
      if (!(length > o.heavyBodyBytes)) return pass(req, res);
      void (async () => {
        try {
          await o.checkAddress(address);
          const body = await readBody(req, o.maxBodyBytes);
          const r = await o.prepare(body);
          if (!r.ok) return refuse(req, res, r.status, r.problems.join('\n'));
          const small = JSON.stringify({ ...r.join, __prepared: r.key });
          (req as IncomingMessage & { body?: unknown }).body = JSON.parse(small);
          req.headers['content-length'] = String(Buffer.byteLength(small));
          req.headers['content-type'] = 'application/json';
          pass(req, res);
        } catch (e) {
          const err = e as { code?: unknown; status?: unknown; message?: string };
          const status = typeof err.status === 'number' ? err.status : typeof err.code === 'number' && err.code >= 400 && err.code < 600 ? err.code : 500;
          if (!res.headersSent) refuse(req, res, status, err.message ?? String(e));
        }
      })();
      return;
    }
    const join = req.method === 'POST' ? /^\/matchmake\/joinById\/([A-Za-z0-9_-]{1,64})$/.exec(path) : null;
    const waiting = join ? o.restoring(join[1]) : null;
    if (!waiting) return pass(req, res);
    waiting.then(
      () => pass(req, res),
      () => pass(req, res),
    );
  });
  server.prependListener('upgrade', (req: IncomingMessage) => void normalizeForwarded(req, o.trusted));
}
