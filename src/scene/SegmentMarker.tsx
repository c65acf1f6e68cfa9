import { Line } from '@react-three/drei';

/** A table-space point `[x, y, z]`, inches. */
type P3 = [number, number, number];

/** Props of {@link SegmentMarker}. Table space (inches, z up). */
export interface SegmentMarkerProps {
  /** The segment's two ends. */
  points: [P3, P3];
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

/** A measured segment: a fat line with a ball at each end, drawn over the scene. */
export function SegmentMarker({ points, color, lineWidth = 3, dashed = false, markerRadius = 0.14, opacity = 1, onTop = true }: SegmentMarkerProps) {
  const [a, b] = points;
  return (
    <group renderOrder={onTop ? 20 : 0}>
      <Line
        points={[a, b]}
        color={color}
        lineWidth={lineWidth}
        dashed={dashed}
        dashSize={0.35}
        gapSize={0.22}
        transparent
        opacity={opacity}
        depthTest={!onTop}
        renderOrder={onTop ? 20 : 0}
        raycast={() => null}
      />
      {markerRadius > 0 &&
        [a, b].map((p, i) => (
          <mesh key={i} position={p} renderOrder={onTop ? 21 : 0} raycast={() => null}>
            <sphereGeometry args={[markerRadius, 20, 14]} />
            <meshBasicMaterial color={color} transparent opacity={opacity} depthTest={!onTop} toneMapped={false} />
          </mesh>
        ))}
    </group>
  );
}
