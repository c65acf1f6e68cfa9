import { Line } from '@react-three/drei';
import { useMemo } from 'react';
import { useSharedLineDefines } from './useSharedLineDefines';
import { SphereGeometry } from 'three';

/** A table-space point `[x, y, z]`, inches. */
type P3 = [number, number, number];

/** Props of {@link SegmentMarker}. Table space (inches, z up). */
export interface SegmentMarkerProps {
  /** The segment's two ends, or a polyline's points (at least two; the markers at its first and last). */
  points: readonly P3[];
  /** Line and marker colour. */
  color: string;
  /** Line width in pixels. Default 3. */
  lineWidth?: number;
  /** Dashed line. Default false. */
  dashed?: boolean;
  /** Radius of the end markers, inches (0: none). Default 0.14. */
  markerRadius?: number;
  /** Opacity. Default 1. */
  opacity?: number;
  /** Drawn over everything (ignores depth), so it stays visible through terrain. Default true. */
  onTop?: boolean;
}

let unitSphere: SphereGeometry | null = null;

/** The end markers' ball (radius 1, scaled per marker): one geometry for every marker. */
function markerSphere(): SphereGeometry {
  return (unitSphere ??= new SphereGeometry(1, 20, 14));
}

const none = () => null;

/** A measured segment (or a path: a polyline): a fat line with a ball at each end, drawn over the scene. */
export function SegmentMarker({ points, color, lineWidth = 3, dashed = false, markerRadius = 0.14, opacity = 1, onTop = true }: SegmentMarkerProps) {
  const a = points[0];
  const b = points[points.length - 1];
  // drei's Line rebuilds its geometry AND disposes its material whenever the `points` array is a
  // new object; a disposed material releases its shader program, which three deletes when no other
  // material uses it (then the next frame compiles and links it again). Keep the array while the
  // ends stay where they are.
  const key = points.map((p) => p.join(',')).join(';');
  const ends = useMemo<P3[]>(() => points.map((p) => [p[0], p[1], p[2]]), [key]); // eslint-disable-line react-hooks/exhaustive-deps
  // One shader program for every line (useSharedLineDefines).
  const line = useSharedLineDefines(dashed);
  return (
    <group renderOrder={onTop ? 20 : 0}>
      <Line
        ref={line}
        points={ends}
        color={color}
        lineWidth={lineWidth}
        dashed={dashed}
        dashSize={0.35}
        gapSize={0.22}
        transparent
        opacity={opacity}
        depthTest={!onTop}
        renderOrder={onTop ? 20 : 0}
        raycast={none}
      />
      {markerRadius > 0 &&
        [a, b].map((p, i) => (
          <mesh key={i} position={p} geometry={markerSphere()} scale={markerRadius} renderOrder={onTop ? 21 : 0} raycast={none}>
            <meshBasicMaterial color={color} transparent opacity={opacity} depthTest={!onTop} toneMapped={false} />
          </mesh>
        ))}
    </group>
  );
}
