import { describe, expect, it } from 'vitest';
import { makeWorld, rad, type ModelSpec } from '../../tests/scenario/geomKit';
import { modelContests, unitContests, unitsInCombat, withinCombatRange } from './combat';

/**
 * Combat range (Core 7.0) and contesting objectives (Core 32.1, INVENTORY G4, G17): 3"
 * horizontally from the edge of the base, any distance vertically; an objective is contested
 * when the 40 mm marker (radius 20/25.4 = 0.787402") is within a model's combat range.
 * 32 mm base: radius 16/25.4 = 0.629921".
 */
const MM = 25.4;
const R32 = rad(32);
const R40 = rad(40);
const m32 = (id: string, x: number, y: number, extra: Partial<ModelSpec> = {}): ModelSpec => ({ id, base: { round: 32 }, pos: [x, y], height: 1.2, ...extra });

describe('contesting an objective (Core 32.1)', () => {
  // Objective at (20, 10). A model at x has the plan gap 20 - x - 16/25.4 - 20/25.4, so
  // x = 20 - g - 36/25.4 gives the gap g (base edge to marker edge).
  const at = (g: number) => 20 - g - 36 / MM;

  it('a 2.95" gap contests, a 3.05" gap does not', () => {
    const world = makeWorld({
      objectives: [{ id: 'obj', pos: [20, 10] }],
      units: [
        { id: 'near', army: 'n', models: [m32('n1', at(2.95), 10)] },
        { id: 'far', army: 's', models: [m32('f1', at(3.05), 10)] },
      ],
    });
    const o = world.objectives.get('obj')!;
    expect(modelContests(world, 'n1', o)).toBe(true);
    expect(modelContests(world, 'f1', o)).toBe(false);
    expect(unitContests(world, 'near', o)).toBe(true);
    expect(unitContests(world, 'far', o)).toBe(false);
  });

  it('T-17 exactly 3" contests (within = value <= 3 + epsilon)', () => {
    const world = makeWorld({ objectives: [{ id: 'obj', pos: [20, 10] }], units: [{ id: 'u', army: 'n', models: [m32('m', at(3), 10)] }] });
    expect(modelContests(world, 'm', world.objectives.get('obj')!)).toBe(true);
  });

  it('an oval base: the long-axis tip counts (60x35 facing 0, tip 30/25.4 from the centre)', () => {
    // centre at x = 20 - 20/25.4 - 30/25.4 - g: gap g along the long axis
    const ov = (id: string, g: number, facing: number): ModelSpec => ({ id, base: { oval: [60, 35] }, facing, pos: [20 - 50 / MM - g, 10], height: 2 });
    const world = makeWorld({
      objectives: [{ id: 'obj', pos: [20, 10] }],
      units: [{ id: 'u', army: 'n', models: [ov('tip', 2.95, 0), ov('flank', 2.95, 90)] }],
    });
    const o = world.objectives.get('obj')!;
    expect(modelContests(world, 'tip', o)).toBe(true);
    // turned 90 degrees, the same centre is (30 - 17.5)/25.4 = 0.492" further: gap 3.442" -> no
    expect(modelContests(world, 'flank', o)).toBe(false);
  });

  it('T-17 a model 6" up on a tower directly above the marker contests it (height ignored)', () => {
    const world = makeWorld({
      terrain: [{ id: 'tower', type: 'area', boxes: [{ center: [20, 10], size: [3, 3, 6] }] }],
      objectives: [{ id: 'obj', pos: [20, 10] }],
      units: [{ id: 'u', army: 'n', models: [m32('top', 20, 10)] }],
    });
    expect(world.models.get('top')!.elevation).toBeCloseTo(6, 6);
    expect(modelContests(world, 'top', world.objectives.get('obj')!)).toBe(true);
    expect(unitContests(world, 'u', world.objectives.get('obj')!)).toBe(true);
  });

  it('a model 10" up with a 2.95" plan gap still contests; 3.05" does not', () => {
    const world = makeWorld({
      objectives: [{ id: 'obj', pos: [20, 10] }],
      units: [{ id: 'u', army: 'n', models: [m32('a', at(2.95), 10, { elevation: 10 }), m32('b', at(3.05), 10, { elevation: 10 })] }],
    });
    const o = world.objectives.get('obj')!;
    expect(modelContests(world, 'a', o)).toBe(true);
    expect(modelContests(world, 'b', o)).toBe(false);
  });
});

describe('combat range and being in combat (Core 7.0)', () => {
  it('T-04(c): a 32 mm base reaches 3.63" from its centre: centres 3.63 + 0.63 apart are in range, +0.01 not', () => {
    // 32 mm radius 0.6299; range from the centre 0.6299 + 3 = 3.6299"; the other 32 mm base adds 0.6299.
    const world = makeWorld({
      units: [
        { id: 'a', army: 'n', models: [m32('a1', 10, 10)] },
        { id: 'b', army: 's', models: [m32('b1', 10 + 3 + 2 * R32 - 0.01, 10), m32('b2', 10, 10 + 3 + 2 * R32 + 0.01)] },
      ],
    });
    expect(withinCombatRange(world, 'a1', 'b1')).toBe(true);
    expect(withinCombatRange(world, 'a1', 'b2')).toBe(false);
    expect(unitsInCombat(world, 'a', 'b').inCombat).toBe(true);
  });

  it('vertical distance does not matter for the range (infinitely tall cylinder)', () => {
    const world = makeWorld({
      units: [
        { id: 'a', army: 'n', models: [m32('a1', 10, 10)] },
        { id: 'b', army: 's', models: [m32('b1', 12, 10, { elevation: 20 })] },
      ],
    });
    expect(withinCombatRange(world, 'a1', 'b1')).toBe(true);
  });

  it('units of the same army are never in combat with each other', () => {
    const world = makeWorld({ units: [{ id: 'a', army: 'n', models: [m32('a1', 10, 10)] }, { id: 'b', army: 'n', models: [m32('b1', 12, 10)] }] });
    expect(unitsInCombat(world, 'a', 'b')).toMatchObject({ inCombat: false, reason: 'same army' });
  });

  it('T-04(b): one model of a unit within range and visible puts the whole unit in combat', () => {
    const world = makeWorld({
      units: [
        { id: 'a', army: 'n', models: [m32('a1', 10, 10)] },
        { id: 'b', army: 's', models: [m32('b1', 12, 10), m32('b2', 30, 10), m32('b3', 35, 10)] },
      ],
    });
    const r = unitsInCombat(world, 'a', 'b');
    expect(r.inCombat).toBe(true);
    expect(r.pair && [...r.pair].sort()).toEqual(['a1', 'b1']);
    // an objective marker never puts anyone in combat, and 40 mm markers are just disks
    expect(R40).toBeCloseTo(0.787402, 6);
  });
});
