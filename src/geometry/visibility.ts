import { occluderClosesShaft } from './closure';
import { occludersCloseShaftFusedEitherWay } from './fusion';
import { SCRATCH_CAPSULE, SCRATCH_SEGMENT, scratchCapsuleMayTouch, scratchSegmentHits, segmentOccluderFirstHit, setScratchSegment, type Occluder } from './occluders';
import { buildSampleTree, type SampleTree } from './volumeSamples';
import type { ModelState, Toward, World } from './world';

/** A segment `[[x, y, z], [x, y, z]]` in table space, inches. */
export type Segment3 = [[number, number, number], [number, number, number]];

/** Default spacing of the visibility samples on a model's surface, inches. */
export const DEFAULT_SAMPLE_SPACING_INCHES = 0.25;

/** How to look for a witness. */
export interface VisibilityOptions {
  /**
   * `fast` (default): the hierarchical shaft search (empty shafts prove visibility, closure proofs
   * prove blockage, only the rest is subdivided). `exhaustive`: every pair of sample points is
   * tested against every blocker, with no proof and no pruning (slow; for checking). Both decide
   * the same question on the same sample points, so they give the same answers.
   */
  mode?: 'fast' | 'exhaustive';
  /** Surface spacing of the sample points, inches (default 0.25"). Smaller finds narrower gaps, slower. */
  spacingInches?: number;
}

/** Answer of a visibility question (Core 6.0). */
export interface VisibilityResult {
  visible: boolean;
  /** When visible: a segment from a point of an observing model's volume to a point of a target model's volume that touches no blocker. */
  witness?: Segment3;
  /** The observing and target models that the witness joins. */
  observerModelId?: string;
  targetModelId?: string;
  /** How the answer was reached. */
  method: 'self' | 'shaft' | 'closed' | 'search' | 'exhausted';
  /** Exact segment tests spent. */
  segmentsTested: number;
}

/** The blockers of one observer-target model pair (Core 6.0). */
function blockersFor(world: World, o: ModelState, t: ModelState): Occluder[] {
  const out: Occluder[] = world.terrain.occluders.slice();
  for (const m of world.models.values()) {
    // The observer's own unit is transparent; the target itself is never its own blocker.
    if (m.unitId === o.unitId || m.id === t.id) continue;
    out.push(...m.occluders);
  }
  return out;
}

/** Stands for the table itself as the blocker of a segment that dips below z = 0. */
const TABLE = {} as Occluder;

/**
 * The first of `occ[0..count)` (other than `skip`, `skip2`: the target model's own volumes, which a
 * segment ending inside it always touches) that the segment from point `i` of `P` to point `j` of
 * `Q` (flat `[x, y, z, ...]` arrays, inches) touches, {@link TABLE} when an end lies below the table
 * (the table blocks too, but a segment between two points at or above z = 0 never goes below it),
 * or null when the segment is clear. Points are passed by index so that no coordinate crosses a
 * call in the search's innermost loop (V8 boxes doubles passed to functions it does not inline).
 * @param hint one of `occ` tried first (the blocker of the last segment: neighbouring segments are
 *   mostly blocked by the same one, so most blocked tests take one occluder test).
 */
function firstBlocker(
  occ: Occluder[],
  P: Float64Array,
  i: number,
  Q: Float64Array,
  j: number,
  skip: Occluder | null,
  skip2: Occluder | null,
  count: number,
  hint: Occluder | null = null,
): Occluder | null {
  setScratchSegment(P, i, Q, j);
  if (P[3 * i + 2] < 0 || Q[3 * j + 2] < 0) return TABLE;
  if (hint !== null && hint !== skip && hint !== skip2 && scratchSegmentHits(hint)) return hint;
  for (let k = 0; k < count; k++) {
    const o = occ[k];
    if (o !== skip && o !== skip2 && scratchSegmentHits(o)) return o;
  }
  return null;
}

/** A one-segment point array for {@link firstBlocker} callers holding a single segment. */
const _end0 = new Float64Array(3);
const _end1 = new Float64Array(3);

/**
 * Checks an arbitrary witness against every blocker of the pair (Core 6.0); used by tests, the
 * adjudicator and the UI to prove a shown segment.
 */
export function witnessIsClear(world: World, observerModelId: string, targetModelId: string, w: Segment3): boolean {
  const o = world.models.get(observerModelId);
  const t = world.models.get(targetModelId);
  if (!o || !t) return false;
  const occ = blockersFor(world, o, t);
  _end0.set(w[0]);
  _end1.set(w[1]);
  return firstBlocker(occ, _end0, 0, _end1, 0, null, null, occ.length) === null;
}

/**
 * One search: observer samples A and target samples B (each point tagged with its model), the
 * blockers, and for each target model the occluder that is its own volume (never a blocker for
 * segments that end in it, but a blocker for segments ending in its unit-mates).
 */
interface SearchState {
  a: SampleTree;
  b: SampleTree;
  /** Per target owner: its volume's occluders (the prism, and the mesh when it has one). */
  targetOcc: Occluder[][];
  /** Occluder -> target owner index, for the target unit's volumes. */
  targetOwner: Map<Occluder, number>;
  tests: number;
  /** Node pairs still allowed before the search gives up (Infinity: no limit). */
  budget: number;
  witness: Segment3 | null;
  witnessA: number;
  witnessB: number;
  method: VisibilityResult['method'];
}

const VISIBLE = 1;
const BLOCKED = 0;
const UNKNOWN = 2;

/** Half the diagonal of a node's box (Math.sqrt, not Math.hypot: V8 inlines sqrt, while hypot returns a boxed number in hot loops). */
function halfDiagonal(bounds: Float64Array, node: number): number {
  const B = 6 * node;
  const x = bounds[B + 3] - bounds[B];
  const y = bounds[B + 4] - bounds[B + 1];
  const z = bounds[B + 5] - bounds[B + 2];
  return 0.5 * Math.sqrt(x * x + y * y + z * z);
}

const _boxA = new Float64Array(6);
const _boxB = new Float64Array(6);

/** Sample pairs at or below which a node pair is tested pair by pair instead of split further. */
const LEAF_PAIRS = 64;

/** Index of the highest sample point of a node. */
function highest(t: SampleTree, node: number): number {
  let best = t.start[node];
  for (let i = t.start[node] + 1; i < t.end[node]; i++) if (t.points[3 * i + 2] > t.points[3 * best + 2]) best = i;
  return best;
}

function setWitness(st: SearchState, i: number, j: number, method: VisibilityResult['method']): void {
  const P = st.a.points;
  const Q = st.b.points;
  st.witness = [
    [P[3 * i], P[3 * i + 1], P[3 * i + 2]],
    [Q[3 * j], Q[3 * j + 1], Q[3 * j + 2]],
  ];
  st.witnessA = st.a.owner[i];
  st.witnessB = st.b.owner[j];
  st.method = method;
}

/**
 * The hierarchical shaft search over pairs of sample-tree nodes. Every segment from a point of
 * node A to a point of node B lies within r = max(radius A, radius B) of the segment joining the
 * node centres, so occluders that cannot touch that capsule are dropped (sound); with none left,
 * every such segment is clear. An occluder that closes the shaft (closure proof) settles the whole
 * group as blocked, unless it is the volume of a target model with samples in node B. Otherwise
 * the larger node is split, down to small groups tested pair by pair.
 * @returns VISIBLE, BLOCKED, or UNKNOWN when the node budget ran out.
 */
let _fuseOwner: Map<Occluder, number> = new Map();
let _fuseMin = 0;
let _fuseMax = -1;
/** The symmetric form has no target volumes to exempt. */
const NO_TARGET_VOLUME = (_o: Occluder): boolean => false;
/** A target model's own volume, for the node pair being proven (it cannot block segments ending in it). */
function isOwnTargetVolume(o: Occluder): boolean {
  const ow = _fuseOwner.get(o);
  return ow !== undefined && ow >= _fuseMin && ow <= _fuseMax;
}

/** Per recursion depth: the occluder list of the node pair being searched (reused; no allocation). */
const _subPool: Occluder[][] = [];

function search(st: SearchState, na: number, nb: number, occ: Occluder[], nOcc: number, depth: number): number {
  if (st.budget-- <= 0) return UNKNOWN;
  const A = st.a.bounds;
  const Bb = st.b.bounds;
  const ia = 6 * na;
  const ib = 6 * nb;
  const c0x = (A[ia] + A[ia + 3]) / 2, c0y = (A[ia + 1] + A[ia + 4]) / 2, c0z = (A[ia + 2] + A[ia + 5]) / 2;
  const c1x = (Bb[ib] + Bb[ib + 3]) / 2, c1y = (Bb[ib + 1] + Bb[ib + 4]) / 2, c1z = (Bb[ib + 2] + Bb[ib + 5]) / 2;
  const ra = halfDiagonal(A, na);
  const rb = halfDiagonal(Bb, nb);
  const r = Math.max(ra, rb);
  const sub = (_subPool[depth] ??= []);
  let nSub = 0;
  const cap = SCRATCH_CAPSULE;
  cap[0] = c0x;
  cap[1] = c0y;
  cap[2] = c0z;
  cap[3] = c1x;
  cap[4] = c1y;
  cap[5] = c1z;
  cap[6] = r;
  for (let i = 0; i < nOcc; i++) {
    if (scratchCapsuleMayTouch(occ[i])) sub[nSub++] = occ[i];
  }
  const minOwnerB = st.b.ownerMin[nb];
  const maxOwnerB = st.b.ownerMax[nb];
  // Occluders other than the target volumes of this node's points.
  // (None in the symmetric form, which has no target volumes.)
  const owners = st.targetOwner.size > 0;
  let others = nSub;
  if (owners && minOwnerB === maxOwnerB) {
    for (let i = 0; i < nSub; i++) if (st.targetOwner.get(sub[i]) === minOwnerB) others--;
  }
  if (nSub === 0 || (others === 0 && minOwnerB === maxOwnerB)) {
    // Every segment of the group is clear (its own target volume aside): show the highest pair.
    const ha = highest(st.a, na);
    const hb = highest(st.b, nb);
    const P = st.a.points;
    const Q = st.b.points;
    if (P[3 * ha + 2] >= 0 && Q[3 * hb + 2] >= 0) {
      setWitness(st, ha, hb, 'shaft');
      return VISIBLE;
    }
  }
  if (r > 0) {
    for (let k = 0; k < 6; k++) {
      _boxA[k] = A[ia + k];
      _boxB[k] = Bb[ib + k];
    }
    // The segment joining the box centres is one of the shaft's segments: an occluder that misses
    // it cannot close the shaft, and this exact test is far cheaper than the proof. (Closure proofs
    // do not write the scratch segment; if one did, this would only try a proof more or fewer.)
    const seg = SCRATCH_SEGMENT;
    seg[0] = c0x;
    seg[1] = c0y;
    seg[2] = c0z;
    seg[3] = c1x;
    seg[4] = c1y;
    seg[5] = c1z;
    for (let i = 0; i < nSub; i++) {
      const o = sub[i];
      // A target model's own volume cannot prove blockage for segments that end inside it.
      if (owners) {
        const ow = st.targetOwner.get(o);
        if (ow !== undefined && ow >= minOwnerB && ow <= maxOwnerB) continue;
      }
      if (!scratchSegmentHits(o)) continue;
      if (occluderClosesShaft(o, _boxA, _boxB)) {
        st.method = 'closed';
        return BLOCKED;
      }
    }
    // Several occluders at different depths may close it together (a crowd of models).
    if (nSub >= 2) {
      _fuseOwner = st.targetOwner;
      _fuseMin = minOwnerB;
      _fuseMax = maxOwnerB;
      // Seen from A onto B's near side, or (the same segments) from B onto A's near side.
      if (occludersCloseShaftFusedEitherWay(sub, nSub, owners ? isOwnTargetVolume : NO_TARGET_VOLUME, _boxA, _boxB)) {
        st.method = 'closed';
        return BLOCKED;
      }
    }
  }
  const nA = st.a.end[na] - st.a.start[na];
  const nB = st.b.end[nb] - st.b.start[nb];
  if (nA * nB <= LEAF_PAIRS) {
    // Small groups: test their sample pairs directly (cheaper than more proofs).
    const P = st.a.points;
    const Q = st.b.points;
    let last: Occluder | null = null;
    for (let j = st.b.start[nb]; j < st.b.end[nb]; j++) {
      const own = st.targetOcc[st.b.owner[j]];
      const skip = own?.[0] ?? null;
      const skip2 = own?.[1] ?? null;
      for (let i = st.a.start[na]; i < st.a.end[na]; i++) {
        st.tests++;
        const blocker = firstBlocker(sub, P, i, Q, j, skip, skip2, nSub, last);
        if (blocker === null) {
          setWitness(st, i, j, 'search');
          return VISIBLE;
        }
        last = blocker === TABLE ? null : blocker;
      }
    }
    return BLOCKED;
  }
  const leafA = st.a.left[na] < 0;
  const leafB = st.b.left[nb] < 0;
  // Split the larger node; visit the higher child first (lines over walls leave from the top).
  let r1: number;
  let r2: number;
  if (!leafA && (leafB || ra >= rb)) {
    const l = st.a.left[na];
    const rr = st.a.right[na];
    const first = A[6 * l + 5] >= A[6 * rr + 5] ? l : rr;
    r1 = search(st, first, nb, sub, nSub, depth + 1);
    if (r1 === VISIBLE) return VISIBLE;
    r2 = search(st, first === l ? rr : l, nb, sub, nSub, depth + 1);
  } else {
    const l = st.b.left[nb];
    const rr = st.b.right[nb];
    const first = Bb[6 * l + 5] >= Bb[6 * rr + 5] ? l : rr;
    r1 = search(st, na, first, sub, nSub, depth + 1);
    if (r1 === VISIBLE) return VISIBLE;
    r2 = search(st, na, first === l ? rr : l, sub, nSub, depth + 1);
  }
  if (r2 === VISIBLE) return VISIBLE;
  return r1 === UNKNOWN || r2 === UNKNOWN ? UNKNOWN : BLOCKED;
}

/** Brute force: every sample pair against every blocker, no proofs (the exhaustive mode). */
function exhaustiveSearch(st: SearchState, occ: Occluder[]): number {
  const P = st.a.points;
  const Q = st.b.points;
  for (let j = 0; j < Q.length / 3; j++) {
    const own = st.targetOcc[st.b.owner[j]];
    const skip = own?.[0] ?? null;
    const skip2 = own?.[1] ?? null;
    for (let i = 0; i < P.length / 3; i++) {
      st.tests++;
      if (firstBlocker(occ, P, i, Q, j, skip, skip2, occ.length) === null) {
        setWitness(st, i, j, 'search');
        return VISIBLE;
      }
    }
  }
  return BLOCKED;
}

/** The volume a set of models presents to another set: plan centre, radius bound, height range. */
export function towardOf(ms: ModelState[]): Toward {
  let x = 0;
  let y = 0;
  for (const m of ms) {
    x += m.footprint.x;
    y += m.footprint.y;
  }
  x /= ms.length;
  y /= ms.length;
  let radius = 0;
  let zMin = Infinity;
  let zMax = -Infinity;
  for (const m of ms) {
    radius = Math.max(radius, Math.hypot(m.footprint.x - x, m.footprint.y - y) + m.footprint.semiMajor);
    zMin = Math.min(zMin, m.volume.zMin);
    zMax = Math.max(zMax, m.topZ);
  }
  return { x, y, radius, zMin, zMax };
}

/** Tests four likely segments between two models (their top centres and mid-heights); returns a clear one. */
function probe(occ: Occluder[], o: ModelState, t: ModelState): Segment3 | null {
  // Mesh volumes may not contain their footprint's centre line: no probe for them.
  if (o.meshOccluder || t.meshOccluder) return null;
  const inset = 1e-4;
  const zo = [o.volume.zMax - inset, (o.volume.zMin + o.volume.zMax) / 2];
  const zt = [t.volume.zMax - inset, (t.volume.zMin + t.volume.zMax) / 2];
  const ax = o.footprint.x;
  const ay = o.footprint.y;
  const bx = t.footprint.x;
  const by = t.footprint.y;
  for (const az of zo) {
    for (const bz of zt) {
      // The blocker of the last probe first: probes of a blocked pair mostly share it.
      _end0[0] = ax;
      _end0[1] = ay;
      _end0[2] = az;
      _end1[0] = bx;
      _end1[1] = by;
      _end1[2] = bz;
      const blocker = firstBlocker(occ, _end0, 0, _end1, 0, t.occluder, null, occ.length, _probeLast);
      if (blocker === null) {
        return [
          [ax, ay, az],
          [bx, by, bz],
        ];
      }
      _probeLast = blocker === TABLE ? null : blocker;
    }
  }
  return null;
}
/** The occluder that blocked the last probe (reset per search). */
let _probeLast: Occluder | null = null;

/**
 * The core of every visibility question: can some observing model see some target model?
 * Observers all belong to one unit (transparent to each other); targets to one unit.
 */
function setsVisible(world: World, observers: ModelState[], targets: ModelState[], opts: VisibilityOptions, wholeUnits = false): VisibilityResult {
  // The same question on the same positions gets the same answer: memoised until a model changes.
  const key = `vis|${opts.mode ?? 'fast'}|${opts.spacingInches ?? DEFAULT_SAMPLE_SPACING_INCHES}|${observers.map((m) => m.id).join(',')}|${targets.map((m) => m.id).join(',')}`;
  return world.memoize(key, () => (wholeUnits ? unitPairVisible(world, observers, targets, opts) : searchSets(world, observers, targets, opts)));
}

/**
 * Whole unit to whole unit (Core 6.0), by the symmetric form of the question. A segment from a
 * point of unit A's models to a point of unit B's models that touches no terrain and no model of
 * a third unit contains a line of sight from A to B: walking from its A end, the part up to the
 * first point in any of B's models touches none of B's other models, and A's own models are
 * see-through. The converse is immediate. So "A sees B" and "B sees A" are one question, decided
 * once on the same sample points with neither unit among the blockers (fewer blockers, no target
 * volumes to exempt, and the reverse direction of a matrix is free). The witness shown is the part
 * of the found segment up to its first contact with the target unit, checked against every blocker
 * of that model pair; if the check ever failed (a contact too close to call), the direct search
 * answers instead.
 */
function unitPairVisible(world: World, observers: ModelState[], targets: ModelState[], opts: VisibilityOptions): VisibilityResult {
  const aUnit = observers[0].unitId;
  const bUnit = targets[0].unitId;
  const [first, second] = aUnit < bUnit ? [observers, targets] : [targets, observers];
  const key = `vis-pair|${opts.mode ?? 'fast'}|${opts.spacingInches ?? DEFAULT_SAMPLE_SPACING_INCHES}|${first[0].unitId}|${second[0].unitId}`;
  const pair = world.memoize(key, () => searchSets(world, first, second, opts, true));
  if (!pair.visible || !pair.witness) return pair;
  // Orient the found segment from the observing unit to the target unit, then cut it at the
  // first target model it enters.
  const forward = first === observers;
  const from = forward ? pair.witness[0] : pair.witness[1];
  const to = forward ? pair.witness[1] : pair.witness[0];
  const fromModel = forward ? pair.observerModelId! : pair.targetModelId!;
  const cut = cutAtFirstContact(from, to, targets);
  if (cut && witnessIsClear(world, fromModel, cut.modelId, cut.witness)) {
    return { visible: true, witness: cut.witness, observerModelId: fromModel, targetModelId: cut.modelId, method: pair.method, segmentsTested: pair.segmentsTested };
  }
  return searchSets(world, observers, targets, opts);
}

/**
 * The part of segment `from -> to` up to its first contact with one of `models` (the smallest
 * first-touch parameter over their volumes, `segmentOccluderFirstHit`), or null when the segment
 * touches none of them.
 */
function cutAtFirstContact(
  from: readonly [number, number, number],
  to: readonly [number, number, number],
  models: ModelState[],
): { witness: Segment3; modelId: string } | null {
  const [ax, ay, az] = from;
  const [bx, by, bz] = to;
  let best = Infinity;
  let bestModel: ModelState | null = null;
  for (const m of models) {
    for (const o of m.occluders) {
      const t = segmentOccluderFirstHit(o, ax, ay, az, bx, by, bz);
      if (t >= 0 && t < best) {
        best = t;
        bestModel = m;
      }
    }
  }
  if (!bestModel) return null;
  return {
    witness: [
      [ax, ay, az],
      [ax + best * (bx - ax), ay + best * (by - ay), az + best * (bz - az)],
    ],
    modelId: bestModel.id,
  };
}

function searchSets(world: World, observers: ModelState[], targets: ModelState[], opts: VisibilityOptions, symmetric = false): VisibilityResult {
  const spacing = opts.spacingInches ?? DEFAULT_SAMPLE_SPACING_INCHES;
  const observerUnit = observers[0].unitId;
  const targetUnit = targets[0].unitId;
  const occ: Occluder[] = world.terrain.occluders.slice();
  const targetIds = new Set(targets.map((t) => t.id));
  for (const m of world.models.values()) {
    // The observer's own unit is transparent; the targets' own volumes are handled per segment
    // (or, in the symmetric form, neither unit blocks: see unitPairVisible).
    if (m.unitId === observerUnit || (symmetric && m.unitId === targetUnit)) continue;
    occ.push(...m.occluders);
  }
  let tests = 0;
  if (opts.mode !== 'exhaustive') {
    // Probe pass: a few likely segments per model pair before any search.
    const pairs: [ModelState, ModelState, number][] = [];
    for (const o of observers) for (const t of targets) pairs.push([o, t, Math.hypot(o.footprint.x - t.footprint.x, o.footprint.y - t.footprint.y)]);
    pairs.sort((p, q) => p[2] - q[2]);
    _probeLast = null;
    for (const [o, t] of pairs) {
      tests += 4;
      const w = probe(occ, o, t);
      if (w) return { visible: true, witness: w, observerModelId: o.id, targetModelId: t.id, method: 'search', segmentsTested: tests };
    }
  }
  // Only the parts of the surfaces that face the other unit can hold a witness's ends. A set
  // narrowed to some of a unit's models faces the whole other unit, as in the whole-unit question:
  // every form of a unit-to-unit question then searches the same sample points (its answers agree).
  const single = observers.length === 1 && targets.length === 1;
  const aSet = single
    ? { tree: world.sampleTreeToward(observers[0].id, spacing, towardOf(targets)), modelIds: [observers[0].id] }
    : world.unitSampleTreeToward(observerUnit, spacing, towardOf(world.unitModels(targetUnit)));
  const bSet = single
    ? { tree: world.sampleTreeToward(targets[0].id, spacing, towardOf(observers)), modelIds: [targets[0].id] }
    : world.unitSampleTreeToward(targetUnit, spacing, towardOf(world.unitModels(observerUnit)));
  // Narrowed sets (one model of a unit) keep only that model's points.
  const aTree = narrow(aSet.tree, aSet.modelIds, new Set(observers.map((m) => m.id)));
  const bTree = narrow(bSet.tree, bSet.modelIds, targetIds);
  const targetOcc = symmetric ? [] : bSet.modelIds.map((id) => world.models.get(id)!.occluders);
  const targetOwner = new Map<Occluder, number>();
  targetOcc.forEach((list, i) => list.forEach((o) => targetOwner.set(o, i)));
  const st: SearchState = { a: aTree, b: bTree, targetOcc, targetOwner, tests, budget: Infinity, witness: null, witnessA: -1, witnessB: -1, method: 'exhausted' };
  const verdict = opts.mode === 'exhaustive' ? exhaustiveSearch(st, occ) : aTree.points.length && bTree.points.length ? search(st, 0, 0, occ, occ.length, 0) : BLOCKED;
  if (verdict === VISIBLE && st.witness) {
    return {
      visible: true,
      witness: st.witness,
      observerModelId: aSet.modelIds[st.witnessA],
      targetModelId: bSet.modelIds[st.witnessB],
      method: st.method,
      segmentsTested: st.tests,
    };
  }
  return { visible: false, method: st.method === 'closed' && st.tests === tests ? 'closed' : 'exhausted', segmentsTested: st.tests };
}

/** The sub-tree of points whose owner is in `keep` (the tree itself when it keeps everything). */
function narrow(tree: SampleTree, modelIds: string[], keep: Set<string>): SampleTree {
  if (modelIds.every((id) => keep.has(id))) return tree;
  const owners: number[] = [];
  const pts: number[] = [];
  for (let i = 0; i < tree.owner.length; i++) {
    if (keep.has(modelIds[tree.owner[i]])) {
      pts.push(tree.points[3 * i], tree.points[3 * i + 1], tree.points[3 * i + 2]);
      owners.push(tree.owner[i]);
    }
  }
  return buildSampleTree(Float64Array.from(pts), tree.coveringRadiusInches, Int32Array.from(owners));
}

/**
 * Is target model `t` visible to observing model `o` (Core 6.0)? "Any point on the observing model
 * to any point on the target model" through the air; terrain, the table and every model outside the
 * observer's unit block, including the target's unit-mates; objective markers never block; a model
 * is always visible to itself. Decided on sample points of both volumes spaced `spacingInches`
 * apart (see {@link VisibilityOptions}); a visible answer carries a witness segment that was tested
 * against every blocker. Bound: any line of sight whose segment can be moved by the covering radius
 * of the samples (about 0.71 x spacing) at both ends and stay clear is found.
 * @throws Error naming the id when a model is unknown.
 */
export function modelVisible(world: World, observerModelId: string, targetModelId: string, opts: VisibilityOptions = {}): VisibilityResult {
  const o = world.models.get(observerModelId);
  const t = world.models.get(targetModelId);
  if (!o) throw new Error(`unknown observer model ${observerModelId}`);
  if (!t) throw new Error(`unknown target model ${targetModelId}`);
  if (o.id === t.id) {
    const p: [number, number, number] = [o.footprint.x, o.footprint.y, (o.volume.zMin + o.volume.zMax) / 2];
    return { visible: true, witness: [p, [p[0], p[1], p[2]]], observerModelId: o.id, targetModelId: t.id, method: 'self', segmentsTested: 0 };
  }
  return setsVisible(world, [o], [t], opts);
}

/**
 * Is the target unit visible to the observing unit (Core 6.0: a unit is visible if at least one
 * of its models is visible to at least one observing model)? One search over both units' samples
 * at once, so a proof for a whole group of model pairs is found once.
 * `onlyObserverModelId` / `onlyTargetModelId` narrow one side to one model.
 */
export function unitVisible(
  world: World,
  observerUnitId: string,
  targetUnitId: string,
  opts: VisibilityOptions = {},
  onlyObserverModelId?: string,
  onlyTargetModelId?: string,
): VisibilityResult {
  const os = world.unitModels(observerUnitId).filter((m) => !onlyObserverModelId || m.id === onlyObserverModelId);
  const ts = world.unitModels(targetUnitId).filter((m) => !onlyTargetModelId || m.id === onlyTargetModelId);
  if (os.length === 0 || ts.length === 0) return { visible: false, method: 'exhausted', segmentsTested: 0 };
  const same = os.find((o) => ts.some((t) => t.id === o.id));
  if (same) return modelVisible(world, same.id, same.id);
  return setsVisible(world, os, ts, opts, !onlyObserverModelId && !onlyTargetModelId && os[0].unitId !== ts[0].unitId);
}
