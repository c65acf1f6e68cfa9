import { Line } from '@react-three/drei';
import { useSharedLineDefines } from './useSharedLineDefines';
import { Quaternion, SphereGeometry, Vector3 } from 'three';

type P3 = [number, number, number];

/** Props of {@link StraightPath}. Table space (inches, z up). */
export interface StraightPathProps {
  from: P3;
  to: P3;
  color: string;
  /** Line width, pixels. */
  lineWidth: number;
  dashed: boolean;
  /** Radius of the end markers, inches. */
  markerRadius: number;
}

/** One line from (0, 0, 0) to (1, 0, 0): every straight path draws this same array, placed by its group. */
const UNIT_LINE: P3[] = [
  [0, 0, 0],
  [1, 0, 0],
];
const X_AXIS = new Vector3(1, 0, 0);
const _d = new Vector3();
const _q = new Quaternion();
let unitSphere: SphereGeometry | null = null;
const markerSphere = () => (unitSphere ??= new SphereGeometry(1, 20, 14));
const none = () => null;

/**
 * A straight path drawn over everything, as `SegmentMarker` draws one (a screen-space line and a
 * marker at each end), for the ghosts of a whole unit's drag (issue 35 item 6): the line's points
 * never change (a unit segment), only its group's position, rotation and length do, so a drag
 * step moves it without building a new line geometry and a new line material for each model
 * (drei's `Line` rebuilds both whenever its points change: 20 of each per pointer move for 20
 * models). Dashes keep their length in inches (`dashScale` = the path's length).
 */
export function StraightPath({ from, to, color, lineWidth, dashed, markerRadius }: StraightPathProps) {
  _d.set(to[0] - from[0], to[1] - from[1], to[2] - from[2]);
  const length = Math.max(_d.length(), 1e-6);
  _q.setFromUnitVectors(X_AXIS, _d.multiplyScalar(1 / length));
  // One shader program for every line (useSharedLineDefines).
  const line = useSharedLineDefines(dashed);
  return (
    <group renderOrder={20}>
      <group position={from} quaternion={[_q.x, _q.y, _q.z, _q.w]} scale={[length, 1, 1]}>
        <Line
          ref={line}
          points={UNIT_LINE}
          color={color}
          lineWidth={lineWidth}
          dashed={dashed}
          dashSize={0.35}
          gapSize={0.22}
          dashScale={length}
          transparent
          depthTest={false}
          renderOrder={20}
          raycast={none}
        />
      </group>
      {[from, to].map((p, i) => (
        <mesh key={i} position={p} geometry={markerSphere()} scale={markerRadius} renderOrder={21} raycast={none}>
          <meshBasicMaterial color={color} transparent depthTest={false} toneMapped={false} />
        </mesh>
      ))}
    </group>
  );
}
