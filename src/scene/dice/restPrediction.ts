/**
 * Where thrown dice come to rest, worked out before they are shown: the live `<Physics>` world of
 * the throw is snapshotted (`world.takeSnapshot()`) right after its dice are created, restored in
 * the dice worker and stepped there until every die rests. Rapier steps the same state the same
 * way, so the live world reaches the same rest poses; the throw turns each die's mesh inside its
 * body (a symmetry of the cube, invisible while it rolls) so that the engine's face ends up on
 * top. The face is chosen, the dice are never re-thrown until they match.
 *
 * Pure apart from the rapier module passed in (runs in the worker and in tests).
 */
import type * as Rapier from '@dimforge/rapier3d-compat';

/** Seconds per physics step (the live world's `timeStep`). */
export const STEP_SECONDS = 1 / 60;
/** Steps in a row with every die still before the throw counts as at rest. */
export const REST_STEPS = 12;
/** Longest throw, steps (6 s): after it, the dice are taken as they lie (a die cocked on another). */
export const MAX_STEPS = 360;
/** A die is still below these speeds: inches²/s² and rad²/s². */
const LIN2 = 0.04;
const ANG2 = 0.2;

/** Whether a body is (nearly) still: asleep, or slower than the rest thresholds. */
export function isStill(b: Rapier.RigidBody): boolean {
  if (b.isSleeping()) return true;
  const v = b.linvel();
  const w = b.angvel();
  return v.x * v.x + v.y * v.y + v.z * v.z < LIN2 && w.x * w.x + w.y * w.y + w.z * w.z < ANG2;
}

/**
 * Counts the steps of a throw and says when it rests: call {@link RestClock.step} after every
 * world step; it returns true on the step at which every die has been still for
 * {@link REST_STEPS} steps in a row, or at {@link MAX_STEPS}. The same clock runs in the worker and
 * in the live world, so both stop at the same step.
 */
export class RestClock {
  steps = 0;
  private still = 0;
  /** After one more world step: whether the throw is at rest now. */
  step(bodies: readonly Rapier.RigidBody[]): boolean {
    this.steps++;
    this.still = bodies.every(isStill) ? this.still + 1 : 0;
    return this.still >= REST_STEPS || this.steps >= MAX_STEPS;
  }
}

/** The rest of a throw: the step at which it rests and each die's rotation then (world x, y, z, w). */
export interface RestPrediction {
  steps: number;
  /** 4 floats per die, in the order of the handles asked for. */
  rotations: Float32Array;
  /** 3 floats per die (world position at rest). */
  positions: Float32Array;
}

/**
 * Restores the world `snapshot` and steps it ({@link STEP_SECONDS} each) until the dice `handles`
 * rest ({@link RestClock}); `gravity` (world y, units/s², negative down), when given, is set on the
 * restored world as the live world has it. Throws when a handle is not a rigid body of the snapshot.
 */
export function predictRest(R: typeof Rapier, snapshot: Uint8Array, handles: readonly number[], gravity?: number): RestPrediction {
  const world = R.World.restoreSnapshot(snapshot);
  try {
    if (gravity !== undefined) world.gravity = { x: 0, y: gravity, z: 0 };
    const bodies = handles.map((h) => {
      const b = world.getRigidBody(h);
      if (!b) throw new Error(`predictRest: no rigid body ${h} in the snapshot`);
      return b;
    });
    const clock = new RestClock();
    const events = new R.EventQueue(false);
    try {
      do {
        world.timestep = STEP_SECONDS;
        world.step(events);
      } while (!clock.step(bodies));
    } finally {
      events.free();
    }
    const rotations = new Float32Array(bodies.length * 4);
    const positions = new Float32Array(bodies.length * 3);
    bodies.forEach((b, i) => {
      const q = b.rotation();
      const p = b.translation();
      rotations.set([q.x, q.y, q.z, q.w], i * 4);
      positions.set([p.x, p.y, p.z], i * 3);
    });
    return { steps: clock.steps, rotations, positions };
  } finally {
    world.free();
  }
}
