import { useFrame, useThree } from '@react-three/fiber';
import { useEffect, useLayoutEffect, useRef } from 'react';
import type { Group } from 'three';
import { DEFAULT_RANGE_OPACITY, rangeMaterialParameters } from './CombatRanges';
import { isDeferred, PRESENTED_ATTRIBUTE } from './DeferredPresent';
import { SegmentMarker } from './SegmentMarker';

/** Far below a pixel at any view: the warm-up draws cover no pixel. */
const TINY = 1e-5;
const AT: [number, number, number] = [0, 0, 0];
const TO: [number, number, number] = [1, 0, 0];
/** The combat ranges' materials, as `CombatRanges` makes them. */
const RANGE = rangeMaterialParameters('#ffffff', DEFAULT_RANGE_OPACITY);

/**
 * Draws, once, in a frame after the scene's first (see below), one speck of every material (and render state) the tools
 * can show later: the overlay lines and end markers (solid and dashed, `SegmentMarker`), the
 * line-of-sight blocker markers, the combat-range walls and rims, selection / objective rings, the
 * move and placement ghosts, and the dropping model with its shadow disc. Each speck is far below a
 * pixel (lines a hundred-thousandth of a pixel wide), so nothing shows, but the draw makes three
 * compile and link the program, and the driver build its pipeline, at load instead of in the frame
 * where a tool first shows it (in SwiftShader a few ms to tens of ms; on some GPU drivers much
 * more). Afterwards the specks are hidden, not unmounted: their materials keep the shared programs
 * alive (three deletes a program when the last material using it is disposed), so an overlay that
 * comes and goes does not compile its program again each time. Keep the materials here in step
 * with the components they warm.
 */
export function ShaderWarmup() {
  const group = useRef<Group>(null);
  const frames = useRef(0);
  const gl = useThree((s) => s.gl);
  const invalidate = useThree((s) => s.invalidate);
  useLayoutEffect(() => {
    // Sub-pixel objects must still be drawn: no frustum culling.
    group.current?.traverse((o) => {
      o.frustumCulled = false;
    });
  }, []);
  // Not in the table's first frame (issue 35 item 6: a battle shown as soon as it can be): the
  // specks are drawn once that frame is on screen, when the page has nothing more urgent to do.
  // A canvas whose frames are not deferred (`DeferredPresent`: hardware WebGL) draws them at once.
  useEffect(() => {
    const canvas = gl.domElement;
    let live = true;
    const arm = () => {
      const g = group.current;
      if (!live || !g) return;
      frames.current = 0;
      g.visible = true;
      invalidate();
    };
    const later = () => {
      const w = window as Window & { requestIdleCallback?: (cb: () => void, o: { timeout: number }) => number };
      if (w.requestIdleCallback) w.requestIdleCallback(arm, { timeout: 2000 });
      else window.setTimeout(arm, 100);
    };
    if (!isDeferred(canvas)) {
      arm();
      return;
    }
    if (canvas.hasAttribute(PRESENTED_ATTRIBUTE)) {
      later();
      return () => void (live = false);
    }
    const seen = new MutationObserver(() => {
      if (!canvas.hasAttribute(PRESENTED_ATTRIBUTE)) return;
      seen.disconnect();
      later();
    });
    seen.observe(canvas, { attributes: true, attributeFilter: [PRESENTED_ATTRIBUTE] });
    return () => {
      live = false;
      seen.disconnect();
    };
  }, [gl, invalidate]);
  useFrame((s) => {
    const g = group.current;
    if (!g || !g.visible) return;
    // Frame 1 draws the specks; the next frame hides them (nothing casts shadows here, so the
    // shadow map is untouched).
    if (frames.current++ >= 1) g.visible = false;
    else s.invalidate();
  });
  const none = () => null;
  return (
    <group ref={group} name="shader-warmup" scale={[TINY, TINY, TINY]} visible={false}>
      {/* SegmentMarker: measure, line of sight, combat witnesses, move path (solid and dashed). */}
      <SegmentMarker points={[AT, TO]} color="#ffffff" lineWidth={TINY} markerRadius={1} />
      <SegmentMarker points={[AT, TO]} color="#ffffff" lineWidth={TINY} markerRadius={1} dashed />
      {/* LosOverlay: where the line touches a blocker. */}
      <mesh raycast={none}>
        <octahedronGeometry args={[1, 0]} />
        <meshBasicMaterial color="#ffffff" depthTest={false} toneMapped={false} />
      </mesh>
      {/* CombatRanges: wall, foot rim (also SelectionRings and ObjectiveContest), top rim. */}
      <mesh raycast={none}>
        <cylinderGeometry args={[1, 1, 1, 8, 1, true]} />
        <meshBasicMaterial {...RANGE.wall} />
      </mesh>
      <mesh raycast={none}>
        <ringGeometry args={[0.9, 1, 8]} />
        <meshBasicMaterial {...RANGE.foot} />
      </mesh>
      <mesh raycast={none}>
        <ringGeometry args={[0.9, 1, 8]} />
        <meshBasicMaterial {...RANGE.top} />
      </mesh>
      {/* CombatRanges draws them instanced (another program each): wall, foot rim, top rim. */}
      <instancedMesh args={[undefined, undefined, 1]} raycast={none}>
        <cylinderGeometry args={[1, 1, 1, 8, 1, true]} />
        <meshBasicMaterial {...RANGE.wall} />
      </instancedMesh>
      <instancedMesh args={[undefined, undefined, 1]} raycast={none}>
        <ringGeometry args={[0.9, 1, 8]} />
        <meshBasicMaterial {...RANGE.foot} />
      </instancedMesh>
      <instancedMesh args={[undefined, undefined, 1]} raycast={none}>
        <ringGeometry args={[0.9, 1, 8]} />
        <meshBasicMaterial {...RANGE.top} />
      </instancedMesh>
      {/* MoveGhost and the palette's PlacementLayer: translucent standard material. */}
      <mesh raycast={none}>
        <boxGeometry args={[1, 1, 1]} />
        <meshStandardMaterial color="#ffffff" transparent opacity={0.5} depthWrite={false} />
      </mesh>
      {/* DropIn: the shadow disc and the falling model (the model casts no shadow here). */}
      <mesh raycast={none}>
        <circleGeometry args={[1, 8]} />
        <meshBasicMaterial color="#000000" transparent opacity={0.3} depthWrite={false} />
      </mesh>
      <mesh raycast={none}>
        <boxGeometry args={[1, 1, 1]} />
        <meshStandardMaterial color="#ffffff" roughness={0.55} metalness={0.1} />
      </mesh>
    </group>
  );
}
