/**
 * Headless Path to Glory battles for the tests: a plain 60" x 44" table with box ruins and two
 * territories, both armies drawn from campaigns, played to the end by the engine's scripted
 * policy on the real World (prepareGame + openGame + playScripted).
 */
import { prepareGame, openGame } from '../../src/game/start';
import { playScripted } from '../../src/rules/engine/policy';
import type { GameState } from '../../src/rules/engine/state';
import type { RosterInput } from '../../src/rules/engine/roster';
import type { Action } from '../../src/rules/engine/state';

const ruin = (id: string, x: number, y: number, w: number, d: number) => ({ id, type: 'obstacle', pieces: [{ shape: 'box', center: [x, y], size: [w, d, 3], rotation: 0 }] });

/** The table: 60 x 44, south territory y 0-12, north y 32-44, five ruins. */
export const PTG_TABLE = {
  name: 'Path to Glory test table',
  battlefield: { width: 60, depth: 44 },
  terrain: [ruin('ruin-w', 14, 22, 6, 2), ruin('ruin-e', 46, 22, 6, 2), ruin('ruin-c', 30, 28, 4, 1), ruin('ruin-sw', 8, 16, 2, 4), ruin('ruin-ne', 52, 28, 2, 4)],
  objectives: [],
  territories: { south: [[0, 0], [60, 0], [60, 12], [0, 12]], north: [[0, 32], [60, 32], [60, 44], [0, 44]] },
  units: [],
};

/** Plays a battleplan between two armies to its end; returns the final state and the saved game (set-up + actions). */
export function playBattle(battleplan: string, p1: RosterInput, p2: RosterInput, seed: number): { state: GameState; saved: unknown; actions: Action[] } {
  const prepared = prepareGame({ scenario: structuredClone(PTG_TABLE), meshes: new Map(), carried: {}, armies: { p1: { army: 'south', roster: p1 }, p2: { army: 'north', roster: p2 } }, seed, battleplan });
  if (!prepared.ok) throw new Error(prepared.problems.join('\n'));
  const opened = openGame(prepared.setup, new Map(), prepared.terrain);
  if (!opened.ok) throw new Error(opened.problems.join('\n'));
  const { state, actions } = playScripted(opened.game.state, opened.game.port, 20000);
  return { state, actions, saved: { ...prepared.setup, actions } };
}

/** Battles played by {@link playBattleOnce}, by their arguments (JSON). */
const played = new Map<string, { state: GameState; saved: unknown; actions: Action[] }>();

/**
 * {@link playBattle}, played once per test module for the same arguments (battleplan, both
 * rosters, seed): a file whose tests read the same battle (battleplans' end-of-battle checks, then
 * the scan of its players' log) plays it once. The same result object is returned each time:
 * callers read it and never change it. Not for a check that plays a battle twice to compare.
 */
export function playBattleOnce(battleplan: string, p1: RosterInput, p2: RosterInput, seed: number): { state: GameState; saved: unknown; actions: Action[] } {
  const key = JSON.stringify([battleplan, p1, p2, seed]);
  let r = played.get(key);
  if (!r) {
    r = playBattle(battleplan, p1, p2, seed);
    played.set(key, r);
  }
  return r;
}
