import { useThree } from '@react-three/fiber';
import { useEffect } from 'react';
import { Vector3 } from 'three';

/** Props of {@link KeyboardCamera}. */
export interface KeyboardCameraProps {
  /** Off in the observer's-eye view (the camera stands at a model's eye). Default true. */
  enabled?: boolean;
  /** Pan speed, as a fraction of the camera's distance to its target per second. Default 0.6. */
  panRate?: number;
  /** Turn speed, degrees per second. Default 75. */
  turnRate?: number;
}

/** The keys the camera answers, and what each does. */
export const CAMERA_KEYS: Record<string, 'forward' | 'back' | 'left' | 'right' | 'turnLeft' | 'turnRight'> = {
  w: 'forward',
  s: 'back',
  a: 'left',
  d: 'right',
  q: 'turnLeft',
  e: 'turnRight',
};

/**
 * Keyboard camera beside the mouse (issue 18): W / S move the view forward and back over the table,
 * A / D sideways (along the table plane, whatever the camera's tilt), Q / E turn around the point
 * looked at. Held keys move smoothly, at a speed that scales with the zoom. Moves the default
 * (orbit) controls' target with the camera so the mouse orbit goes on from there. Draws nothing.
 */
export function KeyboardCamera({ enabled = true, panRate = 0.6, turnRate = 75 }: KeyboardCameraProps) {
  const get = useThree((s) => s.get);
  useEffect(() => {
    if (!enabled) return;
    const held = new Set<string>();
    let raf = 0;
    let last = 0;
    const fwd = new Vector3();
    const side = new Vector3();
    const offset = new Vector3();
    const up = new Vector3(0, 1, 0);
    const step = (t: number) => {
      raf = 0;
      if (held.size === 0) return;
      const dt = Math.min(0.25, last ? (t - last) / 1000 : 1 / 30);
      last = t;
      const { camera, controls, invalidate } = get();
      const c = controls as unknown as { target?: Vector3; update?: () => void; enabled?: boolean } | null;
      const target = c?.target;
      if (!target || c?.enabled === false) return;
      const acts = new Set([...held].map((k) => CAMERA_KEYS[k]));
      offset.copy(camera.position).sub(target);
      const dist = offset.length();
      // Forward: the view direction flattened onto the table plane (scene y is up).
      fwd.set(-offset.x, 0, -offset.z);
      if (fwd.lengthSq() < 1e-9) camera.getWorldDirection(fwd).setY(0);
      if (fwd.lengthSq() < 1e-9) fwd.set(0, 0, -1);
      fwd.normalize();
      side.crossVectors(fwd, up).normalize();
      const d = panRate * Math.max(4, dist) * dt;
      const move = new Vector3();
      if (acts.has('forward')) move.addScaledVector(fwd, d);
      if (acts.has('back')) move.addScaledVector(fwd, -d);
      if (acts.has('right')) move.addScaledVector(side, d);
      if (acts.has('left')) move.addScaledVector(side, -d);
      camera.position.add(move);
      target.add(move);
      const turn = ((acts.has('turnLeft') ? 1 : 0) - (acts.has('turnRight') ? 1 : 0)) * ((turnRate * Math.PI) / 180) * dt;
      if (turn) {
        offset.copy(camera.position).sub(target).applyAxisAngle(up, turn);
        camera.position.copy(target).add(offset);
      }
      camera.lookAt(target);
      c?.update?.();
      invalidate();
      raf = requestAnimationFrame(step);
    };
    const typing = (e: KeyboardEvent) => e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement || e.target instanceof HTMLSelectElement || (e.target instanceof HTMLElement && e.target.isContentEditable);
    const down = (e: KeyboardEvent) => {
      const k = e.key.toLowerCase();
      if (!(k in CAMERA_KEYS) || e.ctrlKey || e.metaKey || e.altKey || typing(e)) return;
      held.add(k);
      if (!raf) {
        last = 0;
        raf = requestAnimationFrame(step);
      }
    };
    const up_ = (e: KeyboardEvent) => held.delete(e.key.toLowerCase());
    const clear = () => held.clear();
    window.addEventListener('keydown', down);
    window.addEventListener('keyup', up_);
    window.addEventListener('blur', clear);
    return () => {
      cancelAnimationFrame(raf);
      window.removeEventListener('keydown', down);
      window.removeEventListener('keyup', up_);
      window.removeEventListener('blur', clear);
    };
  }, [enabled, get, panRate, turnRate]);
  return null;
}
