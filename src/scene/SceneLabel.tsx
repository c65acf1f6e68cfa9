import { Html } from '@react-three/drei';
import { useCallback, useRef, type ReactNode } from 'react';
import { Vector3, type Camera, type Object3D } from 'three';

/** Props of {@link SceneLabel}. Table space (inches, z up). */
export interface SceneLabelProps {
  /** Where the label is anchored, table space. */
  position: [number, number, number];
  /** Extra class names (e.g. `ok`, `bad`, `muted`) on the chip. Default `info`. */
  tone?: 'ok' | 'bad' | 'info' | 'muted';
  /** A test id for the chip. */
  testId?: string;
  /**
   * Keep the whole chip inside the view (issue 28: a refusal's long text ran off screen): the chip
   * wraps its text (at most 320 px wide) and slides back inside the canvas, 8 px from its edges,
   * when its point is near or past an edge. Default false (the chip is centred on its point).
   */
  inView?: boolean;
  children: ReactNode;
}

/** Margin kept between a chip and the canvas's edges, pixels. */
const MARGIN_PX = 8;
/** The chip's CSS offset above its point (`.scene-label { top: -20px }`), pixels. */
const LIFT_PX = 20;

/**
 * Where a centred chip of `w` × `h` pixels whose point projects to `(x, y)` is drawn so that it stays
 * inside a `width` × `height` view, `MARGIN_PX` from the edges (its centre; the chip is lifted by
 * `LIFT_PX` by its CSS). Pure.
 */
export function clampChipCentre(x: number, y: number, w: number, h: number, width: number, height: number): [number, number] {
  const clamp = (v: number, lo: number, hi: number) => (lo > hi ? (lo + hi) / 2 : Math.min(hi, Math.max(lo, v)));
  return [clamp(x, w / 2 + MARGIN_PX, width - w / 2 - MARGIN_PX), clamp(y, h / 2 + LIFT_PX + MARGIN_PX, height - h / 2 + LIFT_PX - MARGIN_PX)];
}

const _p = new Vector3();

/** A small text chip that follows a point of the table on screen (DOM, never blocks the pointer). */
export function SceneLabel({ position, tone = 'info', testId, inView = false, children }: SceneLabelProps) {
  const chip = useRef<HTMLDivElement>(null);
  const place = useCallback((el: Object3D, camera: Camera, size: { width: number; height: number }): number[] => {
    _p.setFromMatrixPosition(el.matrixWorld).project(camera);
    const x = ((_p.x + 1) / 2) * size.width;
    const y = ((1 - _p.y) / 2) * size.height;
    const c = chip.current;
    return c ? clampChipCentre(x, y, c.offsetWidth, c.offsetHeight, size.width, size.height) : [x, y];
  }, []);
  return (
    <Html position={position} center zIndexRange={[6, 0]} style={{ pointerEvents: 'none' }} {...(inView ? { calculatePosition: place } : {})}>
      <div ref={chip} className={`scene-label ${tone}${inView ? ' in-view' : ''}`} data-testid={testId}>
        {children}
      </div>
    </Html>
  );
}
