import { useThree } from '@react-three/fiber';
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { CylinderGeometry, DoubleSide, type InstancedMesh, Matrix4, MeshBasicMaterial, type MeshBasicMaterialParameters, Quaternion, RingGeometry, Vector3 } from 'three';
import type { ModelView } from './types';

/** Props of {@link CombatRanges}. Table space (inches, z up). */
export interface CombatRangesProps {
  /** Models whose combat ranges to draw. */
  models: ModelView[];
  /** Colour of a model's range (its army's colour). */
  colorOf: (m: ModelView) => string;
  /** Combat range from the edge of the base, inches. Default 3 (Core 7.0). */
  range?: number;
  /** How tall the drawn cylinders are, inches (combat range is infinitely tall; this is the whole table's height). */
  height: number;
  /** Wall opacity. Default {@link DEFAULT_RANGE_OPACITY}. */
  opacity?: number;
}

/** The default opacity of a combat range's wall. */
export const DEFAULT_RANGE_OPACITY = 0.12;

/**
 * The parameters of a combat range's three materials in one colour: the wall (`opacity`), the foot
 * rim and the top rim. `ShaderWarmup` compiles their programs from the same parameters.
 */
export function rangeMaterialParameters(color: string, opacity: number): Record<'wall' | 'foot' | 'top', MeshBasicMaterialParameters> {
  return {
    wall: { color, transparent: true, opacity, side: DoubleSide, depthWrite: false, toneMapped: false },
    foot: { color, transparent: true, opacity: 0.8, depthWrite: false, toneMapped: false },
    top: { color, transparent: true, opacity: 0.3, side: DoubleSide, depthWrite: false, toneMapped: false },
  };
}

const none = () => null;

let wall: CylinderGeometry | null = null;
let rim: RingGeometry | null = null;

/** A unit open cylinder (radius 1, z from 0 to 1). */
function wallGeometry(): CylinderGeometry {
  if (!wall) {
    wall = new CylinderGeometry(1, 1, 1, 72, 1, true);
    wall.rotateX(Math.PI / 2);
    wall.translate(0, 0, 0.5);
  }
  return wall;
}

/** A thin unit ring for the range's foot. */
function rimGeometry(): RingGeometry {
  if (!rim) rim = new RingGeometry(0.985, 1, 96);
  return rim;
}

/**
 * Translucent 3" combat ranges (Core 7.0: 3" horizontally from the base, any distance vertically),
 * drawn as tall cylinders around each base: round bases exactly, oval bases as a scaled ellipse
 * (semi-axes + 3"), which approximates the true offset curve of an ellipse. Instanced: three meshes
 * per army colour, so showing hundreds of ranges creates a handful of objects (it used to create
 * four per model, about 70 ms of main thread for 242 models). Drawing only: whether units are in
 * combat comes from the engine worker.
 */
export function CombatRanges({ models, colorOf, range = 3, height, opacity = DEFAULT_RANGE_OPACITY }: CombatRangesProps) {
  const geometry = useMemo(() => wallGeometry(), []);
  const ring = useMemo(() => rimGeometry(), []);
  // The models of each colour, drawn as three instanced meshes (walls, foot rims, top rims): a
  // handful of objects and draw calls however many models show their ranges.
  const byColor = useMemo(() => {
    const out = new Map<string, ModelView[]>();
    for (const m of models) {
      const c = colorOf(m);
      const list = out.get(c);
      if (list) list.push(m);
      else out.set(c, [m]);
    }
    return out;
  }, [models, colorOf]);
  // One set of materials per colour, shared by every model of that colour, kept while the set of
  // colours stays the same (a string key: a new grouping of the same colours keeps them).
  const colors = useMemo(() => [...byColor.keys()].sort().join('\n'), [byColor]);
  const materials = useMemo(() => {
    const out = new Map<string, { wall: MeshBasicMaterial; foot: MeshBasicMaterial; top: MeshBasicMaterial }>();
    for (const color of colors ? colors.split('\n') : []) {
      const p = rangeMaterialParameters(color, opacity);
      out.set(color, { wall: new MeshBasicMaterial(p.wall), foot: new MeshBasicMaterial(p.foot), top: new MeshBasicMaterial(p.top) });
    }
    return out;
  }, [colors, opacity]);
  useEffect(() => () => materials.forEach((m) => [m.wall, m.foot, m.top].forEach((x) => x.dispose())), [materials]);
  return (
    <group name="combat-ranges">
      {[...byColor].map(([color, ms]) => {
        const mat = materials.get(color);
        if (!mat) return null;
        // A new instance count needs new InstancedMeshes: key on it.
        return <ColorRanges key={`${color}|${ms.length}`} models={ms} materials={mat} wall={geometry} ring={ring} range={range} height={height} />;
      })}
    </group>
  );
}

const _m = new Matrix4();
const _p = new Vector3();
const _q = new Quaternion();
const _s = new Vector3();
const _z = new Vector3(0, 0, 1);

/** The ranges of models of one colour: walls, foot rims and top rims, one instance per model. */
function ColorRanges({
  models,
  materials,
  wall,
  ring,
  range,
  height,
}: {
  models: ModelView[];
  materials: { wall: MeshBasicMaterial; foot: MeshBasicMaterial; top: MeshBasicMaterial };
  wall: CylinderGeometry;
  ring: RingGeometry;
  range: number;
  height: number;
}) {
  const walls = useRef<InstancedMesh>(null);
  const feet = useRef<InstancedMesh>(null);
  const tops = useRef<InstancedMesh>(null);
  const invalidate = useThree((s) => s.invalidate);
  useLayoutEffect(() => {
    const w = walls.current;
    const f = feet.current;
    const t = tops.current;
    if (!w || !f || !t) return;
    models.forEach((m, i) => {
      const fp = m.footprint;
      const sx = fp.semiMajor + range;
      const sy = fp.semiMinor + range;
      _q.setFromAxisAngle(_z, fp.facingRad);
      w.setMatrixAt(i, _m.compose(_p.set(fp.x, fp.y, 0), _q, _s.set(sx, sy, height)));
      f.setMatrixAt(i, _m.compose(_p.set(fp.x, fp.y, 0.025), _q, _s.set(sx, sy, 1)));
      t.setMatrixAt(i, _m.compose(_p.set(fp.x, fp.y, height), _q, _s.set(sx, sy, 1)));
    });
    for (const mesh of [w, f, t]) {
      mesh.instanceMatrix.needsUpdate = true;
      mesh.computeBoundingSphere();
    }
    invalidate();
  }, [models, range, height, invalidate]);
  const n = models.length;
  return (
    <>
      <instancedMesh ref={walls} args={[wall, materials.wall, n]} renderOrder={5} raycast={none} />
      <instancedMesh ref={feet} args={[ring, materials.foot, n]} renderOrder={5} raycast={none} />
      <instancedMesh ref={tops} args={[ring, materials.top, n]} renderOrder={5} raycast={none} />
    </>
  );
}
