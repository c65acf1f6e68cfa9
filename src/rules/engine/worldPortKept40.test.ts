/**
 * The port's distances and wholly-within answers to a terrain feature are kept while the unit's models stand
 * still (session 40, perf40; worldPortKept40.ts): a unit that moves gets its new answer (hand-computed), and over
 * a scripted sequence of syncs (models moved, one slain, one put back at its set-up position) every kept answer
 * equals a fresh measurement of the same World (`distanceBetween`, `isWhollyWithin`).
 */

import { describe, expect, it } from 'vitest';
import { makeWorld } from '../../../tests/scenario/geomKit';
import { distanceBetween, resolveEntity } from '../../geometry/distance';
import { isWhollyWithin } from '../../geometry/within';
import type { Point2, PortView } from './geometryPort';
import { worldPort } from './worldPort';

/** The radius of a 32 mm base, inches. */
const R = 32 / 25.4 / 2;

/** A 6" x 4" x 3" box with its plan from x 27 to 33 and y 8 to 12 (Core 2.1: its closest point is measured to). */
const WALL = { id: 'wall', type: 'obstacle' as const, abilities: ['cover' as const], boxes: [{ center: [30, 10] as [number, number], size: [6, 4, 3] as [number, number, number] }] };

describe('a distance to a terrain feature is kept until the unit moves (Core 2.1, 1.1)', () => {
  it('a unit moved toward the feature gets the new distance and wholly-within answer', () => {
    const world = makeWorld({ terrain: [WALL], units: [{ id: 'a', army: 'p1', models: [{ id: 'a1', base: { round: 32 }, pos: [40, 10], height: 1.2 }] }] });
    const port = worldPort(world);
    // The base's edge 7 - R from the wall's x = 33 face; its far edge 7 + R: not wholly within 6".
    expect(port.distance('a', 'wall')).toBeCloseTo(7 - R, 5);
    expect(port.distance('wall', 'a')).toBeCloseTo(7 - R, 5);
    expect(port.distance('a1', 'wall')).toBeCloseTo(7 - R, 5);
    expect(port.whollyWithin('a', 'wall', 6)).toBe(false);
    // Asked again with nothing moved (the kept answer): the same.
    expect(port.distance('a', 'wall')).toBeCloseTo(7 - R, 5);
    port.sync({ positions: { a1: [36, 10] }, removed: [] });
    expect(port.distance('a', 'wall')).toBeCloseTo(3 - R, 5);
    expect(port.distance('wall', 'a')).toBeCloseTo(3 - R, 5);
    expect(port.distance('a1', 'wall')).toBeCloseTo(3 - R, 5);
    expect(port.whollyWithin('a', 'wall', 6)).toBe(true);
    // Back where it was set up (no position in the view): the first answers again.
    port.sync({ positions: {}, removed: [] });
    expect(port.distance('a', 'wall')).toBeCloseTo(7 - R, 5);
    expect(port.whollyWithin('a', 'wall', 6)).toBe(false);
    // Slain: a unit with no model on the battlefield is at no distance (Infinity), not its old one.
    port.sync({ positions: {}, removed: ['a1'] });
    expect(port.distance('a', 'wall')).toBe(Infinity);
  });

  it('over a scripted sequence of moves every kept answer equals a fresh measurement', () => {
    const unit = (id: string, army: string, x: number, y: number, n: number) => ({ id, army, models: Array.from({ length: n }, (_, i) => ({ id: `${id}-m${i + 1}`, base: { round: 32 }, pos: [x, y + i * 1.3] as [number, number], height: 1.2 })) });
    const world = makeWorld({
      terrain: [WALL],
      units: [unit('a', 'p1', 36, 8, 5), unit('b', 'p1', 20, 20, 3), unit('c', 'p2', 50, 36, 2)],
    });
    const port = worldPort(world);
    const units = ['a', 'b', 'c'];
    const models = [...world.models.keys()];
    // A seeded sequence (LCG): each step moves two models by up to 3" or leaves them; step 2 takes a-m1 9" off the wall; step 4 slays b-m3;
    // step 7 puts every model back.
    let seed = 40;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const positions: Record<string, Point2> = {};
    let removed: string[] = [];
    let compared = 0;
    const seenWholly = new Set<boolean>();
    const STEPS = 10;
    for (let step = 0; step < STEPS; step++) {
      if (step === 2) positions['a-m1'] = [42, 8]; // 9 - R from the wall: a is no longer wholly within 6"
      if (step === 4) removed = ['b-m3'];
      if (step === 7) for (const k of Object.keys(positions)) delete positions[k];
      else if (step % 3 !== 2) {
        for (let j = 0; j < 2; j++) {
          const id = models[Math.floor(rand() * models.length)];
          const m = world.models.get(id);
          if (!m) continue;
          positions[id] = [m.footprint.x + (rand() - 0.5) * 6, m.footprint.y + (rand() - 0.5) * 6];
        }
      }
      const view: PortView = { positions: { ...positions }, removed };
      port.sync(view);
      // Asked twice per step (the second from what is kept), against the same World measured afresh (each exact
      // query costs tens of milliseconds: one feature, wholly within only for a).
      for (const u of units) {
        const fresh = distanceBetween(world, u, 'wall').distanceInches;
        for (let ask = 0; ask < 2; ask++) expect(port.distance(u, 'wall'), `step ${step} ${u}`).toBe(fresh);
        compared++;
      }
      const wholly = isWhollyWithin(resolveEntity(world, 'a')!, { kind: 'entity', entity: resolveEntity(world, 'wall')! }, 6);
      for (let ask = 0; ask < 2; ask++) expect(port.whollyWithin('a', 'wall', 6), `step ${step}: a wholly within 6"`).toBe(wholly);
      seenWholly.add(wholly);
    }
    expect(compared).toBe(STEPS * 3);
    // The sequence moved a into and out of 6" of the wall: both answers were compared.
    expect([...seenWholly].sort()).toEqual([false, true]);
  });
});
