import { useMemo } from 'react';
import { BufferAttribute, BufferGeometry } from 'three';
import { GRID_COLOR } from './palette';

/** Props of {@link GridOverlay}. Table space (inches, z up). */
export interface GridOverlayProps {
  /** Battlefield width, inches. */
  width: number;
  /** Battlefield depth, inches. */
  depth: number;
  /** Minor line spacing, inches. Default 1. */
  step?: number;
  /** Every `majorEvery`-th line is a major line. Default 6. */
  majorEvery?: number;
  /** Line colour. Default {@link GRID_COLOR}. */
  color?: string;
  /** Height of the lines above the mat, inches. Default 0.015. */
  lift?: number;
}

function lines(width: number, depth: number, step: number, keep: (i: number) => boolean, z: number): BufferGeometry {
  const pts: number[] = [];
  for (let i = 0; i * step <= width + 1e-9; i++) if (keep(i)) pts.push(i * step, 0, z, i * step, depth, z);
  for (let j = 0; j * step <= depth + 1e-9; j++) if (keep(j)) pts.push(0, j * step, z, width, j * step, z);
  const g = new BufferGeometry();
  g.setAttribute('position', new BufferAttribute(new Float32Array(pts), 3));
  return g;
}

/** A 1" measuring grid over the mat, with stronger lines every 6" and at the edges. */
export function GridOverlay({ width, depth, step = 1, majorEvery = 6, color = GRID_COLOR, lift = 0.015 }: GridOverlayProps) {
  const minor = useMemo(() => lines(width, depth, step, (i) => i % majorEvery !== 0, lift), [width, depth, step, majorEvery, lift]);
  const major = useMemo(() => lines(width, depth, step, (i) => i % majorEvery === 0, lift), [width, depth, step, majorEvery, lift]);
  return (
    <group>
      <lineSegments geometry={minor} renderOrder={1}>
        <lineBasicMaterial color={color} transparent opacity={0.16} depthWrite={false} />
      </lineSegments>
      <lineSegments geometry={major} renderOrder={1}>
        <lineBasicMaterial color={color} transparent opacity={0.42} depthWrite={false} />
      </lineSegments>
    </group>
  );
}
