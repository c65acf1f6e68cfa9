import { occluderClosesShaft } from '../geometry/closure';
import { boxInsideBox, boxPlanInterval, columnPairCovered, coveredHeights, LINES_STRIDE, PIECE_STRIDE, writeBoxPiece, writeCoverLines } from '../geometry/columnPairs';
import { meshColumns } from '../geometry/meshColumns';
import { planBlockersOf, planClosesShaft, stackedBoxes, type PlanBlocker } from '../geometry/planClosure';
import { gapClearance, gapRise, joinedBlocker, joinedColumns, type JoinedColumn } from '../geometry/stackedColumns';
import { SCRATCH_CAPSULE, SCRATCH_SEGMENT, scratchCapsuleMayTouch, scratchSegmentHits, setScratchSegment, type Occluder, type SolidOccluder } from '../geometry/occluders';
import { DEFAULT_SAMPLE_SPACING_INCHES } from '../geometry/visibility';
import { buildSampleTree, composeSampleTrees, prismSurfaceSamples, sampleTreeLike, type SampleTree } from '../geometry/volumeSamples';
import { classFootprint, classVolumeHeight, type ModelClass } from './classes';
import type { SpotGrid } from './standingSpots';

/**
 * Visibility between standing spots (Core 6.0, any point to any point) with terrain as the only
 * blocker: models standing on the spots do not block one another (the layout analysis asks where
 * the terrain lets a model be seen, not where a crowd would be).
 *
 * A model at a spot is the class's volume there (its footprint extruded from the spot's elevation
 * by the class's height), sampled exactly as `World` samples a model (`prismSurfaceSamples` at the
 * spacing of `visible`, 0.25" by default), so the bound of SCENARIO visibility holds unchanged: a
 * line of sight is found whenever its segment can be moved by the samples' covering radius at both
 * ends and stay clear. Per spot the caps are kept as `World` keeps them toward the other set (the
 * top cap only when some spot of the other set reaches higher, the bottom only when some reaches
 * lower); the sides are kept whole. Each spot's points are therefore a superset of the points
 * `visible` searches for any one pair, so every pair `visible` (with only terrain) finds visible is
 * visible here too.
 *
 * The fast mode is the visibility search's shaft search (capsule culling, closure proofs, plan-view
 * proofs over upright pieces, boxes inside stacked pieces and joined columns of stacked meshes
 * (`geometry/planClosure.ts`, `planLines.ts`, `stackedColumns.ts`), pair tests in small groups; not
 * the fused proofs, which closed 634 of 2.15 M node pairs tried on the cavalry relation once the
 * plan proofs ran) run once over two trees that hold every spot of each set
 * (one tree per spot, composed): a proof at a node pair settles every spot pair below it at once.
 * Unlike the single question it does not stop at the first witness: it settles every pair (or, in
 * `rows` form, every row spot), skipping node pairs whose spot pairs are all settled visible.
 * The exhaustive mode tests, per spot pair, every sample pair against every blocker until one is
 * clear (no proof, no pruning). Both decide the same relation on the same points.
 */
export interface SpotRelation {
  rows: number;
  cols: number;
  /** `pairs` form: 1 at `row * cols + col` when the two spots see each other; empty in `rows` form. */
  seen: Uint8Array;
  /** 1 per row spot seen by at least one column spot. */
  rowSeen: Uint8Array;
  /** Work done: node pairs visited and exact segment tests. */
  nodePairs: number;
  segmentTests: number;
}

/** Options of {@link relateSpots}. */
export interface RelateOptions {
  mode?: 'fast' | 'exhaustive';
  /** `pairs`: every spot pair (heatmaps); `rows`: only whether each row spot is seen (faster). */
  form?: 'pairs' | 'rows';
  spacingInches?: number;
}

/** A set of spots of one grid: indices into its arrays. */
export type SpotSet = Int32Array;

/** One spot's sample tree and its points' outward normals (`[nx, ny, nz, ...]` in the tree's point order). */
export interface SpotTree {
  tree: SampleTree;
  normals: Float32Array;
  /** Tree point index of each sample in `prismSurfaceSamples` order (the caps' kept points after the side). */
  pointOfSample: Int32Array;
}

/** Per-spot sample trees of one class and grid, cached by spot and cap variant. */
export class SpotSamples {
  private readonly cache = new Map<number, SpotTree>();
  /** Composed trees of spot sets (by the set array), per the other set's highest top and lowest bottom (see `setTree`). */
  readonly setTrees = new WeakMap<SpotSet, { otherTop: number; otherBottom: number; tree: SetTree }[]>();
  /** Per cap variant, the tree whose shape every spot's tree takes (see `sampleTreeLike`). */
  private readonly templates: (SampleTree | undefined)[] = [];
  /** Per cap variant and elevation, the samples at (0, 0) that every spot's are moved from (see `tree`). */
  private readonly origins = new Map<string, OriginSamples>();
  /** The sample surface's semi-minor axis over the covering radius: how far a side normal turns within one covering radius (radians, as `World` widens its facing spread). */
  readonly turn: number;
  readonly semiMajor: number;
  /** Side samples per row and rows (top row first), as `prismSurfaceSamples` lays them out. */
  readonly sideColumns: number;
  readonly sideRows: number;
  constructor(
    readonly spots: SpotGrid,
    readonly cls: ModelClass,
    readonly spacingInches = DEFAULT_SAMPLE_SPACING_INCHES,
  ) {
    const f = classFootprint(cls, 0, 0);
    const probe = prismSurfaceSamples({ footprint: f, zMin: 0, zMax: classVolumeHeight(cls) }, spacingInches);
    this.turn = probe.coveringRadiusInches / Math.max(1e-6, probe.minRadiusInches);
    this.semiMajor = f.semiMajor;
    let cols = 0;
    while (cols < probe.points.length / 3 && probe.points[3 * cols + 2] === probe.points[2] && probe.normals[3 * cols + 2] === 0) cols++;
    let side = 0;
    while (side < probe.points.length / 3 && probe.normals[3 * side + 2] === 0) side++;
    this.sideColumns = cols;
    this.sideRows = Math.floor(side / cols);
  }

  /**
   * The sample tree of spot `i` with its top and bottom caps kept or not. Spots at one elevation
   * share their samples but for a plan translation (every class stands at facing 0, where
   * `prismSurfaceSamples` computes `x + u` and `y + v`, and node bounds are minima and maxima of
   * points): the tree is computed once at (0, 0) per elevation and cap variant, and moved by adding
   * the spot's x and y, which gives the same numbers, bit for bit, as sampling the spot itself.
   */
  tree(i: number, keepTop: boolean, keepBottom: boolean): SpotTree {
    const key = 4 * i + (keepTop ? 2 : 0) + (keepBottom ? 1 : 0);
    let t = this.cache.get(key);
    if (t) return t;
    const s = this.spots;
    const x = s.x[i];
    const y = s.y[i];
    const variant = (keepTop ? 2 : 0) + (keepBottom ? 1 : 0);
    const okey = `${variant}/${s.z[i]}`;
    let o = this.origins.get(okey);
    if (!o) this.origins.set(okey, (o = this.originSamples(s.z[i], keepTop, keepBottom)));
    // Every spot's kept samples are the template's moved, in the same order: same tree shape. The
    // template is the first spot's tree (rebuilt when a spot's count or covering radius differs).
    let template = this.templates[variant];
    if (!template || template.owner.length !== o.kept || template.coveringRadiusInches !== o.coveringRadiusInches) {
      template = this.templates[variant] = buildSampleTree(moved(o.points, x, y), o.coveringRadiusInches);
    }
    if (o.template !== template) {
      const tree = sampleTreeLike(template, o.points);
      const normals = new Float32Array(3 * o.kept);
      const src = tree.sourceIndex!;
      const pointOfSample = new Int32Array(o.kept);
      for (let p = 0; p < o.kept; p++) {
        for (let c = 0; c < 3; c++) normals[3 * p + c] = o.normals[3 * src[p] + c];
        pointOfSample[src[p]] = p;
      }
      o.template = template;
      o.tree = { tree, normals, pointOfSample };
    }
    const at = o.tree!;
    t = { tree: { ...at.tree, points: moved(at.tree.points, x, y), bounds: movedBounds(at.tree.bounds, x, y) }, normals: at.normals, pointOfSample: at.pointOfSample };
    this.cache.set(key, t);
    return t;
  }

  /** The class's kept samples at (0, 0) on elevation `z` (caps as asked), with their normals. */
  private originSamples(z: number, keepTop: boolean, keepBottom: boolean): OriginSamples {
    const samples = prismSurfaceSamples({ footprint: classFootprint(this.cls, 0, 0), zMin: z, zMax: z + classVolumeHeight(this.cls) }, this.spacingInches);
    const n = samples.points.length / 3;
    const N = samples.normals;
    let kept = 0;
    const pts = new Float64Array(samples.points.length);
    const nrm = new Float32Array(samples.points.length);
    for (let k = 0; k < n; k++) {
      const nz = N[3 * k + 2];
      if (nz > 0.5 ? keepTop : nz < -0.5 ? keepBottom : true) {
        for (let c = 0; c < 3; c++) {
          pts[3 * kept + c] = samples.points[3 * k + c];
          nrm[3 * kept + c] = N[3 * k + c];
        }
        kept++;
      }
    }
    return { points: pts.slice(0, 3 * kept), normals: nrm.slice(0, 3 * kept), kept, coveringRadiusInches: samples.coveringRadiusInches, template: null, tree: null };
  }
}

/** A class's kept samples at (0, 0) and one elevation, and their tree in the current template's shape. */
interface OriginSamples {
  points: Float64Array;
  normals: Float32Array;
  kept: number;
  coveringRadiusInches: number;
  template: SampleTree | null;
  tree: SpotTree | null;
}

/** Points `[x, y, z, ...]` moved by (dx, dy) (a copy). */
function moved(points: Float64Array, dx: number, dy: number): Float64Array {
  const out = new Float64Array(points);
  for (let k = 0; k < out.length; k += 3) {
    out[k] += dx;
    out[k + 1] += dy;
  }
  return out;
}

/** Node bounds `[minX, minY, minZ, maxX, maxY, maxZ, ...]` moved by (dx, dy) (a copy). */
function movedBounds(bounds: Float64Array, dx: number, dy: number): Float64Array {
  const out = new Float64Array(bounds);
  for (let k = 0; k < out.length; k += 6) {
    out[k] += dx;
    out[k + 1] += dy;
    out[k + 3] += dx;
    out[k + 4] += dy;
  }
  return out;
}

/** One composed tree over a set of spots, with each node's spots as a range of ranks. */
/** The composed sample tree of a spot set (typed arrays only: another thread can take a copy). */
export interface SetTree {
  tree: SampleTree;
  /** Per point: rank of its spot (ranks number the spots in the tree's point order). */
  rank: Int32Array;
  /** Per node: first and last rank of its spots. */
  lo: Int32Array;
  hi: Int32Array;
  /** Rank -> position in the spot set. */
  setIndexOfRank: Int32Array;
  /** Per point: its outward normal `[nx, ny, nz, ...]`. */
  normals: Float32Array;
  /** Per rank: its spot's index in the grid. */
  spotOfRank: Int32Array;
  /** Per rank: tree point index (within the spot) of each side sample, for the probes. */
  sidePoints: Int32Array[];
  /** Per rank: its points `[rankStart, rankEnd)` (a spot's points are contiguous). */
  rankStart: Int32Array;
  rankEnd: Int32Array;
}

/**
 * The composed tree of a spot set toward another set. It depends on the other set only through its
 * highest top and lowest bottom (which caps each spot keeps), so it is kept per set and those two
 * heights (`SpotSamples.setTrees`): the analysis asks for one zone against a territory, then against
 * the objectives' contesting spots.
 */
function setTree(samples: SpotSamples, set: SpotSet, other: SpotSet): SetTree {
  const s = samples.spots;
  let otherTop = -Infinity;
  let otherBottom = Infinity;
  for (const j of other) {
    otherTop = Math.max(otherTop, s.top[j]);
    otherBottom = Math.min(otherBottom, s.z[j]);
  }
  const cached = samples.setTrees.get(set);
  const hit = cached?.find((c) => c.otherTop === otherTop && c.otherBottom === otherBottom);
  if (hit) return hit.tree;
  const tree = composeSetTree(samples, set, otherTop, otherBottom);
  if (cached) cached.push({ otherTop, otherBottom, tree });
  else samples.setTrees.set(set, [{ otherTop, otherBottom, tree }]);
  return tree;
}

function composeSetTree(samples: SpotSamples, set: SpotSet, otherTop: number, otherBottom: number): SetTree {
  const s = samples.spots;
  const parts: SampleTree[] = [];
  const partNormals: Float32Array[] = [];
  const partSamples: Int32Array[] = [];
  let rho = 0;
  for (const i of set) {
    const t = samples.tree(i, otherTop > s.top[i], otherBottom < s.z[i]);
    parts.push(t.tree);
    partNormals.push(t.normals);
    partSamples.push(t.pointOfSample);
    rho = Math.max(rho, t.tree.coveringRadiusInches);
  }
  const tree = composeSampleTrees(parts, rho);
  const nPts = tree.owner.length;
  const rankOfPart = new Int32Array(set.length).fill(-1);
  const setIndexOfRank = new Int32Array(set.length);
  const rank = new Int32Array(nPts);
  let next = 0;
  for (let p = 0; p < nPts; p++) {
    const ow = tree.owner[p];
    if (rankOfPart[ow] < 0) {
      rankOfPart[ow] = next;
      setIndexOfRank[next++] = ow;
    }
    rank[p] = rankOfPart[ow];
  }
  const rankStart = new Int32Array(set.length);
  const rankEnd = new Int32Array(set.length);
  for (let p = nPts - 1; p >= 0; p--) rankStart[rank[p]] = p;
  for (let p = 0; p < nPts; p++) rankEnd[rank[p]] = p + 1;
  const normals = new Float32Array(3 * nPts);
  const spotOfRank = new Int32Array(set.length);
  const sidePoints: Int32Array[] = [];
  for (let r = 0; r < set.length; r++) {
    const part = setIndexOfRank[r];
    spotOfRank[r] = set[part];
    sidePoints.push(partSamples[part]);
    normals.set(partNormals[part], 3 * rankStart[r]);
  }
  const nNodes = tree.start.length;
  const lo = new Int32Array(nNodes);
  const hi = new Int32Array(nNodes);
  for (let n = 0; n < nNodes; n++) {
    lo[n] = rank[tree.start[n]];
    hi[n] = rank[tree.end[n] - 1];
  }
  return { tree, rank, lo, hi, setIndexOfRank, rankStart, rankEnd, normals, spotOfRank, sidePoints };
}

/**
 * Sample pairs at or below which a node pair holding parts of spots is tested pair by pair (one
 * spot against one spot goes to {@link coverPairs} first; parts of spots occur only where the
 * search split a single spot). The visibility search uses 64; with only a quarter of a spot pair's
 * points facing each other, 1024 took 3.3 s against 8.3 s for 64 when all leaves came here
 * (exposure of one territory, infantry at 1", before the cover).
 */
const LEAF_PAIRS = 1024;

/** State of one relation search (ranks on both sides; the answer is re-indexed at the end). */
interface SearchState {
  A: SetTree;
  B: SetTree;
  cols: number;
  pairs: boolean;
  /** Pairs form: by rank `ra * cols + rb`. */
  seen: Uint8Array;
  rowSeen: Uint8Array;
  nodePairs: number;
  tests: number;
  /** Per-pair facing of the spot pair `(facingA, facingB)` (ranks), see {@link setFacing}. */
  spots: SpotGrid;
  semiMajor: number;
  sideColumns: number;
  sideRows: number;
  turn: number;
  facingA: number;
  facingB: number;
  ux: number;
  uy: number;
  limit: number;
  topA: boolean;
  bottomA: boolean;
  topB: boolean;
  bottomB: boolean;
  /** Plan blockers of each occluder (see `geometry/planClosure.ts`), and a scratch list of them. */
  plan: Map<Occluder, PlanBlocker[]>;
  planBuf: PlanBlocker[];
  /** Per occluder, its box pieces for {@link coverPairs} (see {@link coverPieces}): slots in `pieces`. */
  cover: Map<Occluder, Int32Array>;
  /** The box pieces, {@link PIECE_STRIDE} numbers each (`geometry/columnPairs.ts`). */
  pieces: Float64Array;
  /** Joined columns of stacked meshes by their lower mesh, with this relation's height clearance (`geometry/stackedColumns.ts`). */
  joined: Map<Occluder, JoinedPlan[]>;
}

/** A joined column usable in this relation: its points' least height distance to the gap, and a scratch blocker. */
interface JoinedPlan {
  column: JoinedColumn;
  delta: number;
  blocker: PlanBlocker;
}

/**
 * The points of a spot pair that can hold a witness's ends (as `World` culls a pair's samples,
 * `facingMask`): side points whose normal lies within 90 deg + spread of the direction toward the
 * other spot, where spread = asin(reach / distance) + pi/16 + the turn of the normal within one
 * covering radius (`World` adds pi/32 for its 1/32-turn direction buckets, whose centre is at most
 * pi/32 off: pi/16 keeps every point it keeps); the top cap only when the other reaches higher,
 * the bottom cap only when it reaches lower.
 */
function setFacing(st: SearchState, ra: number, rb: number): void {
  const s = st.spots;
  const i = st.A.spotOfRank[ra];
  const j = st.B.spotOfRank[rb];
  st.facingA = ra;
  st.facingB = rb;
  const dx = s.x[j] - s.x[i];
  const dy = s.y[j] - s.y[i];
  const d = Math.sqrt(dx * dx + dy * dy);
  const reach = 2 * st.semiMajor;
  if (d > reach + 1e-9) {
    st.ux = dx / d;
    st.uy = dy / d;
    const spread = Math.asin(reach / d) + Math.PI / 16 + st.turn;
    st.limit = spread >= Math.PI / 2 ? -2 : -Math.sin(spread) - 1e-9;
  } else {
    st.ux = 1;
    st.uy = 0;
    st.limit = -2;
  }
  st.topA = s.top[j] > s.top[i];
  st.bottomA = s.z[j] < s.z[i];
  st.topB = s.top[i] > s.top[j];
  st.bottomB = s.z[i] < s.z[j];
}

/** Is point `p` of the row tree kept for the current spot pair? */
function keptA(st: SearchState, p: number): boolean {
  const N = st.A.normals;
  const nz = N[3 * p + 2];
  return nz > 0.5 ? st.topA : nz < -0.5 ? st.bottomA : N[3 * p] * st.ux + N[3 * p + 1] * st.uy > st.limit;
}

/** Is point `p` of the column tree kept for the current spot pair? */
function keptB(st: SearchState, p: number): boolean {
  const N = st.B.normals;
  const nz = N[3 * p + 2];
  return nz > 0.5 ? st.topB : nz < -0.5 ? st.bottomB : -(N[3 * p] * st.ux + N[3 * p + 1] * st.uy) > st.limit;
}

/** Does the node hold every point of its spots (at or above the spots' own trees)? */
function wholeSpots(t: SetTree, n: number): boolean {
  return t.tree.start[n] === t.rankStart[t.lo[n]] && t.tree.end[n] === t.rankEnd[t.hi[n]];
}

const _boxA = new Float64Array(6);
const _boxB = new Float64Array(6);
/** Per recursion depth: the occluders that may touch the node pair's shaft (reused). */
const _subPool: Occluder[][] = [];

function halfDiagonal(b: Float64Array, node: number): number {
  const B = 6 * node;
  const x = b[B + 3] - b[B];
  const y = b[B + 4] - b[B + 1];
  const z = b[B + 5] - b[B + 2];
  return 0.5 * Math.sqrt(x * x + y * y + z * z);
}

/** Are all spot pairs of the node pair already seen? Checked only when one side is one spot (see the search). */
function settled(st: SearchState, a0: number, a1: number, b0: number, b1: number): boolean {
  if (!st.pairs) {
    for (let a = a0; a <= a1; a++) if (!st.rowSeen[a]) return false;
    return true;
  }
  if (a0 !== a1 && b0 !== b1) return false;
  const S = st.seen;
  const C = st.cols;
  for (let a = a0; a <= a1; a++) for (let b = b0; b <= b1; b++) if (!S[a * C + b]) return false;
  return true;
}

function markSeen(st: SearchState, a0: number, a1: number, b0: number, b1: number): void {
  for (let a = a0; a <= a1; a++) {
    st.rowSeen[a] = 1;
    if (st.pairs) st.seen.fill(1, a * st.cols + b0, a * st.cols + b1 + 1);
  }
}

/**
 * The shaft search over node pairs (see the visibility search in `geometry/visibility.ts`): an
 * empty shaft proves every segment of the node pair clear (every spot pair below it sees), a
 * closure proof (one occluder, or a plan-view proof over several) proves every segment blocked;
 * otherwise the larger node is split, down to one spot against one spot (probes, then
 * {@link coverPairs}) or small groups tested pair by pair.
 */
function search(st: SearchState, na: number, nb: number, occ: Occluder[], nOcc: number, depth: number): void {
  const A = st.A;
  const B = st.B;
  const a0 = A.lo[na], a1 = A.hi[na], b0 = B.lo[nb], b1 = B.hi[nb];
  if (settled(st, a0, a1, b0, b1)) return;
  st.nodePairs++;
  const Ab = A.tree.bounds;
  const Bb = B.tree.bounds;
  const ia = 6 * na;
  const ib = 6 * nb;
  const ra = halfDiagonal(Ab, na);
  const rb = halfDiagonal(Bb, nb);
  const cap = SCRATCH_CAPSULE;
  cap[0] = (Ab[ia] + Ab[ia + 3]) / 2;
  cap[1] = (Ab[ia + 1] + Ab[ia + 4]) / 2;
  cap[2] = (Ab[ia + 2] + Ab[ia + 5]) / 2;
  cap[3] = (Bb[ib] + Bb[ib + 3]) / 2;
  cap[4] = (Bb[ib + 1] + Bb[ib + 4]) / 2;
  cap[5] = (Bb[ib + 2] + Bb[ib + 5]) / 2;
  cap[6] = Math.max(ra, rb);
  // One spot against one spot: a few likely sample pairs first (most such pairs see each other),
  // against the parent's occluders (a superset of those the shaft can touch: the same answers),
  // before culling them.
  const one = a0 === a1 && b0 === b1 && wholeSpots(A, na) && wholeSpots(B, nb);
  if (one && probe(st, a0, b0, occ, nOcc)) {
    markSeen(st, a0, a0, b0, b0);
    return;
  }
  const sub = (_subPool[depth] ??= []);
  let nSub = 0;
  for (let i = 0; i < nOcc; i++) if (scratchCapsuleMayTouch(occ[i])) sub[nSub++] = occ[i];
  if (nSub === 0) {
    // Every segment between the two nodes is clear (all points are at or above the table): every
    // spot pair below sees, when the nodes hold whole spots (each pair then has facing points in
    // them); otherwise the first facing pair of each spot pair is the witness.
    if (wholeSpots(A, na) && wholeSpots(B, nb)) markSeen(st, a0, a1, b0, b1);
    else leafPairs(st, na, nb, sub, 0);
    return;
  }
  // One spot against one spot: settled column pair by column pair (the node proofs below seldom
  // close such a shaft that the cover would not settle as fast).
  if (one) {
    coverPairs(st, a0, b0, sub, nSub);
    return;
  }
  const seg = SCRATCH_SEGMENT;
  for (let k = 0; k < 6; k++) {
    _boxA[k] = Ab[ia + k];
    _boxB[k] = Bb[ib + k];
  }
  // An occluder that misses the segment joining the centres cannot close the shaft (cheap filter first).
  seg[0] = SCRATCH_CAPSULE[0];
  seg[1] = SCRATCH_CAPSULE[1];
  seg[2] = SCRATCH_CAPSULE[2];
  seg[3] = SCRATCH_CAPSULE[3];
  seg[4] = SCRATCH_CAPSULE[4];
  seg[5] = SCRATCH_CAPSULE[5];
  for (let i = 0; i < nSub; i++) {
    const o = sub[i];
    if (scratchSegmentHits(o) && occluderClosesShaft(o, _boxA, _boxB)) return;
  }
  if (planProof(st, sub, nSub)) return;
  const tA = A.tree;
  const tB = B.tree;
  const nA = tA.end[na] - tA.start[na];
  const nB = tB.end[nb] - tB.start[nb];
  if (nA * nB <= LEAF_PAIRS) {
    leafPairs(st, na, nb, sub, nSub);
    return;
  }
  const leafA = tA.left[na] < 0;
  const leafB = tB.left[nb] < 0;
  // Split the larger node; the higher child first (lines over walls leave from the top).
  if (!leafA && (leafB || ra >= rb)) {
    const l = tA.left[na];
    const r = tA.right[na];
    const first = Ab[6 * l + 5] >= Ab[6 * r + 5] ? l : r;
    search(st, first, nb, sub, nSub, depth + 1);
    search(st, first === l ? r : l, nb, sub, nSub, depth + 1);
  } else {
    const l = tB.left[nb];
    const r = tB.right[nb];
    const first = Bb[6 * l + 5] >= Bb[6 * r + 5] ? l : r;
    search(st, na, first, sub, nSub, depth + 1);
    search(st, na, first === l ? r : l, sub, nSub, depth + 1);
  }
}

/** Slots (in `st.pieces`) of the box pieces of the occluders left, for {@link coverPairs}. */
let _pieces = new Int32Array(64);
/** Numbers per column in {@link spotColumns}' lists. */
const COLUMN = 7;
/** Columns of a spot pair (see {@link spotColumns}): row spot's and column spot's. */
let _colsA = new Float64Array(COLUMN * 32);
let _colsB = new Float64Array(COLUMN * 32);
/** Per box piece partly covering a column pair: its covered heights' lines (see `writeCoverLines`). */
let _parts = new Float64Array(LINES_STRIDE * 16);
const _interval = new Float64Array(2);

/**
 * Lists in `_colsA` (row side) or `_colsB` the kept columns of a spot, {@link COLUMN} numbers each:
 * its plan x and y, its top and bottom heights (inches), then `(first, count, stride)` into the
 * spot's side-point order (`SetTree.sidePoints`). Each kept side column (its rows, top first; a
 * column's points share x and y), then each kept cap point as a column of one. Returns how many.
 */
function spotColumns(st: SearchState, t: SetTree, r: number, rowSide: boolean): number {
  const sp = t.sidePoints[r];
  const base = t.rankStart[r];
  const P = t.tree.points;
  const n = st.sideColumns;
  const side = st.sideRows * n;
  const need = COLUMN * (n + sp.length - side);
  if ((rowSide ? _colsA : _colsB).length < need) {
    if (rowSide) _colsA = new Float64Array(2 * need);
    else _colsB = new Float64Array(2 * need);
  }
  const out = rowSide ? _colsA : _colsB;
  let m = 0;
  for (let c = 0; c < n; c++) if (rowSide ? keptA(st, base + sp[c]) : keptB(st, base + sp[c])) m = putColumn(out, m, P, base, sp, c, st.sideRows, n);
  for (let k = side; k < sp.length; k++) if (rowSide ? keptA(st, base + sp[k]) : keptB(st, base + sp[k])) m = putColumn(out, m, P, base, sp, k, 1, 0);
  return m / COLUMN;
}

/** Writes one column of {@link spotColumns} at `out[m]`; returns the next slot. */
function putColumn(out: Float64Array, m: number, P: Float64Array, base: number, sp: Int32Array, first: number, count: number, stride: number): number {
  const top = 3 * (base + sp[first]);
  out[m] = P[top];
  out[m + 1] = P[top + 1];
  out[m + 2] = P[top + 2];
  out[m + 3] = P[3 * (base + sp[first + (count - 1) * stride]) + 2];
  out[m + 4] = first;
  out[m + 5] = count;
  out[m + 6] = stride;
  return m + COLUMN;
}

/**
 * Settles one spot against one spot (once the probes failed and the occluders are culled) column
 * pair by column pair. Each kept point lies on a kept column (a side column's rows, or a cap point
 * alone), and the segments joining two columns share their plan segment, so a box piece's plan
 * interval along it is found once per column pair ({@link boxPlanInterval}) and each segment's
 * verdict against that piece is then a matter of heights ({@link heightsMeet}: counted blocked
 * only when the box segment test finds it blocked). In turn: a row column whose segments to the
 * four vertical edges of the column spot's kept box one piece covers is covered against every
 * column ({@link columnBoxCovered}); a column pair one piece covers at its four end segments is
 * covered (convex sections, {@link columnPairCovered}); else row by row the pieces' covered
 * heights ({@link columnPairWitness}), and a pair no box piece covers is tested against every
 * occluder left (meshes, cylinders): the first clear one is the witness, and marks the spot pair
 * seen. Column pairs go in spread order ({@link spreadOrder}); the piece that covered the last
 * column pair is tried first.
 * Work: each row column and each column pair tried counts as one segment test, and so does each
 * pair tested.
 */
function coverPairs(st: SearchState, ra: number, rb: number, sub: Occluder[], nSub: number): void {
  if (ra !== st.facingA || rb !== st.facingB) setFacing(st, ra, rb);
  let np = 0;
  for (let i = 0; i < nSub; i++) {
    const list = st.cover.get(sub[i]);
    if (!list) continue;
    if (_pieces.length < np + list.length) {
      const grown = new Int32Array(2 * (np + list.length));
      grown.set(_pieces);
      _pieces = grown;
    }
    for (let k = 0; k < list.length; k++) _pieces[np++] = list[k];
  }
  if (_parts.length < LINES_STRIDE * np) _parts = new Float64Array(2 * LINES_STRIDE * np);
  const nA = spotColumns(st, st.A, ra, true);
  const nB = spotColumns(st, st.B, rb, false);
  const CA = _colsA;
  const CB = _colsB;
  _spA = st.A.sidePoints[ra];
  _spB = st.B.sidePoints[rb];
  _baseA = st.A.rankStart[ra];
  _baseB = st.B.rankStart[rb];
  _P = st.A.tree.points;
  _Q = st.B.tree.points;
  // The column spot's kept points' bounds: a row column whose segments to the four vertical edges
  // of that box one piece covers is covered against every column (for one row point, the points
  // whose segment from it meets a convex piece form a convex set).
  let x0 = Infinity, y0 = Infinity, z0 = Infinity, x1 = -Infinity, y1 = -Infinity, z1 = -Infinity;
  for (let b = 0; b < nB * COLUMN; b += COLUMN) {
    if (CB[b] < x0) x0 = CB[b];
    if (CB[b] > x1) x1 = CB[b];
    if (CB[b + 1] < y0) y0 = CB[b + 1];
    if (CB[b + 1] > y1) y1 = CB[b + 1];
    if (CB[b + 3] < z0) z0 = CB[b + 3];
    if (CB[b + 2] > z1) z1 = CB[b + 2];
  }
  const orderA = spreadOrder(nA);
  const orderB = spreadOrder(nB);
  for (let oa = 0; oa < nA; oa++) {
    const a = COLUMN * orderA[oa];
    const ax = CA[a], ay = CA[a + 1], zaTop = CA[a + 2], zaBottom = CA[a + 3];
    st.tests++;
    if (columnBoxCovered(st.pieces, np, ax, ay, zaTop, zaBottom, x0, y0, z0, x1, y1, z1)) continue;
    for (let ob = 0; ob < nB; ob++) {
      const b = COLUMN * orderB[ob];
      st.tests++;
      const nParts = columnPairParts(st.pieces, np, ax, ay, zaTop, zaBottom, CB[b], CB[b + 1], CB[b + 2], CB[b + 3]);
      if (nParts < 0) continue;
      if (columnPairWitness(st, sub, nSub, nParts, CA[a + 4], CA[a + 5], CA[a + 6], CB[b + 4], CB[b + 5], CB[b + 6], CB[b + 2], CB[b + 3])) {
        markSeen(st, ra, ra, rb, rb);
        return;
      }
    }
  }
}

/**
 * Does one of the box pieces listed in `_pieces` cover every segment from the column at `(ax, ay)`
 * (heights `zaBottom..zaTop`) to the box `x0..x1, y0..y1, z0..z1`? It does when it covers the
 * column pairs to the box's four vertical edges (for each point of the column, its eight corners;
 * see {@link columnPairCovered}). The piece that covered the last column pair is tried first.
 */
function columnBoxCovered(D: Float64Array, np: number, ax: number, ay: number, zaTop: number, zaBottom: number, x0: number, y0: number, z0: number, x1: number, y1: number, z1: number): boolean {
  const iv = _interval;
  const first = _firstPiece < np ? _firstPiece : 0;
  for (let t = 0; t < np; t++) {
    const k = first + t < np ? first + t : first + t - np;
    const at = PIECE_STRIDE * _pieces[k];
    let c = 0;
    for (; c < 4; c++) {
      if (!boxPlanInterval(D, at, ax, ay, c & 1 ? x1 : x0, c & 2 ? y1 : y0, iv)) break;
      if (!columnPairCovered(iv[0], iv[1], D[at + 8], D[at + 9], zaTop, zaBottom, z1, z0)) break;
    }
    if (c === 4) {
      _firstPiece = k;
      return true;
    }
  }
  return false;
}

const _orders: Int32Array[] = [];
/**
 * 0..n-1 in bit-reversed order (0, n/2, n/4, 3n/4, ...): columns spread over the spot first, so a
 * witness passing beside an obstacle on one side is met early (a spot pair that sees each other is
 * done at its first witness).
 */
function spreadOrder(n: number): Int32Array {
  let o = _orders[n];
  if (o) return o;
  let bits = 0;
  while (1 << bits < n) bits++;
  o = new Int32Array(n);
  let m = 0;
  for (let k = 0; k < 1 << bits; k++) {
    let r = 0;
    for (let b = 0; b < bits; b++) if (k & (1 << b)) r |= 1 << (bits - 1 - b);
    if (r < n) o[m++] = r;
  }
  return (_orders[n] = o);
}

/** The slot (in `_pieces`) of the piece that covered the last column pair: tried first. */
let _firstPiece = 0;

/**
 * One column pair against the box pieces listed in `_pieces`: -1 when one piece covers it whole
 * ({@link columnPairCovered}), else how many pieces touch its plan segment, written to `_parts`.
 */
function columnPairParts(D: Float64Array, np: number, ax: number, ay: number, zaTop: number, zaBottom: number, bx: number, by: number, zbTop: number, zbBottom: number): number {
  const iv = _interval;
  const parts = _parts;
  let nParts = 0;
  const first = _firstPiece < np ? _firstPiece : 0;
  for (let t = 0; t < np; t++) {
    const k = first + t < np ? first + t : first + t - np;
    const at = PIECE_STRIDE * _pieces[k];
    if (!boxPlanInterval(D, at, ax, ay, bx, by, iv)) continue;
    const lo = iv[0], hi = iv[1], z0 = D[at + 8], z1 = D[at + 9];
    if (columnPairCovered(lo, hi, z0, z1, zaTop, zaBottom, zbTop, zbBottom)) {
      _firstPiece = k;
      return -1;
    }
    writeCoverLines(lo, hi, z0, z1, parts, nParts);
    // A part whose covered heights lie above the column at both of the row's ends, or below it at
    // both, covers none of the column pair (the lower end is concave in the row's height, the upper convex).
    coveredHeights(parts, nParts, zaTop, iv);
    const L0 = iv[0], U0 = iv[1];
    coveredHeights(parts, nParts, zaBottom, iv);
    if ((L0 > zbTop && iv[0] > zbTop) || (U0 < zbBottom && iv[1] < zbBottom)) continue;
    nParts++;
  }
  return nParts;
}

/** The spot pair {@link coverPairs} is settling: side-point orders, first tree points and tree points of the row and column spots. */
let _spA: Int32Array = new Int32Array(0);
let _spB: Int32Array = new Int32Array(0);
let _baseA = 0;
let _baseB = 0;
let _P: Float64Array = new Float64Array(0);
let _Q: Float64Array = new Float64Array(0);

/** The occluder that blocked the last pair tested by {@link columnPairWitness}. */
let _coverHint: Occluder | null = null;

/**
 * Do two parts (slots 0 and 1 of `parts`, neither with an end at parameter 0) cover the heights
 * `zbBottom..zbTop` of the second column from height `za` of the first? The intervals of
 * {@link coveredHeights}, inline: one holds the column, or one holds its bottom, the other its top,
 * and they meet.
 */
function twoPartsCover(parts: Float64Array, za: number, zbBottom: number, zbTop: number): boolean {
  const S = LINES_STRIDE;
  const a1 = parts[0] + parts[1] * za, b1 = parts[2] + parts[3] * za;
  const c1 = parts[4] + parts[5] * za, d1 = parts[6] + parts[7] * za;
  const a2 = parts[S] + parts[S + 1] * za, b2 = parts[S + 2] + parts[S + 3] * za;
  const c2 = parts[S + 4] + parts[S + 5] * za, d2 = parts[S + 6] + parts[S + 7] * za;
  const L1 = a1 < b1 ? a1 : b1, U1 = c1 > d1 ? c1 : d1;
  const L2 = a2 < b2 ? a2 : b2, U2 = c2 > d2 ? c2 : d2;
  if (L1 <= zbBottom) {
    if (U1 >= zbTop) return true;
    if (L2 <= U1 && U2 >= zbTop) return true;
  }
  if (L2 <= zbBottom) {
    if (U2 >= zbTop) return true;
    if (L1 <= U2 && U1 >= zbTop) return true;
  }
  return false;
}

/** Per part, the heights of the second column it covers from the current height of the first (`L, U`, see {@link coveredHeights}). */
let _spans = new Float64Array(32);

/**
 * The pairs of heights of a column pair that no single piece covers, row by row of the first
 * column: each part covers an interval of the second column's heights ({@link coveredHeights});
 * when their union holds the column's whole height the row is covered, else each point of the
 * second column outside every interval is tested against every occluder left. True when one is
 * clear (a witness).
 */
function columnPairWitness(st: SearchState, sub: Occluder[], nSub: number, nParts: number, fa: number, na: number, sa: number, fb: number, nb: number, sb: number, zbTop: number, zbBottom: number): boolean {
  const parts = _parts;
  if (_spans.length < 2 * nParts) _spans = new Float64Array(4 * nParts);
  const spans = _spans;
  const iv = _interval;
  const spA = _spA, spB = _spB, baseA = _baseA, baseB = _baseB, P = _P, Q = _Q;
  // Two parts with no end at parameter 0 (the usual case: a tower's lower and upper storeys): their
  // intervals inline, and the union's test by cases.
  const two = nParts === 2 && parts[10] === 0 && parts[11] === 0 && parts[LINES_STRIDE + 10] === 0 && parts[LINES_STRIDE + 11] === 0;
  for (let ka = 0; ka < na; ka++) {
    const i = baseA + spA[fa + ka * sa];
    const za = P[3 * i + 2];
    if (two && twoPartsCover(parts, za, zbBottom, zbTop)) continue;
    for (let m = 0; m < nParts; m++) {
      coveredHeights(parts, m, za, iv);
      spans[2 * m] = iv[0];
      spans[2 * m + 1] = iv[1];
    }
    // The union from the bottom up: each round takes the highest reach of the parts starting at or below it.
    let reach = zbBottom;
    let whole = false;
    for (let round = 0; round < nParts; round++) {
      let best = -Infinity;
      for (let m = 0; m < nParts; m++) if (spans[2 * m] <= reach && spans[2 * m + 1] > best) best = spans[2 * m + 1];
      if (best >= zbTop) {
        whole = true;
        break;
      }
      if (!(best > reach)) break;
      reach = best;
    }
    if (whole) continue;
    for (let kb = 0; kb < nb; kb++) {
      const j = baseB + spB[fb + kb * sb];
      const zb = Q[3 * j + 2];
      let c = false;
      for (let m = 0; m < nParts && !c; m++) c = spans[2 * m] <= zb && zb <= spans[2 * m + 1];
      if (c) continue;
      setScratchSegment(P, i, Q, j);
      st.tests++;
      const o = scratchBlocker(_coverHint, sub, nSub);
      if (o === null) return true;
      _coverHint = o;
    }
  }
  return false;
}

/**
 * The plan-view closure proof over the upright pieces among the occluders left, and the joined
 * columns of stacked meshes among them (their footprints shrunk for the node pair's plan length).
 */
function planProof(st: SearchState, sub: Occluder[], nSub: number): boolean {
  const buf = st.planBuf;
  let n = 0;
  for (let i = 0; i < nSub; i++) {
    const bs = st.plan.get(sub[i]);
    if (bs) for (let k = 0; k < bs.length; k++) buf[n++] = bs[k];
    const js = st.joined.size ? st.joined.get(sub[i]) : undefined;
    if (js) {
      for (let k = 0; k < js.length; k++) {
        const J = js[k];
        const c = J.column;
        // The shafts' ends must be outside the whole footprint in plan.
        if (rectMeets(_boxA, c) || rectMeets(_boxB, c)) continue;
        if (joinedBlocker(c, gapRise(c, J.delta, _boxA, _boxB), planLength(_boxA, _boxB), J.blocker)) buf[n++] = J.blocker;
      }
    }
  }
  return n > 0 && planClosesShaft(buf, n, _boxA, _boxB);
}

function rectMeets(b: Float64Array, c: JoinedColumn): boolean {
  return !(b[3] < c.x0 || b[0] > c.x1 || b[4] < c.y0 || b[1] > c.y1);
}

/** Longest plan distance between a point of box A and a point of box B, inches. */
function planLength(a: Float64Array, b: Float64Array): number {
  const dx = Math.max(b[3] - a[0], a[3] - b[0]);
  const dy = Math.max(b[4] - a[1], a[4] - b[1]);
  return Math.sqrt(dx * dx + dy * dy);
}

/**
 * Probe sample pairs of a spot pair, as (row of A, column offset of A, row of B, column offset of B)
 * from the columns facing each other, rows 0 = top, 1 = middle: the facing columns, then the columns
 * a quarter turn to either side (the silhouettes' edges, the same side of the line of sight for both
 * spots: lines passing beside whatever blocks the middle one), top then middle rows. The side
 * columns took the monster's relation on the default battlefield from 2.6 M node pairs and 47 M
 * segment tests to 0.43 M and 3.2 M (most of its pairs see each other past a tower or a tree).
 */
const PROBES: readonly number[] = [
  0, 0, 0, 0,
  0, 1, 0, -1,
  0, -1, 0, 1,
  1, 0, 1, 0,
  1, 1, 1, -1,
  1, -1, 1, 1,
  0, 0, 1, 0,
  1, 0, 0, 0,
];

/**
 * The probe of a spot pair: a few of its sample pairs (see {@link PROBES}; real sample points, so a
 * clear one is a witness the exhaustive mode finds too).
 */
function probe(st: SearchState, ra: number, rb: number, occ: Occluder[], nOcc: number): boolean {
  const s = st.spots;
  const i = st.A.spotOfRank[ra];
  const j = st.B.spotOfRank[rb];
  const n = st.sideColumns;
  const angle = Math.atan2(s.y[j] - s.y[i], s.x[j] - s.x[i]);
  const colA = ((Math.round((angle / (2 * Math.PI)) * n) % n) + n) % n;
  const colB = (colA + (n >> 1)) % n;
  const q = n >> 2;
  const mid = st.sideRows >> 1;
  const P = st.A.tree.points;
  const Q = st.B.tree.points;
  const sa = st.A.sidePoints[ra];
  const sb = st.B.sidePoints[rb];
  const baseA = st.A.rankStart[ra];
  const baseB = st.B.rankStart[rb];
  if (ra !== st.facingA || rb !== st.facingB) setFacing(st, ra, rb);
  const count = PROBES.length >> 2;
  for (let k = 0; k < count; k++) {
    const ca = (colA + q * PROBES[4 * k + 1] + n) % n;
    const cb = (colB + q * PROBES[4 * k + 3] + n) % n;
    const p = baseA + sa[(PROBES[4 * k] ? mid : 0) * n + ca];
    const qq = baseB + sb[(PROBES[4 * k + 2] ? mid : 0) * n + cb];
    // Only points the pair keeps (as the exhaustive mode tests them).
    if (!keptA(st, p) || !keptB(st, qq)) continue;
    setScratchSegment(P, p, Q, qq);
    st.tests++;
    // The piece that blocked the last probe first (the same answer: blocked by any piece is blocked).
    const b = scratchBlocker(_probeHint, occ, nOcc);
    if (b === null) return true;
    _probeHint = b;
  }
  return false;
}

/**
 * The piece that blocks the segment in `SCRATCH_SEGMENT`: `hint` first (segments of one leaf are
 * mostly blocked by the piece that blocked the last), then the first `nOcc` occluders in order;
 * null when none does (the segment is clear of them).
 */
function scratchBlocker(hint: Occluder | null, occ: Occluder[], nOcc: number): Occluder | null {
  if (hint !== null && scratchSegmentHits(hint)) return hint;
  for (let o = 0; o < nOcc; o++) {
    const oc = occ[o];
    if (oc !== hint && scratchSegmentHits(oc)) return oc;
  }
  return null;
}

/** The piece that blocked the last probe pair (any occluder of the relation). */
let _probeHint: Occluder | null = null;

/**
 * Every sample pair of a small node pair whose spot pair is not yet seen, against the occluders
 * left (the first clear one is the witness; the piece that blocked the last pair is tried first).
 * One spot against one spot is settled by {@link coverPairs} before the search gets here; these
 * are parts of spots.
 */
function leafPairs(st: SearchState, na: number, nb: number, occ: Occluder[], nOcc: number): void {
  const P = st.A.tree.points;
  const Q = st.B.tree.points;
  const rA = st.A.rank;
  const rB = st.B.rank;
  const C = st.cols;
  let hint: Occluder | null = null;
  const tA = st.A.tree;
  const tB = st.B.tree;
  for (let i = tA.start[na]; i < tA.end[na]; i++) {
    const ra = rA[i];
    if (!st.pairs && st.rowSeen[ra]) continue;
    for (let j = tB.start[nb]; j < tB.end[nb]; j++) {
      const rb = rB[j];
      if (st.pairs ? st.seen[ra * C + rb] : st.rowSeen[ra]) continue;
      if (ra !== st.facingA || rb !== st.facingB) setFacing(st, ra, rb);
      if (!keptA(st, i) || !keptB(st, j)) continue;
      setScratchSegment(P, i, Q, j);
      st.tests++;
      const b = scratchBlocker(hint, occ, nOcc);
      if (b === null) markSeen(st, ra, ra, rb, rb);
      else hint = b;
    }
  }
}

/** Nodes of a tree whose spot ranges hold at most `maxSpots` spots (a cut of the tree), for progress steps. */
function frontier(t: SetTree, maxSpots: number): number[] {
  const out: number[] = [];
  const walk = (n: number) => {
    if (t.hi[n] - t.lo[n] + 1 <= maxSpots || t.tree.left[n] < 0) out.push(n);
    else {
      walk(t.tree.left[n]);
      walk(t.tree.right[n]);
    }
  };
  if (t.tree.start.length) walk(0);
  return out;
}

/**
 * Decides which spots of `rowsSet` and `colsSet` see each other (terrain only; see the module
 * comment), step by step: a generator that yields the share done (0..1) between steps, so callers
 * can report progress, yield to their event loop and stop (by not resuming it).
 * @param occluders the terrain's blockers (`world.terrain.occluders`).
 * @returns (as the generator's return value) the relation, rows and columns in the sets' order.
 */
export function* relateSpotsSteps(samples: SpotSamples, occluders: Occluder[], rowsSet: SpotSet, colsSet: SpotSet, opts: RelateOptions = {}): Generator<number, SpotRelation, void> {
  const job = relationJob(samples, occluders, rowsSet, colsSet, opts);
  if (job.steps === 0) return relationResult(job);
  const st = job.st;
  if (job.exhaustive) {
    for (let ra = 0; ra < job.rows; ra++) {
      for (let rb = 0; rb < job.cols; rb++) {
        if (!st.pairs && st.rowSeen[ra]) break;
        if (exhaustivePair(st, ra, rb, job.occ)) markSeen(st, ra, ra, rb, rb);
      }
      yield (ra + 1) / job.rows;
    }
  } else {
    for (let k = 0; k < job.steps; k++) {
      runRelationStep(job, k);
      yield (k + 1) / job.steps;
    }
  }
  return relationResult(job);
}

/**
 * One relation search, cut into independent steps (fast mode: each step one group of up to 16 row
 * spots against every column spot; exhaustive: one row spot each) so that threads can share them:
 * each thread builds the same job (the trees and steps are deterministic), runs the steps it claims
 * and the answers are merged with {@link mergeRelation} (steps hold disjoint rows, so merging is an
 * OR of the rows' bits).
 */
export interface RelationJob {
  rows: number;
  cols: number;
  /** Number of steps. */
  steps: number;
  exhaustive: boolean;
  /** @internal */
  st: SearchState;
  /** @internal */
  occ: Occluder[];
  /** @internal */
  frontier: number[];
}

/**
 * What a thread needs to run a relation's steps: the two composed trees and the search's constants,
 * all typed arrays and numbers, so the thread that composed the trees can hand a copy to others
 * (a Node worker thread, the browser's visibility helper) instead of each composing its own.
 */
export interface RelationTask {
  rows: number;
  cols: number;
  pairs: boolean;
  exhaustive: boolean;
  /** Null when either set is empty (the relation has no steps). */
  A: SetTree | null;
  B: SetTree | null;
  spots: SpotGrid;
  semiMajor: number;
  turn: number;
  sideColumns: number;
  sideRows: number;
}

/** The {@link RelationTask} of a relation: composes (or reuses, see `setTree`) the two sets' trees. */
export function relationTask(samples: SpotSamples, rowsSet: SpotSet, colsSet: SpotSet, opts: RelateOptions = {}): RelationTask {
  const empty = rowsSet.length === 0 || colsSet.length === 0;
  return {
    rows: rowsSet.length,
    cols: colsSet.length,
    pairs: (opts.form ?? 'pairs') === 'pairs',
    exhaustive: opts.mode === 'exhaustive',
    A: empty ? null : setTree(samples, rowsSet, colsSet),
    B: empty ? null : setTree(samples, colsSet, rowsSet),
    spots: samples.spots,
    semiMajor: samples.semiMajor,
    turn: samples.turn,
    sideColumns: samples.sideColumns,
    sideRows: samples.sideRows,
  };
}

/** Builds the job of {@link relateSpotsSteps} (see {@link RelationJob}). */
export function relationJob(samples: SpotSamples, occluders: Occluder[], rowsSet: SpotSet, colsSet: SpotSet, opts: RelateOptions = {}): RelationJob {
  return jobOfTask(relationTask(samples, rowsSet, colsSet, opts), occluders);
}

/**
 * The job of a {@link RelationTask} on this thread's occluders (the same terrain, built by the same
 * builders in the same order, as the thread that made the task).
 * @param answer where the answer is written (by rank: `seen` of `rows * cols` bytes in pairs form,
 *   `rowSeen` of `rows`); threads sharing one job's steps may share these arrays (steps hold disjoint
 *   rows, and a step reads only its own rows). Fresh arrays when absent.
 */
export function jobOfTask(task: RelationTask, occluders: Occluder[], answer?: { seen: Uint8Array; rowSeen: Uint8Array }): RelationJob {
  const { rows, cols, pairs, exhaustive, A, B } = task;
  const empty = A === null || B === null;
  const st: SearchState = {
    A: A!, B: B!, cols, pairs, seen: answer?.seen ?? new Uint8Array(pairs ? rows * cols : 0), rowSeen: answer?.rowSeen ?? new Uint8Array(rows), nodePairs: 0, tests: 0,
    spots: task.spots, semiMajor: task.semiMajor, turn: task.turn, sideColumns: task.sideColumns, sideRows: task.sideRows,
    facingA: -1, facingB: -1, ux: 1, uy: 0, limit: -2, topA: true, bottomA: true, topB: true, bottomB: true,
    plan: new Map(), planBuf: [], joined: new Map(), cover: new Map(), pieces: new Float64Array(0),
  };
  // Fast mode: boxes inside stacked pieces' unions and closed meshes' columns first (they change no
  // segment's answer, and close shafts the pieces' own proofs do not), then the boxes and cylinders,
  // then the meshes: a pair test that misses the last blocking piece looks for the next one among
  // the cheap tests first (cavalry relation 97.5 M -> 96.6 M tests, about 0.4 s less).
  const occ = exhaustive
    ? occluders.slice()
    : [...stackedBoxes(occluders), ...occluders.flatMap(columnsOf), ...occluders.filter((o) => o.kind !== 'mesh'), ...occluders.filter((o) => o.kind === 'mesh')];
  for (const o of occ) {
    const bs = planBlockersOf(o);
    if (bs.length) st.plan.set(o, bs);
  }
  if (!exhaustive) coverPieces(st, occ);
  if (!exhaustive && !empty) {
    for (const column of joinedColumns(occluders, columnsOf)) {
      const delta = gapClearance(column, B.tree.points, gapClearance(column, A.tree.points));
      if (!(delta > 0)) continue;
      const blocker: PlanBlocker = { poly: new Float64Array(8), zMin: 0, zMax: 0, box: new Float64Array(4) };
      const list = st.joined.get(column.lower) ?? [];
      list.push({ column, delta, blocker });
      st.joined.set(column.lower, list);
    }
  }
  const front = empty || exhaustive ? [] : frontier(A, 16);
  return { rows, cols, steps: empty ? 0 : exhaustive ? rows : front.length, exhaustive, st, occ, frontier: front };
}

const _columns = new WeakMap<Occluder, SolidOccluder[]>();
/** A closed mesh's columns (`geometry/meshColumns.ts`), computed once per mesh. */
function columnsOf(o: Occluder): SolidOccluder[] {
  if (o.kind !== 'mesh') return [];
  let c = _columns.get(o);
  if (!c) _columns.set(o, (c = meshColumns(o)));
  return c;
}

/**
 * Each occluder's box pieces for {@link coverPairs} (`st.cover`, slots of `st.pieces`): a box
 * itself, a closed mesh its inner boxes. A piece inside another (a mesh's inner box inside its
 * column) is left out, as the other covers whatever it covers.
 */
function coverPieces(st: SearchState, occ: Occluder[]): void {
  const all: SolidOccluder[] = [];
  for (const o of occ) {
    if (o.kind === 'solid' && o.asPrism === null) all.push(o);
    else if (o.kind === 'mesh') all.push(...o.inners);
  }
  // The later of two equal boxes is the one left out.
  const inside = (x: SolidOccluder, i: number) => all.some((y, k) => k !== i && boxInsideBox(x, y) && (k < i || !boxInsideBox(y, x)));
  const kept = all.filter((x, i) => !inside(x, i));
  const slot = new Map(kept.map((x, k) => [x, k]));
  st.pieces = new Float64Array(PIECE_STRIDE * kept.length);
  kept.forEach((x, k) => writeBoxPiece(x, st.pieces, k));
  for (const o of occ) {
    const list = o.kind === 'solid' ? [o] : o.kind === 'mesh' ? o.inners : [];
    const slots = Int32Array.from(list.filter((x) => slot.has(x)).map((x) => slot.get(x)!));
    if (slots.length) st.cover.set(o, slots);
  }
}

/** Runs step `k` of a job (in this thread's copy of the answer). */
export function runRelationStep(job: RelationJob, k: number): void {
  const st = job.st;
  if (job.exhaustive) {
    for (let rb = 0; rb < job.cols; rb++) {
      if (!st.pairs && st.rowSeen[k]) break;
      if (exhaustivePair(st, k, rb, job.occ)) markSeen(st, k, k, rb, rb);
    }
  } else {
    // The proofs' first tries start afresh per step: work counts do not depend on which thread ran which steps.
    _probeHint = null;
    _firstPiece = 0;
    _coverHint = null;
    search(st, job.frontier[k], 0, job.occ, job.occ.length, 0);
  }
}

/** The rows (ranks, first and last) whose answers step `k` of a job writes (no other step writes them). */
export function relationStepRows(job: RelationJob, k: number): [first: number, last: number] {
  if (job.exhaustive) return [k, k];
  const n = job.frontier[k];
  return [job.st.A.lo[n], job.st.A.hi[n]];
}

/**
 * The answers of rows `first..last` (ranks) of a job: `seen` (`(last - first + 1) * cols` bytes,
 * empty in rows form) and `rowSeen` (`last - first + 1` bytes), copies. With
 * {@link setRelationRows} another thread's steps are carried into this thread's job.
 */
export function relationRows(job: RelationJob, first: number, last: number): { seen: Uint8Array; rowSeen: Uint8Array } {
  const st = job.st;
  return { seen: st.pairs ? st.seen.slice(first * job.cols, (last + 1) * job.cols) : new Uint8Array(0), rowSeen: st.rowSeen.slice(first, last + 1) };
}

/** Writes rows from `first` on (as {@link relationRows} gave them) into a job's answer. */
export function setRelationRows(job: RelationJob, first: number, rows: { seen: Uint8Array; rowSeen: Uint8Array }): void {
  const st = job.st;
  if (first < 0 || first + rows.rowSeen.length > job.rows || (st.pairs && rows.seen.length !== rows.rowSeen.length * job.cols)) {
    throw new Error(`setRelationRows: rows ${first}..${first + rows.rowSeen.length - 1} do not fit a job of ${job.rows} x ${job.cols}`);
  }
  if (st.pairs) st.seen.set(rows.seen, first * job.cols);
  st.rowSeen.set(rows.rowSeen, first);
}

/** Adds another thread's work (node pairs, segment tests) to a job's counts. */
export function addRelationWork(job: RelationJob, work: { nodePairs: number; segmentTests: number }): void {
  job.st.nodePairs += work.nodePairs;
  job.st.tests += work.segmentTests;
}

/** Work done so far by this thread's copy of a job: node pairs visited and segment tests. */
export function relationWork(job: RelationJob): { nodePairs: number; segmentTests: number } {
  return { nodePairs: job.st.nodePairs, segmentTests: job.st.tests };
}

/** The answer of a job whose steps have all run, rows and columns in the sets' order. */
export function relationResult(job: RelationJob): SpotRelation {
  const { rows, cols, st } = job;
  const out: SpotRelation = { rows, cols, seen: new Uint8Array(st.pairs ? rows * cols : 0), rowSeen: new Uint8Array(rows), nodePairs: st.nodePairs, segmentTests: st.tests };
  if (rows === 0 || cols === 0) return out;
  // Ranks back to the sets' order.
  const A = st.A;
  const B = st.B;
  for (let ra = 0; ra < rows; ra++) {
    const r = A.setIndexOfRank[ra];
    out.rowSeen[r] = st.rowSeen[ra];
    if (st.pairs) for (let rb = 0; rb < cols; rb++) out.seen[r * cols + B.setIndexOfRank[rb]] = st.seen[ra * cols + rb];
  }
  return out;
}

/** Exhaustive: every sample pair of one spot pair against every blocker, until one is clear. */
function exhaustivePair(st: SearchState, ra: number, rb: number, occ: Occluder[]): boolean {
  const i0 = st.A.rankStart[ra], i1 = st.A.rankEnd[ra];
  const j0 = st.B.rankStart[rb], j1 = st.B.rankEnd[rb];
  const P = st.A.tree.points;
  const Q = st.B.tree.points;
  setFacing(st, ra, rb);
  for (let i = i0; i < i1; i++) {
    if (!keptA(st, i)) continue;
    for (let j = j0; j < j1; j++) {
      if (!keptB(st, j)) continue;
      setScratchSegment(P, i, Q, j);
      st.tests++;
      let clear = true;
      for (let k = 0; k < occ.length; k++) {
        if (scratchSegmentHits(occ[k])) {
          clear = false;
          break;
        }
      }
      if (clear) return true;
    }
  }
  return false;
}

/** {@link relateSpotsSteps} run to the end at once. */
export function relateSpots(samples: SpotSamples, occluders: Occluder[], rowsSet: SpotSet, colsSet: SpotSet, opts: RelateOptions = {}): SpotRelation {
  const it = relateSpotsSteps(samples, occluders, rowsSet, colsSet, opts);
  for (;;) {
    const r = it.next();
    if (r.done) return r.value;
  }
}
