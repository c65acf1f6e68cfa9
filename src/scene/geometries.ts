/**
 * Shared unit geometries for model proxies, built once, in TABLE space (z up), sized 1 so an
 * instance matrix scales them to a real base/figure. On a software rasteriser
 * ({@link renderProfile}) the round ones use about half the sides: every model is drawn from them,
 * and there each triangle costs CPU time.
 */
import { CapsuleGeometry, CylinderGeometry, LatheGeometry, RingGeometry, Vector2, type BufferGeometry } from 'three';
import { renderProfile } from './renderProfile';

let base: BufferGeometry | null = null;
let figure: BufferGeometry | null = null;
let ring: BufferGeometry | null = null;
let mount: BufferGeometry | null = null;

/** A unit cylinder (radius 1, z from 0 to 1) with a slight bevel look from its 48 sides (20 in software). */
export function unitBaseGeometry(): BufferGeometry {
  if (!base) {
    base = new CylinderGeometry(1, 1, 1, renderProfile().software ? 20 : 48, 1);
    base.rotateX(Math.PI / 2); // three's cylinder axis is y; ours is z
    base.translate(0, 0, 0.5);
  }
  return base;
}

/**
 * A pawn-like figure (feet on z = 0, head at z = 1, widest radius 1): a cloaked body, shoulders
 * and a head, so a glance tells a model from a marker. 28 sides around and a 13-step profile
 * (728 triangles); in software 12 sides and the same outline in 9 steps (216 triangles).
 */
export function unitFigureGeometry(): BufferGeometry {
  if (!figure) {
    const software = renderProfile().software;
    const profile: [number, number][] = software
      ? [[0, 0], [0.79, 0.02], [0.62, 0.16], [0.5, 0.42], [0.64, 0.64], [0.5, 0.71], [0.27, 0.73], [0.34, 0.85], [0.22, 0.98], [0, 1]]
      : [
          [0, 0], [0.78, 0], [0.8, 0.05], [0.62, 0.16], [0.5, 0.42], [0.58, 0.6], [0.66, 0.66],
          [0.5, 0.71], [0.27, 0.73], [0.3, 0.78], [0.34, 0.86], [0.3, 0.94], [0.18, 0.99], [0, 1],
        ];
    figure = new LatheGeometry(profile.map(([r, h]) => new Vector2(r, h)), software ? 12 : 28);
    figure.rotateX(Math.PI / 2); // lathe axis y -> z
    figure.computeVertexNormals();
  }
  return figure;
}

/** A flat ring (inner radius 1, outer 1.18) in the z = 0 plane, for selection outlines. */
export function unitRingGeometry(): BufferGeometry {
  if (!ring) ring = new RingGeometry(1.0, 1.18, 64);
  return ring;
}

/**
 * A mount's body for models on oval bases (cavalry, monsters): a capsule lying along x, the long
 * axis of the base, spanning x in [-1, 1], y in [-1, 1] (well, its radius) and z in [0, 1].
 */
export function unitMountGeometry(): BufferGeometry {
  if (!mount) {
    mount = new CapsuleGeometry(0.5, 1, 6, 20);
    mount.rotateZ(Math.PI / 2); // capsule axis y -> x; spans x in [-1, 1], radius 0.5
    mount.scale(1, 2, 1); // y in [-1, 1]
    mount.translate(0, 0, 0.5); // z in [0, 1]
    mount.computeVertexNormals();
  }
  return mount;
}
