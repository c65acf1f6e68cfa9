import { useThree } from '@react-three/fiber';
import { useEffect, useReducer, useRef } from 'react';
import { Raycaster, Vector2, type Group, type Mesh, type Object3D } from 'three';
import { inches2 } from '../ui/format';
import { rulerDistance, rulerReduce, rulerSegment, RULER_IDLE, type RulerState } from '../ui/tools/rulerTool';
import type { Point3 } from '../ui/tools/types';
import { sceneToTable } from './coords';
import { rayToTable } from './DragController';
import { SceneLabel } from './SceneLabel';
import { SegmentMarker } from './SegmentMarker';
import { castFromPointer, clickDetector, frameThrottle } from './pointerOnTable';

/** Props of {@link RulerLayer}. Table space (inches, z up). */
export interface RulerLayerProps {
  width: number;
  depth: number;
  /** Told every state (for the test hook); called outside React's render. */
  onState?: (s: RulerState) => void;
}

const RULER_COLOR = '#ffe066';

function pickables(root: Object3D, skip: Object3D | null): Mesh[] {
  const out: Mesh[] = [];
  root.traverseVisible((o) => {
    const m = o as Mesh & { isLineSegments2?: boolean; isLine2?: boolean };
    if (m.isMesh && !m.isLineSegments2 && !m.isLine2) out.push(m);
  });
  return skip ? out.filter((m) => !isInside(m, skip)) : out;
}

function isInside(o: Object3D, ancestor: Object3D): boolean {
  for (let p: Object3D | null = o; p; p = p.parent) if (p === ancestor) return true;
  return false;
}

/**
 * The free ruler (tool `ruler`, `src/ui/tools/rulerTool.ts`): a click anywhere on the table, a
 * terrain surface or a model anchors it, a live line follows the pointer with its length, the
 * second click fixes it. Keeps its own state (only this layer redraws while the pointer moves).
 * Esc clears it (the App then leaves the tool).
 */
export function RulerLayer({ width, depth, onState }: RulerLayerProps) {
  const get = useThree((s) => s.get);
  const own = useRef<Group>(null);
  const [state, dispatch] = useReducer(rulerReduce, RULER_IDLE);
  const report = useRef(onState);
  report.current = onState;
  useEffect(() => {
    report.current?.(state);
    get().invalidate();
  }, [state, get]);

  useEffect(() => {
    const { gl } = get();
    const el = gl.domElement;
    const raycaster = new Raycaster();
    const ndc = new Vector2();
    const hit = (e: { clientX: number; clientY: number }): Point3 | null => {
      const { camera, scene } = get();
      castFromPointer(raycaster, ndc, el, camera, e);
      const hits = raycaster.intersectObjects(pickables(scene, own.current), false);
      const round = (v: number) => Math.round(v * 1000) / 1000;
      if (hits.length) {
        const [x, y, z] = sceneToTable(hits[0].point, width, depth);
        return [round(x), round(y), round(Math.max(0, z))];
      }
      const p = rayToTable(raycaster.ray, width, depth);
      return p ? [round(p[0]), round(p[1]), 0] : null;
    };
    const hover = frameThrottle((e: PointerEvent) => dispatch({ type: 'hover', at: hit(e) }));
    const move = hover.move;
    const { press, release } = clickDetector((e: PointerEvent) => {
      const at = hit(e);
      if (at) dispatch({ type: 'click', at });
    });
    el.addEventListener('pointermove', move);
    el.addEventListener('pointerdown', press);
    el.addEventListener('pointerup', release);
    return () => {
      hover.cancel();
      el.removeEventListener('pointermove', move);
      el.removeEventListener('pointerdown', press);
      el.removeEventListener('pointerup', release);
    };
  }, [get, width, depth]);

  const seg = rulerSegment(state);
  const d = seg ? rulerDistance(seg[0], seg[1]) : null;
  return (
    <group ref={own}>
      {state.name === 'anchored' && !seg && <SegmentMarker points={[state.from, state.from]} color={RULER_COLOR} lineWidth={3} />}
      {seg && d && (
        <>
          <SegmentMarker points={seg} color={RULER_COLOR} lineWidth={3} dashed={state.name === 'anchored'} />
          <SceneLabel position={[(seg[0][0] + seg[1][0]) / 2, (seg[0][1] + seg[1][1]) / 2, Math.max(seg[0][2], seg[1][2]) + 0.8]} testId="ruler-label">
            {inches2(d.distance)}
            {Math.abs(d.distance - d.horizontal) > 0.005 ? ` (${inches2(d.horizontal)} flat)` : ''}
          </SceneLabel>
        </>
      )}
    </group>
  );
}
