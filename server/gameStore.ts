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
import { appendFile, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Presence } from '@colyseus/core';
import type { GameSetupV2 } from '../src/game/savedGame';

/** What is written when a room is created. */
export interface RoomRecord {
  roomId: string;
  /** The saved game's set-up (the saved game without `actions`). */
  setup: GameSetupV2;
  /** The secret of each player seat (see `SeatMessage`). */
  tokens: { p1: string; p2: string };
  names: { p1: string; p2: string };
  /** Milliseconds since the epoch. */
  createdAt: number;
}

/** A room as read back: its record and every accepted action in order. */
export interface StoredRoom extends RoomRecord {
  actions: unknown[];
}

/** The storage of rooms' saved games. */
export interface GameStore {
  /** Writes a new room's record (no actions yet, or `actions` when created from a saved game). */
  create(record: RoomRecord, actions: unknown[]): Promise<void>;
  /** Rewrites a room's record (its actions stay). */
  updateRecord(record: RoomRecord): Promise<void>;
  /** Appends accepted actions; `from` is the index of the first (the count written before). */
  append(roomId: string, from: number, actions: unknown[]): Promise<void>;
  /** The room, or null when it is not stored. */
  load(roomId: string): Promise<StoredRoom | null>;
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

  async create(record: RoomRecord, actions: unknown[]): Promise<void> {
    const id = checkId(record.roomId);
    await mkdir(this.dir, { recursive: true });
    return this.chain(id, async () => {
      await writeFile(join(this.dir, `${id}.actions.jsonl`), actions.map((a) => `${JSON.stringify(a)}\n`).join(''));
      // The record last, through a rename: a room is listed only once both files are whole.
      const tmp = join(this.dir, `${id}.json.tmp`);
      await writeFile(tmp, JSON.stringify(record));
      await rename(tmp, join(this.dir, `${id}.json`));
    });
  }

  updateRecord(record: RoomRecord): Promise<void> {
    const id = checkId(record.roomId);
    return this.chain(id, async () => {
      const tmp = join(this.dir, `${id}.json.tmp`);
      await writeFile(tmp, JSON.stringify(record));
      await rename(tmp, join(this.dir, `${id}.json`));
    });
  }

  append(roomId: string, _from: number, actions: unknown[]): Promise<void> {
    const id = checkId(roomId);
    return this.chain(id, () => appendFile(join(this.dir, `${id}.actions.jsonl`), actions.map((a) => `${JSON.stringify(a)}\n`).join('')));
  }

  async load(roomId: string): Promise<StoredRoom | null> {
    const id = checkId(roomId);
    await this.chains.get(id);
    let record: RoomRecord;
    try {
      record = JSON.parse(await readFile(join(this.dir, `${id}.json`), 'utf8')) as RoomRecord;
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
    return { ...record, actions };
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

  async create(record: RoomRecord, actions: unknown[]): Promise<void> {
    const id = checkId(record.roomId);
    await this.append(id, 0, actions);
    await this.presence.hset(ROOMS_KEY, id, JSON.stringify(record));
  }

  async updateRecord(record: RoomRecord): Promise<void> {
    await this.presence.hset(ROOMS_KEY, checkId(record.roomId), JSON.stringify(record));
  }

  async append(roomId: string, from: number, actions: unknown[]): Promise<void> {
    const key = actionsKey(checkId(roomId));
    // Indexed fields, so the order never depends on when each write lands.
    await Promise.all(actions.map((a, i) => this.presence.hset(key, String(from + i), JSON.stringify(a))));
  }

  async load(roomId: string): Promise<StoredRoom | null> {
    const id = checkId(roomId);
    const text = await this.presence.hget(ROOMS_KEY, id);
    if (!text) return null;
    const all = (await this.presence.hgetall(actionsKey(id))) ?? {};
    const actions: unknown[] = [];
    for (let i = 0; all[String(i)] !== undefined; i++) actions.push(JSON.parse(all[String(i)]));
    return { ...(JSON.parse(text) as RoomRecord), actions };
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
