import { OrbitControls } from '@react-three/drei';
import { useThree } from '@react-three/fiber';
import { useLayoutEffect, useRef, type ComponentRef } from 'react';
import { MOUSE, PerspectiveCamera, Vector3, type Camera } from 'three';
import { tableToScene } from './coords';
import { useReducedMotion } from './reducedMotion';
import type { CameraView } from './types';

/** Props of {@link CameraRig}. Scene space (y up; the table centre is the origin). */
export interface CameraRigProps {
  /** Battlefield width, inches. */
  width: number;
  /** Battlefield depth, inches. */
  depth: number;
  /** The preset to apply; applied on mount and whenever `mode` or `seq` changes. Default oblique. */
  view?: CameraView;
  /** Margin around the table when framing, inches. Default 3. */
  margin?: number;
  /** Elevation of the oblique view above the table plane, degrees. Default 52. */
  obliqueElevationDeg?: number;
  /** Closest zoom, inches from the target. Default 4. */
  minDistance?: number;
  /** Farthest zoom as a multiple of the table's diagonal. Default 2.5. */
  maxDistanceFactor?: number;
  /** Near plane in the observer's-eye view, inches (clips the observer's own figure). Default 0.25. */
  eyeNear?: number;
}

/** A camera pose saved before an eye view, to go back to. */
interface SavedPose {
  position: Vector3;
  target: Vector3;
  near: number;
}

/** Distance at which a perspective camera sees a `w` x `h` rectangle facing it (fov vertical). */
function fitDistance(camera: Camera, w: number, h: number): number {
  const cam = camera as PerspectiveCamera;
  const fov = ((cam.fov ?? 40) * Math.PI) / 180;
  const aspect = cam.aspect || 1.6;
  const t = Math.tan(fov / 2);
  return Math.max(h / 2 / t, w / 2 / (t * aspect));
}

/**
 * Smallest distance along `dir` (unit, from the origin towards the camera) at which every point
 * projects inside the screen rectangle `[-limX, limX] x [bottom, top]` (normalised device
 * coordinates). Moves the camera there. Bisection on the distance: projection shrinks with it.
 */
function fitAlong(camera: PerspectiveCamera, dir: Vector3, points: Vector3[], limX: number, bottom: number, top: number): void {
  const p = new Vector3();
  const fits = (d: number) => {
    camera.position.copy(dir).multiplyScalar(d);
    camera.lookAt(0, 0, 0);
    camera.updateMatrixWorld(true);
    return points.every((q) => {
      p.copy(q).project(camera);
      return p.z < 1 && Math.abs(p.x) <= limX && p.y >= bottom && p.y <= top;
    });
  };
  // Beyond the far plane nothing "fits" (p.z > 1): keep the search well inside it.
  let lo = 1;
  let hi = camera.far * 0.5;
  for (let i = 0; i < 40; i++) {
    const mid = (lo + hi) / 2;
    if (fits(mid)) hi = mid;
    else lo = mid;
  }
  fits(hi);
}

/**
 * Orbit camera around the table (drei OrbitControls): left-drag rotates, right-drag pans,
 * wheel zooms; it cannot dip under the table or wander far off. `view` presets frame the whole
 * table: `oblique` from behind the south edge, `top` straight down with north up; `eye` puts the
 * camera at a model's eye (orbiting off) and a later preset with `restore` returns to the pose
 * the camera had before.
 */
export function CameraRig({ width, depth, view = { mode: 'oblique', seq: 0 }, margin = 3, obliqueElevationDeg = 52, minDistance = 4, maxDistanceFactor = 2.5, eyeNear = 0.25 }: CameraRigProps) {
  const controls = useRef<ComponentRef<typeof OrbitControls>>(null);
  const saved = useRef<SavedPose | null>(null);
  const camera = useThree((s) => s.camera);
  const size = useThree((s) => s.size);
  const invalidate = useThree((s) => s.invalidate);
  // Reduced motion (`prefers-reduced-motion`): the camera stops where the drag leaves it, no damping glide.
  const reduced = useReducedMotion();
  const eyeKey = view.mode === 'eye' ? `${view.eye.join(',')}>${view.target.join(',')}` : '';

  useLayoutEffect(() => {
    const c = controls.current;
    if (size.width <= 0 || size.height <= 0) return;
    // R3F keeps the aspect in step with the canvas too, but possibly after this effect runs.
    if (camera instanceof PerspectiveCamera) {
      camera.aspect = size.width / size.height;
      camera.updateProjectionMatrix();
    }
    if (view.mode === 'eye') {
      if (!saved.current) saved.current = { position: camera.position.clone(), target: c ? c.target.clone() : new Vector3(), near: camera.near };
      const eye = tableToScene(view.eye, width, depth);
      const look = tableToScene(view.target, width, depth);
      camera.position.copy(eye);
      camera.near = eyeNear;
      if (camera instanceof PerspectiveCamera) camera.updateProjectionMatrix();
      camera.lookAt(look);
      if (c) {
        c.enabled = false;
        c.target.copy(look);
      }
      camera.updateMatrixWorld(true);
      invalidate();
      return;
    }
    if (c) c.enabled = true;
    const back = saved.current;
    saved.current = null;
    if (back) {
      camera.near = back.near;
      if (camera instanceof PerspectiveCamera) camera.updateProjectionMatrix();
    }
    if (back && view.restore) {
      camera.position.copy(back.position);
      camera.lookAt(back.target);
      if (c) {
        c.target.copy(back.target);
        c.update();
      }
      invalidate();
      return;
    }
    const W = width + 2 * margin;
    const D = depth + 2 * margin;
    if (view.mode === 'top') {
      const d = fitDistance(camera, W, D);
      camera.position.set(0, d, 0.001);
    } else {
      // From behind the south edge (scene +z), looking down at `obliqueElevationDeg`: fit the
      // table and its rim, leaving a little room for the overlays at the top of the screen.
      const el = (obliqueElevationDeg * Math.PI) / 180;
      const dir = new Vector3(0, Math.sin(el), Math.cos(el));
      const hw = W / 2;
      const hd = D / 2;
      const corners = [-hw, hw].flatMap((x) => [-hd, hd].flatMap((z) => [0, -2.5].map((y) => new Vector3(x, y, z))));
      fitAlong(camera as PerspectiveCamera, dir, corners, 0.96, -0.97, 0.84);
    }
    camera.lookAt(0, 0, 0);
    if (c) {
      c.target.set(0, 0, 0);
      c.update();
    }
    invalidate();
    // Re-frame when the canvas aspect changes, too.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [view.mode, view.seq, eyeKey, width, depth, margin, obliqueElevationDeg, eyeNear, camera, size.width, size.height, invalidate]);

  const diag = Math.hypot(width, depth);
  return (
    <OrbitControls
      ref={controls}
      makeDefault
      regress
      enableDamping={!reduced}
      dampingFactor={0.12}
      minDistance={minDistance}
      maxDistance={diag * maxDistanceFactor}
      maxPolarAngle={Math.PI / 2 - 0.08}
      mouseButtons={{ LEFT: MOUSE.ROTATE, MIDDLE: MOUSE.DOLLY, RIGHT: MOUSE.PAN }}
      screenSpacePanning={false}
    />
  );
}
