import { BufferAttribute, BufferGeometry, DoubleSide, Matrix4, Ray, Vector3, Box3 } from 'three';
import { CONTAINED, INTERSECTED, MeshBVH, NOT_INTERSECTED } from 'three-mesh-bvh';
import { IDENTITY_ROTATION, prismBounds, segmentPrismHitAt, type Prism } from './prism';
import { convexSolidContains, type ConvexSolid } from './solids';

/**
 * Something that can block a line of sight (Core 6.0), in the form visibility needs: exact segment
 * tests, a conservative "might touch this capsule" test for shaft culling, and, where the blocker is
 * a solid, a containment test for closure proofs. Lengths in inches, table space.
 */
export type Occluder = PrismOccluder | SolidOccluder | MeshOccluder;

interface OccluderBase {
  /** `[minX, minY, minZ, maxX, maxY, maxZ]`. */
  bounds: Float64Array;
  /** Terrain feature index, or -1 for a model. */
  featureIndex: number;
}

/** A model volume V(m). */
export interface PrismOccluder extends OccluderBase {
  kind: 'prism';
  prism: Prism;
  modelId: string;
  unitId: string;
  /** cos and sin of the footprint's facing (precomputed for hot loops). */
  cos: number;
  sin: number;
}

/** A box or cylinder scenery piece, tested analytically. */
export interface SolidOccluder extends OccluderBase {
  kind: 'solid';
  solid: ConvexSolid;
  /** The cylinder as a prism (exact circle), or null for a box. */
  asPrism: Prism | null;
  cos: number;
  sin: number;
  /**
   * A box's numbers as its segment test reads them: centre x, y, half sizes along its own x and y,
   * bottom and top z, cos and sin of its turn (see {@link boxSlab}); empty for a cylinder.
   */
  slab: Float64Array;
}

const NO_SLAB = new Float64Array(0);

/** The {@link SolidOccluder.slab} of a box: `[cx, cy, size x / 2, size y / 2, elevation, elevation + size z, cos, sin]`. */
export function boxSlab(solid: Extract<ConvexSolid, { kind: 'box' }>, cos: number, sin: number): Float64Array {
  return Float64Array.of(solid.center[0], solid.center[1], solid.size[0] / 2, solid.size[1] / 2, solid.elevation, solid.elevation + solid.size[2], cos, sin);
}

/** A triangulated scenery piece with its own BVH; `closed` when every edge joins exactly two triangles. */
export interface MeshOccluder extends OccluderBase {
  kind: 'mesh';
  bvh: MeshBVH;
  geometry: BufferGeometry;
  closed: boolean;
  /**
   * For a closed mesh: boxes proven to lie inside its solid, for cheap closure proofs and segment
   * tests (the largest centred box scaled from its bounds, then boxes of inside cells grown from
   * its deepest cell in several orders: flat, tall, cube-like). Empty for an open mesh.
   */
  inners: SolidOccluder[];
  /** For a closed mesh: its bounds cut into cells, each known inside, outside or touched by the surface (see {@link MeshCells}). */
  cells: MeshCells | null;
  /** Views of the BVH's node buffers (see {@link bvhNodeViews}), read by the capsule cull without allocation. */
  nodes: BvhNodeViews[];
  /**
   * The triangle the last segment test found crossed (-1: none yet), tried first by the next test:
   * segments of one shaft mostly cross the same face. A hint only: it changes no answer.
   */
  lastHit: number;
}

/**
 * Typed views of one root of a three-mesh-bvh node buffer (`MeshBVH._roots`, the packed layout of
 * three-mesh-bvh 0.9: 32 bytes per node; float32 0-5 the node's bounds (min x, y, z, max x, y, z);
 * a leaf has uint16 15 = 0xFFFF; an inner node's left child follows it and its right child is
 * uint32 6 nodes further on). The version is pinned in package.json, and a test checks this walk
 * against `shapecast` on random capsules.
 */
export interface BvhNodeViews {
  f32: Float32Array;
  u16: Uint16Array;
  u32: Uint32Array;
}

/** The node views of every root of a BVH. */
export function bvhNodeViews(bvh: MeshBVH): BvhNodeViews[] {
  const roots = (bvh as unknown as { _roots: ArrayBuffer[] })._roots;
  return roots.map((r) => ({ f32: new Float32Array(r), u16: new Uint16Array(r), u32: new Uint32Array(r) }));
}

/**
 * A closed mesh's bounds cut into `nx * ny * nz` cells of size `size`, each classified once:
 * {@link CELL_SURFACE} when a triangle's bounds touch the cell (closed intervals, grown by 1e-6"),
 * otherwise {@link CELL_INSIDE} or {@link CELL_OUTSIDE}. Cells no triangle touches form connected
 * regions the surface never crosses, so one ray-parity test per region classifies all of it.
 * Point containment then needs a ray only in surface cells.
 */
export interface MeshCells {
  origin: [number, number, number];
  size: [number, number, number];
  n: [number, number, number];
  state: Uint8Array;
}
export const CELL_OUTSIDE = 0;
export const CELL_INSIDE = 1;
export const CELL_SURFACE = 2;
/** Cells per axis at most (the longest axis); shorter axes get proportionally fewer, at least 1. */
const MESH_CELLS_PER_AXIS = 48;

/** Builds a model's occluder. */
export function prismOccluder(prism: Prism, modelId: string, unitId: string): PrismOccluder {
  return {
    kind: 'prism',
    prism,
    modelId,
    unitId,
    bounds: Float64Array.from(prismBounds(prism)),
    featureIndex: -1,
    cos: Math.cos(prism.footprint.facingRad),
    sin: Math.sin(prism.footprint.facingRad),
  };
}

/** Builds a box/cylinder piece's occluder. */
export function solidOccluder(solid: ConvexSolid, featureIndex: number, positions: Float32Array): SolidOccluder {
  const b = boundsOf(positions);
  if (solid.kind === 'cylinder') {
    const asPrism: Prism = {
      footprint: { x: solid.center[0], y: solid.center[1], semiMajor: solid.radius, semiMinor: solid.radius, facingRad: 0 },
      zMin: solid.elevation,
      zMax: solid.elevation + solid.height,
    };
    const pb = prismBounds(asPrism);
    return { kind: 'solid', solid, asPrism, cos: 1, sin: 0, slab: NO_SLAB, bounds: Float64Array.from(pb), featureIndex };
  }
  const r = (solid.rotationDeg * Math.PI) / 180;
  const cos = Math.cos(r);
  const sin = Math.sin(r);
  return { kind: 'solid', solid, asPrism: null, cos, sin, slab: boxSlab(solid, cos, sin), bounds: b, featureIndex };
}

/**
 * Builds a mesh piece's occluder (its own BVH; closedness checked once by welding vertices). A
 * closed mesh's cells and inner boxes ({@link MeshOccluder.cells}, {@link MeshOccluder.inners})
 * are built on first use, not here: they cost most of a table's terrain index (the default
 * battlefield's closed meshes: 40 % of a game's start in a fresh process or worker) and a game
 * that never asks a question of line of sight or closure through a mesh never needs them. Built
 * from the occluder's own copy of the triangles, in the same order as before (the centred inner
 * box with no cells yet, then the cells, then their boxes), so every answer is unchanged.
 */
export function meshOccluder(positions: Float32Array, featureIndex: number): MeshOccluder {
  return new LazyMeshOccluder(positions, featureIndex);
}

/**
 * A {@link MeshOccluder} whose closed mesh's `cells` and `inners` are built when first read
 * (or set: a setter builds them first, then replaces one). While they are being built, `cells`
 * reads null and `inners` the empty list, as they were while `meshOccluder` built them eagerly.
 */
class LazyMeshOccluder implements MeshOccluder {
  readonly kind = 'mesh' as const;
  readonly bvh: MeshBVH;
  readonly geometry: BufferGeometry;
  readonly closed: boolean;
  readonly bounds: Float64Array;
  readonly featureIndex: number;
  readonly nodes: BvhNodeViews[];
  lastHit = -1;
  /** 0: cells and inner boxes not built yet; 1: being built; 2: built (or not wanted: an open mesh). */
  private built: 0 | 1 | 2;
  private _cells: MeshCells | null = null;
  private _inners: SolidOccluder[] = [];

  constructor(positions: Float32Array, featureIndex: number) {
    const geometry = new BufferGeometry();
    geometry.setAttribute('position', new BufferAttribute(positions.slice(), 3));
    this.geometry = geometry;
    this.bvh = new MeshBVH(geometry);
    this.bounds = boundsOf(positions);
    this.closed = isClosedMesh(positions);
    this.featureIndex = featureIndex;
    this.nodes = bvhNodeViews(this.bvh);
    this.built = this.closed ? 0 : 2;
  }

  get cells(): MeshCells | null {
    if (this.built === 0) this.build();
    return this._cells;
  }

  set cells(c: MeshCells | null) {
    if (this.built === 0) this.build();
    this._cells = c;
  }

  get inners(): SolidOccluder[] {
    if (this.built === 0) this.build();
    return this._inners;
  }

  set inners(b: SolidOccluder[]) {
    if (this.built === 0) this.build();
    this._inners = b;
  }

  private build(): void {
    this.built = 1;
    const centred = innerBox(this);
    const cells = classifyCells(this, this.geometry.getAttribute('position').array as Float32Array);
    this._cells = cells;
    this._inners = distinctBoxes([...(centred ? [centred] : []), ...cellBoxes(cells, this.featureIndex)]);
    this.built = 2;
  }
}

/** Growth orders of {@link cellBoxes}: faces as [axis, side] tried in turn, one list after another. */
const GROWTH_ORDERS: [number, number][][][] = [
  // All faces in turn (cube-like).
  [[[0, 0], [0, 1], [1, 0], [1, 1], [2, 0], [2, 1]]],
  // Plan first, then height (flat and wide).
  [[[0, 0], [0, 1], [1, 0], [1, 1]], [[2, 0], [2, 1]]],
  // Height first, then plan (a column).
  [[[2, 0], [2, 1]], [[0, 0], [0, 1], [1, 0], [1, 1]]],
  // Along x, then y, then height; along y, then x, then height (long boxes both ways).
  [[[0, 0], [0, 1]], [[1, 0], [1, 1]], [[2, 0], [2, 1]]],
  [[[1, 0], [1, 1]], [[0, 0], [0, 1]], [[2, 0], [2, 1]]],
];

/**
 * Boxes of inside cells (each wholly inside the solid: inside cells touch no triangle and lie
 * inside), grown one layer of cells at a time from the deepest inside cell (farthest, in steps
 * between face neighbours, from any cell that is not inside) in each of {@link GROWTH_ORDERS}: a
 * face grows while its next layer is all inside cells.
 */
function cellBoxes(c: MeshCells, featureIndex: number): SolidOccluder[] {
  const [nx, ny, nz] = c.n;
  // Depth of each inside cell by breadth-first search from the cells that are not inside.
  const depth = new Int32Array(nx * ny * nz).fill(-1);
  const queue = new Int32Array(nx * ny * nz);
  let head = 0;
  let tail = 0;
  for (let i = 0; i < depth.length; i++) {
    if (c.state[i] !== CELL_INSIDE) {
      depth[i] = 0;
      queue[tail++] = i;
    }
  }
  let seed = -1;
  let seedDepth = -1;
  const nxy = nx * ny;
  while (head < tail) {
    const i = queue[head++];
    // The cell's coordinates once, then its face neighbours in cellNeighbour's order (-x, +x, -y,
    // +y, -z, +z), so the search visits the cells in the same order and picks the same seed.
    const x = i % nx;
    const y = ((i / nx) | 0) % ny;
    const z = (i / nxy) | 0;
    const next = depth[i] + 1;
    for (let d = 0; d < 6; d++) {
      const q =
        d === 0 ? (x > 0 ? i - 1 : -1)
        : d === 1 ? (x < nx - 1 ? i + 1 : -1)
        : d === 2 ? (y > 0 ? i - nx : -1)
        : d === 3 ? (y < ny - 1 ? i + nx : -1)
        : d === 4 ? (z > 0 ? i - nxy : -1)
        : z < nz - 1 ? i + nxy : -1;
      if (q >= 0 && depth[q] < 0) {
        depth[q] = next;
        queue[tail++] = q;
        if (seed < 0 || next > seedDepth) {
          seed = q;
          seedDepth = next;
        }
      }
    }
  }
  // Inside cells the search never reached are bounded by the grid's edge: seed there if need be.
  if (seed < 0) {
    for (let i = 0; i < depth.length && seed < 0; i++) if (c.state[i] === CELL_INSIDE) seed = i;
    if (seed < 0) return [];
  }
  const sx = seed % nx;
  const sy = Math.floor(seed / nx) % ny;
  const sz = Math.floor(seed / (nx * ny));
  const out: SolidOccluder[] = [];
  for (const order of GROWTH_ORDERS) {
    const lo = [sx, sy, sz];
    const hi = [sx, sy, sz];
    for (const faces of order) {
      let grew = true;
      while (grew) {
        grew = false;
        for (const [axis, side] of faces) {
          if (layerInside(c, lo, hi, axis, side)) {
            if (side) hi[axis]++;
            else lo[axis]--;
            grew = true;
          }
        }
      }
    }
    const min = [0, 1, 2].map((k) => c.origin[k] + lo[k] * c.size[k]);
    const max = [0, 1, 2].map((k) => c.origin[k] + (hi[k] + 1) * c.size[k]);
    const solid: ConvexSolid = { kind: 'box', center: [(min[0] + max[0]) / 2, (min[1] + max[1]) / 2], size: [max[0] - min[0], max[1] - min[1], max[2] - min[2]], rotationDeg: 0, elevation: min[2] };
    out.push({ kind: 'solid', solid, asPrism: null, cos: 1, sin: 0, slab: boxSlab(solid, 1, 0), bounds: Float64Array.from([...min, ...max]), featureIndex });
  }
  return out;
}

/** Is the layer of cells just beyond face (axis, side) of the cell box [lo, hi] all inside cells? */
function layerInside(c: MeshCells, lo: number[], hi: number[], axis: number, side: number): boolean {
  const at = side ? hi[axis] + 1 : lo[axis] - 1;
  if (at < 0 || at >= c.n[axis]) return false;
  const r0 = [lo[0], lo[1], lo[2]];
  const r1 = [hi[0], hi[1], hi[2]];
  r0[axis] = r1[axis] = at;
  const [nx, ny] = c.n;
  for (let z = r0[2]; z <= r1[2]; z++) {
    for (let y = r0[1]; y <= r1[1]; y++) {
      for (let x = r0[0]; x <= r1[0]; x++) if (c.state[x + nx * (y + ny * z)] !== CELL_INSIDE) return false;
    }
  }
  return true;
}

/** The boxes none of the others contains, largest volume first. */
function distinctBoxes(boxes: SolidOccluder[]): SolidOccluder[] {
  const volume = (b: SolidOccluder) => (b.bounds[3] - b.bounds[0]) * (b.bounds[4] - b.bounds[1]) * (b.bounds[5] - b.bounds[2]);
  const sorted = [...boxes].sort((a, b) => volume(b) - volume(a));
  const contains = (a: Float64Array, b: Float64Array) => a[0] <= b[0] && a[1] <= b[1] && a[2] <= b[2] && a[3] >= b[3] && a[4] >= b[4] && a[5] >= b[5];
  return sorted.filter((b, i) => !sorted.some((a, j) => j < i && contains(a.bounds, b.bounds)));
}

/** Builds the {@link MeshCells} of a closed mesh (triangle bounds rasterised, regions flood-filled, one parity ray each). */
function classifyCells(o: MeshOccluder, p: Float32Array): MeshCells {
  const B = o.bounds;
  const ext = [B[3] - B[0], B[4] - B[1], B[5] - B[2]];
  const longest = Math.max(ext[0], ext[1], ext[2], 1e-9);
  const n = ext.map((e) => Math.max(1, Math.ceil((MESH_CELLS_PER_AXIS * e) / longest))) as [number, number, number];
  const size = ext.map((e, k) => Math.max(e, 1e-9) / n[k]) as [number, number, number];
  const origin: [number, number, number] = [B[0], B[1], B[2]];
  const [nx, ny, nz] = n;
  const nxy = nx * ny;
  const state = new Uint8Array(nx * ny * nz);
  const UNKNOWN = 255;
  state.fill(UNKNOWN);
  const grow = 1e-6;
  const cellOf = (v: number, k: number) => Math.min(n[k] - 1, Math.max(0, Math.floor((v - origin[k]) / size[k])));
  for (let t = 0; t < p.length; t += 9) {
    const lo = [0, 1, 2].map((k) => cellOf(Math.min(p[t + k], p[t + 3 + k], p[t + 6 + k]) - grow, k));
    const hi = [0, 1, 2].map((k) => cellOf(Math.max(p[t + k], p[t + 3 + k], p[t + 6 + k]) + grow, k));
    for (let z = lo[2]; z <= hi[2]; z++) for (let y = lo[1]; y <= hi[1]; y++) for (let x = lo[0]; x <= hi[0]; x++) state[x + nx * (y + ny * z)] = CELL_SURFACE;
  }
  // Flood-fill each region of untouched cells (6-connected) and classify it by one parity ray
  // from its first cell's centre.
  const stack = new Int32Array(state.length);
  for (let start = 0; start < state.length; start++) {
    if (state[start] !== UNKNOWN) continue;
    const sx = start % nx;
    const sy = Math.floor(start / nx) % ny;
    const sz = Math.floor(start / (nx * ny));
    // Majority of three rays: one region's class must not hang on one ray grazing an edge.
    const px = origin[0] + (sx + 0.5) * size[0];
    const py = origin[1] + (sy + 0.5) * size[1];
    const pz = origin[2] + (sz + 0.5) * size[2];
    const inside = [0, 1, 2].filter((d) => rayParityInside(o, px, py, pz, d)).length >= 2;
    const mark = inside ? CELL_INSIDE : CELL_OUTSIDE;
    state[start] = mark;
    let top = 0;
    stack[top++] = start;
    while (top > 0) {
      const c = stack[--top];
      // Its coordinates once, then the face neighbours (-x, +x, -y, +y, -z, +z, as cellNeighbour).
      const x = c % nx;
      const y = ((c / nx) | 0) % ny;
      const z = (c / nxy) | 0;
      if (x > 0 && state[c - 1] === UNKNOWN) {
        state[c - 1] = mark;
        stack[top++] = c - 1;
      }
      if (x < nx - 1 && state[c + 1] === UNKNOWN) {
        state[c + 1] = mark;
        stack[top++] = c + 1;
      }
      if (y > 0 && state[c - nx] === UNKNOWN) {
        state[c - nx] = mark;
        stack[top++] = c - nx;
      }
      if (y < ny - 1 && state[c + nx] === UNKNOWN) {
        state[c + nx] = mark;
        stack[top++] = c + nx;
      }
      if (z > 0 && state[c - nxy] === UNKNOWN) {
        state[c - nxy] = mark;
        stack[top++] = c - nxy;
      }
      if (z < nz - 1 && state[c + nxy] === UNKNOWN) {
        state[c + nxy] = mark;
        stack[top++] = c + nxy;
      }
    }
  }
  return { origin, size, n, state };
}

const _ib = /* @__PURE__ */ new Box3();
const _im = /* @__PURE__ */ new Matrix4();

/**
 * The largest box, centred in the mesh's bounds and scaled from them, that lies inside the closed
 * mesh: no triangle touches it and its centre is inside (so all of it is). Null when none is found.
 */
function innerBox(o: MeshOccluder): SolidOccluder | null {
  const B = o.bounds;
  const cx = (B[0] + B[3]) / 2;
  const cy = (B[1] + B[4]) / 2;
  const cz = (B[2] + B[5]) / 2;
  if (!occluderContains(o, cx, cy, cz)) return null;
  const ex = (B[3] - B[0]) / 2;
  const ey = (B[4] - B[1]) / 2;
  const ez = (B[5] - B[2]) / 2;
  const fits = (s: number) => {
    _ib.min.set(cx - s * ex, cy - s * ey, cz - s * ez);
    _ib.max.set(cx + s * ex, cy + s * ey, cz + s * ez);
    return !o.bvh.intersectsBox(_ib, _im);
  };
  let lo = 0;
  let hi = 1;
  for (let i = 0; i < 14; i++) {
    const mid = (lo + hi) / 2;
    if (fits(mid)) lo = mid;
    else hi = mid;
  }
  if (lo < 0.05) return null;
  const s = lo * 0.999;
  const solid: ConvexSolid = { kind: 'box', center: [cx, cy], size: [2 * s * ex, 2 * s * ey, 2 * s * ez], rotationDeg: 0, elevation: cz - s * ez };
  const b = Float64Array.from([cx - s * ex, cy - s * ey, cz - s * ez, cx + s * ex, cy + s * ey, cz + s * ez]);
  return { kind: 'solid', solid, asPrism: null, cos: 1, sin: 0, slab: boxSlab(solid, 1, 0), bounds: b, featureIndex: o.featureIndex };
}

function boundsOf(p: Float32Array): Float64Array {
  const b = Float64Array.from([Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity]);
  for (let i = 0; i < p.length; i += 3) {
    for (let k = 0; k < 3; k++) {
      if (p[i + k] < b[k]) b[k] = p[i + k];
      if (p[i + k] > b[k + 3]) b[k + 3] = p[i + k];
    }
  }
  return b;
}

/** True when every edge (vertices welded at 1e-4") is shared by exactly two triangles. */
export function isClosedMesh(p: Float32Array): boolean {
  // Weld: vertices sorted by their coordinates rounded to 1e-4"; equal ones share an id.
  const nv = p.length / 3;
  const q = new Float64Array(p.length);
  for (let i = 0; i < p.length; i++) q[i] = Math.round(p[i] * 1e4);
  const order = new Uint32Array(nv);
  for (let i = 0; i < nv; i++) order[i] = i;
  order.sort((a, b) => q[3 * a] - q[3 * b] || q[3 * a + 1] - q[3 * b + 1] || q[3 * a + 2] - q[3 * b + 2]);
  const id = new Float64Array(nv);
  let next = -1;
  for (let k = 0; k < nv; k++) {
    const v = order[k];
    const u = k > 0 ? order[k - 1] : -1;
    if (u < 0 || q[3 * u] !== q[3 * v] || q[3 * u + 1] !== q[3 * v + 1] || q[3 * u + 2] !== q[3 * v + 2]) next++;
    id[v] = next;
  }
  // Edges as one number each (smaller id * count + larger id), sorted: every run must be 2 long.
  const count = next + 1;
  const edges: number[] = [];
  for (let t = 0; t < nv; t += 3) {
    const a = id[t];
    const b = id[t + 1];
    const c = id[t + 2];
    if (a === b || b === c || a === c) continue;
    edges.push(a < b ? a * count + b : b * count + a, b < c ? b * count + c : c * count + b, c < a ? c * count + a : a * count + c);
  }
  if (edges.length === 0) return false;
  const sorted = Float64Array.from(edges).sort();
  for (let i = 0; i < sorted.length; ) {
    let j = i + 1;
    while (j < sorted.length && sorted[j] === sorted[i]) j++;
    if (j - i !== 2) return false;
    i = j;
  }
  return true;
}

const _ray = /* @__PURE__ */ new Ray();

/**
 * Exact: does the closed segment a-b touch the occluder? For a closed mesh that is its solid: a
 * segment lying inside it touches it even where it crosses no triangle. Allocation-free.
 */
export function segmentHitsOccluder(o: Occluder, ax: number, ay: number, az: number, bx: number, by: number, bz: number): boolean {
  setSegment(ax, ay, az, bx, by, bz);
  return scratchSegmentHits(o);
}

/**
 * {@link segmentHitsOccluder} on the segment the caller wrote into {@link SCRATCH_SEGMENT}
 * (`[ax, ay, az, bx, by, bz]`, inches): hot loops fill it in place, so no coordinate crosses a call
 * (V8 boxes doubles passed to functions it does not inline).
 */
export function scratchSegmentHits(o: Occluder): boolean {
  // A box piece (the usual blocker of point proofs): `hitAt`'s bounds check and slab test, without the dispatch.
  if (o.kind === 'solid' && o.asPrism === null) {
    const seg = _seg;
    const B = o.bounds;
    const ax = seg[0], bx = seg[3];
    if ((ax < B[0] && bx < B[0]) || (ax > B[3] && bx > B[3])) return false;
    const ay = seg[1], by = seg[4];
    if ((ay < B[1] && by < B[1]) || (ay > B[4] && by > B[4])) return false;
    const az = seg[2], bz = seg[5];
    if ((az < B[2] && bz < B[2]) || (az > B[5] && bz > B[5])) return false;
    return boxHitAt(o);
  }
  // A closed mesh's inner boxes lie inside its solid: a segment through one touches the solid
  // (and, both ends being outside or on it, its surface) without a ray into the BVH. Then its
  // cells: one inside cell on the way is a touch, outside cells all the way a miss.
  if (o.kind === 'mesh') {
    for (let i = 0; i < o.inners.length; i++) if (boxHitAt(o.inners[i])) return true;
    const v = segmentCellsVerdict(o);
    if (v !== CELL_SURFACE) return v === CELL_INSIDE;
    if (o.nodes.length) return meshSegmentAnyHit(o);
  }
  return hitAt(o);
}

const _ta = new Vector3();
const _tb = new Vector3();
const _tc = new Vector3();
const _tp = new Vector3();

/**
 * The mesh case of {@link hitAt} as a yes/no question on the segment in `_seg`: does it cross any
 * triangle (or, crossing none, lie in a closed solid)? Walks the BVH's node buffers (boxes grown by
 * 1e-9", so it visits every leaf three-mesh-bvh's own cast would) and stops at the first triangle
 * crossed, tested with three's own `Ray.intersectTriangle` within the segment's length, as
 * `raycastFirst` tests each one: the same answer without looking for the nearest hit or allocating
 * one. A test compares it with `raycastFirst` on random segments.
 */
function meshSegmentAnyHit(o: MeshOccluder): boolean {
  const ax = _seg[0], ay = _seg[1], az = _seg[2], bx = _seg[3], by = _seg[4], bz = _seg[5];
  const len = segmentRay();
  if (len === 0) return false;
  const pos = o.geometry.getAttribute('position').array as Float32Array;
  const index = o.geometry.index!.array;
  // The last triangle crossed first: a triangle the segment crosses is in a leaf the walk visits,
  // so a hit here is one the walk finds.
  const h = o.lastHit;
  if (h >= 0) {
    _ta.fromArray(pos, 3 * index[3 * h]);
    _tb.fromArray(pos, 3 * index[3 * h + 1]);
    _tc.fromArray(pos, 3 * index[3 * h + 2]);
    if (_ray.intersectTriangle(_ta, _tb, _tc, false, _tp) !== null && _ray.origin.distanceTo(_tp) <= len) return true;
  }
  const g = 1e-9;
  for (let r = 0; r < o.nodes.length; r++) {
    const { f32, u16, u32 } = o.nodes[r];
    let top = 0;
    _nodeStack[top++] = 0;
    while (top > 0) {
      const n32 = _nodeStack[--top];
      if (!slabTest(f32[n32] - g, f32[n32 + 1] - g, f32[n32 + 2] - g, f32[n32 + 3] + g, f32[n32 + 4] + g, f32[n32 + 5] + g, ax, ay, az, bx, by, bz)) continue;
      if (u16[2 * n32 + 15] !== 0xffff) {
        if (top + 2 > _nodeStack.length) _nodeStack = growInt32(_nodeStack);
        _nodeStack[top++] = n32 + u32[n32 + 6] * 8;
        _nodeStack[top++] = n32 + 8;
        continue;
      }
      const offset = u32[n32 + 6];
      const count = u16[2 * n32 + 14];
      for (let t = offset; t < offset + count; t++) {
        _ta.fromArray(pos, 3 * index[3 * t]);
        _tb.fromArray(pos, 3 * index[3 * t + 1]);
        _tc.fromArray(pos, 3 * index[3 * t + 2]);
        if (_ray.intersectTriangle(_ta, _tb, _tc, false, _tp) !== null && _ray.origin.distanceTo(_tp) <= len) {
          o.lastHit = t;
          return true;
        }
      }
    }
  }
  return segmentInSolid(o);
}

/** Points `_ray` along the segment in `_seg` (unit direction); returns the segment's length (0: no ray). */
function segmentRay(): number {
  const dx = _seg[3] - _seg[0], dy = _seg[4] - _seg[1], dz = _seg[5] - _seg[2];
  const len = Math.sqrt(dx * dx + dy * dy + dz * dz);
  if (len === 0) return 0;
  _ray.origin.set(_seg[0], _seg[1], _seg[2]);
  _ray.direction.set(dx / len, dy / len, dz / len);
  return len;
}

/**
 * For a segment in `_seg` that crosses no surface of the mesh: it lies wholly inside a closed solid
 * or wholly outside, and its start tells which (a segment inside touches the solid from its start).
 */
function segmentInSolid(o: MeshOccluder): boolean {
  return o.closed && occluderContains(o, _seg[0], _seg[1], _seg[2]);
}

/** {@link meshSegmentAnyHit} on a segment given by its ends (inches); for tests. */
export function meshSegmentAnyHitOf(o: MeshOccluder, ax: number, ay: number, az: number, bx: number, by: number, bz: number): boolean {
  setSegment(ax, ay, az, bx, by, bz);
  return meshSegmentAnyHit(o);
}

/** The mesh case of {@link hitAt} on a segment given by its ends (three-mesh-bvh's `raycastFirst`); for tests. */
export function meshSegmentHitByRaycast(o: MeshOccluder, ax: number, ay: number, az: number, bx: number, by: number, bz: number): boolean {
  setSegment(ax, ay, az, bx, by, bz);
  return hitAt(o);
}

/**
 * What a closed mesh's cells say about the segment in `_seg`, walking the cells it passes through
 * (Amanatides and Woo): {@link CELL_INSIDE} when it passes through an inside cell (a point of it
 * lies in the solid: it touches it), {@link CELL_OUTSIDE} when every cell it passes through is an
 * outside cell or it misses the bounds (no triangle is within 1e-6" of those cells, so it touches
 * neither the surface nor the solid), {@link CELL_SURFACE} otherwise (only the triangles can tell).
 * The walk covers the segment with closed cells; where it crosses an edge or a corner it may visit a
 * cell the segment only touches, which keeps both answers sound. Allocation-free.
 */
function segmentCellsVerdict(o: MeshOccluder): number {
  const g = o.cells;
  if (!g) return CELL_SURFACE;
  const ax = _seg[0], ay = _seg[1], az = _seg[2];
  const dx = _seg[3] - ax, dy = _seg[4] - ay, dz = _seg[5] - az;
  const B = o.bounds;
  // The part of the segment within the bounds grown by 1e-9" (a surface lying on the bounds, a box's
  // top edge say, must not be missed by a rounding of the clip), [lo, hi].
  const grow = 1e-9;
  if (!slabTest(B[0] - grow, B[1] - grow, B[2] - grow, B[3] + grow, B[4] + grow, B[5] + grow, ax, ay, az, _seg[3], _seg[4], _seg[5])) return CELL_OUTSIDE;
  const lo = _slabRange[0];
  const hi = _slabRange[1];
  const nx = g.n[0], ny = g.n[1], nz = g.n[2];
  const sx = g.size[0], sy = g.size[1], sz = g.size[2];
  const ox = g.origin[0], oy = g.origin[1], oz = g.origin[2];
  const px = ax + lo * dx, py = ay + lo * dy, pz = az + lo * dz;
  let ix = Math.min(nx - 1, Math.max(0, Math.floor((px - ox) / sx)));
  let iy = Math.min(ny - 1, Math.max(0, Math.floor((py - oy) / sy)));
  let iz = Math.min(nz - 1, Math.max(0, Math.floor((pz - oz) / sz)));
  // A non-finite segment (NaN) would never leave the walk: only the triangles can tell.
  if (ix !== ix || iy !== iy || iz !== iz) return CELL_SURFACE;
  const stepX = dx > 0 ? 1 : -1, stepY = dy > 0 ? 1 : -1, stepZ = dz > 0 ? 1 : -1;
  // Parameters of the next cell boundary on each axis, and the parameter span of one cell.
  let tx = dx === 0 ? Infinity : (ox + (ix + (dx > 0 ? 1 : 0)) * sx - ax) / dx;
  let ty = dy === 0 ? Infinity : (oy + (iy + (dy > 0 ? 1 : 0)) * sy - ay) / dy;
  let tz = dz === 0 ? Infinity : (oz + (iz + (dz > 0 ? 1 : 0)) * sz - az) / dz;
  const dtx = dx === 0 ? Infinity : sx / Math.abs(dx);
  const dty = dy === 0 ? Infinity : sy / Math.abs(dy);
  const dtz = dz === 0 ? Infinity : sz / Math.abs(dz);
  let surface = false;
  for (;;) {
    const st = g.state[ix + nx * (iy + ny * iz)];
    if (st === CELL_INSIDE) return CELL_INSIDE;
    if (st === CELL_SURFACE) surface = true;
    // Step across the nearest boundary, while it comes before the end of the segment.
    if (tx <= ty && tx <= tz) {
      if (tx > hi) break;
      ix += stepX;
      if (ix < 0 || ix >= nx) break;
      tx += dtx;
    } else if (ty <= tz) {
      if (ty > hi) break;
      iy += stepY;
      if (iy < 0 || iy >= ny) break;
      ty += dty;
    } else {
      if (tz > hi) break;
      iz += stepZ;
      if (iz < 0 || iz >= nz) break;
      tz += dtz;
    }
  }
  return surface ? CELL_SURFACE : CELL_OUTSIDE;
}

/**
 * Exact: the parameter t in [0, 1] (0 at a, 1 at b) where the segment a-b first touches the
 * occluder, or -1 when it does not. Allocation-free.
 */
export function segmentOccluderFirstHit(o: Occluder, ax: number, ay: number, az: number, bx: number, by: number, bz: number): number {
  setSegment(ax, ay, az, bx, by, bz);
  // A segment crossing no surface of a closed mesh but lying in its solid touches it from its start
  // (hitAt answers 0 for it), as segmentHitsOccluder counts it.
  return hitAt(o) ? _hitT[0] : -1;
}

/**
 * Scratch of the segment tests: `[ax, ay, az, bx, by, bz, t0, t1]` with t0 = 0, t1 = 1 (no number
 * crosses a call in the hot loops: V8 boxes doubles passed to or returned from calls it does not
 * inline), and the first parameter of contact they find.
 */
const _seg = Float64Array.from([0, 0, 0, 0, 0, 0, 0, 1]);
/** The segment read by {@link scratchSegmentHits}: entries 0-5 are `ax, ay, az, bx, by, bz` (inches); write only those. */
export const SCRATCH_SEGMENT: Float64Array = _seg;

/** Fills the segment of `_seg` (small enough to be inlined: its arguments stay unboxed). */
function setSegment(ax: number, ay: number, az: number, bx: number, by: number, bz: number): void {
  _seg[0] = ax;
  _seg[1] = ay;
  _seg[2] = az;
  _seg[3] = bx;
  _seg[4] = by;
  _seg[5] = bz;
}
/**
 * Writes into {@link SCRATCH_SEGMENT} the segment from point `i` of `P` to point `j` of `Q` (flat
 * `[x, y, z, ...]` arrays, inches): the hot loops' way to set it without passing coordinates.
 */
export function setScratchSegment(P: Float64Array, i: number, Q: Float64Array, j: number): void {
  _seg[0] = P[3 * i];
  _seg[1] = P[3 * i + 1];
  _seg[2] = P[3 * i + 2];
  _seg[3] = Q[3 * j];
  _seg[4] = Q[3 * j + 1];
  _seg[5] = Q[3 * j + 2];
}
const _hitT = new Float64Array(1);

/** Does the segment in `_seg` touch the occluder? Writes the first parameter of contact to `_hitT[0]`. */
function hitAt(o: Occluder): boolean {
  const seg = _seg;
  const ax = seg[0], ay = seg[1], az = seg[2], bx = seg[3], by = seg[4], bz = seg[5];
  // Quick reject on bounds.
  const B = o.bounds;
  if ((ax < B[0] && bx < B[0]) || (ax > B[3] && bx > B[3]) || (ay < B[1] && by < B[1]) || (ay > B[4] && by > B[4]) || (az < B[2] && bz < B[2]) || (az > B[5] && bz > B[5])) {
    return false;
  }
  switch (o.kind) {
    case 'prism':
      return segmentPrismHitAt(o.prism, o, seg, _hitT);
    case 'solid':
      if (o.asPrism) return segmentPrismHitAt(o.asPrism, IDENTITY_ROTATION, seg, _hitT);
      return boxHitAt(o);
    case 'mesh': {
      const len = segmentRay();
      if (len === 0) return false;
      const hit = o.bvh.raycastFirst(_ray, DoubleSide, 0, len);
      if (hit) {
        _hitT[0] = hit.distance / len;
        return true;
      }
      if (segmentInSolid(o)) {
        _hitT[0] = 0;
        return true;
      }
      return false;
    }
  }
}

const _plan = new Float64Array(2);

/**
 * Slab test of a box piece in its own frame against the segment in `_seg`; writes the entry
 * parameter to `_hitT[0]`. Allocation-free.
 */
function boxHitAt(o: SolidOccluder): boolean {
  const seg = _seg;
  const ax = seg[0], ay = seg[1], az = seg[2];
  if (!boxPlanSlabs(o.slab, 0, ax, ay, seg[3] - ax, seg[4] - ay, _plan)) return false;
  let lo = _plan[0];
  let hi = _plan[1];
  const dz = seg[5] - az;
  const min = o.slab[4];
  const max = o.slab[5];
  if (dz === 0) {
    if (az < min || az > max) return false;
  } else {
    let t0 = (min - az) / dz;
    let t1 = (max - az) / dz;
    if (t0 > t1) {
      const t = t0;
      t0 = t1;
      t1 = t;
    }
    if (t0 > lo) lo = t0;
    if (t1 < hi) hi = t1;
    if (lo > hi) return false;
  }
  _hitT[0] = lo;
  return true;
}

/**
 * The plan part of the box segment test: the parameters `[lo, hi]` (within [0, 1]) where the
 * segment from `(ax, ay)` along `(dx, dy)` (inches) runs inside the box's footprint, written to
 * `out`; false when it never does. `b` holds the box's slab numbers from offset `at` (see
 * {@link boxSlab}). The box's x and y slabs unrolled, each as a loop over axes would compute it:
 * start and direction along the axis, the slab's extent, entry and exit. Shared by the segment test
 * and the layout's column pairs (`columnPairs.ts`), which need the very same numbers.
 */
export function boxPlanSlabs(b: Float64Array, at: number, ax: number, ay: number, dx: number, dy: number, out: Float64Array): boolean {
  const c = b[at + 6];
  const sn = b[at + 7];
  const ox = ax - b[at];
  const oy = ay - b[at + 1];
  let lo = 0;
  let hi = 1;
  let p0 = c * ox + sn * oy;
  let d = c * dx + sn * dy;
  let max = b[at + 2];
  let min = -max;
  if (d === 0) {
    if (p0 < min || p0 > max) return false;
  } else {
    let t0 = (min - p0) / d;
    let t1 = (max - p0) / d;
    if (t0 > t1) {
      const t = t0;
      t0 = t1;
      t1 = t;
    }
    if (t0 > lo) lo = t0;
    if (t1 < hi) hi = t1;
    if (lo > hi) return false;
  }
  p0 = -sn * ox + c * oy;
  d = -sn * dx + c * dy;
  max = b[at + 3];
  min = -max;
  if (d === 0) {
    if (p0 < min || p0 > max) return false;
  } else {
    let t0 = (min - p0) / d;
    let t1 = (max - p0) / d;
    if (t0 > t1) {
      const t = t0;
      t0 = t1;
      t1 = t;
    }
    if (t0 > lo) lo = t0;
    if (t1 < hi) hi = t1;
    if (lo > hi) return false;
  }
  out[0] = lo;
  out[1] = hi;
  return true;
}

/** Scratch of the capsule tests: the axis c0 (0..2), c1 (3..5) and the radius (6). */
const _cap = new Float64Array(7);
// The capsule shapecast's callbacks read `_cap` (no closures allocated per call). A leaf of the
// mesh's BVH whose box meets the capsule counts as a touch (CONTAINED ends the cast at once): as
// conservative as testing its triangles' bounds, and no triangle is read.
const _capsuleCallbacks = {
  intersectsBounds: (box: Box3, isLeaf: boolean) => {
    const r = _cap[6];
    if (!slabTest(box.min.x - r, box.min.y - r, box.min.z - r, box.max.x + r, box.max.y + r, box.max.z + r, _cap[0], _cap[1], _cap[2], _cap[3], _cap[4], _cap[5])) return NOT_INTERSECTED;
    return isLeaf ? CONTAINED : INTERSECTED;
  },
  intersectsRange: () => true,
};

/** The capsule read by {@link scratchCapsuleMayTouch}: `[c0x, c0y, c0z, c1x, c1y, c1z, r]`, inches. */
export const SCRATCH_CAPSULE: Float64Array = _cap;

/**
 * Conservative shaft cull on the capsule the caller wrote into {@link SCRATCH_CAPSULE} (written in
 * place: no doubles cross the call): might the occluder touch some point within `r` of the segment
 * c0-c1? `false` is a proof that it does not (the capsule contains every segment between two point
 * sets whose centres are c0, c1 and whose radii are at most r); `true` may be a false alarm.
 */
export function scratchCapsuleMayTouch(o: Occluder): boolean {
  return capsuleAt(o);
}

/** {@link scratchCapsuleMayTouch} on the capsule in `_cap`. */
function capsuleAt(o: Occluder): boolean {
  const cap = _cap;
  const c0x = cap[0], c0y = cap[1], c0z = cap[2], c1x = cap[3], c1y = cap[4], c1z = cap[5], r = cap[6];
  const B = o.bounds;
  if (!slabTest(B[0] - r, B[1] - r, B[2] - r, B[3] + r, B[4] + r, B[5] + r, c0x, c0y, c0z, c1x, c1y, c1z)) return false;
  if (o.kind === 'prism' || (o.kind === 'solid' && o.asPrism)) {
    // A vertical prism lies within its semi-major axis of its vertical axis: compare segment distances.
    const p = o.kind === 'prism' ? o.prism : o.asPrism!;
    const f = p.footprint;
    const ss = _ss;
    ss[0] = c0x; ss[1] = c0y; ss[2] = c0z; ss[3] = c1x; ss[4] = c1y; ss[5] = c1z;
    ss[6] = f.x; ss[7] = f.y; ss[8] = p.zMin; ss[9] = f.x; ss[10] = f.y; ss[11] = p.zMax;
    segmentSegmentDistanceIn(ss);
    return ss[12] <= r + f.semiMajor;
  }
  if (o.kind !== 'mesh') return true;
  // The capsule's axis through a closed mesh's inner box: it touches the solid, no need to look.
  setSegment(c0x, c0y, c0z, c1x, c1y, c1z);
  for (let i = 0; i < o.inners.length; i++) if (boxHitAt(o.inners[i])) return true;
  return capsuleMeetsLeafBox(o);
}

let _nodeStack: Int32Array = new Int32Array(64);

/** A copy of `a` in an array twice as long (a walk's stack outgrowing its scratch). */
export function growInt32(a: Int32Array): Int32Array {
  const b = new Int32Array(2 * a.length);
  b.set(a);
  return b;
}

/**
 * Does the capsule in `_cap` meet the box of some leaf of the mesh's BVH (each box grown by the
 * radius, against the axis segment: as conservative as testing the leaf's triangles' bounds)? A
 * depth-first walk of the node buffers that allocates nothing (three-mesh-bvh's `shapecast`
 * allocates per call; this is the shaft cull's hottest mesh query).
 */
function capsuleMeetsLeafBox(o: MeshOccluder): boolean {
  const c0x = _cap[0], c0y = _cap[1], c0z = _cap[2], c1x = _cap[3], c1y = _cap[4], c1z = _cap[5], r = _cap[6];
  for (let k = 0; k < o.nodes.length; k++) {
    const { f32, u16, u32 } = o.nodes[k];
    let top = 0;
    _nodeStack[top++] = 0;
    while (top > 0) {
      const n32 = _nodeStack[--top];
      if (!slabTest(f32[n32] - r, f32[n32 + 1] - r, f32[n32 + 2] - r, f32[n32 + 3] + r, f32[n32 + 4] + r, f32[n32 + 5] + r, c0x, c0y, c0z, c1x, c1y, c1z)) continue;
      if (u16[2 * n32 + 15] === 0xffff) return true;
      if (top + 2 > _nodeStack.length) _nodeStack = growInt32(_nodeStack);
      // Right child below the left one: the left is walked first, as shapecast does.
      _nodeStack[top++] = n32 + u32[n32 + 6] * 8;
      _nodeStack[top++] = n32 + 8;
    }
  }
  return false;
}

/** The capsule cull by three-mesh-bvh's own `shapecast` (the reference for {@link capsuleMeetsLeafBox} in tests). */
export function capsuleMeetsLeafBoxByShapecast(o: MeshOccluder, c0x: number, c0y: number, c0z: number, c1x: number, c1y: number, c1z: number, r: number): boolean {
  _cap.set([c0x, c0y, c0z, c1x, c1y, c1z, r]);
  return o.bvh.shapecast(_capsuleCallbacks as never);
}

/** {@link capsuleMeetsLeafBox} on a capsule given by its axis (c0, c1) and radius, inches. */
export function capsuleMeetsLeafBoxByWalk(o: MeshOccluder, c0x: number, c0y: number, c0z: number, c1x: number, c1y: number, c1z: number, r: number): boolean {
  _cap.set([c0x, c0y, c0z, c1x, c1y, c1z, r]);
  return capsuleMeetsLeafBox(o);
}

/**
 * Does the segment a-b meet the closed box [x0, x1] x [y0, y1] x [z0, z1]? When it does, the
 * parameter range of the part inside (0 at a, 1 at b) is left in `_slabRange`.
 */
export function slabTest(x0: number, y0: number, z0: number, x1: number, y1: number, z1: number, ax: number, ay: number, az: number, bx: number, by: number, bz: number): boolean {
  let lo = 0;
  let hi = 1;
  let d = bx - ax;
  if (d === 0) {
    if (ax < x0 || ax > x1) return false;
  } else {
    let t0 = (x0 - ax) / d, t1 = (x1 - ax) / d;
    if (t0 > t1) { const t = t0; t0 = t1; t1 = t; }
    if (t0 > lo) lo = t0;
    if (t1 < hi) hi = t1;
    if (lo > hi) return false;
  }
  d = by - ay;
  if (d === 0) {
    if (ay < y0 || ay > y1) return false;
  } else {
    let t0 = (y0 - ay) / d, t1 = (y1 - ay) / d;
    if (t0 > t1) { const t = t0; t0 = t1; t1 = t; }
    if (t0 > lo) lo = t0;
    if (t1 < hi) hi = t1;
    if (lo > hi) return false;
  }
  d = bz - az;
  if (d === 0) {
    if (az < z0 || az > z1) return false;
  } else {
    let t0 = (z0 - az) / d, t1 = (z1 - az) / d;
    if (t0 > t1) { const t = t0; t0 = t1; t1 = t; }
    if (t0 > lo) lo = t0;
    if (t1 < hi) hi = t1;
    if (lo > hi) return false;
  }
  _slabRange[0] = lo;
  _slabRange[1] = hi;
  return true;
}
/** The parameter range [lo, hi] of the segment inside the box, written by {@link slabTest} when it returns true. */
const _slabRange = new Float64Array(2);

/**
 * Parity ray directions: skew and unequal, so rays from points on a regular grid (cell centres)
 * do not run exactly through the diagonal edges of axis-aligned faces (which would count one
 * crossing twice). The first is the one used for single points.
 */
const _dirs = [
  /* @__PURE__ */ new Vector3(1, 1.3247179572, 1.7548776662).normalize(),
  /* @__PURE__ */ new Vector3(-1.2207440846, 1, 0.6823278038).normalize(),
  /* @__PURE__ */ new Vector3(0.5436890127, -0.8392867552, 1).normalize(),
];

/**
 * Is the point strictly inside the occluder's solid (with margin `eps`)? Used by closure proofs.
 * Prisms and convex pieces are exact; closed meshes use ray parity (an odd number of crossings).
 */
export function occluderContains(o: Occluder, x: number, y: number, z: number, eps = 1e-9): boolean {
  switch (o.kind) {
    case 'prism':
      return prismContainsPoint(o.prism, o.cos, o.sin, x, y, z, eps);
    case 'solid':
      // Cylinders: the exact circle (what segment tests use).
      if (o.asPrism) return prismContainsPoint(o.asPrism, 1, 0, x, y, z, eps);
      return convexSolidContains(o.solid, x, y, z, eps);
    case 'mesh':
      // Bounds, then cells, then a parity ray: one path with the indexed form.
      _pt[0] = x;
      _pt[1] = y;
      _pt[2] = z;
      return occluderContainsAt(o, _pt, 0);
  }
}
const _pt = new Float64Array(3);

/**
 * What a closed mesh's cells alone say about point `i` of `pts` (flat `[x, y, z, ...]`, inches;
 * passed by index so no coordinate is boxed on the way): {@link CELL_OUTSIDE} (outside its bounds
 * or in an outside cell), {@link CELL_INSIDE}, or {@link CELL_SURFACE} when only a parity ray can
 * tell (a surface cell, or a mesh without cells).
 */
export function meshCellClass(o: MeshOccluder, pts: Float64Array, i: number): number {
  const x = pts[3 * i], y = pts[3 * i + 1], z = pts[3 * i + 2];
  const B = o.bounds;
  if (x <= B[0] || x >= B[3] || y <= B[1] || y >= B[4] || z <= B[2] || z >= B[5]) return CELL_OUTSIDE;
  const g = o.cells;
  if (!g) return CELL_SURFACE;
  const cx = Math.min(g.n[0] - 1, Math.floor((x - g.origin[0]) / g.size[0]));
  const cy = Math.min(g.n[1] - 1, Math.floor((y - g.origin[1]) / g.size[1]));
  const cz = Math.min(g.n[2] - 1, Math.floor((z - g.origin[2]) / g.size[2]));
  return g.state[cx + g.n[0] * (cy + g.n[1] * cz)];
}

/** {@link occluderContains} for point `i` of `pts` (flat `[x, y, z, ...]`, inches), read in place. */
export function occluderContainsAt(o: Occluder, pts: Float64Array, i: number): boolean {
  if (o.kind !== 'mesh') return occluderContains(o, pts[3 * i], pts[3 * i + 1], pts[3 * i + 2]);
  if (!o.closed) return false;
  const c = meshCellClass(o, pts, i);
  if (c !== CELL_SURFACE) return c === CELL_INSIDE;
  return rayParityInside(o, pts[3 * i], pts[3 * i + 1], pts[3 * i + 2]);
}

/**
 * Are all the cells of a closed mesh that overlap the box `b` (`[minX, minY, minZ, maxX, maxY,
 * maxZ]`, inches) and meet the plane `n . p = d` (unit normal `plane[0..2]`, `d = plane[3]`; pass
 * `null` for no plane) of class `cls` ({@link CELL_INSIDE} or {@link CELL_OUTSIDE})? For
 * CELL_INSIDE the box must lie strictly within the mesh's bounds; for CELL_OUTSIDE the parts of the
 * box beyond the bounds count as outside. A conservative, triangle-free proof: false only means the
 * cells cannot tell (the exact test decides). Cells are classified with their bounds grown by
 * 1e-6" against every triangle's bounds, so an inside or outside cell is wholly so.
 */
export function meshCellsAre(o: MeshOccluder, b: Float64Array, plane: Float64Array | null, cls: number): boolean {
  const g = o.cells;
  if (!g) return false;
  const B = o.bounds;
  if (cls === CELL_INSIDE) {
    if (b[0] <= B[0] || b[3] >= B[3] || b[1] <= B[1] || b[4] >= B[4] || b[2] <= B[2] || b[5] >= B[5]) return false;
  } else if (b[3] < B[0] || b[0] > B[3] || b[4] < B[1] || b[1] > B[4] || b[5] < B[2] || b[2] > B[5]) {
    return true;
  }
  const nx = g.n[0], ny = g.n[1], nz = g.n[2];
  const sx = g.size[0], sy = g.size[1], sz = g.size[2];
  const ox = g.origin[0], oy = g.origin[1], oz = g.origin[2];
  const x0 = Math.max(0, Math.floor((b[0] - ox) / sx)), x1 = Math.min(nx - 1, Math.floor((b[3] - ox) / sx));
  const y0 = Math.max(0, Math.floor((b[1] - oy) / sy)), y1 = Math.min(ny - 1, Math.floor((b[4] - oy) / sy));
  const z0 = Math.max(0, Math.floor((b[2] - oz) / sz)), z1 = Math.min(nz - 1, Math.floor((b[5] - oz) / sz));
  // A cell meets the plane when its centre is within its own projected half-extent of it.
  const pr = plane ? (Math.abs(plane[0]) * sx + Math.abs(plane[1]) * sy + Math.abs(plane[2]) * sz) / 2 + 1e-9 : 0;
  for (let z = z0; z <= z1; z++) {
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        if (plane) {
          const s = plane[0] * (ox + (x + 0.5) * sx) + plane[1] * (oy + (y + 0.5) * sy) + plane[2] * (oz + (z + 0.5) * sz) - plane[3];
          if (s > pr || s < -pr) continue;
        }
        if (g.state[x + nx * (y + ny * z)] !== cls) return false;
      }
    }
  }
  return true;
}

/**
 * Ray parity for a closed mesh: the point is inside when the ray from it along a fixed skew
 * direction crosses the surface an odd number of times. With the mesh's cells known, the ray only
 * goes as far as the first cell no triangle touches (walking the cells it passes, Amanatides and
 * Woo), whose class is known: inside(p) = inside(q) xor (odd crossings between p and q). A few
 * cells of ray instead of the whole mesh.
 */
function rayParityInside(o: MeshOccluder, x: number, y: number, z: number, direction = 0): boolean {
  const d = _dirs[direction];
  _ray.origin.set(x, y, z);
  _ray.direction.copy(d);
  const g = o.cells;
  if (!g) return o.bvh.raycast(_ray, DoubleSide).length % 2 === 1;
  const [nx, ny, nz] = g.n;
  let ix = Math.min(nx - 1, Math.max(0, Math.floor((x - g.origin[0]) / g.size[0])));
  let iy = Math.min(ny - 1, Math.max(0, Math.floor((y - g.origin[1]) / g.size[1])));
  let iz = Math.min(nz - 1, Math.max(0, Math.floor((z - g.origin[2]) / g.size[2])));
  // The skew directions have no zero component.
  const sx = d.x > 0 ? 1 : -1;
  const sy = d.y > 0 ? 1 : -1;
  const sz = d.z > 0 ? 1 : -1;
  let tx = (g.origin[0] + (ix + (sx > 0 ? 1 : 0)) * g.size[0] - x) / d.x;
  let ty = (g.origin[1] + (iy + (sy > 0 ? 1 : 0)) * g.size[1] - y) / d.y;
  let tz = (g.origin[2] + (iz + (sz > 0 ? 1 : 0)) * g.size[2] - z) / d.z;
  const dtx = g.size[0] / Math.abs(d.x);
  const dty = g.size[1] / Math.abs(d.y);
  const dtz = g.size[2] / Math.abs(d.z);
  let tEnter = 0;
  for (;;) {
    const tExit = Math.min(tx, ty, tz);
    const state = g.state[ix + nx * (iy + ny * iz)];
    if (state !== CELL_SURFACE) {
      // q: halfway through this cell along the ray (no triangle within reach of it).
      const odd = o.bvh.raycast(_ray, DoubleSide, 0, (tEnter + Math.max(tEnter, tExit)) / 2).length % 2 === 1;
      return (state === CELL_INSIDE) !== odd;
    }
    tEnter = tExit;
    if (tExit === tx) {
      ix += sx;
      tx += dtx;
    } else if (tExit === ty) {
      iy += sy;
      ty += dty;
    } else {
      iz += sz;
      tz += dtz;
    }
    // Out of the grid: beyond the mesh's bounds, so outside; count every crossing up to there.
    if (ix < 0 || ix >= nx || iy < 0 || iy >= ny || iz < 0 || iz >= nz) return o.bvh.raycast(_ray, DoubleSide, 0, tEnter * (1 + 1e-9) + 1e-9).length % 2 === 1;
  }
}

function prismContainsPoint(p: Prism, c: number, s: number, x: number, y: number, z: number, eps: number): boolean {
  if (z < p.zMin + eps || z > p.zMax - eps) return false;
  const f = p.footprint;
  const dx = x - f.x;
  const dy = y - f.y;
  const u = (c * dx + s * dy) / Math.max(1e-12, f.semiMajor - eps);
  const v = (-s * dx + c * dy) / Math.max(1e-12, f.semiMinor - eps);
  return u * u + v * v <= 1;
}


/**
 * Distance between the segments p0-p1 and q0-q1 (Ericson, Real-Time Collision Detection, 5.1.9).
 */
export function segmentSegmentDistance(
  p0x: number, p0y: number, p0z: number, p1x: number, p1y: number, p1z: number,
  q0x: number, q0y: number, q0z: number, q1x: number, q1y: number, q1z: number,
): number {
  const ss = _ss;
  ss[0] = p0x; ss[1] = p0y; ss[2] = p0z; ss[3] = p1x; ss[4] = p1y; ss[5] = p1z;
  ss[6] = q0x; ss[7] = q0y; ss[8] = q0z; ss[9] = q1x; ss[10] = q1y; ss[11] = q1z;
  segmentSegmentDistanceIn(ss);
  return ss[12];
}

/** Scratch of {@link segmentSegmentDistanceIn}: p0, p1, q0, q1 (0..11), then the distance (12). */
const _ss = new Float64Array(13);

/** {@link segmentSegmentDistance} of the segments in `ss[0..12)`, written to `ss[12]` (no number crosses the call). */
function segmentSegmentDistanceIn(ss: Float64Array): void {
  const p0x = ss[0], p0y = ss[1], p0z = ss[2], p1x = ss[3], p1y = ss[4], p1z = ss[5];
  const q0x = ss[6], q0y = ss[7], q0z = ss[8], q1x = ss[9], q1y = ss[10], q1z = ss[11];
  const d1x = p1x - p0x, d1y = p1y - p0y, d1z = p1z - p0z;
  const d2x = q1x - q0x, d2y = q1y - q0y, d2z = q1z - q0z;
  const rx = p0x - q0x, ry = p0y - q0y, rz = p0z - q0z;
  const a = d1x * d1x + d1y * d1y + d1z * d1z;
  const e = d2x * d2x + d2y * d2y + d2z * d2z;
  const f = d2x * rx + d2y * ry + d2z * rz;
  let s = 0;
  let t = 0;
  const EPS = 1e-12;
  if (a <= EPS && e <= EPS) {
    s = t = 0;
  } else if (a <= EPS) {
    s = 0;
    t = Math.min(1, Math.max(0, f / e));
  } else {
    const c = d1x * rx + d1y * ry + d1z * rz;
    if (e <= EPS) {
      t = 0;
      s = Math.min(1, Math.max(0, -c / a));
    } else {
      const b = d1x * d2x + d1y * d2y + d1z * d2z;
      const denom = a * e - b * b;
      s = denom > EPS ? Math.min(1, Math.max(0, (b * f - c * e) / denom)) : 0;
      t = (b * s + f) / e;
      if (t < 0) {
        t = 0;
        s = Math.min(1, Math.max(0, -c / a));
      } else if (t > 1) {
        t = 1;
        s = Math.min(1, Math.max(0, (b - c) / a));
      }
    }
  }
  const dx = p0x + d1x * s - (q0x + d2x * t);
  const dy = p0y + d1y * s - (q0y + d2y * t);
  const dz = p0z + d1z * s - (q0z + d2z * t);
  ss[12] = Math.sqrt(dx * dx + dy * dy + dz * dz);
}
