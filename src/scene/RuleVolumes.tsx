/**
 * The volumes the line-of-sight rules use, drawn (issue 39): each model's base footprint extruded
 * from its elevation to elevation + height (SCENARIO.md; Core 1.0, 6.0), as a translucent shell
 * with an outline at its bottom and top rims and eight vertical lines, so the eye view and the proof
 * PNG show the cylinder the verdict rests on, not only the drawn figure (often narrower). Models that
 * block the line are drawn in the blocking colour, more opaque. Table space (inches, z up): draw it
 * inside `TableSpace`.
 */
import { useEffect, useMemo } from 'react';
import { BufferAttribute, BufferGeometry, DoubleSide } from 'three';
import type { ModelView } from './types';

/** Props of {@link RuleVolumes}. */
export interface RuleVolumesProps {
  /** The models whose volumes are drawn. */
  models: readonly ModelView[];
  /** Ids of the models drawn as blockers (highlighted). */
  blocking?: ReadonlySet<string>;
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

/** The rules' volumes of `models` (see the module notes); the blocking ones highlighted. */
export function RuleVolumes({ models, blocking, color = '#8fd3ff', blockingColor = '#ff5a4f' }: RuleVolumesProps) {
  const plain = models.filter((m) => !blocking?.has(m.id));
  const blockers = models.filter((m) => blocking?.has(m.id));
  return (
    <group name="rule-volumes">
      <VolumeSet name="rule-volumes-plain" models={plain} color={color} outlineOpacity={0.75} shellOpacity={0.1} />
      <VolumeSet name="rule-volumes-blocking" models={blockers} color={blockingColor} outlineOpacity={0.95} shellOpacity={0.28} />
    </group>
  );
}
