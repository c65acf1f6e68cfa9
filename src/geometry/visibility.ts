import { occluderClosesShaft } from './closure';
import { occluderMayTouchCapsule, segmentHitsOccluder, type Occluder } from './occluders';
import type { SampleTree } from './volumeSamples';
import type { ModelState, World } from './world';

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
    out.push(m.occluder);
  }
  return out;
}

function clearOf(occ: Occluder[], ax: number, ay: number, az: number, bx: number, by: number, bz: number): boolean {
  // The table blocks too, but a segment between two points at or above z = 0 never goes below it.
  if (az < 0 || bz < 0) return false;
  for (let i = 0; i < occ.length; i++) if (segmentHitsOccluder(occ[i], ax, ay, az, bx, by, bz)) return false;
  return true;
}

/**
 * Checks an arbitrary witness against every blocker of the pair (Core 6.0); used by tests, the
 * adjudicator and the UI to prove a shown segment.
 */
export function witnessIsClear(world: World, observerModelId: string, targetModelId: string, w: Segment3): boolean {
  const o = world.models.get(observerModelId);
  const t = world.models.get(targetModelId);
  if (!o || !t) return false;
  return clearOf(blockersFor(world, o, t), w[0][0], w[0][1], w[0][2], w[1][0], w[1][1], w[1][2]);
}

interface SearchState {
  a: SampleTree;
  b: SampleTree;
  tests: number;
  witness: Segment3 | null;
  method: VisibilityResult['method'];
}

function halfDiagonal(bounds: Float64Array, node: number): number {
  const B = 6 * node;
  return 0.5 * Math.hypot(bounds[B + 3] - bounds[B], bounds[B + 4] - bounds[B + 1], bounds[B + 5] - bounds[B + 2]);
}

/** Sample pairs at or below which a node pair is tested pair by pair instead of split further. */
const LEAF_PAIRS = 24;

/** Index of the highest sample point of a node. */
function highest(t: SampleTree, node: number): number {
  let best = t.start[node];
  for (let i = t.start[node] + 1; i < t.end[node]; i++) if (t.points[3 * i + 2] > t.points[3 * best + 2]) best = i;
  return best;
}

/**
 * The hierarchical shaft search over pairs of sample-tree nodes. Every segment from a point of
 * node A to a point of node B lies within r = max(radius A, radius B) of the segment joining the
 * node centres, so occluders that cannot touch that capsule are dropped (sound); with none left,
 * every such segment is clear. An occluder that closes the shaft (closure proof) settles the whole
 * group as blocked. Otherwise the larger node is split, down to single sample pairs.
 */
function search(st: SearchState, na: number, nb: number, occ: Occluder[]): boolean {
  const A = st.a.bounds;
  const Bb = st.b.bounds;
  const ia = 6 * na;
  const ib = 6 * nb;
  const c0x = (A[ia] + A[ia + 3]) / 2, c0y = (A[ia + 1] + A[ia + 4]) / 2, c0z = (A[ia + 2] + A[ia + 5]) / 2;
  const c1x = (Bb[ib] + Bb[ib + 3]) / 2, c1y = (Bb[ib + 1] + Bb[ib + 4]) / 2, c1z = (Bb[ib + 2] + Bb[ib + 5]) / 2;
  const ra = halfDiagonal(A, na);
  const rb = halfDiagonal(Bb, nb);
  const r = Math.max(ra, rb);
  const sub: Occluder[] = [];
  for (let i = 0; i < occ.length; i++) {
    if (occluderMayTouchCapsule(occ[i], c0x, c0y, c0z, c1x, c1y, c1z, r)) sub.push(occ[i]);
  }
  const pa = 3 * st.a.start[na];
  const pb = 3 * st.b.start[nb];
  const P = st.a.points;
  const Q = st.b.points;
  if (sub.length === 0 && P[pa + 2] >= 0 && Q[pb + 2] >= 0) {
    // Every segment of the group is clear: show the one between the highest points (easiest to see).
    const ha = 3 * highest(st.a, na);
    const hb = 3 * highest(st.b, nb);
    st.witness = [
      [P[ha], P[ha + 1], P[ha + 2]],
      [Q[hb], Q[hb + 1], Q[hb + 2]],
    ];
    st.method = 'shaft';
    return true;
  }
  if (r > 0) {
    const boxA = A.subarray(ia, ia + 6);
    const boxB = Bb.subarray(ib, ib + 6);
    for (let i = 0; i < sub.length; i++) {
      // The segment joining the box centres is one of the shaft's segments: an occluder that
      // misses it cannot close the shaft, and this exact test is far cheaper than the proof.
      if (!segmentHitsOccluder(sub[i], c0x, c0y, c0z, c1x, c1y, c1z)) continue;
      if (occluderClosesShaft(sub[i], boxA, boxB)) {
        st.method = 'closed';
        return false;
      }
    }
  }
  const nA = st.a.end[na] - st.a.start[na];
  const nB = st.b.end[nb] - st.b.start[nb];
  if (nA * nB <= LEAF_PAIRS) {
    // Small groups: test their sample pairs directly (cheaper than more proofs).
    for (let i = st.a.start[na]; i < st.a.end[na]; i++) {
      for (let j = st.b.start[nb]; j < st.b.end[nb]; j++) {
        st.tests++;
        if (clearOf(sub, P[3 * i], P[3 * i + 1], P[3 * i + 2], Q[3 * j], Q[3 * j + 1], Q[3 * j + 2])) {
          st.witness = [
            [P[3 * i], P[3 * i + 1], P[3 * i + 2]],
            [Q[3 * j], Q[3 * j + 1], Q[3 * j + 2]],
          ];
          st.method = 'search';
          return true;
        }
      }
    }
    return false;
  }
  const leafA = st.a.left[na] < 0;
  const leafB = st.b.left[nb] < 0;
  // Split the larger node; visit the higher child first (lines over walls leave from the top).
  if (!leafA && (leafB || ra >= rb)) {
    const l = st.a.left[na];
    const rr = st.a.right[na];
    const first = A[6 * l + 5] >= A[6 * rr + 5] ? l : rr;
    const second = first === l ? rr : l;
    return search(st, first, nb, sub) || search(st, second, nb, sub);
  }
  const l = st.b.left[nb];
  const rr = st.b.right[nb];
  const first = Bb[6 * l + 5] >= Bb[6 * rr + 5] ? l : rr;
  const second = first === l ? rr : l;
  return search(st, na, first, sub) || search(st, na, second, sub);
}

/**
 * Is target model `t` visible to observing model `o` (Core 6.0)? "Any point on the observing model
 * to any point on the target model" through the air; terrain, the table and every model outside the
 * observer's unit block, including the target's unit-mates; objective markers never block; a model
 * is always visible to itself. Decided on sample points of both volumes spaced `spacingInches`
 * apart (see {@link VisibilityOptions}); a visible answer carries a witness segment that was tested
 * against every blocker. Bound: any line of sight whose segment can be moved by the covering radius
 * of the samples (reported by the sample tree, about 0.71 x spacing) at both ends and stay clear is
 * found.
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
  const spacing = opts.spacingInches ?? DEFAULT_SAMPLE_SPACING_INCHES;
  // Only the parts of the two surfaces that face each other can hold a witness's ends.
  const a = world.sampleTreeToward(o.id, spacing, towardOf(t));
  const b = world.sampleTreeToward(t.id, spacing, towardOf(o));
  const occ = blockersFor(world, o, t);
  if (opts.mode === 'exhaustive') return exhaustive(o, t, a, b, occ);
  const st: SearchState = { a, b, tests: 0, witness: null, method: 'exhausted' };
  const found = search(st, 0, 0, occ);
  if (found && st.witness) {
    return { visible: true, witness: st.witness, observerModelId: o.id, targetModelId: t.id, method: st.method, segmentsTested: st.tests };
  }
  return { visible: false, method: st.method === 'closed' && st.tests === 0 ? 'closed' : 'exhausted', segmentsTested: st.tests };
}

/** Tests four likely segments between two models (their top centres and mid-heights); returns a clear one. */
function probe(world: World, o: ModelState, t: ModelState): Segment3 | null {
  const occ = blockersFor(world, o, t);
  const inset = 1e-4;
  const zo = [o.volume.zMax - inset, (o.volume.zMin + o.volume.zMax) / 2];
  const zt = [t.volume.zMax - inset, (t.volume.zMin + t.volume.zMax) / 2];
  for (const a of zo) {
    for (const b of zt) {
      if (clearOf(occ, o.footprint.x, o.footprint.y, a, t.footprint.x, t.footprint.y, b)) {
        return [
          [o.footprint.x, o.footprint.y, a],
          [t.footprint.x, t.footprint.y, b],
        ];
      }
    }
  }
  return null;
}

function towardOf(m: ModelState) {
  return { x: m.footprint.x, y: m.footprint.y, radius: m.footprint.semiMajor, zMin: m.volume.zMin, zMax: m.volume.zMax };
}

function exhaustive(o: ModelState, t: ModelState, a: SampleTree, b: SampleTree, occ: Occluder[]): VisibilityResult {
  const P = a.points;
  const Q = b.points;
  let tests = 0;
  for (let i = 0; i < P.length; i += 3) {
    for (let j = 0; j < Q.length; j += 3) {
      tests++;
      if (clearOf(occ, P[i], P[i + 1], P[i + 2], Q[j], Q[j + 1], Q[j + 2])) {
        return {
          visible: true,
          witness: [
            [P[i], P[i + 1], P[i + 2]],
            [Q[j], Q[j + 1], Q[j + 2]],
          ],
          observerModelId: o.id,
          targetModelId: t.id,
          method: 'search',
          segmentsTested: tests,
        };
      }
    }
  }
  return { visible: false, method: 'exhausted', segmentsTested: tests };
}

/**
 * Is the target unit visible to the observing unit (Core 6.0: a unit is visible if at least one
 * of its models is visible to at least one observing model)? Nearest model pairs are tried first.
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
  let tests = 0;
  const pairs: [ModelState, ModelState, number][] = [];
  for (const o of os) for (const t of ts) pairs.push([o, t, Math.hypot(o.footprint.x - t.footprint.x, o.footprint.y - t.footprint.y)]);
  pairs.sort((p, q) => p[2] - q[2]);
  // Probe pass: a few likely segments per model pair (top centres, mid-heights) before any full
  // search, so a visible pair is not found only after proving others blocked.
  if (opts.mode !== 'exhaustive') {
    for (const [o, t] of pairs) {
      const w = probe(world, o, t);
      tests += 4;
      if (w) return { visible: true, witness: w, observerModelId: o.id, targetModelId: t.id, method: 'search', segmentsTested: tests };
    }
  }
  for (const [o, t] of pairs) {
    const r = modelVisible(world, o.id, t.id, opts);
    tests += r.segmentsTested;
    if (r.visible) return { ...r, segmentsTested: tests };
  }
  return { visible: false, method: 'exhausted', segmentsTested: tests };
}
