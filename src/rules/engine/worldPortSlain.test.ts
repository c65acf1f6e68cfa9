/**
 * The engine's default choice of slain models (Core 18.3) on real geometry: it keeps the unit in a
 * single coherent group after each removal where some choice can, so no model is removed for
 * coherency that a better choice would have kept (issue 28: 7 damage on 1-wound Stormvermin
 * slew 9). Named `worldPort*` because it measures with `src/geometry` through the world port.
 */
import { describe, expect, it } from 'vitest';
import { makeWorld } from '../../../tests/scenario/geomKit';
import { damageSequence, portView, type Ctx, type GameEvent } from './core';
import { worldPort } from './worldPort';
import { createGame } from './state';
import { sampleRoster } from './testkit';
import type { RosterInput } from './roster';

// Core 18.3: "The commander of a unit must pick which model(s) in the unit are slain. However,
// after each slain model is removed, the unit must be in a single coherent group (see 15.1). If
// this is not possible, continue to remove models, one at a time, until the unit is in a single
// coherent group. You must remove the fewest models possible to make the unit a single coherent
// group." Core 15.1: units of 7 or more models need two other models within 1/2".

/** 32 mm = 1.2598"; bases 0.3" apart edge to edge: centres 1.5598" apart. */
const PITCH = 32 / 25.4 + 0.3;

/** Ten 1-wound models in two ranks of five (model k: rank ⌊k/5⌋, file k mod 5), as Stormvermin deploy. */
function setUp() {
  const ids = Array.from({ length: 10 }, (_, k) => `sv-${k + 1}`);
  const world = makeWorld({
    units: [
      { id: 'sv', army: 'p2', models: ids.map((id, k) => ({ id, base: { round: 32 }, pos: [20 + (k % 5) * PITCH, 20 + Math.floor(k / 5) * PITCH] as [number, number], height: 1.2 })) },
    ],
  });
  const p2: RosterInput = {
    name: 'Skaven',
    faction: 'Skaven',
    general: 'sv',
    regiments: [{ leader: 'sv', units: [] }],
    units: [
      {
        id: 'sv',
        name: 'Stormvermin',
        warscroll: { move: 6, health: 1, save: '4+', control: 1, keywords: ['INFANTRY', 'HERO'] },
        weapons: [],
        models: ids.map((id) => ({ id, base: { shape: 'round' as const, diameterMm: 32 } })),
      },
    ],
  };
  const g = createGame({ seed: 3, rosters: { p1: sampleRoster('p1'), p2 }, finishedDeployingFirst: 'p1', battleplan: { objectives: [] } });
  if (!g.ok) throw new Error(JSON.stringify(g.issues));
  const port = worldPort(world);
  port.sync(portView(g.state));
  return { s: structuredClone(g.state), port, ids };
}

describe('default choice of slain models (Core 18.3)', () => {
  it('7 damage on ten 1-wound models in two ranks slays exactly 7 and the 3 left are one coherent group', () => {
    const { s, port } = setUp();
    const c: Ctx = { s, port, events: [] as GameEvent[] };
    const r = damageSequence(c, 'sv', 7, 'test');
    expect(r.slain).toHaveLength(7);
    expect(c.events.filter((e) => e.type === 'removedForCoherency')).toEqual([]);
    const alive = Array.from({ length: 10 }, (_, k) => `sv-${k + 1}`).filter((id) => !s.units.sv.slain.includes(id));
    expect(alive).toHaveLength(3);
    expect(port.coherentSubset('sv', alive)).toBe(true);
  });

  it('every amount of damage from 1 to 9 removes the fewest models possible (brute force over all 1024 groups of survivors)', () => {
    const { port, ids } = setUp();
    // Sizes of the survivor groups that are one coherent group (Core 15.1 on the real bases).
    const coherentSizes = new Set<number>();
    for (let mask = 1; mask < 1 << 10; mask++) {
      const keep = ids.filter((_, k) => mask & (1 << k));
      if (keep.length <= 1 || port.coherentSubset('sv', keep)) coherentSizes.add(keep.length);
    }
    // Seven models in two ranks of five always leave one with a single neighbour: 7 is not a size.
    expect([...coherentSizes].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 8, 9, 10]);
    for (let d = 1; d <= 9; d++) {
      const { s, port: p } = setUp();
      const c: Ctx = { s, port: p, events: [] as GameEvent[] };
      const fewest = 10 - Math.max(...[...coherentSizes].filter((n) => n <= 10 - d));
      expect(damageSequence(c, 'sv', d, 'test').slain, `${d} damage`).toHaveLength(fewest);
    }
  });

  it('the player may still pick: a recorded priority is followed (a whole file of the two ranks, 2 damage: those 2, the 2x4 left is coherent)', () => {
    const { s, port } = setUp();
    s.units.sv.slainPriority = ['sv-1', 'sv-6'];
    const c: Ctx = { s, port, events: [] as GameEvent[] };
    expect(damageSequence(c, 'sv', 2, 'test').slain).toEqual(['sv-1', 'sv-6']);
    expect(c.events.filter((e) => e.type === 'removedForCoherency')).toEqual([]);
  });
});
