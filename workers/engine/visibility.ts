/**
 * Visibility ({@link EngineVisibility}, the fourth layer of `EngineApi`): who sees whom between
 * every pair of units (Core 6.0) and which units are in combat (Core 7.0), as cancellable jobs
 * shared with the visibility helper; what a segment touches; the proof of a blocked line of sight.
 */
import { segmentBlockers } from '../../src/geometry/segmentBlockers';
import { blockedLines } from '../../src/geometry/losProof';
import type { Segment3 } from '../../src/geometry/visibility';
import { answerQuery, blockerName, visibleAnswer, type Answer } from '../../src/scenario/answer';
import type { ScenarioUnit } from '../../src/scenario/schema';
import { release, type RemoteShare } from './jobs';
import { EngineQueries } from './queries';
import type { BlockersResult, CombatPair, CombatResult, LosBlockersResult, MatrixOptions, MatrixResult, Point3, ProgressCallback, VisibilityEntry } from './types';

/** Visibility and combat between units, and what blocks a line of sight. */
export class EngineVisibility extends EngineQueries {
  /**
   * Visibility between units (Core 6.0) for every ordered pair `(observer, target)` of units from
   * different armies (and of the same army with `options.includeSameArmy`), in scenario order, as a
   * cancellable job with progress (one item per pair). Each entry is what a `visible` query with
   * those unit ids answers.
   * @param cancelToken the job id for {@link cancel}; generated when absent.
   */
  async visibilityMatrix(onProgress?: ProgressCallback, cancelToken?: string, options: MatrixOptions = {}): Promise<MatrixResult> {
    const l = this.loaded;
    if (!l) {
      release(onProgress);
      return { ok: false, reason: 'no scenario loaded' };
    }
    const units = l.scenario.units ?? [];
    const pairs: [ScenarioUnit, ScenarioUnit][] = [];
    for (const o of units) {
      for (const t of units) {
        if (o !== t && (options.includeSameArmy || o.army !== t.army)) pairs.push([o, t]);
      }
    }
    // Work order: each pair beside its reverse (one question in its symmetric form, answered once
    // per world: see unitPairVisible), so the helper can take whole pairs of directions.
    const order: number[] = [];
    const slot = new Map<string, number>();
    pairs.forEach(([o, t], i) => slot.set(`${o.id}\u0000${t.id}`, i));
    const placed = new Set<number>();
    pairs.forEach(([o, t], i) => {
      if (placed.has(i)) return;
      const j = slot.get(`${t.id}\u0000${o.id}`)!;
      order.push(i, j);
      placed.add(i).add(j);
    });
    const entries: VisibilityEntry[] = new Array(pairs.length);
    const entryOf = (i: number, a: Answer): VisibilityEntry => {
      const [o, t] = pairs[i];
      const e: VisibilityEntry = { observer: o.id, target: t.id, sameArmy: o.army === t.army, visible: a.value === true };
      if (a.witness) e.witness = a.witness as [Point3, Point3];
      if (typeof a.observerModel === 'string') e.observerModel = a.observerModel;
      if (typeof a.targetModel === 'string') e.targetModel = a.targetModel;
      return e;
    };
    const helper = this.helper?.ready ? this.helper : null;
    const share: RemoteShare | undefined = helper
      ? {
          // Two pairs of units with their reverses per message: half the messages of one pair each
          // (each costs this thread a little while it handles the answer), and the groups still
          // keep each pair beside its reverse (the order is even-aligned and the groups are even).
          groupSize: 4,
          // The helper checks it has applied every load and edit sent so far (else it refuses).
          run: (items) => Promise.race([helper.link.api.unitPairs(items.map((k) => [pairs[order[k]][0].id, pairs[order[k]][1].id]), options.mode, helper.sent), helper.link.failed]),
          accept: (items, answers) => items.forEach((k, n) => (entries[order[k]] = entryOf(order[k], answers[n]))),
          fail: () => this.dropHelper(helper),
        }
      : undefined;
    const r = await this.runJob(
      cancelToken,
      pairs.length,
      onProgress,
      (k) => {
        const i = order[k];
        const [o, t] = pairs[i];
        entries[i] = entryOf(i, visibleAnswer(l.world, { id: `${o.id}->${t.id}`, observer: o.id, target: t.id }, { mode: options.mode }));
      },
      share,
    );
    return r.ok ? { ok: true, jobId: r.jobId, entries } : r;
  }

  /**
   * Every pair of units in combat with each other (Core 7.0, as the `inCombat` query answers it),
   * checked over every unordered pair of units from different armies, in scenario order; a
   * cancellable job with progress (one item per unordered pair checked).
   * @param cancelToken the job id for {@link cancel}; generated when absent.
   */
  async combatPairs(onProgress?: ProgressCallback, cancelToken?: string, mode?: 'fast' | 'exhaustive'): Promise<CombatResult> {
    const l = this.loaded;
    if (!l) {
      release(onProgress);
      return { ok: false, reason: 'no scenario loaded' };
    }
    const units = l.scenario.units ?? [];
    const pairs: [string, string][] = [];
    for (let i = 0; i < units.length; i++) {
      for (let j = i + 1; j < units.length; j++) if (units[i].army !== units[j].army) pairs.push([units[i].id, units[j].id]);
    }
    const found: CombatPair[] = [];
    const r = await this.runJob(cancelToken, pairs.length, onProgress, (i) => {
      const [a, b] = pairs[i];
      const ans = answerQuery(l.world, l.scenario, { id: `${a}x${b}`, kind: 'inCombat', a, b }, { mode });
      if (ans.value === true) {
        const p: CombatPair = { a, b };
        if (ans.models) p.models = ans.models as [string, string];
        if (ans.witness) p.witness = ans.witness as [Point3, Point3];
        found.push(p);
      }
    });
    return r.ok ? { ok: true, jobId: r.jobId, pairs: found } : r;
  }

  /**
   * What a straight segment touches (Core 6.0 blockers for the given observer and target: terrain,
   * the table, every model outside the observer's unit except the target), ordered along it.
   * @param segment - `[[x, y, z], [x, y, z]]`, inches.
   * @returns `{ok: true, hits}` or `{ok: false, reason}` (no scenario, unknown model, bad segment).
   */
  segmentBlockers(segment: unknown, options: { observer?: string; target?: string } = {}): BlockersResult {
    const l = this.loaded;
    if (!l) return { ok: false, reason: 'no scenario loaded' };
    const ok =
      Array.isArray(segment) &&
      segment.length === 2 &&
      segment.every((p) => Array.isArray(p) && p.length === 3 && p.every((c) => typeof c === 'number' && Number.isFinite(c)));
    if (!ok) return { ok: false, reason: 'segment: expected [[x, y, z], [x, y, z]] with finite numbers' };
    for (const key of ['observer', 'target'] as const) {
      const id = options[key];
      if (id !== undefined && !l.world.models.has(id)) return { ok: false, reason: `${key}: unknown model "${id}"` };
    }
    const hits = segmentBlockers(l.world, segment as Segment3, options.observer ?? null, options.target ?? null);
    return { ok: true, hits: hits.map((h) => ({ kind: h.kind, id: h.id, at: h.at })) };
  }

  /**
   * The proof of a blocked line of sight (Core 6.0) between two models or units (unit ids as the
   * who-sees-whom table passes them, or model ids): the lines tested, what blocks each, every
   * blocker once with its name (terrain first) and the most favourable line (`blockedLines`).
   * @returns `{ok: false, reason}` with no scenario, an unknown id, or one pick standing for the other.
   */
  losBlockers(observer: string, target: string): LosBlockersResult {
    const l = this.loaded;
    if (!l) return { ok: false, reason: 'no scenario loaded' };
    for (const [key, id] of [['observer', observer], ['target', target]] as const) {
      if (typeof id !== 'string' || (!l.world.models.has(id) && !l.world.units.has(id))) return { ok: false, reason: `${key}: unknown model or unit "${String(id)}"` };
    }
    const r = blockedLines(l.world, observer, target);
    if (!r) return { ok: false, reason: `observer "${observer}" and target "${target}" are the same models` };
    return {
      ok: true,
      form: r.form,
      lines: r.lines.map((x) => ({ segment: x.segment, observerModel: x.observerModelId, targetModel: x.targetModelId, blockers: x.blockers.map((b) => ({ kind: b.kind, id: b.id, at: b.at, ...(b.exit ? { exit: b.exit } : {}) })) })),
      blockers: r.blockers.map((b) => ({ kind: b.kind, id: b.id, name: blockerName(l.scenario, b), lines: b.lines })),
      favourite: r.favourite,
    };
  }
}
