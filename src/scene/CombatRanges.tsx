import { useMemo } from 'react';
import { CylinderGeometry, DoubleSide, RingGeometry } from 'three';
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
  return (
    <group name="combat-ranges">
      {models.map((m) => {
        const f = m.footprint;
        const color = colorOf(m);
        const sx = f.semiMajor + range;
        const sy = f.semiMinor + range;
        return (
          <group key={m.id} position={[f.x, f.y, 0]} rotation={[0, 0, f.facingRad]}>
            <mesh geometry={geometry} scale={[sx, sy, height]} renderOrder={5} raycast={() => null}>
              <meshBasicMaterial color={color} transparent opacity={opacity} side={DoubleSide} depthWrite={false} toneMapped={false} />
            </mesh>
            <mesh geometry={ring} position={[0, 0, 0.025]} scale={[sx, sy, 1]} renderOrder={5} raycast={() => null}>
              <meshBasicMaterial color={color} transparent opacity={0.8} depthWrite={false} toneMapped={false} />
            </mesh>
            <mesh geometry={ring} position={[0, 0, height]} scale={[sx, sy, 1]} renderOrder={5} raycast={() => null}>
              <meshBasicMaterial color={color} transparent opacity={0.3} side={DoubleSide} depthWrite={false} toneMapped={false} />
            </mesh>
          </group>
        );
      })}
    </group>
  );
}
