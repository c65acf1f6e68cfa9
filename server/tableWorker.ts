/**
 * A worker thread of the table pool (`tablePool.ts`, issue 36 item 2): builds heavy tables (parses
 * the create's JSON, checks it, counts its triangles, builds the meshes and terrain index) and
 * then hosts those rooms' games, answering the room's `act`, `ask` and `snapshot` over messages,
 * so none of that work runs on the server's event loop.
 *
 * Requests `{rid, op, id, ...}`; replies `{rid, ok: true, value}` or `{rid, ok: false, error}`.
 *
 * @module
 */
import { parentPort } from 'node:worker_threads';
import { LocalRoomGame, openRoomGame, restoreRoomGame, type TableLimits } from './roomGame';

/** A request of the pool. */
export type TableRequest =
  | { rid: number; op: 'open'; id: string; body: Uint8Array; limits: TableLimits }
  | { rid: number; op: 'restore'; id: string; recordText: string; actions: unknown[] }
  | { rid: number; op: 'act'; id: string; action: unknown }
  | { rid: number; op: 'ask'; id: string; method: Parameters<LocalRoomGame['askNow']>[0]; args: (string | number)[] }
  | { rid: number; op: 'snapshot'; id: string }
  | { rid: number; op: 'close'; id: string };

/** A reply to the pool. */
export type TableReply = { rid: number; ok: true; value: unknown } | { rid: number; ok: false; error: string };

const games = new Map<string, LocalRoomGame>();
/** A set-up's JSON as UTF-8 bytes, handed over (not copied) with the reply. */
function bytes(json: string): Uint8Array {
  return new TextEncoder().encode(json);
}

function game(id: string): LocalRoomGame {
  const g = games.get(id);
  if (!g) throw new Error(`room game ${id} is not held by this worker`);
  return g;
}

async function handle(m: TableRequest): Promise<unknown> {
  switch (m.op) {
    case 'open': {
      let options: unknown;
      try {
        options = JSON.parse(new TextDecoder().decode(m.body));
      } catch (e) {
        return { ok: false, status: 400, problems: [`the create request is not JSON: ${(e as Error).message}`] };
      }
      if (!options || typeof options !== 'object' || Array.isArray(options)) return { ok: false, status: 400, problems: ['(root): expected the create options object'] };
      const o = options as Record<string, unknown>;
      const r = await openRoomGame(o, m.limits);
      if (!r.ok) return r;
      games.set(m.id, r.game);
      return { ok: true, summary: r.game.summary(), triangles: r.game.triangles, setupJson: bytes(r.setupJson), actions: r.actions, join: { seat: o.seat, name: o.name, token: o.token } };
    }
    case 'restore': {
      const record = JSON.parse(m.recordText) as { setup: unknown };
      const g = await restoreRoomGame(record.setup, m.actions);
      games.set(m.id, g);
      const { setup, ...meta } = record;
      return { summary: g.summary(), triangles: g.triangles, meta, setupJson: bytes(JSON.stringify(setup)) };
    }
    case 'act':
      return game(m.id).actNow(m.action);
    case 'ask':
      return game(m.id).askNow(m.method, m.args);
    case 'snapshot':
      return game(m.id).snapshotNow();
    case 'close':
      games.delete(m.id);
      return null;
  }
}

parentPort?.on('message', (m: TableRequest) => {
  handle(m).then(
    (value) => {
      const setup = (value as { setupJson?: unknown } | null)?.setupJson;
      const list = setup instanceof Uint8Array ? [setup.buffer as ArrayBuffer] : [];
      parentPort!.postMessage({ rid: m.rid, ok: true, value } satisfies TableReply, list);
    },
    (e: unknown) => parentPort!.postMessage({ rid: m.rid, ok: false, error: (e as Error)?.message ?? String(e) } satisfies TableReply),
  );
});
