import { useThree } from '@react-three/fiber';
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { CircleGeometry, type InstancedMesh, Matrix4, MeshBasicMaterial, RingGeometry } from 'three';
import { SegmentMarker } from './SegmentMarker';

/** A table-space point `[x, y, z]`, inches. */
type P3 = readonly [number, number, number];

/** Props of {@link SpotProofOverlay}. Table space (inches, z up). */
export interface SpotProofOverlayProps {
  /** The spot proven: plan centre and standing elevation. */
  spot: P3;
  /** Threat-zone spots that could target it (`[x, y, z, ...]`). */
  targeting: readonly (readonly number[])[];
  /** Threat-zone spots that see it but an Obscuring feature protects it from (`[x, y, z, ...]`). */
  protectedFrom: readonly (readonly number[])[];
  /** The best witness (a line of sight from the nearest shooter), or null. Default null. */
  witness?: readonly [P3, P3] | null;
  /** Radius of a shooter's dot and of the spot's ring, inches. Default 0.35. */
  radius?: number;
}

const none = () => null;
const _m = new Matrix4();

/**
 * The proof for one standing spot of the layout lab on the table: a white ring around the spot, a
 * red dot on every threat-zone spot that could target it, a grey dot on those that see it but an
 * Obscuring feature protects it from, and the best witness as a green line. Never picked.
 */
export function SpotProofOverlay({ spot, targeting, protectedFrom, witness = null, radius = 0.35 }: SpotProofOverlayProps) {
  const dot = useMemo(() => new CircleGeometry(1, 16), []);
  const ring = useMemo(() => new RingGeometry(0.8, 1, 32), []);
  const mats = useMemo(
    () => ({
      targeting: new MeshBasicMaterial({ color: '#e01818', transparent: true, opacity: 0.95, depthTest: false, depthWrite: false, toneMapped: false }),
      protected: new MeshBasicMaterial({ color: '#7a7a7a', transparent: true, opacity: 0.9, depthTest: false, depthWrite: false, toneMapped: false }),
      spot: new MeshBasicMaterial({ color: '#ffffff', transparent: true, opacity: 1, depthTest: false, depthWrite: false, toneMapped: false }),
    }),
    [],
  );
  useEffect(
    () => () => {
      dot.dispose();
      ring.dispose();
      Object.values(mats).forEach((m) => m.dispose());
    },
    [dot, ring, mats],
  );
  const invalidate = useThree((st) => st.invalidate);
  const red = useRef<InstancedMesh>(null);
  const grey = useRef<InstancedMesh>(null);
  useLayoutEffect(() => {
    for (const [mesh, list] of [
      [red.current, targeting],
      [grey.current, protectedFrom],
    ] as const) {
      if (!mesh) continue;
      list.forEach((p, i) => mesh.setMatrixAt(i, _m.makeScale(radius, radius, 1).setPosition(p[0], p[1], p[2] + 0.12)));
      mesh.instanceMatrix.needsUpdate = true;
      mesh.computeBoundingSphere();
    }
    // The canvas draws on demand: the dots ask for a frame.
    invalidate();
  }, [targeting, protectedFrom, radius, invalidate]);
  const points = useMemo<[number, number, number][] | null>(() => (witness ? [[...witness[0]], [...witness[1]]] : null), [witness]);
  return (
    <group name="layout-spot-proof">
      <mesh geometry={ring} material={mats.spot} position={[spot[0], spot[1], spot[2] + 0.14]} scale={[radius * 2.2, radius * 2.2, 1]} renderOrder={7} raycast={none} />
      {targeting.length > 0 && <instancedMesh key={`t${targeting.length}`} ref={red} args={[dot, mats.targeting, targeting.length]} renderOrder={6} raycast={none} frustumCulled={false} />}
      {protectedFrom.length > 0 && <instancedMesh key={`p${protectedFrom.length}`} ref={grey} args={[dot, mats.protected, protectedFrom.length]} renderOrder={6} raycast={none} frustumCulled={false} />}
      {points && <SegmentMarker points={points} color="#18c23a" lineWidth={3} />}
    </group>
  );
}
