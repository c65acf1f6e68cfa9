import { unitRingGeometry } from './geometries';
import { SELECT_COLOR } from './palette';
import type { ModelView } from './types';

/** Props of {@link SelectionRings}. Table space (inches, z up). */
export interface SelectionRingsProps {
  /** The selected models. */
  models: ModelView[];
  /** Ring colour. Default {@link SELECT_COLOR}. */
  color?: string;
  /** Gap between the base edge and the ring, inches. Default 0.08. */
  gap?: number;
}

/** A glowing ring around each selected model's base, at the height it stands. */
export function SelectionRings({ models, color = SELECT_COLOR, gap = 0.08 }: SelectionRingsProps) {
  return (
    <group name="selection">
      {models.map((m) => (
        <mesh
          key={m.id}
          geometry={unitRingGeometry()}
          position={[m.footprint.x, m.footprint.y, m.elevation + 0.03]}
          rotation={[0, 0, m.footprint.facingRad]}
          scale={[m.footprint.semiMajor + gap, m.footprint.semiMinor + gap, 1]}
          raycast={() => null}
          renderOrder={4}
        >
          <meshBasicMaterial color={color} transparent opacity={0.95} depthWrite={false} toneMapped={false} />
        </mesh>
      ))}
    </group>
  );
}
