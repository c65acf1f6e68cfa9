import { useThree } from '@react-three/fiber';
import { useEffect, useRef } from 'react';
import { Raycaster, Vector2, type Group, type Mesh, type Object3D } from 'three';
import { sceneToTable } from '../../scene/coords';
import { rayToTable } from '../../scene/DragController';
import { castFromPointer, clickDetector, frameThrottle } from '../../scene/pointerOnTable';
import type { Outline } from './presets';

/** Props of {@link PlacementLayer}. Table space (inches, z up). */
export interface PlacementLayerProps {
  /** The armed item's outline, or null when nothing is armed (the layer then does nothing). */
  outline: Outline | null;
  /** Its turn, degrees counter-clockwise. */
  rotation: number;
  /** Ghost colour. */
  color: string;
  /** Battlefield size, inches. */
  width: number;
  depth: number;
  /** A click (no drag) on the scene: the plan-view point under the pointer, inches. */
  onPlace: (at: [number, number]) => void;
}


function pickables(root: Object3D, skip: Object3D | null): Mesh[] {
  const out: Mesh[] = [];
  root.traverseVisible((o) => {
    if (o === skip) return;
    const m = o as Mesh & { isLineSegments2?: boolean; isLine2?: boolean };
    if (m.isMesh && !m.isLineSegments2 && !m.isLine2) out.push(m);
  });
  if (skip) return out.filter((m) => !isInside(m, skip));
  return out;
}

function isInside(o: Object3D, ancestor: Object3D): boolean {
  for (let p: Object3D | null = o; p; p = p.parent) if (p === ancestor) return true;
  return false;
}

/**
 * Places palette items by clicking the scene: while an item is armed, a translucent outline follows
 * the pointer over whatever it is over (table or terrain; the plan-view point is what counts), and
 * a click that did not orbit the camera calls `onPlace`. Draws only the ghost.
 */
export function PlacementLayer({ outline, rotation, color, width, depth, onPlace }: PlacementLayerProps) {
  const get = useThree((s) => s.get);
  const ghost = useRef<Group>(null);
  const cb = useRef(onPlace);
  cb.current = onPlace;
  const armed = outline !== null;

  useEffect(() => {
    if (!armed) return;
    const { gl } = get();
    const el = gl.domElement;
    const raycaster = new Raycaster();
    const ndc = new Vector2();

    const hit = (e: { clientX: number; clientY: number }): [number, number] | null => {
      const { camera, scene } = get();
      castFromPointer(raycaster, ndc, el, camera, e);
      const hits = raycaster.intersectObjects(pickables(scene, ghost.current), false);
      if (hits.length) {
        const [x, y] = sceneToTable(hits[0].point, width, depth);
        return [x, y];
      }
      return rayToTable(raycaster.ray, width, depth);
    };
    const hover = frameThrottle((e: PointerEvent) => {
      const g = ghost.current;
      if (!g) return;
      const at = hit(e);
      g.visible = at !== null;
      if (at) g.position.set(at[0], at[1], 0);
      get().invalidate();
    });
    const move = hover.move;
    const leave = () => {
      if (ghost.current) ghost.current.visible = false;
      get().invalidate();
    };
    const { press, release } = clickDetector((e: PointerEvent) => {
      const at = hit(e);
      if (at) cb.current(at);
    });
    el.addEventListener('pointermove', move);
    el.addEventListener('pointerleave', leave);
    el.addEventListener('pointerdown', press);
    el.addEventListener('pointerup', release);
    return () => {
      hover.cancel();
      el.removeEventListener('pointermove', move);
      el.removeEventListener('pointerleave', leave);
      el.removeEventListener('pointerdown', press);
      el.removeEventListener('pointerup', release);
    };
  }, [armed, get, width, depth]);

  if (!outline) return null;
  const h = Math.max(0.1, outline.h);
  return (
    <group ref={ghost} visible={false} name="placement-ghost">
      <group rotation={[0, 0, (rotation * Math.PI) / 180]}>
        {outline.kind === 'circle' ? (
          <mesh position={[0, 0, h / 2]} rotation={[Math.PI / 2, 0, 0]} raycast={() => null} renderOrder={9}>
            <cylinderGeometry args={[outline.r, outline.r, h, 40]} />
            <meshStandardMaterial color={color} transparent opacity={0.4} depthWrite={false} />
          </mesh>
        ) : (
          <mesh position={[0, 0, h / 2]} raycast={() => null} renderOrder={9}>
            <boxGeometry args={[outline.w, outline.d, h]} />
            <meshStandardMaterial color={color} transparent opacity={0.4} depthWrite={false} />
          </mesh>
        )}
      </group>
    </group>
  );
}
