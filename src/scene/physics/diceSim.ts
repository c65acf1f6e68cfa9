/**
 * The dice tray's physics: a rapier world (a floor and four walls, cubes of edge 1) in which `count`
 * dice are thrown and simulated to rest, recorded frame by frame. The recording only animates: the
 * faces shown are decided by the caller (see `DiceTray`), which turns each die's mesh inside its
 * body so the requested face ends up on top. Scene units: y up, a die's edge is 1.
 *
 * Pure apart from the rapier module passed in, so it runs in a worker (`dice.worker.ts`) and the
 * page never loads rapier's wasm.
 */
import { mulberry32 } from '../../rules/dice';
import type * as Rapier from '@dimforge/rapier3d-compat';

/** A recorded throw. */
export interface DiceRecording {
  count: number;
  /** Frames recorded (the last one is the rest pose). */
  frames: number;
  /** Seconds per frame. */
  dt: number;
  /** `frames * count * 7` floats: position x, y, z and quaternion x, y, z, w of each die, frame by frame. */
  poses: Float32Array;
  /** Inner size of the tray (x, z), scene units. */
  tray: { width: number; depth: number };
}

/** Options of {@link simulateDice}. */
export interface DiceThrowOptions {
  /** Seed of the throw (same seed, same throw). Default 1. */
  seed?: number;
  /** Longest recording, seconds. Default 8. */
  maxSeconds?: number;
}

/** Tray size for `count` dice (x, z). */
export function traySize(count: number): { width: number; depth: number } {
  const width = Math.max(9, Math.ceil(Math.sqrt(count) * 2.6) + 4);
  return { width, depth: Math.max(6, Math.round(width * 0.62)) };
}

const rng = mulberry32;

/** Simulates a throw of `count` dice until every die rests (or `maxSeconds`). */
export function simulateDice(R: typeof Rapier, count: number, options: DiceThrowOptions = {}): DiceRecording {
  const rand = rng(options.seed ?? 1);
  const dt = 1 / 60;
  const maxFrames = Math.round((options.maxSeconds ?? 8) / dt);
  const { width, depth } = traySize(count);
  const world = new R.World({ x: 0, y: -40, z: 0 });
  world.timestep = dt;
  try {
    // The tray: floor and walls (tall enough that nothing leaves it).
    const fixed = world.createRigidBody(R.RigidBodyDesc.fixed());
    const wallH = 6;
    const t = 0.5;
    const mat = (d: Rapier.ColliderDesc) => world.createCollider(d.setFriction(0.7).setRestitution(0.25), fixed);
    mat(R.ColliderDesc.cuboid(width / 2 + t, t, depth / 2 + t).setTranslation(0, -t, 0));
    mat(R.ColliderDesc.cuboid(t, wallH, depth / 2 + t).setTranslation(-width / 2 - t, wallH, 0));
    mat(R.ColliderDesc.cuboid(t, wallH, depth / 2 + t).setTranslation(width / 2 + t, wallH, 0));
    mat(R.ColliderDesc.cuboid(width / 2 + t, wallH, t).setTranslation(0, wallH, -depth / 2 - t));
    mat(R.ColliderDesc.cuboid(width / 2 + t, wallH, t).setTranslation(0, wallH, depth / 2 + t));
    mat(R.ColliderDesc.cuboid(width / 2 + t, t, depth / 2 + t).setTranslation(0, 2 * wallH + t, 0));

    // The dice: thrown from the left end, in a loose grid, spinning, towards +x.
    const cols = Math.max(1, Math.ceil(Math.sqrt(count * 0.6)));
    const bodies: Rapier.RigidBody[] = [];
    for (let i = 0; i < count; i++) {
      const c = i % cols;
      const r = Math.floor(i / cols);
      const x = -width / 2 + 1 + (r % 3) * 1.3 + rand() * 0.3;
      const z = -depth / 2 + 1 + ((c + 0.5) * (depth - 2)) / cols - 0.5 + rand() * 0.3;
      const y = 1.5 + Math.floor(r / 3) * 1.4 + rand();
      const q = randomQuaternion(rand);
      const body = world.createRigidBody(
        R.RigidBodyDesc.dynamic()
          .setTranslation(x, y, z)
          .setRotation(q)
          .setLinvel(9 + rand() * 6, 2 + rand() * 2, (rand() - 0.5) * 5)
          .setAngvel({ x: (rand() - 0.5) * 30, y: (rand() - 0.5) * 30, z: (rand() - 0.5) * 30 })
          .setCcdEnabled(true)
          .setLinearDamping(0.1)
          .setAngularDamping(0.3),
      );
      world.createCollider(R.ColliderDesc.roundCuboid(0.44, 0.44, 0.44, 0.06).setDensity(1).setFriction(0.5).setRestitution(0.3), body);
      bodies.push(body);
    }

    const poses = new Float32Array(maxFrames * count * 7);
    const record = (f: number) => {
      for (let i = 0; i < count; i++) {
        const b = bodies[i];
        const p = b.translation();
        const q = b.rotation();
        poses.set([p.x, p.y, p.z, q.x, q.y, q.z, q.w], (f * count + i) * 7);
      }
    };
    record(0);
    let frames = 1;
    let still = 0;
    while (frames < maxFrames) {
      world.step();
      record(frames++);
      const resting = bodies.every((b) => {
        const v = b.linvel();
        const w = b.angvel();
        return b.isSleeping() || (v.x * v.x + v.y * v.y + v.z * v.z < 0.01 && w.x * w.x + w.y * w.y + w.z * w.z < 0.02);
      });
      still = resting ? still + 1 : 0;
      if (still >= 12) break;
    }
    return { count, frames, dt, poses: poses.slice(0, frames * count * 7), tray: { width, depth } };
  } finally {
    world.free();
  }
}

function randomQuaternion(rand: () => number): { x: number; y: number; z: number; w: number } {
  // Shoemake's uniform random rotation.
  const u1 = rand();
  const u2 = rand() * 2 * Math.PI;
  const u3 = rand() * 2 * Math.PI;
  const a = Math.sqrt(1 - u1);
  const b = Math.sqrt(u1);
  return { x: a * Math.sin(u2), y: a * Math.cos(u2), z: b * Math.sin(u3), w: b * Math.cos(u3) };
}
