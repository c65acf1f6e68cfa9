import { useEffect, useMemo } from 'react';
import { BufferAttribute, BufferGeometry, DoubleSide } from 'three';

/** Props of {@link FireLaneBands}. Table space (inches, z up). */
export interface FireLaneBandsProps {
  /** The report's fire lanes of one territory: cells of `cellInches`, `nx` by `ny`, row-major shares (of the seeing spot pairs whose plan segment crosses the cell). */
  lanes: { cellInches: number; nx: number; ny: number; share: readonly number[] };
  /** Colour of the bands. Default orange, as the headless picture. */
  color?: readonly [number, number, number];
  /** Cells below this share of the busiest cell are not drawn (so the lanes read as bands). Default 0.15. */
  minShare?: number;
  /** Opacity of the busiest cell. Default 0.6. */
  maxOpacity?: number;
  /** Height above the table, inches. Default 0.04. */
  lift?: number;
}

/**
 * The fire lanes of a territory (layout lab, LAYOUT.md): where the lines of sight between the
 * territory and its enemies' threat zone cross the table, as a wash of translucent cells on the
 * table, more opaque where more lines cross, so the busy cells join into bands. One mesh. Never
 * picked.
 */
export function FireLaneBands({ lanes, color = [1, 0.55, 0], minShare = 0.15, maxOpacity = 0.6, lift = 0.04 }: FireLaneBandsProps) {
  const geometry = useMemo(() => {
    let top = 0;
    for (const s of lanes.share) top = Math.max(top, s);
    const pos: number[] = [];
    const col: number[] = [];
    const c = lanes.cellInches;
    if (top > 0) {
      for (let j = 0; j < lanes.ny; j++) {
        for (let i = 0; i < lanes.nx; i++) {
          const rel = lanes.share[j * lanes.nx + i] / top;
          if (!(rel >= minShare)) continue;
          const x0 = i * c;
          const y0 = j * c;
          const x1 = x0 + c;
          const y1 = y0 + c;
          pos.push(x0, y0, lift, x1, y0, lift, x1, y1, lift, x0, y0, lift, x1, y1, lift, x0, y1, lift);
          const a = maxOpacity * (0.25 + 0.75 * rel);
          for (let k = 0; k < 6; k++) col.push(color[0], color[1], color[2], a);
        }
      }
    }
    const g = new BufferGeometry();
    g.setAttribute('position', new BufferAttribute(new Float32Array(pos), 3));
    g.setAttribute('color', new BufferAttribute(new Float32Array(col), 4));
    return g;
  }, [lanes, color, minShare, maxOpacity, lift]);
  useEffect(() => () => geometry.dispose(), [geometry]);
  return (
    <mesh name="fire-lanes" geometry={geometry} renderOrder={3} raycast={() => null}>
      <meshBasicMaterial vertexColors transparent depthWrite={false} side={DoubleSide} toneMapped={false} />
    </mesh>
  );
}
