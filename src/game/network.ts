/**
 * The network play protocol (`shared/contract/NETWORK.md`): message names, shapes and limits,
 * shared by the game server (`server/`) and its clients (`src/client/`, tests, the load script).
 * Pure data and zod schemas: runs in Node and in the page.
 *
 * @module
 */
import { z } from 'zod';
import type { GameEvent } from '../rules/engine';
import type { DiceStep, GameSummary, LogLine } from './session';

/** The Colyseus room name of a battle. */
export const BATTLE_ROOM = 'battle';
/** The rule named when an action is refused because the sender does not hold its player's seat. */
export const SEAT_RULE = 'Network: seat';
/** Largest WebSocket message the server reads (bytes); a larger one closes the connection (1009). */
export const MAX_MESSAGE_BYTES = 256 * 1024;
/** Messages one client may send per second; the next one closes its connection. */
export const MAX_MESSAGES_PER_SECOND = 20;
/** How long a dropped player's seat is held for its reconnection (seconds). */
export const RECONNECT_SECONDS = 60;
/**
 * Close code of a player's connection whose seat was taken back by a join with the seat's token
 * (the same player in another tab, or the tab reopened): that connection does not try to come back.
 */
export const SEAT_REPLACED_CODE = 4409;
/** The rule named when a question is refused because its client asked more than its share of work. */
export const RATE_RULE = 'Network: rate';
/** Longest player name (characters). */
export const MAX_NAME_CHARS = 40;

/** A seat of a battle room. */
export type Seat = 'p1' | 'p2' | 'spectator';
export const SeatSchema = z.enum(['p1', 'p2', 'spectator']);

/**
 * Join options (`client.joinById(roomId, options)`; the creator's create options carry them too):
 * the seat, a display name and, to take back a player seat held before (after a server restart,
 * or from another device), the seat's `token` (sent to its holder in a {@link SeatMessage}).
 */
export const JoinOptionsSchema = z.looseObject({
  seat: SeatSchema,
  name: z.string().max(MAX_NAME_CHARS).optional(),
  token: z.string().max(64).optional(),
});
export type JoinOptions = z.infer<typeof JoinOptionsSchema>;

/** Create options of a room on a table: SCENARIO.md JSON and two armies keyed by scenario army. */
export const TableCreateSchema = z.looseObject({
  scenario: z.record(z.string(), z.unknown()),
  armies: z.record(z.string().min(1).max(200), z.unknown()).refine((a) => Object.keys(a).length === 2, 'expected exactly two armies (the first is p1)'),
  seed: z.union([z.number().int().refine(Number.isSafeInteger, 'not a safe integer'), z.string().min(1).max(200)]).optional(),
  battleplan: z.string().max(100).optional(),
  deploy: z.enum(['auto', 'manual']).optional(),
  /** Extension: `src` → bundled asset path (`assets/...`) for meshes shipped with Sightline. */
  bundled: z.record(z.string(), z.string().max(300)).optional(),
});
export type TableCreateOptions = z.infer<typeof TableCreateSchema> & Partial<JoinOptions>;

/** Create options of a room from a saved game (GAME.md). */
export const SavedCreateSchema = z.looseObject({ savedGame: z.record(z.string(), z.unknown()) });

/** client → server `act`. */
export const ActMessageSchema = z.strictObject({
  action: z.looseObject({ type: z.string().min(1).max(64), player: z.string().max(16) }),
});
export type ActMessage = z.infer<typeof ActMessageSchema>;

/** server → the sender `result`. */
export type ResultMessage = { ok: true; seq: number } | { ok: false; reason: string; rule: string };

/**
 * server → every client `update`: after each accepted action, and on (re)join. `seq` counts the
 * accepted actions (automatic passes included). Extensions: the battle-log `lines` and dice
 * `steps` of the action, the `summary` the page shows, and the accepted `actions` themselves.
 */
export interface UpdateMessage {
  seq: number;
  stateHash: string;
  events: GameEvent[];
  lines: LogLine[];
  steps: DiceStep[];
  actions: unknown[];
  summary: GameSummary;
}

/** Extension, server → a player on join: its seat and the token that takes the seat back later. */
export interface SeatMessage {
  seat: Seat;
  token?: string;
  roomId: string;
}

/** Extension, server → every client when someone joins, drops, reconnects or leaves. */
export interface PresenceMessage {
  p1: { name: string; connected: boolean; held: boolean };
  p2: { name: string; connected: boolean; held: boolean };
  spectators: number;
}

/** Every problem of a zod error, each with its path (`armies.south: ...`). */
export function zodProblems(error: z.ZodError, prefix = ''): string[] {
  return error.issues.map((i) => `${[prefix, ...i.path.map(String)].filter(Boolean).join('.') || '(root)'}: ${i.message}`);
}

/**
 * Extension, client → server `ask`: a read-only question to the room's game session, answered to
 * the sender only with `answer` `{id, ok: true, value}` (or `{id, ok: false, error}`). The Play
 * panel of an online game asks these as the hot-seat panel asks its game worker: what a unit may
 * do now (`options`, each candidate tried with the engine's reduce), the player-level actions
 * (`generalOptions`), expected damage, the battle log, and the engine state without its dice
 * (`state`: `seed` and `dice` blanked, so nothing predicts a roll).
 */
export const ASK_METHODS = ['options', 'generalOptions', 'expectedDamage', 'log', 'state', 'summary'] as const;
export type AskMethod = (typeof ASK_METHODS)[number];
export const AskMessageSchema = z.strictObject({
  id: z.number().int().nonnegative(),
  method: z.enum(ASK_METHODS),
  args: z.array(z.union([z.string().max(200), z.number()])).max(4).default([]),
});
export type AskMessage = z.infer<typeof AskMessageSchema>;
/** Extension, server → the asker `answer`. */
export type AnswerMessage = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: string };
