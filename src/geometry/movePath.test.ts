import { describe, expect, it } from 'vitest';
import { makeWorld, rad, type ModelSpec, type TerrainSpec } from '../../tests/scenario/geomKit';
import { movePathCost, pieceLowerBound, walkMovePath, type MovePathResult } from './movePath';

/**
 * Moving along a plan-view path over terrain (Core 15.0, 15.2, 15.2.1, 15.4; INVENTORY G7, G8,
 * A-G9, A-G10, A-G28). The mover: a 32 mm base (r = 16/25.4 = 0.629921") at (15, 20), 1.2" tall,
 * following the path with its centre. Costs are exact up to the walker's 0.02" sampling, so
 * they are checked to 1e-6".
 */
const R = rad(32);
const TOL = 1e-6;
const mover: ModelSpec = { id: 'm', base: { round: 32 }, pos: [15, 20], height: 1.2 };

function world(terrain: TerrainSpec[] = [], others: ModelSpec[] = [], keywords: string[] = []) {
  return makeWorld({
    terrain,
    units: [{ id: 'u', army: 'n', keywords, models: [mover] }, ...(others.length ? [{ id: 'x', army: 's', models: others }] : [])],
  });
}
const ok = (r: MovePathResult) => {
  if (!r.ok) throw new Error(`expected a legal move, got: ${r.reason}`);
  return r;
};

describe('movePath: cost', () => {
  it('a flat 5" path costs 5', () => {
    expect(Math.abs(ok(movePathCost(world(), 'm', [[15, 20], [20, 20]])).inches - 5)).toBeLessThan(TOL);
  });

  it('a 3-4-5 dog-leg costs 3 + 4 = 7', () => {
    expect(Math.abs(ok(movePathCost(world(), 'm', [[15, 20], [18, 20], [18, 24]])).inches - 7)).toBeLessThan(TOL);
  });

  // Wall: centre (20, 20), 1" thick (x in [19.5, 20.5]), 10" long, 2" tall; type "area" (not Unstable).
  const wall: TerrainSpec = { id: 'wall', type: 'area', boxes: [{ center: [20, 20], size: [1, 10, 2] }] };

  it('over a 2" wall and on: horizontal + 2 up + 2 down = 10 + 4 = 14 (climbing down counts when the move goes on)', () => {
    // Built case: the model walks (15, 20) -> (25, 20). It climbs 2" when its base reaches the
    // wall, crosses on top, climbs down 2" when the base clears the far side (centre x = 20.5 + r),
    // then walks on 4.37" more, so the way down is a climb, not a jump (a jump ends the move).
    const r = ok(movePathCost(world([wall]), 'm', [[15, 20], [25, 20]]));
    expect(Math.abs(r.inches - 14)).toBeLessThan(TOL);
    expect(r.endElevation).toBe(0);
  });

  it('over the wall ending where the base lands: the jump down is free (horizontal + 2 up)', () => {
    // Built case: the path ends 0.005" after the base clears the wall (centre x = 20.5 + r + 0.005):
    // horizontal 5.5 + r + 0.005 = 6.134921, plus 2" up; the 2" drop is a jump down (free, ends the move).
    const end = 20.5 + R + 0.005;
    const r = ok(movePathCost(world([wall]), 'm', [[15, 20], [end, 20]]));
    expect(Math.abs(r.inches - (end - 15 + 2))).toBeLessThan(TOL);
    expect(r.inches).toBeCloseTo(8.134921, 6);
  });

  it('onto the wall top and stop: horizontal + 2 (wide top, stands by itself)', () => {
    // a 4" wide, 2" tall block (x in [18, 22]); end centred on it at x = 20: 5 + 2 = 7
    const block: TerrainSpec = { id: 'block', type: 'area', boxes: [{ center: [20, 20], size: [4, 4, 2] }] };
    const r = ok(movePathCost(world([block]), 'm', [[15, 20], [20, 20]]));
    expect(Math.abs(r.inches - 7)).toBeLessThan(TOL);
    expect(r.endElevation).toBeCloseTo(2, 6);
  });

  it('a 0.8" tall obstacle is moved over as if it were not there (Core 15.2): cost = horizontal = 10', () => {
    const low: TerrainSpec = { id: 'low', type: 'area', boxes: [{ center: [20, 20], size: [1, 10, 0.8] }] };
    expect(Math.abs(ok(movePathCost(world([low]), 'm', [[15, 20], [25, 20]])).inches - 10)).toBeLessThan(TOL);
  });

  it('FLY ignores the vertical distance: over the 2" wall costs the horizontal 10', () => {
    const r = ok(movePathCost(world([wall], [], ['FLY']), 'm', [[15, 20], [25, 20]], { fly: true }));
    expect(Math.abs(r.inches - 10)).toBeLessThan(TOL);
  });
});

describe('movePath: starting on terrain (jumping down vs climbing down)', () => {
  // A 4 x 4 block, 3" tall (x, y in [18, 22]), type "area" (not Unstable); the mover starts on
  // its top at (20, 20) (no elevation given: it stands at z = 3).
  const block: TerrainSpec = { id: 'block', type: 'area', boxes: [{ center: [20, 20], size: [4, 4, 3] }] };
  const w = () => makeWorld({ terrain: [block], units: [{ id: 'u', army: 'n', models: [{ ...mover, pos: [20, 20] }] }] });

  it('T-49 walking off the edge and stopping where the base lands: the 3" drop is a free jump (cost = 2 + r + 0.005)', () => {
    // the base clears the block when its centre passes x = 22 + r
    const end = 22 + R + 0.005;
    const r = ok(movePathCost(w(), 'm', [[20, 20], [end, 20]]));
    expect(Math.abs(r.inches - (end - 20))).toBeLessThan(TOL);
    expect(r.endElevation).toBe(0);
  });

  it('walking off and on to x = 25: climbing down counts, 5 + 3 = 8', () => {
    expect(Math.abs(ok(movePathCost(w(), 'm', [[20, 20], [25, 20]])).inches - 8)).toBeLessThan(TOL);
  });

  it('ending on a wide 0.8" Unstable obstacle is allowed (parts <= 1" tall) and costs the horizontal only', () => {
    const low: TerrainSpec = { id: 'low', type: 'obstacle', boxes: [{ center: [20, 20], size: [4, 4, 0.8] }] };
    const r = ok(movePathCost(world([low]), 'm', [[15, 20], [20, 20]]));
    expect(Math.abs(r.inches - 5)).toBeLessThan(TOL);
    expect(r.endElevation).toBeCloseTo(0.8, 6);
  });
});

describe('movePath: paths that cannot be made (null with a reason)', () => {
  it('through another model', () => {
    const blocker: ModelSpec = { id: 'b', base: { round: 40 }, pos: [20, 20], height: 1.5 };
    const r = movePathCost(world([], [blocker]), 'm', [[15, 20], [25, 20]]);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toMatch(/pass through model b/);
  });

  it('FLY may pass over that model but not end on it', () => {
    const blocker: ModelSpec = { id: 'b', base: { round: 40 }, pos: [20, 20], height: 1.5 };
    expect(ok(movePathCost(world([], [blocker], ['FLY']), 'm', [[15, 20], [25, 20]], { fly: true })).inches).toBeCloseTo(10, 6);
    const r = movePathCost(world([], [blocker], ['FLY']), 'm', [[15, 20], [20, 20]], { fly: true });
    expect(r.ok).toBe(false);
  });

  it('leaving the battlefield (the base may not cross x = 0)', () => {
    // at x = 0.5 the base spans [0.5 - 0.63, ...]: off the table
    const r = movePathCost(world(), 'm', [[15, 20], [0.5, 20]]);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toMatch(/leave the battlefield/);
    // ... while stopping with the base edge on x = 0 + 0.001 is fine: 15 - (r + 0.001)
    expect(ok(movePathCost(world(), 'm', [[15, 20], [R + 0.001, 20]])).inches).toBeCloseTo(15 - R - 0.001, 6);
  });

  it('T-50 ending on top of a 3" tall, 0.4" thin wall: mid-climb (the top supports < 50% of the base)', () => {
    // support = strip |x - 20| <= 0.2 inside a circle of radius 0.63: 2(w sqrt(r^2 - w^2) + r^2 asin(w/r))
    // = 0.495 of the circle's 1.247 -> 40% < 50% (A-G28)
    const thin: TerrainSpec = { id: 'thin', type: 'area', boxes: [{ center: [20, 20], size: [0.4, 10, 3] }] };
    const r = movePathCost(world([thin]), 'm', [[15, 20], [20, 20]]);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toMatch(/mid-climb/);
  });

  it('T-49/T-50 ending on a wide 3" tall Unstable obstacle (Terrain 1.2: parts more than 1" tall)', () => {
    const tall: TerrainSpec = { id: 'crate', type: 'obstacle', boxes: [{ center: [20, 20], size: [4, 4, 3] }] };
    const r = movePathCost(world([tall]), 'm', [[15, 20], [20, 20]]);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toMatch(/Unstable/);
  });

  it('a path not starting at the model', () => {
    const r = movePathCost(world(), 'm', [[16, 20], [20, 20]]);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toMatch(/must start at the model/);
  });

  it('an unknown model and an empty path', () => {
    expect(movePathCost(world(), 'ghost', [[15, 20]]).ok).toBe(false);
    expect(movePathCost(world(), 'm', []).ok).toBe(false);
  });
});

describe('walkMovePath with a budget (the path search, issue 28): stops only when the move surely costs more', () => {
  // The 2" wall of the cost cases (x 19.5-20.5) and the 3" block the mover starts on (x, y 18-22).
  const wall: TerrainSpec = { id: 'wall', type: 'area', boxes: [{ center: [20, 20], size: [1, 10, 2] }] };
  const block: TerrainSpec = { id: 'block', type: 'area', boxes: [{ center: [20, 20], size: [4, 4, 3] }] };
  const onBlock = () => makeWorld({ terrain: [block], units: [{ id: 'u', army: 'n', models: [{ ...mover, pos: [20, 20] }] }] });
  const walkIn = (w: ReturnType<typeof world>, path: [number, number][], budget: number) => walkMovePath(w, w.models.get('m')!, path, {}, true, budget);

  it('over the wall ending with the free jump (8.134921"): within a budget of its cost, refused just under it', () => {
    const end = 20.5 + R + 0.005;
    const w = world([wall]);
    const exact = ok(walkIn(w, [[15, 20], [end, 20]], Infinity)).inches;
    expect(exact).toBeCloseTo(8.134921, 6);
    // The walk has paid 2" up and 2" down when it lands; the drop is the final jump, taken off.
    expect(ok(walkIn(w, [[15, 20], [end, 20]], exact + 1e-6)).inches).toBe(exact);
    expect(walkIn(w, [[15, 20], [end, 20]], exact - 0.01)).toMatchObject({ ok: false, rule: 'SEARCH budget' });
  });

  it('T-49 walking off the 3" block and stopping where the base lands (2 + r + 0.005): within its cost', () => {
    const end = 22 + R + 0.005;
    const w = onBlock();
    expect(ok(walkIn(w, [[20, 20], [end, 20]], end - 20 + 1e-6)).inches).toBeCloseTo(end - 20, 6);
    expect(walkIn(w, [[20, 20], [end, 20]], end - 20 - 0.01)).toMatchObject({ ok: false, rule: 'SEARCH budget' });
  });

  it('walking off the block and on to x = 25 (5 + 3 = 8): the way down is climbing, so a budget of 7.9 refuses it', () => {
    const w = onBlock();
    expect(ok(walkIn(w, [[20, 20], [25, 20]], 8 + 1e-6)).inches).toBeCloseTo(8, 6);
    expect(walkIn(w, [[20, 20], [25, 20]], 7.9)).toMatchObject({ ok: false, rule: 'SEARCH budget' });
  });

  it('over the 2" wall and on (14"): a budget of 13 is refused as soon as the climb makes it sure', () => {
    const w = world([wall]);
    expect(walkIn(w, [[15, 20], [25, 20]], 13)).toMatchObject({ ok: false, rule: 'SEARCH budget' });
    expect(ok(walkIn(w, [[15, 20], [25, 20]], 14 + 1e-6)).inches).toBeCloseTo(14, 6);
  });
});

describe('pieceLowerBound (the path search drops pieces it prices over their budget, issue 35 item 6)', () => {
  const wall: TerrainSpec = { id: 'wall', type: 'area', boxes: [{ center: [20, 20], size: [1, 10, 2] }] };
  const block: TerrainSpec = { id: 'block', type: 'area', boxes: [{ center: [20, 20], size: [4, 4, 2] }] };
  const bound = (w: ReturnType<typeof world>, a: [number, number], b: [number, number], stop?: number) => pieceLowerBound(w, w.models.get('m')!, a, b, {}, stop);
  const cost = (w: ReturnType<typeof world>, a: [number, number], b: [number, number]) => ok(walkMovePath(w, w.models.get('m')!, [a, b], {}, false)).inches;

  it('open ground: the plan length (5" east), as the walk costs', () => {
    const w = world();
    expect(bound(w, [15, 20], [20, 20])).toBeCloseTo(5, 9);
    expect(bound(w, [15, 20], [18, 24])).toBeCloseTo(5, 9);
  });

  it('over the 2" wall and on (the walk: 10 + 2 up + 2 down = 14): at most 14, and within a height step (0.16") of it per cliff', () => {
    // Each 2" cliff lies inside one stretch of 0.16" between two of the heights the bound reads: that
    // stretch counts hypot(0.16, 2) = 2.0064 where the walk counts 0.16 + 2, so the bound is at least
    // 10 - 2 * 0.16 + 2 * 2.0064 = 13.6928.
    const w = world([wall]);
    const low = bound(w, [15, 20], [25, 20]);
    expect(cost(w, [15, 20], [25, 20])).toBeCloseTo(14, 6);
    expect(low).toBeLessThanOrEqual(14);
    expect(low).toBeGreaterThan(13.69);
  });

  it('onto the 2" block (5 + 2 = 7 walked): at most the walk, at least 5 - 0.16 + hypot(0.16, 2)', () => {
    const w = world([block]);
    const low = bound(w, [15, 20], [20, 20]);
    expect(low).toBeLessThanOrEqual(cost(w, [15, 20], [20, 20]) + 1e-12);
    expect(low).toBeGreaterThan(5 - 0.16 + Math.hypot(0.16, 2) - 1e-9);
  });

  it('stops once over stopAbove, still a lower bound (the climb priced, the rest at its plan length)', () => {
    const w = world([wall]);
    const stopped = bound(w, [15, 20], [25, 20], 11);
    expect(stopped).toBeGreaterThan(11);
    expect(stopped).toBeLessThanOrEqual(14);
  });

  it('FLY counts the plan length only (Core 15.4)', () => {
    const w = world([wall]);
    expect(pieceLowerBound(w, w.models.get('m')!, [15, 20], [25, 20], { fly: true })).toBe(10);
  });
});
