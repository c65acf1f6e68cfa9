import type { Camera, Raycaster, Vector2 } from 'three';

/**
 * Pointer helpers shared by the table's click tools (the ruler, the palette's placement, moving a
 * terrain feature): a click is told from a drag of the orbit camera by how far the pointer moved
 * between press and release, hover work runs at most once a frame, and rays go from the camera
 * through the pointer.
 */

/** Pixels a left press may move before its release stops counting as a click (it was a drag). */
export const CLICK_SLOP_PX = 5;

/** Where a press began (client pixels), or null. */
export type PressPoint = { x: number; y: number } | null;

/** The press point of a pointer-down: its client position for the left button, else null. */
export function pressOf(e: { button: number; clientX: number; clientY: number }): PressPoint {
  return e.button === 0 ? { x: e.clientX, y: e.clientY } : null;
}

/** Is a release (or click) after the press `down` a click: the left button, moved at most {@link CLICK_SLOP_PX}? */
export function isClick(down: PressPoint, e: { button: number; clientX: number; clientY: number }): boolean {
  return down !== null && e.button === 0 && Math.hypot(e.clientX - down.x, e.clientY - down.y) <= CLICK_SLOP_PX;
}

/**
 * A click on the canvas, not a drag: `press` on pointerdown, `release` on pointerup; `onClick`
 * runs on a release that {@link isClick} accepts.
 */
export function clickDetector<E extends { button: number; clientX: number; clientY: number }>(onClick: (e: E) => void): { press: (e: E) => void; release: (e: E) => void } {
  let down: PressPoint = null;
  return {
    press: (e) => {
      down = pressOf(e);
    },
    release: (e) => {
      const d = down;
      down = null;
      if (isClick(d, e)) onClick(e);
    },
  };
}

/** Points `raycaster` from `camera` through the pointer (client pixels) on the canvas `el` (`ndc` is scratch). */
export function castFromPointer(raycaster: Raycaster, ndc: Vector2, el: HTMLElement, camera: Camera, e: { clientX: number; clientY: number }): void {
  const r = el.getBoundingClientRect();
  ndc.set(((e.clientX - r.left) / r.width) * 2 - 1, -((e.clientY - r.top) / r.height) * 2 + 1);
  raycaster.setFromCamera(ndc, camera);
}

/**
 * Calls `onFrame` with the last pointer event at most once per animation frame (hover work on
 * `pointermove`); `cancel` drops a pending frame (on unmount).
 */
export function frameThrottle<E>(onFrame: (e: E) => void): { move: (e: E) => void; cancel: () => void } {
  let raf = 0;
  let last: E | null = null;
  const run = () => {
    raf = 0;
    if (last !== null) onFrame(last);
  };
  return {
    move: (e) => {
      last = e;
      if (!raf) raf = requestAnimationFrame(run);
    },
    cancel: () => {
      cancelAnimationFrame(raf);
      raf = 0;
    },
  };
}
