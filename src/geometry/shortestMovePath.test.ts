import { describe, expect, it } from 'vitest';
import { makeWorld, rad, type ModelSpec, type TerrainSpec } from '../../tests/scenario/geomKit';
import { footprintFromBase } from './footprint';
import { footprintGap } from './footprintGap';
import { movePathCost } from './movePath';
import { shortestMovePath, type ShortestMovePathResult } from './shortestMovePath';

/**
 * The shortest legal path (Core 15.0, 15.2; A-G9, A-G30). The mover: a 32 mm base
 * (r = 16/25.4 = 0.629921") at (15, 20) on a 60x44" table, going to (25, 20). Optimal lengths are
 * computed by hand (tangent lines and arcs around the obstacle's Minkowski sum with the base);
 * the raster search may be a little longer than the optimum (never shorter), and its answer is
 * always the engine's own count of the path it returns.
 */
const R = rad(32);
const mover: ModelSpec = { id: 'm', base: { round: 32 }, pos: [15, 20], height: 1.2 };

function world(terrain: TerrainSpec[] = [], others: ModelSpec[] = []) {
  return makeWorld({
    terrain,
    units: [{ id: 'u', army: 'n', models: [mover] }, ...(others.length ? [{ id: 'x', army: 's', models: others }] : [])],
  });
}
const ok = (r: ShortestMovePathResult) => {
  if (!r.ok) throw new Error(`expected a path, got: ${r.reason}`);
  return r;
};
/** Length of a tangent-arc-tangent path from P around a disc of radius rr centred C to Q, symmetric (|PC| = |QC| = d, P, C, Q making the turn `turn` radians at C). */
const wall = (height: number): TerrainSpec => ({ id: 'wall', type: 'area', boxes: [{ center: [20, 20], size: [1, 10, height] }] });

describe('shortestMovePath', () => {
  it('open ground: the straight line, 10"', () => {
    const r = ok(shortestMovePath(world(), 'm', [25, 20]));
    expect(r.straight).toBe(true);
    expect(r.path).toEqual([
      [15, 20],
      [25, 20],
    ]);
    expect(r.inches).toBeCloseTo(10, 6);
  });

  it('a 4" wall: round its end (15.57") rather than over it (10 + 8 = 18")', () => {
    // Around the end at y = 25: tangents from (15, 20) and (25, 20) to discs of radius r at the wall's
    // corners (19.5, 25) and (20.5, 25), the 1" across, and two arcs of 53.38 degrees.
    const d = Math.hypot(4.5, 5);
    const tangent = Math.sqrt(d * d - R * R);
    const turn = Math.atan2(5, 4.5) + Math.asin(R / d);
    const optimum = 2 * (tangent + turn * R) + 1;
    expect(optimum).toBeCloseTo(15.568, 2);
    const w = world([wall(4)]);
    const r = ok(shortestMovePath(w, 'm', [25, 20]));
    expect(r.straight).toBe(false);
    expect(r.climbedInches).toBeCloseTo(0, 9);
    expect(r.inches).toBeGreaterThanOrEqual(optimum - 1e-6);
    expect(r.inches).toBeLessThan(optimum * 1.02);
    // The answer is the engine's own count of the path returned.
    const check = movePathCost(w, 'm', r.path);
    expect(check.ok && check.inches).toBeCloseTo(r.inches, 9);
    expect(r.path[0]).toEqual([15, 20]);
    expect(r.path[r.path.length - 1]).toEqual([25, 20]);
  });

  it('a 1.5" wall: over it (10 + 3 = 13") is cheaper than round (15.57"), so the path climbs', () => {
    const r = ok(shortestMovePath(world([wall(1.5)]), 'm', [25, 20]));
    expect(r.straight).toBe(true);
    expect(r.inches).toBeCloseTo(13, 5);
    expect(r.climbedInches).toBeCloseTo(3, 5);
  });

  it('a search that finds nothing (its area cut to the straight line) answers the legal straight line over a 1.5" wall, not a refusal', () => {
    // reachInches 0: the search ellipse shrinks to the segment itself, so the raster nodes around
    // the goal (25, 20.1) are outside it and the search finds no way; the straight line climbs the
    // wall and is legal: 10.0005" + 3" up and down.
    const r = ok(shortestMovePath(world([wall(1.5)]), 'm', [25, 20.1], { reachInches: 0 }));
    expect(r.straight).toBe(true);
    expect(r.climbedInches).toBeCloseTo(3, 5);
    expect(r.inches).toBeCloseTo(Math.hypot(10, 0.1) + 3, 5);
  });

  it('another model in the way: round its base (10.319"), not through it', () => {
    // The blocker's 32 mm base at (20, 20): the centre keeps 2r away. Tangents from 5" away to a
    // disc of radius 2r, and the arc between them.
    const rr = 2 * R;
    const optimum = 2 * Math.sqrt(25 - rr * rr) + 2 * Math.asin(rr / 5) * rr;
    expect(optimum).toBeCloseTo(10.319, 3);
    const blocker: ModelSpec = { id: 'b', base: { round: 32 }, pos: [20, 20], height: 1.2 };
    const w = world([], [blocker]);
    const r = ok(shortestMovePath(w, 'm', [25, 20]));
    expect(r.straight).toBe(false);
    expect(r.inches).toBeGreaterThanOrEqual(optimum - 1e-6);
    expect(r.inches).toBeLessThan(optimum * 1.02);
    // Ignored (a model of the same unit moving with it): straight through.
    const through = ok(shortestMovePath(w, 'm', [25, 20], { ignoreModels: new Set(['b']) }));
    expect(through.straight).toBe(true);
    expect(through.inches).toBeCloseTo(10, 6);
  });

  it('a goal on another model is refused with its rule, whatever the path', () => {
    const blocker: ModelSpec = { id: 'b', base: { round: 32 }, pos: [25, 20], height: 1.2 };
    const r = shortestMovePath(world([], [blocker]), 'm', [25, 20.5]);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.rule).toBe('Core 15.0');
      expect(r.reason).toContain('b');
    }
  });

  it('no way round an Impassable ring: refused, naming the straight line\'s problem', () => {
    // A closed square ring of Impassable walls around the start (x, y in [12, 18]).
    const ring: TerrainSpec = {
      id: 'ring',
      type: 'obstacle',
      abilities: ['impassable'],
      boxes: [
        { center: [15, 17.5], size: [6, 1, 3] },
        { center: [15, 22.5], size: [6, 1, 3] },
        { center: [12.5, 20], size: [1, 6, 3] },
        { center: [17.5, 20], size: [1, 6, 3] },
      ],
    };
    const r = shortestMovePath(world([ring]), 'm', [25, 20]);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.rule).toBe('Terrain 1.2');
      expect(r.reason).toContain('no way around');
    }
  });

  it('FLY: always the straight line, horizontal only (Core 15.4)', () => {
    const r = ok(shortestMovePath(world([wall(4)]), 'm', [25, 20], { fly: true }));
    expect(r.straight).toBe(true);
    expect(r.inches).toBeCloseTo(10, 6);
  });

  it('keeps out of an enemy base\'s 3" (Core 14.1): round the combat range, 12.35", every point more than 3" away', () => {
    // The enemy's 32 mm base at (20, 21): the mover's centre keeps more than 3" + 2r = 4.2598" from
    // its centre. From (15, 20) and (25, 20) (5.099" from it): tangents of sqrt(26 - R^2) each and
    // the arc below the disc between them.
    const enemy = footprintFromBase({ round: 32 }, [20, 21]);
    const rr = 3 + 2 * R;
    const d = Math.hypot(5, 1);
    const tangent = Math.sqrt(d * d - rr * rr);
    const arc = (2 * Math.atan2(5, 1) - 2 * Math.acos(rr / d)) * rr;
    const optimum = 2 * tangent + arc;
    expect(optimum).toBeCloseTo(12.347, 2);
    const w = world();
    const r = ok(shortestMovePath(w, 'm', [25, 20], { keepOut: { footprints: [enemy], inches: 3 } }));
    expect(r.straight).toBe(false);
    expect(r.inches).toBeGreaterThanOrEqual(optimum - 1e-6);
    expect(r.inches).toBeLessThan(optimum * 1.03);
    // Sampled along the path, the base never comes within 3" of the enemy's.
    for (let i = 1; i < r.path.length; i++) {
      const [a, b] = [r.path[i - 1], r.path[i]];
      for (let t = 0; t <= 1; t += 0.01) {
        const f = footprintFromBase({ round: 32 }, [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t]);
        expect(footprintGap(f, enemy).gapInches).toBeGreaterThan(3);
      }
    }
    // Without the keep-out: straight, 10".
    expect(ok(shortestMovePath(w, 'm', [25, 20])).inches).toBeCloseTo(10, 6);
    // A goal within 3" of it is refused with the rule.
    expect(shortestMovePath(w, 'm', [21, 18], { keepOut: { footprints: [enemy], inches: 3 } })).toMatchObject({ ok: false, rule: 'Core 14.1' });
  });
});
