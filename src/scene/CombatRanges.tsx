import { useEffect, useMemo } from 'react';
import { CylinderGeometry, DoubleSide, MeshBasicMaterial, RingGeometry } from 'three';
import type { ModelView } from './types';

/** Props of {@link CombatRanges}. Table space (inches, z up). */
export interface CombatRangesProps {
  /** Models whose combat ranges to draw. */
  models: ModelView[];
  /** Colour of a model's range (its army's colour). */
  colorOf: (m: ModelView) => string;
  /** Combat range from the edge of the base, inches. Default 3 (Core 7.0). */
  range?: number;
  /** How tall the drawn cylinders are, inches (combat range is infinitely tall; this is the whole table's height). */
  height: number;
  /** Wall opacity. Default 0.12. */
  opacity?: number;
}

const none = () => null;

let wall: CylinderGeometry | null = null;
let rim: RingGeometry | null = null;

/** A unit open cylinder (radius 1, z from 0 to 1). */
function wallGeometry(): CylinderGeometry {
  if (!wall) {
    wall = new CylinderGeometry(1, 1, 1, 72, 1, true);
    wall.rotateX(Math.PI / 2);
    wall.translate(0, 0, 0.5);
  }
  return wall;
}

/** A thin unit ring for the range's foot. */
function rimGeometry(): RingGeometry {
  if (!rim) rim = new RingGeometry(0.985, 1, 96);
  return rim;
}

/**
 * Translucent 3" combat ranges (Core 7.0: 3" horizontally from the base, any distance vertically),
 * drawn as tall cylinders around each base: round bases exactly, oval bases as a scaled ellipse
 * (semi-axes + 3"), which approximates the true offset curve of an ellipse. Drawing only: whether
 * units are in combat comes from the engine worker.
 */
export function CombatRanges({ models, colorOf, range = 3, height, opacity = 0.12 }: CombatRangesProps) {
  const geometry = useMemo(() => wallGeometry(), []);
  const ring = useMemo(() => rimGeometry(), []);
  // One set of materials per colour, shared by every model of that colour (hundreds of models
  // would otherwise each set up three materials of their own when the ranges are shown).
  const colors = useMemo(() => [...new Set(models.map(colorOf))].sort().join('\n'), [models, colorOf]);
  const materials = useMemo(() => {
    const byColor = new Map<string, { wall: MeshBasicMaterial; foot: MeshBasicMaterial; top: MeshBasicMaterial }>();
    for (const color of colors ? colors.split('\n') : []) {
      byColor.set(color, {
        wall: new MeshBasicMaterial({ color, transparent: true, opacity, side: DoubleSide, depthWrite: false, toneMapped: false }),
        foot: new MeshBasicMaterial({ color, transparent: true, opacity: 0.8, depthWrite: false, toneMapped: false }),
        top: new MeshBasicMaterial({ color, transparent: true, opacity: 0.3, side: DoubleSide, depthWrite: false, toneMapped: false }),
      });
    }
    return byColor;
  }, [colors, opacity]);
  useEffect(() => () => materials.forEach((m) => [m.wall, m.foot, m.top].forEach((x) => x.dispose())), [materials]);
  return (
    <group name="combat-ranges">
      {models.map((m) => {
        const f = m.footprint;
        const mat = materials.get(colorOf(m));
        if (!mat) return null;
        const sx = f.semiMajor + range;
        const sy = f.semiMinor + range;
        return (
          <group key={m.id} position={[f.x, f.y, 0]} rotation={[0, 0, f.facingRad]}>
            <mesh geometry={geometry} material={mat.wall} scale={[sx, sy, height]} renderOrder={5} raycast={none} />
            <mesh geometry={ring} material={mat.foot} position={[0, 0, 0.025]} scale={[sx, sy, 1]} renderOrder={5} raycast={none} />
            <mesh geometry={ring} material={mat.top} position={[0, 0, height]} scale={[sx, sy, 1]} renderOrder={5} raycast={none} />
          </group>
        );
      })}
    </group>
  );
}
