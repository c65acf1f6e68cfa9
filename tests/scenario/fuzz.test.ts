/**
 * Issue 16, bad input: a fuzzed corpus of scenario files never crashes, never hangs, every refusal
 * names a JSON path, and every answer of a file that is accepted holds finite numbers only (a
 * 1e308 mm base used to kill the adjudicator with a V8 fatal error, and `distance` could answer
 * with NaN points).
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { World } from '../../src/geometry/world';
import { answerAll } from '../../src/scenario/answer';
import { scenarioToWorldInputSync } from '../../src/scenario/build';
import { parseScenario, parseScenarioText } from '../../src/scenario/validate';

const GOOD = JSON.parse(readFileSync(new URL('../fixtures/adjudicate-good.json', import.meta.url), 'utf8'));

/** Every number in a JSON value (answers included) is finite. */
function allFinite(v: unknown, at = '$'): string | null {
  if (typeof v === 'number') return Number.isFinite(v) ? null : at;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      const bad = allFinite(v[i], `${at}[${i}]`);
      if (bad) return bad;
    }
    return null;
  }
  if (v && typeof v === 'object') {
    for (const [k, x] of Object.entries(v)) {
      const bad = allFinite(x, `${at}.${k}`);
      if (bad) return bad;
    }
  }
  return null;
}

/** Every path of a JSON value (objects and arrays), for mutations. */
function paths(v: unknown, at: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  out.push(at);
  if (Array.isArray(v)) v.forEach((x, i) => paths(x, [...at, i], out));
  else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) paths(x, [...at, k], out);
  return out;
}

const ALL_PATHS = paths(GOOD).filter((p) => p.length > 0);

/** Values that break files: extremes, wrong types, empties. */
const nasty = fc.oneof(
  fc.constantFrom(1e308, -1e308, 1e-308, 0, -0, -1, 1e6, 2 ** 53, 500.0001, 50.0001, 200.0001, null, '', 'x', true, [], {}, [0], [1e308, 1e308], [[0, 0]], { round: 1e308 }, { oval: [1e308, 1] }),
  fc.double({ noNaN: true }),
  fc.integer(),
  fc.string({ maxLength: 8 }),
);

/** Answers every query of an accepted file on its World; returns the answers. */
function answered(json: unknown): { ok: true; answers: unknown } | { ok: false; problems: string[] } {
  const r = parseScenario(json);
  if (!r.ok) return r;
  const world = new World(scenarioToWorldInputSync(r.scenario, new Map()));
  return { ok: true, answers: answerAll(world, r.scenario) };
}

const namesAPath = (p: string) => /^(\(root\)|[A-Za-z_][\w.]*|\w+\[\d+\])[\w.[\]"-]*: ./.test(p);

describe('a fuzzed corpus of scenario files', () => {
  it('mutated good files: refused with paths, or answered with finite numbers only', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom(...ALL_PATHS), nasty), { minLength: 1, maxLength: 3 }), (mutations) => {
        const json = structuredClone(GOOD);
        for (const [p, value] of mutations) {
          let o = json as Record<string | number, unknown>;
          for (const k of p.slice(0, -1)) {
            const next = o?.[k];
            if (!next || typeof next !== 'object') return;
            o = next as Record<string | number, unknown>;
          }
          o[p[p.length - 1]] = structuredClone(value);
        }
        const r = answered(json);
        if (!r.ok) {
          expect(r.problems.length).toBeGreaterThan(0);
          for (const problem of r.problems) expect(namesAPath(problem), problem).toBe(true);
        } else expect(allFinite(r.answers)).toBeNull();
      }),
      { numRuns: 4000, seed: 16 },
    );
  });

  it('arbitrary JSON text is refused with a path, never thrown', () => {
    fc.assert(
      fc.property(fc.oneof(fc.json({ maxDepth: 4 }), fc.string({ maxLength: 40 })), (text) => {
        const r = parseScenarioText(text);
        if (!r.ok) for (const problem of r.problems) expect(namesAPath(problem), problem).toBe(true);
      }),
      { numRuns: 2000, seed: 17 },
    );
  });

  it('valid tables at the limits (500 mm bases, 50" models, 200" tables, positions at the margin) answer finite numbers', () => {
    const model = (id: string, W: number, D: number) =>
      fc.record({
        id: fc.constant(id),
        base: fc.oneof(fc.record({ round: fc.double({ min: 1, max: 500, noNaN: true }) }), fc.record({ oval: fc.tuple(fc.double({ min: 1, max: 500, noNaN: true }), fc.double({ min: 1, max: 500, noNaN: true })) })),
        height: fc.double({ min: 0.01, max: 50, noNaN: true }),
        position: fc.tuple(fc.double({ min: -24, max: W + 24, noNaN: true }), fc.double({ min: -24, max: D + 24, noNaN: true })),
      });
    const table = fc.tuple(fc.double({ min: 1, max: 200, noNaN: true }), fc.double({ min: 1, max: 200, noNaN: true })).chain(([W, D]) =>
      fc.record({
        battlefield: fc.constant({ width: W, depth: D }),
        terrain: fc.constant([{ id: 'block', type: 'obstacle', pieces: [{ shape: 'box', center: [W / 2, D / 2], size: [Math.min(200, W / 4), Math.min(200, D / 4), 50] }] }]),
        objectives: fc.constant([{ id: 'obj', position: [W / 2, D / 2 + 1], diameterMm: 500 }]),
        units: fc.tuple(model('a1', W, D), model('b1', W, D)).map(([a, b]) => [
          { id: 'a', army: 'north', models: [a] },
          { id: 'b', army: 'south', models: [b] },
        ]),
        queries: fc.constant([
          { id: 'd', kind: 'distance', from: 'a1', to: 'b1' },
          { id: 'dh', kind: 'distance', from: 'a', to: 'block', horizontal: true },
          { id: 'do', kind: 'distance', from: 'b1', to: 'obj' },
          { id: 'v', kind: 'visible', observer: 'a', target: 'b' },
          { id: 'c', kind: 'inCombat', a: 'a', b: 'b' },
          { id: 'k', kind: 'contests', unit: 'a', objective: 'obj' },
          { id: 'w', kind: 'whollyWithin', subject: 'a1', object: 'b', distance: 1000 },
        ]),
      }),
    );
    fc.assert(
      fc.property(table, (json) => {
        const r = answered(json);
        if (!r.ok) throw new Error(`a valid table was refused: ${r.problems.join('; ')}`);
        expect(allFinite(r.answers)).toBeNull();
      }),
      { numRuns: 150, seed: 18 },
    );
  }, 120_000);
});
