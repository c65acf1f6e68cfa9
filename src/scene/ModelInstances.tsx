import { useThree, type ThreeEvent } from '@react-three/fiber';
import { useLayoutEffect, useMemo, useRef } from 'react';
import { Color, InstancedMesh, Matrix4, MeshStandardMaterial, Quaternion, Vector3, type Ray } from 'three';
import { unitBaseGeometry, unitFigureGeometry, unitMountGeometry } from './geometries';
import { armyColor, SELECT_COLOR } from './palette';
import type { ModelView } from './types';

/** Props of {@link ModelInstances}. Table space (inches, z up). */
export interface ModelInstancesProps {
  /** Every model to draw; instance i is models[i]. */
  models: ModelView[];
  /** Army list, for stable army colours. */
  armies: string[];
  /** Ids of selected models (drawn gold). Default: none. */
  selectedIds?: ReadonlySet<string>;
  /** Id of the hovered model (drawn lighter). Default: none. */
  hoveredId?: string | null;
  /**
   * Share of the base's half-axes the figure proxy spans. Default 0.62: a figure stands inside
   * its base, leaving the rim visible.
   */
  figureWidth?: number;
  /** Pointer moved over a model (client coordinates); null on leaving. */
  onHover?: (id: string | null, clientX: number, clientY: number) => void;
  /** A model was clicked (`unit` true with shift held) or double-clicked (`unit` true). */
  onSelect?: (id: string, opts: { unit: boolean; additive: boolean }) => void;
  /**
   * A model was pressed with the primary button (to drag it): `ray` is the pointer's scene-space
   * ray. When given, a press on a model never starts orbiting the camera.
   */
  onPress?: (id: string, ray: Ray) => void;
}

const _m = new Matrix4();
const _p = new Vector3();
const _q = new Quaternion();
const _s = new Vector3();
const _z = new Vector3(0, 0, 1);
const _c = new Color();
const _white = new Color('#ffffff');
const _select = new Color(SELECT_COLOR);

/**
 * Every model as instanced meshes (one draw call each, whatever the army size): its base, a
 * round or elliptic cylinder of the base's size and thickness, and a pawn-like figure rising to the
 * model's height, in the army's colour; models on oval bases (cavalry, monsters) get a mount body
 * along the base's long axis with a rider on top. Hover lightens a model, selection turns it gold.
 */
export function ModelInstances({ models, armies, selectedIds, hoveredId = null, figureWidth = 0.62, onHover, onSelect, onPress }: ModelInstancesProps) {
  const bases = useRef<InstancedMesh>(null);
  const figures = useRef<InstancedMesh>(null);
  const mounts = useRef<InstancedMesh>(null);
  /** Model index of each mount instance: models on oval bases get a mount under their rider. */
  const mounted = useMemo(() => models.flatMap((m, i) => ('oval' in m.base ? [i] : [])), [models]);
  const invalidate = useThree((s) => s.invalidate);
  const getState = useThree((s) => s.get);
  const baseMaterial = useMemo(() => new MeshStandardMaterial({ color: '#ffffff', roughness: 0.55, metalness: 0.1 }), []);
  const figureMaterial = useMemo(() => new MeshStandardMaterial({ color: '#ffffff', roughness: 0.5, metalness: 0.15 }), []);

  // Placement: only when the models change.
  useLayoutEffect(() => {
    const b = bases.current;
    const f = figures.current;
    const mt = mounts.current;
    if (!b || !f) return;
    const isMounted = new Set(mounted);
    models.forEach((m, i) => {
      const fp = m.footprint;
      _q.setFromAxisAngle(_z, fp.facingRad);
      _p.set(fp.x, fp.y, m.elevation);
      _s.set(fp.semiMajor, fp.semiMinor, m.baseThickness);
      b.setMatrixAt(i, _m.compose(_p, _q, _s));
      const top = m.elevation + Math.max(m.height, m.baseThickness + 0.05);
      const foot = m.elevation + m.baseThickness;
      if (isMounted.has(i)) {
        // A rider (a slimmer pawn) sits on the mount's back, 30% up the figure.
        const seat = foot + 0.3 * (top - foot);
        _p.set(fp.x, fp.y, seat);
        _s.set(fp.semiMinor * 0.4, fp.semiMinor * 0.4, top - seat);
      } else {
        _p.set(fp.x, fp.y, foot);
        _s.set(fp.semiMajor * figureWidth, fp.semiMinor * figureWidth, top - foot);
      }
      f.setMatrixAt(i, _m.compose(_p, _q, _s));
    });
    if (mt) {
      mounted.forEach((i, k) => {
        const m = models[i];
        const fp = m.footprint;
        const foot = m.elevation + m.baseThickness;
        const top = m.elevation + Math.max(m.height, m.baseThickness + 0.05);
        _q.setFromAxisAngle(_z, fp.facingRad);
        _p.set(fp.x, fp.y, foot + 0.03 * (top - foot));
        _s.set(fp.semiMajor * 0.82, fp.semiMinor * 0.46, 0.36 * (top - foot));
        mt.setMatrixAt(k, _m.compose(_p, _q, _s));
      });
      mt.instanceMatrix.needsUpdate = true;
      mt.computeBoundingSphere();
      mt.computeBoundingBox();
    }
    b.instanceMatrix.needsUpdate = true;
    f.instanceMatrix.needsUpdate = true;
    b.computeBoundingSphere();
    b.computeBoundingBox();
    f.computeBoundingSphere();
    f.computeBoundingBox();
    invalidate();
  }, [models, mounted, figureWidth, invalidate]);

  // Colours: army colour, lighter when hovered, gold when selected.
  useLayoutEffect(() => {
    const b = bases.current;
    const f = figures.current;
    const mt = mounts.current;
    if (!b || !f) return;
    const figureColors = models.map((m) => {
      const c = new Color(armyColor(m.army, armies));
      if (selectedIds?.has(m.id)) c.lerp(_select, 0.7);
      if (hoveredId === m.id) c.lerp(_white, 0.35);
      return c;
    });
    models.forEach((m, i) => {
      f.setColorAt(i, figureColors[i]);
      _c.set(armyColor(m.army, armies)).multiplyScalar(0.35);
      if (selectedIds?.has(m.id)) _c.copy(_select);
      if (hoveredId === m.id) _c.lerp(_white, 0.3);
      b.setColorAt(i, _c);
    });
    // Mounts: a darker shade of the rider's colour.
    if (mt) mounted.forEach((i, k) => mt.setColorAt(k, _c.copy(figureColors[i]).multiplyScalar(0.62)));
    for (const mesh of [b, f, mt]) if (mesh?.instanceColor) mesh.instanceColor.needsUpdate = true;
    invalidate();
  }, [models, mounted, armies, selectedIds, hoveredId, invalidate]);

  const idOf = (e: ThreeEvent<MouseEvent | PointerEvent>) => {
    if (e.instanceId === undefined) return null;
    const i = e.eventObject === mounts.current ? mounted[e.instanceId] : e.instanceId;
    return i === undefined ? null : (models[i]?.id ?? null);
  };
  const handlers = {
    onPointerMove: onHover
      ? (e: ThreeEvent<PointerEvent>) => {
          const id = idOf(e);
          if (!id) return;
          e.stopPropagation();
          onHover(id, e.nativeEvent.clientX, e.nativeEvent.clientY);
        }
      : undefined,
    onPointerOut: onHover ? () => onHover(null, 0, 0) : undefined,
    onClick: onSelect
      ? (e: ThreeEvent<MouseEvent>) => {
          const id = idOf(e);
          if (!id) return;
          e.stopPropagation();
          onSelect(id, { unit: e.nativeEvent.shiftKey, additive: e.nativeEvent.ctrlKey || e.nativeEvent.metaKey });
        }
      : undefined,
    onPointerDown: onPress
      ? (e: ThreeEvent<PointerEvent>) => {
          if (e.nativeEvent.button !== 0) return;
          const id = idOf(e);
          if (!id) return;
          e.stopPropagation();
          // Synchronously, before the orbit controls see this same pointerdown.
          const controls = getState().controls as unknown as { enabled: boolean } | null;
          if (controls) controls.enabled = false;
          onPress(id, e.ray.clone());
        }
      : undefined,
    onDoubleClick: onSelect
      ? (e: ThreeEvent<MouseEvent>) => {
          const id = idOf(e);
          if (!id) return;
          e.stopPropagation();
          onSelect(id, { unit: true, additive: false });
        }
      : undefined,
  };

  // A new instance count needs new InstancedMeshes: key on the count.
  const n = models.length;
  return (
    <group name="models">
      <instancedMesh key={`b${n}`} ref={bases} args={[unitBaseGeometry(), baseMaterial, n]} castShadow receiveShadow {...handlers} />
      <instancedMesh key={`f${n}`} ref={figures} args={[unitFigureGeometry(), figureMaterial, n]} castShadow receiveShadow {...handlers} />
      {mounted.length > 0 && (
        <instancedMesh key={`m${mounted.length}`} ref={mounts} args={[unitMountGeometry(), figureMaterial, mounted.length]} castShadow receiveShadow {...handlers} />
      )}
    </group>
  );
}
