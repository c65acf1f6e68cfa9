/**
 * The volumes the line-of-sight rules use, drawn (issue 39): each model's base footprint extruded
 * from its elevation to elevation + height (SCENARIO.md; Core 1.0, 6.0), as a translucent shell
 * with an outline at its bottom and top rims and eight vertical lines, so the eye view and the proof
 * PNG show the cylinder the verdict rests on, not only the drawn figure (often narrower). Where the
 * drawn line meets a blocking model's volume, only that part is highlighted in the blocking colour:
 * a patch of its surface around the line's entry and exit points, and the chord between them (a
 * line grazing the rim gets one small patch there). Table space (inches, z up): draw it inside
 * `TableSpace`.
 */
import { useEffect, useMemo } from 'react';
import { BufferAttribute, BufferGeometry, DoubleSide } from 'three';
import type { ModelView } from './types';

/** Where a line meets a model's volume: its first (`at`) and last (`exit`) contact, table space inches. */
export interface VolumeContact {
  id: string;
  at: [number, number, number];
  exit: [number, number, number];
}

/** Props of {@link RuleVolumes}. */
export interface RuleVolumesProps {
  /** The models whose volumes are drawn. */
  models: readonly ModelView[];
  /** Where the drawn line meets blocking models: entry (`at`) and exit points, inches (the engine's `losBlockers`). */
  contacts?: readonly VolumeContact[];
  /** Colour of the ordinary volumes. Default a light blue. */
  color?: string;
  /** Colour of the blocking volumes. Default red. */
  blockingColor?: string;
}

const RIM_SEGMENTS = 48;
const VERTICALS = 8;
const none = () => null;

/** The rim point `k` of `n` of a model's footprint at height z. */
function rimPoint(m: ModelView, k: number, n: number, z: number): [number, number, number] {
  const f = m.footprint;
  const t = (2 * Math.PI * k) / n;
  const u = f.semiMajor * Math.cos(t);
  const v = f.semiMinor * Math.sin(t);
  const c = Math.cos(f.facingRad);
  const s = Math.sin(f.facingRad);
  return [f.x + c * u - s * v, f.y + s * u + c * v, z];
}

/** Line segments outlining the volumes (two rims and the verticals per model), table space. */
export function volumeOutline(models: readonly ModelView[]): Float32Array {
  const out: number[] = [];
  for (const m of models) {
    const z0 = m.elevation;
    const z1 = m.elevation + m.height;
    for (const z of [z0, z1]) {
      for (let k = 0; k < RIM_SEGMENTS; k++) out.push(...rimPoint(m, k, RIM_SEGMENTS, z), ...rimPoint(m, k + 1, RIM_SEGMENTS, z));
    }
    for (let k = 0; k < VERTICALS; k++) out.push(...rimPoint(m, k, VERTICALS, z0), ...rimPoint(m, k, VERTICALS, z1));
  }
  return new Float32Array(out);
}

/** Triangles of the volumes' side walls and top caps (the translucent shell), table space. */
function volumeShell(models: readonly ModelView[]): Float32Array {
  const out: number[] = [];
  for (const m of models) {
    const z0 = m.elevation;
    const z1 = m.elevation + m.height;
    const top: [number, number, number] = [m.footprint.x, m.footprint.y, z1];
    for (let k = 0; k < RIM_SEGMENTS; k++) {
      const a0 = rimPoint(m, k, RIM_SEGMENTS, z0);
      const b0 = rimPoint(m, k + 1, RIM_SEGMENTS, z0);
      const a1 = rimPoint(m, k, RIM_SEGMENTS, z1);
      const b1 = rimPoint(m, k + 1, RIM_SEGMENTS, z1);
      out.push(...a0, ...b0, ...b1, ...a0, ...b1, ...a1, ...top, ...a1, ...b1);
    }
  }
  return new Float32Array(out);
}

function useGeometry(positions: Float32Array): BufferGeometry {
  const g = useMemo(() => {
    const geometry = new BufferGeometry();
    geometry.setAttribute('position', new BufferAttribute(positions, 3));
    return geometry;
  }, [positions]);
  useEffect(() => () => g.dispose(), [g]);
  return g;
}

function VolumeSet({ models, color, outlineOpacity, shellOpacity, name }: { models: readonly ModelView[]; color: string; outlineOpacity: number; shellOpacity: number; name: string }) {
  const key = models.map((m) => `${m.id}:${m.footprint.x},${m.footprint.y},${m.elevation},${m.height},${m.footprint.facingRad}`).join(';');
  const outline = useGeometry(useMemo(() => volumeOutline(models), [key])); // eslint-disable-line react-hooks/exhaustive-deps
  const shell = useGeometry(useMemo(() => volumeShell(models), [key])); // eslint-disable-line react-hooks/exhaustive-deps
  if (!models.length) return null;
  return (
    <group name={name} userData={{ modelIds: models.map((m) => m.id) }}>
      <lineSegments geometry={outline} renderOrder={19} raycast={none}>
        <lineBasicMaterial color={color} transparent opacity={outlineOpacity} depthTest={false} toneMapped={false} />
      </lineSegments>
      <mesh geometry={shell} renderOrder={18} raycast={none}>
        <meshBasicMaterial color={color} transparent opacity={shellOpacity} depthWrite={false} side={DoubleSide} toneMapped={false} />
      </mesh>
    </group>
  );
}

/** Half-size of a highlighted patch, inches: along the rim and up or down the side, or its radius on a cap. */
const PATCH = 0.32;
const PATCH_STEPS = 8;

/** A model's local frame: the rim's angle and normalised radius of a point (1 on the rim). */
function localOf(m: ModelView, p: readonly number[]): { angle: number; r: number } {
  const f = m.footprint;
  const dx = p[0] - f.x;
  const dy = p[1] - f.y;
  const c = Math.cos(f.facingRad);
  const s = Math.sin(f.facingRad);
  const u = (c * dx + s * dy) / f.semiMajor;
  const v = (-s * dx + c * dy) / f.semiMinor;
  return { angle: Math.atan2(v, u), r: Math.hypot(u, v) };
}

/** The rim point of a model's footprint at angle `t` (of the unit circle before scaling) and height z. */
function rimAt(m: ModelView, t: number, z: number): [number, number, number] {
  const f = m.footprint;
  const u = f.semiMajor * Math.cos(t);
  const v = f.semiMinor * Math.sin(t);
  const c = Math.cos(f.facingRad);
  const s = Math.sin(f.facingRad);
  return [f.x + c * u - s * v, f.y + s * u + c * v, z];
}

/**
 * Triangles of the part of a model's volume surface around a contact point `p` (table space): a
 * band of its side wall `PATCH` either way along the rim and up and down (within the volume), or a
 * small disc on its top or bottom cap when `p` lies there.
 */
export function contactPatch(m: ModelView, p: readonly number[]): number[] {
  const z0 = m.elevation;
  const z1 = m.elevation + m.height;
  const { angle, r } = localOf(m, p);
  const out: number[] = [];
  const onCap = r < 0.97 && (Math.abs(p[2] - z1) < 0.02 || Math.abs(p[2] - z0) < 0.02);
  if (onCap) {
    const z = Math.abs(p[2] - z1) < 0.02 ? z1 : z0;
    const n = 16;
    for (let k = 0; k < n; k++) {
      const a0 = (2 * Math.PI * k) / n;
      const a1 = (2 * Math.PI * (k + 1)) / n;
      out.push(p[0], p[1], z, p[0] + PATCH * Math.cos(a0), p[1] + PATCH * Math.sin(a0), z, p[0] + PATCH * Math.cos(a1), p[1] + PATCH * Math.sin(a1), z);
    }
    return out;
  }
  const radius = (m.footprint.semiMajor + m.footprint.semiMinor) / 2;
  const half = Math.min(Math.PI / 4, PATCH / Math.max(0.05, radius));
  const lo = Math.max(z0, p[2] - PATCH);
  const hi = Math.min(z1, p[2] + PATCH);
  for (let k = 0; k < PATCH_STEPS; k++) {
    const t0 = angle - half + (2 * half * k) / PATCH_STEPS;
    const t1 = angle - half + (2 * half * (k + 1)) / PATCH_STEPS;
    const a0 = rimAt(m, t0, lo);
    const b0 = rimAt(m, t1, lo);
    const a1 = rimAt(m, t0, hi);
    const b1 = rimAt(m, t1, hi);
    out.push(...a0, ...b0, ...b1, ...a0, ...b1, ...a1);
  }
  return out;
}

/** Total area of triangles (flat `[x, y, z] x 3` per triangle), square inches. */
export function trianglesArea(t: ArrayLike<number>): number {
  let a = 0;
  for (let k = 0; k + 8 < t.length; k += 9) {
    const ux = t[k + 3] - t[k], uy = t[k + 4] - t[k + 1], uz = t[k + 5] - t[k + 2];
    const vx = t[k + 6] - t[k], vy = t[k + 7] - t[k + 1], vz = t[k + 8] - t[k + 2];
    a += Math.hypot(uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx) / 2;
  }
  return a;
}

/**
 * The highlighted part of each blocking model's volume: patches at the line's entry and exit (one
 * when they are within a patch of each other) and the chord between them. `share`: for each model,
 * the highlighted area over its whole surface (the test hook reads it: a part, never the whole).
 */
function ContactHighlights({ models, contacts, color }: { models: readonly ModelView[]; contacts: readonly VolumeContact[]; color: string }) {
  const byId = new Map(models.map((m) => [m.id, m]));
  const key = contacts.map((c) => `${c.id}:${c.at.join(',')}:${c.exit.join(',')}`).join(';') + '|' + models.map((m) => `${m.id}:${m.footprint.x},${m.footprint.y},${m.elevation}`).join(';');
  const built = useMemo(() => {
    const patches: number[] = [];
    const chords: number[] = [];
    const share: { id: string; highlighted: number; whole: number }[] = [];
    for (const c of contacts) {
      const m = byId.get(c.id);
      if (!m) continue;
      const mine = contactPatch(m, c.at);
      if (Math.hypot(c.exit[0] - c.at[0], c.exit[1] - c.at[1], c.exit[2] - c.at[2]) > PATCH) mine.push(...contactPatch(m, c.exit));
      patches.push(...mine);
      chords.push(...c.at, ...c.exit);
      share.push({ id: c.id, highlighted: trianglesArea(mine), whole: trianglesArea(volumeShell([m])) });
    }
    return { patches: new Float32Array(patches), chords: new Float32Array(chords), share };
  }, [key]); // eslint-disable-line react-hooks/exhaustive-deps
  const patchGeometry = useGeometry(built.patches);
  const chordGeometry = useGeometry(built.chords);
  if (!built.share.length) return null;
  return (
    <group name="rule-volumes-blocking" userData={{ modelIds: built.share.map((s) => s.id), share: built.share }}>
      <mesh geometry={patchGeometry} renderOrder={20} raycast={none}>
        <meshBasicMaterial color={color} transparent opacity={0.6} depthWrite={false} depthTest={false} side={DoubleSide} toneMapped={false} />
      </mesh>
      <lineSegments geometry={chordGeometry} renderOrder={21} raycast={none}>
        <lineBasicMaterial color={color} depthTest={false} toneMapped={false} />
      </lineSegments>
    </group>
  );
}

/** The rules' volumes of `models` (see the module notes); where the line meets the blocking ones highlighted. */
export function RuleVolumes({ models, contacts = [], color = '#8fd3ff', blockingColor = '#ff5a4f' }: RuleVolumesProps) {
  return (
    <group name="rule-volumes">
      <VolumeSet name="rule-volumes-plain" models={models} color={color} outlineOpacity={0.75} shellOpacity={0.1} />
      <ContactHighlights models={models} contacts={contacts} color={blockingColor} />
    </group>
  );
}
