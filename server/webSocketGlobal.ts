/**
 * Node 20 has no global `WebSocket`. `@colyseus/core` 0.18 reads `WebSocket.OPEN` when a client
 * reconnects (`Room._onJoin`: "ReferenceError: WebSocket is not defined" otherwise, and the
 * client's reconnection fails), and `@colyseus/sdk` opens its connections with the global. This
 * sets it from the `ws` package when it is missing (Node 22 has its own and keeps it).
 *
 * @module
 */
import WebSocket from 'ws';

/** Sets `globalThis.WebSocket` from `ws` when the runtime has none; call before a server or SDK client starts. */
export function installWebSocketGlobal(): void {
  const g = globalThis as { WebSocket?: unknown };
  if (typeof g.WebSocket === 'undefined') g.WebSocket = WebSocket;
}
