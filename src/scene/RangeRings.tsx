import { useMemo } from 'react';
import { BufferGeometry, Float32BufferAttribute } from 'three';
import { SceneLabel } from './SceneLabel';

/** One ring of {@link RangeRings}. */
export interface RangeRing {
  /** Centre, table space (inches). */
  x: number;
  y: number;
  /** Height the ring is drawn at, inches. */
  z: number;
  /** Radius, inches. */
  radius: number;
  color: string;
  /** Text chip at the ring's north point (omit for none). */
  label?: string;
  /** Test id of the label chip. */
  testId?: string;
}

/** Props of {@link RangeRings}. */
export interface RangeRingsProps {
  rings: RangeRing[];
  /** Group name (for scene inspection). */
  name?: string;
}

let circle: BufferGeometry | null = null;
/** A unit circle (radius 1, z = 0) as a line loop, 96 segments, built once. */
function unitCircle(): BufferGeometry {
  if (!circle) {
    const n = 96;
    const p: number[] = [];
    for (let i = 0; i < n; i++) p.push(Math.cos((2 * Math.PI * i) / n), Math.sin((2 * Math.PI * i) / n), 0);
    circle = new BufferGeometry();
    circle.setAttribute('position', new Float32BufferAttribute(p, 3));
  }
  return circle;
}

/**
 * Flat circles on the table (move / run / charge allowances around a dragged model, weapon ranges
 * around the selected unit), each with an optional text chip. Never picked.
 */
export function RangeRings({ rings, name = 'range-rings' }: RangeRingsProps) {
  const geometry = useMemo(() => unitCircle(), []);
  return (
    <group name={name}>
      {rings.map((r, i) => (
        <group key={i}>
          <lineLoop geometry={geometry} position={[r.x, r.y, r.z + 0.05]} scale={[r.radius, r.radius, 1]} raycast={() => null} renderOrder={5}>
            <lineBasicMaterial color={r.color} transparent opacity={0.9} depthWrite={false} toneMapped={false} />
          </lineLoop>
          {r.label && (
            <SceneLabel position={[r.x, r.y + r.radius, r.z + 0.1]} tone="muted" testId={r.testId}>
              {r.label}
            </SceneLabel>
          )}
        </group>
      ))}
    </group>
  );
}
