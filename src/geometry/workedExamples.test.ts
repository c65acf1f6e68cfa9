import { describe, expect, it } from 'vitest';
import { makeWorld, rad, type ModelSpec, type TerrainSpec } from '../../tests/scenario/geomKit';
import { coherencyOf } from './coherency';
import { resolveEntity, type Entity } from './distance';
import { footprintFromBase, type Footprint } from './footprint';
import { movePathCost, type MovePathResult } from './movePath';
import { modelVisible } from './visibility';
import { isWhollyWithin, isWithin } from './within';
import type { World } from './world';

/**
 * Worked examples of INVENTORY Part 4 that are pure geometry (measuring, coherency, climbing,
 * jumping down, visibility captions) and had no test of their own. The other geometry examples
 * carry their T-ID in the test that checks them (combat.test, coherency.test, movePath.test,
 * visibility.test, within.test).
 */
const R32 = rad(32);
const R25 = rad(25);
const R40 = rad(40);
const TOL = 1e-6;
const m32 = (id: string, x: number, y: number, height: number): ModelSpec => ({ id, base: { round: 32 }, pos: [x, y], height });
const ent = (w: World, id: string): Entity => {
  const e = resolveEntity(w, id);
  if (!e) throw new Error(id);
  return e;
};
const ok = (r: MovePathResult) => {
  if (!r.ok) throw new Error(`expected a legal move, got: ${r.reason}`);
  return r;
};

describe('T-03 visibility captions (Core 6.0)', () => {
  it('T-03(a) a half-hidden Liberator is visible, no matter how much of it is blocked', () => {
    // A 3" wall between O (10, 20) and T (20, 20) that hides the half y < 20 of T's whole height.
    const wall: TerrainSpec = { id: 'wall', type: 'area', boxes: [{ center: [15, 17], size: [1, 6, 3] }] };
    const w = makeWorld({
      terrain: [wall],
      units: [
        { id: 'libs', army: 'north', models: [m32('lib', 10, 19.6, 1.5)] },
        { id: 'rats', army: 'south', models: [m32('rat', 20, 20, 1.5)] },
      ],
    });
    expect(modelVisible(w, 'lib', 'rat').visible).toBe(true);
    // Control: a wall over the whole width hides it.
    const full = makeWorld({
      terrain: [{ id: 'wall', type: 'area', boxes: [{ center: [15, 20], size: [1, 10, 3] }] }],
      units: [
        { id: 'libs', army: 'north', models: [m32('lib', 10, 19.6, 1.5)] },
        { id: 'rats', army: 'south', models: [m32('rat', 20, 20, 1.5)] },
      ],
    });
    expect(modelVisible(full, 'lib', 'rat').visible).toBe(false);
  });

  it('T-03(b) a Rat Ogor behind the Plague Furnace (another enemy unit) is hidden from the left Liberator, visible to the right one', () => {
    // The furnace: a 100 mm base (r = 1.9685"), 5" tall, at (16, 20); the Rat Ogor (2" tall) at (20, 20).
    const furnace: ModelSpec = { id: 'furnace', base: { round: 100 }, pos: [16, 20], height: 5 };
    const w = makeWorld({
      units: [
        // Left at (10, 20): every segment crosses x = 16 within |y - 20| <= 0.63 and z <= 2 → inside the furnace.
        // Right at (10, 30): segments cross x = 16 at y >= 24 - 0.63 > 20 + 1.97 → clear.
        { id: 'libs', army: 'north', models: [m32('left', 10, 20, 1.5), m32('right', 10, 30, 1.5)] },
        { id: 'rats', army: 'south', models: [m32('ogor', 20, 20, 2)] },
        { id: 'furnaceUnit', army: 'south', models: [furnace] },
      ],
    });
    expect(modelVisible(w, 'left', 'ogor').visible).toBe(false);
    expect(modelVisible(w, 'right', 'ogor').visible).toBe(true);
  });

  it('T-03(c) the Liberator at the back of the unit sees through its fellows', () => {
    // Front rank of 5 Liberators (2" tall) shoulder to shoulder at x = 12, the back one at (10, 20), target at (20, 20) 1.5" tall.
    const front = Array.from({ length: 5 }, (_, i) => m32(`f${i}`, 12, 20 + (i - 2) * (2 * R32 + 0.01), 2));
    const scene = (army: string) =>
      makeWorld({
        units: [
          { id: 'libs', army: 'north', models: [m32('back', 10, 20, 1.5), ...(army === 'north' ? front : [])] },
          ...(army === 'north' ? [] : [{ id: 'others', army, models: front }]),
          { id: 'rats', army: 'south', models: [m32('rat', 20, 20, 1.5)] },
        ],
      });
    expect(modelVisible(scene('north'), 'back', 'rat').visible).toBe(true);
    // The same rank as another unit blocks (control).
    expect(modelVisible(scene('west'), 'back', 'rat').visible).toBe(false);
  });
});

describe('T-31 measuring "within" (002 DC I.5.1)', () => {
  it('T-31 a unit wholly within 6" of the battlefield edge can be within 6" of an objective 12" from that edge', () => {
    // Objective marker (40 mm) whose edge is 12" from the edge x = 0; the model's base edge at x = 6.0.
    const w = makeWorld({
      objectives: [{ id: 'o', pos: [12 + R40, 20] }],
      units: [{ id: 'u', army: 'n', models: [m32('m', 6 - R32, 20, 1.2)] }],
    });
    const strip: [number, number][] = [
      [0, 0],
      [6, 0],
      [6, 44],
      [0, 44],
    ];
    expect(isWhollyWithin(ent(w, 'u'), { kind: 'territory', polygon: strip }, 0)).toBe(true);
    expect(isWithin(ent(w, 'u'), { kind: 'entity', entity: ent(w, 'o') }, 6)).toBe(true);
    // 0.1" further from the objective: no longer within 6".
    const w2 = makeWorld({
      objectives: [{ id: 'o', pos: [12.1 + R40, 20] }],
      units: [{ id: 'u', army: 'n', models: [m32('m', 6 - R32, 20, 1.2)] }],
    });
    expect(isWithin(ent(w2, 'u'), { kind: 'entity', entity: ent(w2, 'o') }, 6)).toBe(false);
  });
});

describe('T-35 coherency (Core 15.1), 25 mm bases', () => {
  const f25 = (x: number, y: number): Footprint => footprintFromBase({ round: 25 }, [x, y]);
  it('T-35 7 models in a closed ring with 0.5" gaps → coherent (each has 2 neighbours)', () => {
    const s = 2 * R25 + 0.5; // centre spacing for a 0.5" gap
    const rho = s / (2 * Math.sin(Math.PI / 7));
    const ring = Array.from({ length: 7 }, (_, i) => f25(20 + rho * Math.cos((2 * Math.PI * i) / 7), 20 + rho * Math.sin((2 * Math.PI * i) / 7)));
    expect(coherencyOf(ring, 0.5)).toMatchObject({ coherent: true, groups: 1, isolated: [] });
    // The same 7 in a straight line: not coherent.
    const line = Array.from({ length: 7 }, (_, i) => f25(5 + i * s, 20));
    expect(coherencyOf(line, 0.5).coherent).toBe(false);
  });

  it('T-35 4 models as two separated pairs: every model has a neighbour, but 2 groups → not coherent (A-G18)', () => {
    const s = 2 * R25 + 0.5;
    const pairs = [f25(5, 20), f25(5 + s, 20), f25(20, 20), f25(20 + s, 20)];
    expect(coherencyOf(pairs, 0.5)).toMatchObject({ coherent: false, isolated: [], groups: 2 });
  });

  it('T-35 0.8" apart → not coherent at 1/2"; a warscroll coherency range of 1" → coherent', () => {
    const two = [f25(5, 20), f25(5 + 2 * R25 + 0.8, 20)];
    expect(coherencyOf(two, 0.5).coherent).toBe(false);
    expect(coherencyOf(two, 1).coherent).toBe(true);
  });

  it('T-35 0.4" apart horizontally with a 5" height difference → coherent in 4th (height ignored)', () => {
    // One model on a 5" tower (x in [18, 22]), the other at its foot with a 0.4" plan gap.
    const tower: TerrainSpec = { id: 'tower', type: 'area', boxes: [{ center: [20, 20], size: [4, 4, 5] }] };
    const w = makeWorld({
      terrain: [tower],
      units: [{ id: 'u', army: 'n', models: [{ id: 'top', base: { round: 25 }, pos: [22 - R25, 20], height: 1.2 }, { id: 'foot', base: { round: 25 }, pos: [22 + R25 + 0.4, 20], height: 1.2 }] }],
    });
    const top = w.models.get('top')!;
    const foot = w.models.get('foot')!;
    expect(top.elevation).toBeCloseTo(5, 6);
    expect(foot.elevation).toBe(0);
    expect(coherencyOf([top.footprint, foot.footprint], 0.5).coherent).toBe(true);
  });
});

describe('T-49 jump down (Core 15.2.1)', () => {
  // A 4 x 4 platform, 5" tall (x, y in [18, 22]); the model (Move 5") starts on its top at (20, 20), 2" from the edge.
  const platform = (type: TerrainSpec['type']): TerrainSpec => ({ id: 'platform', type, boxes: [{ center: [20, 20], size: [4, 4, 5] }] });
  const w = () => makeWorld({ terrain: [platform('area')], units: [{ id: 'u', army: 'n', models: [m32('m', 20, 20, 1.2)] }] });
  const MOVE = 5;

  it('T-49 walks 2" to the edge and jumps down 5": legal (the drop is not counted), and the move ends there', () => {
    const end = 22 + R32 + 0.005; // the base has just cleared the edge and lands
    const r = ok(movePathCost(w(), 'm', [[20, 20], [end, 20]]));
    expect(r.endElevation).toBe(0);
    expect(Math.abs(r.inches - (end - 20))).toBeLessThan(TOL); // 2.635": the 5" drop is free
    expect(r.inches).toBeLessThanOrEqual(MOVE);
    // Going on after landing: the way down becomes a climb (5") and the move exceeds Move.
    const further = ok(movePathCost(w(), 'm', [[20, 20], [24, 20]]));
    expect(Math.abs(further.inches - (4 + 5))).toBeLessThan(TOL);
    expect(further.inches).toBeGreaterThan(MOVE);
  });

  it('T-49 landing on an Unstable part more than 1" tall is illegal', () => {
    // A 3" tall Unstable obstacle (x in [22, 26]) right next to the platform: the jump lands on it.
    const crate: TerrainSpec = { id: 'crate', type: 'obstacle', boxes: [{ center: [24.5, 20], size: [4, 4, 3] }] };
    const w2 = makeWorld({ terrain: [platform('area'), crate], units: [{ id: 'u', army: 'n', models: [m32('m', 20, 20, 1.2)] }] });
    const r = movePathCost(w2, 'm', [[20, 20], [24.5, 20]]);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toMatch(/Unstable/);
  });
});

describe('T-50 climb (Core 15.2)', () => {
  // A 2.5" tall block with a wide top (x in [18, 24]); the model (Move 6") starts touching it.
  const MOVE = 6;
  const start = 18 - R32 - 0.25; // 0.25" from the wall
  const block = (type: TerrainSpec['type']): TerrainSpec => ({ id: 'block', type, boxes: [{ center: [21, 20], size: [6, 4, 2.5] }] });
  const w = (type: TerrainSpec['type']) => makeWorld({ terrain: [block(type)], units: [{ id: 'u', army: 'n', models: [m32('m', start, 20, 1.2)] }] });

  it('T-50 climbing 2.5" counts, walking on top counts: 2.5 + horizontal ≤ 6 ends legally on top of Area terrain', () => {
    // Horizontal: 2r to get the whole base on top, then 1.5" on top (centre at 18 + r + 1.5).
    const end = 18 + R32 + 1.5;
    const r = ok(movePathCost(w('area'), 'm', [[start, 20], [end, 20]]));
    expect(Math.abs(r.inches - (end - start + 2.5))).toBeLessThan(TOL);
    expect(r.inches).toBeLessThanOrEqual(MOVE);
    expect(r.endElevation).toBeCloseTo(2.5, 6);
  });

  it('T-50 ending on top of an Unstable feature whose part is more than 1" tall is illegal', () => {
    const r = movePathCost(w('obstacle'), 'm', [[start, 20], [18 + R32 + 1.5, 20]]);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toMatch(/Unstable/);
  });

  it('T-50 ending mid-climb (the base not standing on the top) is illegal', () => {
    // A 0.4" thin 2.5" wall: its top supports < 50% of the base (A-G28), so the model would hang on it.
    const thin = makeWorld({ terrain: [{ id: 'thin', type: 'area', boxes: [{ center: [20, 20], size: [0.4, 10, 2.5] }] }], units: [{ id: 'u', army: 'n', models: [m32('m', 15, 20, 1.2)] }] });
    const r2 = movePathCost(thin, 'm', [[15, 20], [20, 20]]);
    expect(r2.ok).toBe(false);
    if (!r2.ok) expect(r2.reason).toMatch(/mid-climb/);
  });
});
