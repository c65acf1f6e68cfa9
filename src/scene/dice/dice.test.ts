import * as RAPIER from '@dimforge/rapier3d-compat';
import { Quaternion } from 'three';
import { beforeAll, describe, expect, it } from 'vitest';
import { faceCorrection, faceUp } from '../physics/dieFaces';
import { diceKind } from './diceKinds';
import { MAX_STEPS, predictRest, RestClock, STEP_SECONDS } from './restPrediction';
import { DIE_INCHES, RIM_INCHES, tableRim, throwStarts, traySlots } from './throwLayout';

/** A box as a non-indexed triangle soup (12 triangles), as terrain arrives (`TerrainView.positions`). */
function boxSoup(x0: number, y0: number, x1: number, y1: number, h: number): Float32Array {
  const c = [
    [x0, y0, 0], [x1, y0, 0], [x1, y1, 0], [x0, y1, 0],
    [x0, y0, h], [x1, y0, h], [x1, y1, h], [x0, y1, h],
  ];
  const faces = [[0, 2, 1], [0, 3, 2], [4, 5, 6], [4, 6, 7], [0, 1, 5], [0, 5, 4], [1, 2, 6], [1, 6, 5], [2, 3, 7], [2, 7, 6], [3, 0, 4], [3, 4, 7]];
  return new Float32Array(faces.flatMap((f) => f.flatMap((i) => c[i])));
}

/** A world as the live throw builds it (scene space, y up): the table, a tower (trimesh), the dice of `starts`. */
function liveWorld(width: number, depth: number, seed: number, count: number) {
  const world = new RAPIER.World({ x: 0, y: -200, z: 0 });
  const table = world.createRigidBody(RAPIER.RigidBodyDesc.fixed());
  world.createCollider(RAPIER.ColliderDesc.cuboid(width / 2, 0.5, depth / 2).setTranslation(0, -0.5, 0), table);
  for (const [x, y, hx, hy] of tableRim(width, depth)) world.createCollider(RAPIER.ColliderDesc.cuboid(hx, RIM_INCHES / 2, hy).setTranslation(x - width / 2, RIM_INCHES / 2, depth / 2 - y), table);
  // The tower in table space, turned into scene space (x - w/2, z, d/2 - y).
  const soup = boxSoup(24, 6, 30, 10, 5);
  const v = new Float32Array(soup.length);
  for (let i = 0; i < soup.length; i += 3) v.set([soup[i] - width / 2, soup[i + 2], depth / 2 - soup[i + 1]], i);
  world.createCollider(RAPIER.ColliderDesc.trimesh(v, Uint32Array.from(v.keys()).slice(0, v.length / 3)), table);
  const groups = [{ label: 'Hit rolls', purpose: 'hit:a:b', faces: Array.from({ length: count }, (_, i) => (i % 6) + 1) }];
  const bodies = throwStarts(groups, width, depth, { seed }).map((s) => {
    const [x, y, z] = s.position;
    const b = world.createRigidBody(
      RAPIER.RigidBodyDesc.dynamic()
        .setTranslation(x - width / 2, z, depth / 2 - y)
        .setRotation({ x: s.quaternion[0], y: s.quaternion[2], z: -s.quaternion[1], w: s.quaternion[3] })
        .setLinvel(s.velocity[0], s.velocity[2], -s.velocity[1])
        .setAngvel({ x: s.spin[0], y: s.spin[2], z: -s.spin[1] })
        .setCcdEnabled(true),
    );
    const h = DIE_INCHES / 2;
    world.createCollider(RAPIER.ColliderDesc.roundCuboid(h * 0.85, h * 0.85, h * 0.85, h * 0.15).setFriction(0.6).setRestitution(0.3), b);
    return b;
  });
  return { world, bodies, faces: groups[0].faces };
}

describe('dice on the battlefield', () => {
  beforeAll(async () => {
    await RAPIER.init();
  });

  it('the rest predicted from a snapshot is the rest the live world reaches, step for step', () => {
    for (const seed of [1, 2, 3]) {
      const { world, bodies } = liveWorld(60, 44, seed, 12);
      const predicted = predictRest(RAPIER, world.takeSnapshot(), bodies.map((b) => b.handle));
      const clock = new RestClock();
      const events = new RAPIER.EventQueue(false);
      do {
        world.timestep = STEP_SECONDS;
        world.step(events);
      } while (!clock.step(bodies));
      expect(clock.steps).toBe(predicted.steps);
      expect(predicted.steps).toBeLessThan(MAX_STEPS); // came to rest, not cut off
      bodies.forEach((b, i) => {
        const q = b.rotation();
        expect(Array.from(predicted.rotations.slice(i * 4, i * 4 + 4))).toEqual([q.x, q.y, q.z, q.w].map(Math.fround));
        // On the table or on the tower, never under it.
        expect(b.translation().y).toBeGreaterThan(DIE_INCHES / 2 - 0.05);
      });
      events.free();
      world.free();
    }
  });

  it('the engine faces show on top at rest: the correction from the predicted rest, applied from the start', () => {
    const { world, bodies, faces } = liveWorld(60, 44, 7, 24);
    const predicted = predictRest(RAPIER, world.takeSnapshot(), bodies.map((b) => b.handle));
    const corrections = faces.map((f, i) => faceCorrection(new Quaternion().fromArray(predicted.rotations, i * 4), f));
    const clock = new RestClock();
    do {
      world.timestep = STEP_SECONDS;
      world.step();
    } while (!clock.step(bodies));
    const shown = bodies.map((b, i) => {
      const r = b.rotation();
      return faceUp(new Quaternion(r.x, r.y, r.z, r.w).multiply(corrections[i]));
    });
    expect(shown).toEqual(faces);
    world.free();
  });

  it('groups are coloured by what they roll for', () => {
    expect(diceKind('hit:sce-judicators:Boomstrike Crossbow').key).toBe('hit');
    expect(diceKind('wound:x:y').color).not.toBe(diceKind('save:x:y').color);
    expect(diceKind('chant:p1-priest:resurrection').key).toBe('chant');
    expect(diceKind('something-new:x').key).toBe('other');
  });

  it('the tray lies off the south edge, newest row nearest the table, a gap between groups, faces as rolled', () => {
    const rows = traySlots(
      [
        [{ label: 'Hit rolls', purpose: 'hit', faces: [6, 2, 3] }, { label: 'Wound rolls', purpose: 'wound', faces: [4] }],
        [{ label: 'Charge roll', purpose: 'charge', faces: [5, 1] }],
      ],
      60,
    );
    expect(rows.map((r) => r.map((s) => s.face))).toEqual([[6, 2, 3, 4], [5, 1]]);
    const step = DIE_INCHES * 1.25;
    expect(rows[0][1].x - rows[0][0].x).toBeCloseTo(step);
    expect(rows[0][3].x - rows[0][2].x).toBeCloseTo(2 * step); // one empty slot between the groups
    expect(rows[0][0].y).toBeCloseTo(-0.8);
    expect(rows[1][0].y).toBeCloseTo(-0.8 - step - 0.35);
    for (const s of rows.flat()) expect(s.y).toBeLessThan(-DIE_INCHES / 2); // wholly off the table
  });
});
