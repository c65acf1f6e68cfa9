import { useThree } from '@react-three/fiber';
import { useEffect, useMemo, useRef } from 'react';
import { BufferAttribute, BufferGeometry, DoubleSide, Raycaster, Vector2, type Group, type Mesh, type Object3D } from 'three';
import { sceneToTable } from '../../scene/coords';
import { rayToTable } from '../../scene/DragController';
import { castFromPointer, frameThrottle, isClick, type PressPoint } from '../../scene/pointerOnTable';
import type { TerrainView } from '../../scene/types';

/** Props of {@link FeatureMoveLayer}. Table space (inches, z up). */
export interface FeatureMoveLayerProps {
  /** The selected terrain feature's drawing (its ghost follows the pointer), or null: the layer does nothing. */
  feature: TerrainView | null;
  /** The feature's centre (where a move puts the pointer's spot), inches. */
  centre: [number, number] | null;
  /** The Move button is armed: the ghost follows the pointer and a click moves the feature there. Default false. */
  armed?: boolean;
  /** A press on the feature drags it (the camera does not orbit). Default true. */
  draggable?: boolean;
  /** Battlefield size, inches. */
  width: number;
  depth: number;
  /** Ghost colour. Default '#ffe066'. */
  color?: string;
  /** A drop or a click: the new centre, inches. */
  onMove: (at: [number, number]) => void;
}

function isInside(o: Object3D, ancestor: Object3D): boolean {
  for (let p: Object3D | null = o; p; p = p.parent) if (p === ancestor) return true;
  return false;
}

/** The terrain feature id of a drawn mesh (its `terrain-<id>` group, TerrainFeatureMesh.tsx), or null. */
function featureOf(o: Object3D): string | null {
  for (let p: Object3D | null = o; p; p = p.parent) if (p.name.startsWith('terrain-')) return p.name.slice('terrain-'.length);
  return null;
}

/**
 * Moves the selected terrain feature with the pointer (issue 18, the sandbox): a press on it and a
 * drag carries a translucent copy of it (the drop calls `onMove` with the new centre), and while
 * `armed` (the Move button) the copy follows the pointer and a click puts it there. The engine
 * decides; this layer only draws the ghost and reports where.
 */
export function FeatureMoveLayer({ feature, centre, armed = false, draggable = true, width, depth, color = '#ffe066', onMove }: FeatureMoveLayerProps) {
  const get = useThree((s) => s.get);
  const ghost = useRef<Group>(null);
  const cb = useRef(onMove);
  cb.current = onMove;
  const centreRef = useRef(centre);
  centreRef.current = centre;
  const id = feature?.id ?? null;
  const on = id !== null && centre !== null && (armed || draggable);

  const geometry = useMemo(() => {
    if (!feature) return null;
    const g = new BufferGeometry();
    g.setAttribute('position', new BufferAttribute(feature.positions, 3));
    g.computeVertexNormals();
    g.computeBoundingSphere();
    return g;
  }, [feature]);
  useEffect(() => () => geometry?.dispose(), [geometry]);

  useEffect(() => {
    if (!on || id === null) return;
    const { gl } = get();
    const el = gl.domElement;
    const raycaster = new Raycaster();
    const ndc = new Vector2();
    let down: PressPoint = null;
    let drag: { grab: [number, number]; x: number; y: number } | null = null;

    const cast = (e: { clientX: number; clientY: number }) => castFromPointer(raycaster, ndc, el, get().camera, e);
    const meshes = (): Mesh[] => {
      const out: Mesh[] = [];
      const skip = ghost.current;
      get().scene.traverseVisible((o) => {
        const m = o as Mesh & { isLineSegments2?: boolean; isLine2?: boolean };
        if (m.isMesh && !m.isLineSegments2 && !m.isLine2 && !(skip && isInside(m, skip))) out.push(m);
      });
      return out;
    };
    /** The plan-view point under the pointer: on whatever it is over but the moving feature, else on the table plane. */
    const spot = (e: { clientX: number; clientY: number }): [number, number] | null => {
      cast(e);
      const hit = raycaster.intersectObjects(meshes(), false).find((h) => featureOf(h.object) !== id);
      if (hit) {
        const [x, y] = sceneToTable(hit.point, width, depth);
        return [x, y];
      }
      return rayToTable(raycaster.ray, width, depth);
    };
    /** Where the feature's centre goes for the pointer now. */
    const target = (e: { clientX: number; clientY: number }): [number, number] | null => {
      if (drag) {
        cast(e);
        const p = rayToTable(raycaster.ray, width, depth);
        const c = centreRef.current;
        return p && c ? [c[0] + p[0] - drag.grab[0], c[1] + p[1] - drag.grab[1]] : null;
      }
      return spot(e);
    };
    const show = (at: [number, number] | null) => {
      const g = ghost.current;
      const c = centreRef.current;
      if (!g) return;
      g.visible = at !== null && c !== null;
      if (at && c) g.position.set(at[0] - c[0], at[1] - c[1], 0);
      get().invalidate();
    };
    const hover = frameThrottle((e: PointerEvent) => {
      if (armed || drag) show(target(e));
    });
    const move = hover.move;
    const controls = () => get().controls as unknown as { enabled: boolean } | null;
    const press = (e: PointerEvent) => {
      if (e.button !== 0) return;
      down = { x: e.clientX, y: e.clientY };
      if (armed || !draggable) return;
      cast(e);
      const first = raycaster.intersectObjects(meshes(), false)[0];
      if (!first || featureOf(first.object) !== id) return;
      const grab = rayToTable(raycaster.ray, width, depth);
      if (!grab) return;
      // Before the orbit controls see the press: a drag of the piece, not of the camera.
      drag = { grab, x: e.clientX, y: e.clientY };
      const c = controls();
      if (c) c.enabled = false;
    };
    const release = (e: PointerEvent) => {
      const g = drag;
      drag = null;
      if (!g) return;
      const c = controls();
      if (c) c.enabled = true;
      show(null);
      // A release where it was pressed is a click, not a move (the armed click takes it).
      if (e.button !== 0 || isClick(g, e)) return;
      down = null;
      cast(e);
      const p = rayToTable(raycaster.ray, width, depth);
      const centreNow = centreRef.current;
      if (p && centreNow) cb.current([centreNow[0] + p[0] - g.grab[0], centreNow[1] + p[1] - g.grab[1]]);
    };
    /**
     * The armed click: the new spot. Taken before the scene sees it (capture), so it neither
     * selects what is under it nor counts as a click on nothing (which would clear the selection).
     */
    const click = (e: MouseEvent) => {
      const d = down;
      down = null;
      if (!armed || !isClick(d, e)) return;
      e.stopImmediatePropagation();
      const at = spot(e);
      if (at) cb.current(at);
    };
    const leave = () => {
      if (!drag) show(null);
    };
    el.addEventListener('pointerdown', press, { capture: true });
    el.addEventListener('click', click, { capture: true });
    el.addEventListener('pointerleave', leave);
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', release);
    window.addEventListener('pointercancel', release);
    return () => {
      hover.cancel();
      el.removeEventListener('pointerdown', press, { capture: true });
      el.removeEventListener('click', click, { capture: true });
      el.removeEventListener('pointerleave', leave);
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', release);
      window.removeEventListener('pointercancel', release);
      const c = controls();
      if (drag && c) c.enabled = true;
      if (ghost.current) ghost.current.visible = false;
    };
  }, [on, id, armed, draggable, get, width, depth]);

  if (!geometry) return null;
  return (
    <group ref={ghost} visible={false} name="move-ghost">
      <mesh geometry={geometry} raycast={() => null} renderOrder={9}>
        <meshStandardMaterial color={color} transparent opacity={0.45} depthWrite={false} side={DoubleSide} />
      </mesh>
    </group>
  );
}
