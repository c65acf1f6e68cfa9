/**
 * Where the game server keeps each room's saved game (issue 25 item 4), so a restarted server
 * restores its rooms: the set-up (GAME.md saved game without its actions, plus the seat tokens)
 * written once when the room is created, then every accepted action appended as it is accepted.
 *
 * - {@link FileGameStore} (default): one folder per process, `<roomId>.json` (the record) and
 *   `<roomId>.actions.jsonl` (one action a line). Writes are ordered per room.
 * - {@link PresenceGameStore} (with `REDIS_URL`): Redis hashes through the Colyseus presence
 *   (`sightline:rooms` roomId → record, `sightline:actions:<roomId>` index → action), so every
 *   process of the cluster sees every room.
 *
 * @module
 */
import { appendFile, mkdir, open, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Presence } from '@colyseus/core';
import type { GameSetupV2 } from '../src/game/savedGame';

/** A room's record without its set-up: who holds the seats and its clean-up clock. */
export interface RoomMeta {
  roomId: string;
  /** The secret of each player seat (see `SeatMessage`). */
  tokens: { p1: string; p2: string };
  names: { p1: string; p2: string };
  /** Milliseconds since the epoch. */
  createdAt: number;
  /** Both seats have had a player (else the room expires after `unpairedSeconds` once empty). */
  paired?: boolean;
  /** Since when nobody is connected or awaited (ms since the epoch; absent: someone is there). Survives a restart: the clean-up clock does not start again. */
  emptySince?: number;
}

/** What is written when a room is created: its meta and set-up (the saved game without `actions`). */
export interface RoomRecord extends RoomMeta {
  setup: GameSetupV2;
}

/** A room as read back: its record as text (parsed by whoever restores it: a large one in a worker) and every accepted action in order. */
export interface StoredRoomText {
  recordText: string;
  actions: unknown[];
}

/**
 * A set-up's JSON: text, or its UTF-8 bytes (a heavy table's, made in a worker and written as they
 * are: never decoded or copied on the event loop).
 */
export type SetupJson = string | Uint8Array;

/** A record's JSON from its meta and its set-up's JSON (never parsed again here: a set-up may be megabytes). */
export function recordJson(meta: RoomMeta, setupJson: SetupJson): string {
  const setup = typeof setupJson === 'string' ? setupJson : Buffer.from(setupJson.buffer, setupJson.byteOffset, setupJson.byteLength).toString('utf8');
  return `${JSON.stringify(meta).slice(0, -1)},"setup":${setup}}`;
}

/** Writes a record to `path`: the meta, then the set-up's bytes as they are (no copy of them). */
async function writeRecord(path: string, meta: RoomMeta, setupJson: SetupJson): Promise<void> {
  if (typeof setupJson === 'string') return writeFile(path, recordJson(meta, setupJson));
  const f = await open(path, 'w');
  try {
    await f.write(`${JSON.stringify(meta).slice(0, -1)},"setup":`);
    await f.write(setupJson);
    await f.write('}');
  } finally {
    await f.close();
  }
}

/** The storage of rooms' saved games. */
export interface GameStore {
  /** Writes a new room's record (no actions yet, or `actions` when created from a saved game). */
  create(meta: RoomMeta, setupJson: SetupJson, actions: unknown[]): Promise<void>;
  /** Rewrites a room's record (its actions stay). */
  updateRecord(meta: RoomMeta, setupJson: SetupJson): Promise<void>;
  /** Appends accepted actions; `from` is the index of the first (the count written before). */
  append(roomId: string, from: number, actions: unknown[]): Promise<void>;
  /** The room, or null when it is not stored. */
  loadText(roomId: string): Promise<StoredRoomText | null>;
  /** Ids of every stored room. */
  list(): Promise<string[]>;
  /** Forgets a room. */
  remove(roomId: string): Promise<void>;
}

const SAFE_ID = /^[A-Za-z0-9_-]{1,64}$/;
function checkId(roomId: string): string {
  if (!SAFE_ID.test(roomId)) throw new Error(`room id ${JSON.stringify(roomId)} is not a stored room id`);
  return roomId;
}

/** Rooms on disk under `dir` (created when missing). */
export class FileGameStore implements GameStore {
  /** Pending writes per room, chained so appends land in order. */
  private readonly chains = new Map<string, Promise<void>>();

  constructor(readonly dir: string) {}

  private chain(roomId: string, job: () => Promise<void>): Promise<void> {
    const next = (this.chains.get(roomId) ?? Promise.resolve()).then(job);
    const settled = next.catch(() => undefined);
    this.chains.set(roomId, settled);
    void settled.then(() => {
      if (this.chains.get(roomId) === settled) this.chains.delete(roomId);
    });
    return next;
  }

  async create(meta: RoomMeta, setupJson: SetupJson, actions: unknown[]): Promise<void> {
    const id = checkId(meta.roomId);
    await mkdir(this.dir, { recursive: true });
    return this.chain(id, async () => {
      await writeFile(join(this.dir, `${id}.actions.jsonl`), actions.map((a) => `${JSON.stringify(a)}\n`).join(''));
      // The record last, through a rename: a room is listed only once both files are whole.
      const tmp = join(this.dir, `${id}.json.tmp`);
      await writeRecord(tmp, meta, setupJson);
      await rename(tmp, join(this.dir, `${id}.json`));
    });
  }

  updateRecord(meta: RoomMeta, setupJson: SetupJson): Promise<void> {
    const id = checkId(meta.roomId);
    return this.chain(id, async () => {
      const tmp = join(this.dir, `${id}.json.tmp`);
      await writeRecord(tmp, meta, setupJson);
      await rename(tmp, join(this.dir, `${id}.json`));
    });
  }

  append(roomId: string, _from: number, actions: unknown[]): Promise<void> {
    const id = checkId(roomId);
    return this.chain(id, () => appendFile(join(this.dir, `${id}.actions.jsonl`), actions.map((a) => `${JSON.stringify(a)}\n`).join('')));
  }

  async loadText(roomId: string): Promise<StoredRoomText | null> {
    const id = checkId(roomId);
    await this.chains.get(id);
    let recordText: string;
    try {
      recordText = await readFile(join(this.dir, `${id}.json`), 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw e;
    }
    const text = await readFile(join(this.dir, `${id}.actions.jsonl`), 'utf8').catch(() => '');
    // A line cut short by a crash mid-write is the last one: it and anything after it are dropped.
    const actions: unknown[] = [];
    for (const line of text.split('\n')) {
      if (!line) continue;
      try {
        actions.push(JSON.parse(line));
      } catch {
        break;
      }
    }
    return { recordText, actions };
  }

  async list(): Promise<string[]> {
    const names = await readdir(this.dir).catch(() => [] as string[]);
    return names.filter((n) => n.endsWith('.json')).map((n) => n.slice(0, -'.json'.length)).filter((id) => SAFE_ID.test(id));
  }

  remove(roomId: string): Promise<void> {
    const id = checkId(roomId);
    return this.chain(id, async () => {
      await rm(join(this.dir, `${id}.json`), { force: true });
      await rm(join(this.dir, `${id}.actions.jsonl`), { force: true });
    });
  }
}

const ROOMS_KEY = 'sightline:rooms';
const actionsKey = (roomId: string) => `sightline:actions:${roomId}`;

/** Rooms in the Colyseus presence (Redis with `REDIS_URL`): shared by every process of the cluster. */
export class PresenceGameStore implements GameStore {
  constructor(private readonly presence: Presence) {}

  async create(meta: RoomMeta, setupJson: SetupJson, actions: unknown[]): Promise<void> {
    const id = checkId(meta.roomId);
    await this.append(id, 0, actions);
    await this.presence.hset(ROOMS_KEY, id, recordJson(meta, setupJson));
  }

  async updateRecord(meta: RoomMeta, setupJson: SetupJson): Promise<void> {
    await this.presence.hset(ROOMS_KEY, checkId(meta.roomId), recordJson(meta, setupJson));
  }

  async append(roomId: string, from: number, actions: unknown[]): Promise<void> {
    const key = actionsKey(checkId(roomId));
    // Indexed fields, so the order never depends on when each write lands.
    await Promise.all(actions.map((a, i) => this.presence.hset(key, String(from + i), JSON.stringify(a))));
  }

  async loadText(roomId: string): Promise<StoredRoomText | null> {
    const id = checkId(roomId);
    const text = await this.presence.hget(ROOMS_KEY, id);
    if (!text) return null;
    const all = (await this.presence.hgetall(actionsKey(id))) ?? {};
    const actions: unknown[] = [];
    for (let i = 0; all[String(i)] !== undefined; i++) actions.push(JSON.parse(all[String(i)]));
    return { recordText: text, actions };
  }

  async list(): Promise<string[]> {
    return Object.keys((await this.presence.hgetall(ROOMS_KEY)) ?? {});
  }

  async remove(roomId: string): Promise<void> {
    const id = checkId(roomId);
    await this.presence.hdel(ROOMS_KEY, id);
    this.presence.del(actionsKey(id));
  }
}
