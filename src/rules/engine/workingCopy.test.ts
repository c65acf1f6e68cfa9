/**
 * The reducer's working copy (workingCopy.ts, session 37) is the copy `structuredClone` made before:
 * the same data, keys in the same order, an object reached twice still shared once in the copy
 * (a state's `abilities.declared` entries share one `at` stamp), nothing shared with the original
 * but the rosters and log entries.
 */
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { copyTree, workingCopy } from './workingCopy';
import { createGame, type GameState } from './state';
import { reduce } from './reduce';
import { sampleRoster, tablePort } from './testkit';

/** Every object of `v` (path → object), depth first. */
function objects(v: unknown, path = '$', out = new Map<string, object>()): Map<string, object> {
  if (typeof v !== 'object' || v === null) return out;
  out.set(path, v);
  for (const [k, x] of Object.entries(v)) objects(x, `${path}.${k}`, out);
  return out;
}

/** A game some actions in: p1's movement phase of battle round 1, its warriors picked to run. */
function gameState(): GameState {
  const g = createGame({ seed: 11, rosters: { p1: sampleRoster('p1'), p2: sampleRoster('p2') }, finishedDeployingFirst: 'p1', battleplan: { objectives: ['o1', 'o2'], battleRounds: 2 } });
  if (!g.ok) throw new Error(JSON.stringify(g.issues));
  let s = g.state;
  const port = tablePort({ inCombat: new Set(), contests: { 'p1-warriors': ['o1'] } });
  for (const a of [{ type: 'chooseFirstTurn', player: 'p1', first: 'p1' }, { type: 'endPhase', player: 'p1' }, { type: 'endPhase', player: 'p1' }, { type: 'run', player: 'p1', unitId: 'p1-warriors' }]) {
    const r = reduce(s, a, port);
    if (!r.ok) throw new Error(r.reason);
    s = r.state;
  }
  return s;
}

describe('the working copy (session 37)', () => {
  it('a game state: equal to structuredClone, keys in the same order, no object of the original but the rosters and log entries', () => {
    const s = gameState();
    const c = workingCopy(s);
    const { log, players, ...rest } = s;
    const before = { ...structuredClone(rest), players: { p1: { ...players.p1 }, p2: { ...players.p2 } }, log: log.slice() };
    expect(isDeepStrictEqual(c, before)).toBe(true);
    expect(JSON.stringify(c)).toBe(JSON.stringify(before));
    const original = new Set(objects(s).values());
    const shared = [...objects(c)].filter(([, o]) => original.has(o)).map(([p]) => p);
    expect(shared.length).toBeGreaterThan(0);
    expect(shared.filter((p) => !/^\$\.players\.p[12]\.roster\b|^\$\.log\.\d+\b/.test(p))).toEqual([]);
    // Writes to the copy leave the original alone.
    const id = Object.keys(c.units)[0];
    c.units[id].slain.push('x');
    c.units[id].turn.fought = true;
    c.log.push({ kind: 'roll', purpose: 'test', player: null, dice: [1] });
    expect(isDeepStrictEqual(s, gameState())).toBe(true);
  });

  it('an object reached twice is copied once and stays shared in the copy, as structuredClone keeps it', () => {
    const at = { round: 1, turn: 0, phase: 'movement' };
    const v = { declared: [{ name: 'Run', at }, { name: 'Charge', at }], nested: { list: [at] } };
    const c = copyTree(v);
    expect(c).toEqual(structuredClone(v));
    expect(c.declared[0].at).not.toBe(at);
    expect(c.declared[1].at).toBe(c.declared[0].at);
    expect(c.nested.list[0]).toBe(c.declared[0].at);
    const cycle: { self?: unknown; n: number } = { n: 1 };
    cycle.self = cycle;
    const cc = copyTree(cycle);
    expect(cc.self).toBe(cc);
  });

  it('edge values: "__proto__" as a key (an id), undefined, -0, NaN, sparse-free arrays, a Map through structuredClone', () => {
    const v = JSON.parse('{"units": {"__proto__": {"id": "__proto__"}, "b": {"id": "b"}}}') as { units: Record<string, { id: string }> };
    const c = copyTree(v);
    expect(Object.keys(c.units)).toEqual(['__proto__', 'b']);
    expect(Object.getPrototypeOf(c.units)).toBe(Object.prototype);
    expect(c.units['__proto__']).toEqual({ id: '__proto__' });
    const w = { a: undefined, z: -0, n: NaN, list: [1, 'x', null, [2]], m: new Map([['k', { deep: 1 }]]) };
    const cw = copyTree(w);
    expect(Object.keys(cw)).toEqual(Object.keys(w));
    expect(Object.is(cw.z, -0)).toBe(true);
    expect(Number.isNaN(cw.n)).toBe(true);
    expect(cw.list).toEqual(w.list);
    expect(cw.list[3]).not.toBe(w.list[3]);
    expect(cw.m).toEqual(w.m);
    expect(cw.m.get('k')).not.toBe(w.m.get('k'));
  });
});
