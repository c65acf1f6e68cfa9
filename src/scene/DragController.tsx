import { useThree } from '@react-three/fiber';
import { useEffect, useRef } from 'react';
import { Plane, Raycaster, Vector2, Vector3, type Ray } from 'three';
import { sceneToTable } from './coords';

/** Props of {@link DragController}. */
export interface DragControllerProps {
  /** True while a model is pressed or dragged: pointer moves and the release are followed. */
  active: boolean;
  /** Battlefield width, inches. */
  width: number;
  /** Battlefield depth, inches. */
  depth: number;
  /** The pointer moved: where its ray meets the table plane (z = 0), table space, inches. */
  onPointer: (at: [number, number]) => void;
  /** The pointer was released (or cancelled). */
  onRelease: () => void;
}

const TABLE_PLANE = new Plane(new Vector3(0, 1, 0), 0);
const _hit = new Vector3();

/** Where a scene-space ray meets the table plane (z = 0), table space, or null when it does not. */
export function rayToTable(ray: Ray, width: number, depth: number): [number, number] | null {
  const hit = ray.intersectPlane(TABLE_PLANE, _hit);
  if (!hit) return null;
  const [x, y] = sceneToTable(hit, width, depth);
  return [x, y];
}

/**
 * Follows a drag over the table: while `active`, the orbit controls are off, every pointer move is
 * cast from the camera onto the table plane and reported in table coordinates, and the release is
 * reported. Mount it only while dragging is possible (it turns the orbit controls back on at every
 * pointer release outside a drag). Draws nothing.
 */
export function DragController({ active, width, depth, onPointer, onRelease }: DragControllerProps) {
  const get = useThree((s) => s.get);
  const cb = useRef({ onPointer, onRelease });
  cb.current = { onPointer, onRelease };
  const activeRef = useRef(active);
  activeRef.current = active;
  // A press that did not become a drag (refused by the page) must not leave the camera locked.
  useEffect(() => {
    const up = () => {
      if (activeRef.current) return;
      const c = get().controls as unknown as { enabled: boolean } | null;
      if (c && !c.enabled) c.enabled = true;
    };
    window.addEventListener('pointerup', up);
    return () => window.removeEventListener('pointerup', up);
  }, [get]);
  useEffect(() => {
    if (!active) return;
    const { gl } = get();
    const raycaster = new Raycaster();
    const ndc = new Vector2();
    const controls = get().controls as unknown as { enabled: boolean } | null;
    if (controls) controls.enabled = false;
    const move = (e: PointerEvent) => {
      const r = gl.domElement.getBoundingClientRect();
      ndc.set(((e.clientX - r.left) / r.width) * 2 - 1, -((e.clientY - r.top) / r.height) * 2 + 1);
      raycaster.setFromCamera(ndc, get().camera);
      const at = rayToTable(raycaster.ray, width, depth);
      if (at) cb.current.onPointer(at);
    };
    const up = () => cb.current.onRelease();
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
    window.addEventListener('pointercancel', up);
    return () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      window.removeEventListener('pointercancel', up);
      const c = get().controls as unknown as { enabled: boolean } | null;
      if (c) c.enabled = true;
    };
  }, [active, get, width, depth]);
  return null;
}
