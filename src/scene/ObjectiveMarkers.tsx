import type { ThreeEvent } from '@react-three/fiber';
import { OBJECTIVE_COLOR } from './palette';
import type { ObjectiveView } from './types';

/** Props of {@link ObjectiveMarkers}. Table space (inches, z up). */
export interface ObjectiveMarkersProps {
  /** The objectives; each drawn at its own diameter (40 mm by default in the scenario). */
  objectives: ObjectiveView[];
  /** Disc colour. Default {@link OBJECTIVE_COLOR}. */
  color?: string;
  /** Disc thickness, inches. Default 0.08 (a card/acrylic token). */
  thickness?: number;
  /** Draw a faint 3" control-range ring around each marker. Default true. */
  showRange?: boolean;
  /** Range of the ring from the marker's edge, inches. Default 3 (Core 32.1 combat range). */
  range?: number;
  /** Pointer moved over a marker (client coordinates); null id on leaving. */
  onHover?: (id: string | null, clientX: number, clientY: number) => void;
  /** A marker was clicked. */
  onClick?: (id: string, e: { shiftKey: boolean }) => void;
  /** Ids of markers to highlight (picked by a tool). Default: none. */
  highlightIds?: ReadonlySet<string>;
  /** Highlight colour. Default white. */
  highlightColor?: string;
}

/** Objective markers: gold discs with a dark centre pip and an optional control-range ring. */
export function ObjectiveMarkers({ objectives, color = OBJECTIVE_COLOR, thickness = 0.08, showRange = true, range = 3, onHover, onClick, highlightIds, highlightColor = '#ffffff' }: ObjectiveMarkersProps) {
  return (
    <group name="objectives">
      {objectives.map((o) => {
        const r = o.diameter / 2;
        const move = onHover
          ? (e: ThreeEvent<PointerEvent>) => {
              e.stopPropagation();
              onHover(o.id, e.nativeEvent.clientX, e.nativeEvent.clientY);
            }
          : undefined;
        return (
          <group key={o.id} position={[o.x, o.y, 0]}>
            <mesh
              rotation={[Math.PI / 2, 0, 0]}
              position={[0, 0, thickness / 2]}
              castShadow
              receiveShadow
              onPointerMove={move}
              onPointerOut={onHover ? () => onHover(null, 0, 0) : undefined}
              onClick={
                onClick
                  ? (e) => {
                      e.stopPropagation();
                      onClick(o.id, { shiftKey: e.nativeEvent.shiftKey });
                    }
                  : undefined
              }
            >
              <cylinderGeometry args={[r, r, thickness, 48]} />
              <meshStandardMaterial color={color} metalness={0.3} roughness={0.55} emissive={highlightIds?.has(o.id) ? highlightColor : '#000000'} emissiveIntensity={highlightIds?.has(o.id) ? 0.45 : 0} />
            </mesh>
            <mesh position={[0, 0, thickness + 0.002]} raycast={() => null}>
              <ringGeometry args={[r * 0.35, r * 0.55, 32]} />
              <meshStandardMaterial color="#5a3d0c" metalness={0.3} roughness={0.6} />
            </mesh>
            {showRange && (
              <mesh position={[0, 0, 0.02]} raycast={() => null} renderOrder={2}>
                <ringGeometry args={[r + range - 0.05, r + range + 0.05, 96]} />
                <meshBasicMaterial color={color} transparent opacity={0.45} depthWrite={false} />
              </mesh>
            )}
          </group>
        );
      })}
    </group>
  );
}
