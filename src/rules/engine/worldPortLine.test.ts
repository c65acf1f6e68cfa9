/**
 * Sunder the Earth's line through the real world port (`lineToUnit`, INVENTORY A-G26): the
 * plan-view segment from the point to the closest point of the WIZARD's bases and the other units
 * whose bases it meets, hand-computed. 40 mm base: r = 0.787402"; 32 mm: r = 0.629921".
 */
import { describe, expect, it } from 'vitest';
import { makeWorld } from '../../../tests/scenario/geomKit';
import { worldPort } from './worldPort';

const R40 = 20 / 25.4;
const world = () =>
  makeWorld({
    units: [
      // The WIZARD's unit: the caster at (10, 10) and a second model at (10, 12) (never listed).
      { id: 'wiz', army: 'p1', models: [{ id: 'wiz-1', base: { round: 40 }, pos: [10, 10], height: 2 }, { id: 'wiz-2', base: { round: 40 }, pos: [10, 12], height: 2 }] },
      // 0.6" off the line (< r 0.629921): crossed.
      { id: 'foe', army: 'p2', models: [{ id: 'foe-1', base: { round: 32 }, pos: [20, 10.6], height: 1.2 }] },
      // 0.7" off the line: missed.
      { id: 'near', army: 'p2', models: [{ id: 'near-1', base: { round: 32 }, pos: [22, 9.3], height: 1.2 }] },
      // A friendly unit with one model far away and one on the line: crossed.
      { id: 'friend', army: 'p1', models: [{ id: 'friend-1', base: { round: 32 }, pos: [40, 40], height: 1.2 }, { id: 'friend-2', base: { round: 32 }, pos: [15, 10], height: 1.2 }] },
    ],
  });

describe('worldPort lineToUnit (Sunder the Earth, T-64)', () => {
  it('a point 18" east of the caster\'s base: distance 18", the line crosses "foe" and "friend", not "near" nor the WIZARD\'s unit', () => {
    const r = worldPort(world()).lineToUnit('wiz', [10 + R40 + 18, 10]);
    expect(r.onBattlefield).toBe(true);
    expect(r.distanceInches).toBeCloseTo(18, 6);
    expect(r.crossed).toEqual(['foe', 'friend']);
  });
  it('a point off the table is not on the battlefield; a unit with no model on the table has no distance', () => {
    const port = worldPort(world());
    expect(port.lineToUnit('wiz', [-1, 10]).onBattlefield).toBe(false);
    expect(port.lineToUnit('nobody', [20, 10])).toEqual({ onBattlefield: true, distanceInches: Infinity, crossed: [] });
  });
});
