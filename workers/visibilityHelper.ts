/**
 * The engine's second pair of hands: a copy of the engine's {@link World} in another thread that
 * answers whole-unit visibility pairs, so a visibility matrix uses both cores (the engine works
 * from the front of the pair list, the helper takes chunks from the back: see
 * `EngineApi.visibilityMatrix`). It holds no scenario, only the world: the engine sends the same
 * {@link WorldInput} it built its own world from, then mirrors every model edit
 * ({@link VisibilityHelper.setModel}, {@link VisibilityHelper.removeModel}) in order, so both
 * worlds always hold the same positions and every answer is the one the engine would give
 * (`visibleAnswer`, the adjudicator's own formatting).
 *
 * It also takes steps of the layout lab's spot relations (`EngineApi.layout`): the engine sends a
 * relation's composed trees once ({@link VisibilityHelper.layoutTask}), then asks for steps one or
 * two at a time from the back ({@link VisibilityHelper.layoutSteps}) and merges the rows they write
 * into its own job, so a layout report is the engine's alone, bit for bit.
 *
 * Runs behind comlink in a Web Worker (`workers/visibilityHelper.worker.ts`, started by the engine
 * worker) or a Node worker thread (`workers/node/visibilityHelper.node.mjs`, for the bench).
 */
import type { Answer } from '../src/scenario/answer';
import { visibleAnswer } from '../src/scenario/answer';
import { terrainFor, World, type ModelInput, type WorldInput } from '../src/geometry/world';
import { DEFAULT_SAMPLE_SPACING_INCHES } from '../src/geometry/visibility';
import { jobOfTask, relationRows, relationStepRows, relationWork, runRelationStep, type RelationJob, type RelationTask } from '../src/layout/spotVisibility';

/** One ordered pair of units to answer: observer unit id, target unit id. */
export type UnitPair = [observer: string, target: string];

/** What the helper knows, for the engine's checks and tests. */
export interface HelperStats {
  loaded: boolean;
  /** Loads and edits applied since the helper started. */
  applied: number;
  models: number;
  /** Milliseconds spent answering pairs since the helper started. */
  busyMs: number;
  /** Ordered pairs answered since the helper started. */
  pairsAnswered: number;
  /** Layout relation steps run since the helper started ({@link VisibilityHelper.layoutSteps}). */
  layoutSteps: number;
  /** Milliseconds spent on layout relations (building their jobs and running steps) since the helper started. */
  layoutMs: number;
}

/**
 * The answer of one layout relation step ({@link VisibilityHelper.layoutSteps}): the rows (ranks
 * `first` to `first + rowSeen.length - 1`) it wrote, as `relationRows` gives them, and the work it
 * spent (node pairs, segment tests), for `setRelationRows` and `addRelationWork` in the engine.
 */
export interface LayoutStepAnswer {
  step: number;
  first: number;
  /** `rowSeen.length * cols` bytes in pairs form, empty in rows form. */
  seen: Uint8Array;
  rowSeen: Uint8Array;
  nodePairs: number;
  segmentTests: number;
}

export class VisibilityHelper {
  private world: World | null = null;
  private applied = 0;
  private busyMs = 0;
  private pairsAnswered = 0;
  /** The layout relation the engine shares now (one at a time: a new task replaces it). */
  private layout: { id: number; job: RelationJob } | null = null;
  private layoutStepsRun = 0;
  private layoutMs = 0;

  /** Builds the world (terrain BVH included) from the engine's input; replaces any previous one. */
  load(input: WorldInput): true {
    // The old world's sample trees go back to the pool for the new one's.
    const prev = this.world;
    prev?.dropVisibilityCaches();
    this.layout = null;
    // The same table with other models: the terrain index is reused (see `terrainFor`).
    this.world = new World(input, terrainFor(input, prev).index);
    this.world.prepareVisibility(DEFAULT_SAMPLE_SPACING_INCHES);
    // A closed mesh's cells are built on first use (`occluders.ts`, session 39: a game never needs them to start).
    // The helper exists to answer visibility, so it builds them now, while it loads, not in its first layout step:
    // else under load the engine could finish a whole layout before the helper's first answer.
    for (const o of this.world.terrain.occluders) if (o.kind === 'mesh') void o.cells;
    this.applied++;
    return true;
  }

  /** Mirrors `World.setModel` (a model added or moved). */
  setModel(input: ModelInput): true {
    this.need().setModel(input);
    this.applied++;
    return true;
  }

  /** Mirrors the engine's removal: the model goes, and its unit with it when it was the last one. */
  removeModel(id: string): true {
    this.need().removeModel(id, true);
    this.applied++;
    return true;
  }

  /**
   * Answers `visible` for each ordered pair of unit ids, in order (`value`, and `witness`,
   * `observerModel`, `targetModel` when visible; ids are `observer->target`).
   * @param expectApplied how many loads and edits the engine has sent this helper; when it has
   *   applied another number (one of them failed), its world is not the engine's and it refuses.
   * @throws when nothing is loaded or the count differs (the engine then answers the pairs itself
   *   and replaces the helper).
   */
  unitPairs(pairs: UnitPair[], mode?: 'fast' | 'exhaustive', expectApplied?: number): Answer[] {
    const w = this.need();
    this.checkApplied(expectApplied);
    const t0 = performance.now();
    const answers = pairs.map(([o, t]) => visibleAnswer(w, { id: `${o}->${t}`, observer: o, target: t }, { mode }));
    this.busyMs += performance.now() - t0;
    this.pairsAnswered += pairs.length;
    return answers;
  }

  /**
   * Takes a layout relation's task (`relationTask` in the engine: the two composed spot trees,
   * typed arrays only) and builds its job on this world's terrain occluders (the same terrain,
   * built by the same builders in the same order as the engine's, so every step answers as the
   * engine's would). Replaces the previous task, whatever its id.
   * @param id the engine's number for this relation; {@link layoutSteps} names it.
   * @param expectApplied as in {@link unitPairs}: the loads and edits the engine has sent.
   * @returns the job's number of steps (the engine checks it against its own).
   * @throws when nothing is loaded, the count differs (out of step), or the task is malformed.
   */
  layoutTask(id: number, task: RelationTask, expectApplied?: number): number {
    const w = this.need();
    this.checkApplied(expectApplied);
    if (!Number.isInteger(id)) throw new Error(`visibility helper: layout task id must be an integer, got ${id}`);
    if (!task || typeof task !== 'object' || !Number.isInteger(task.rows) || !Number.isInteger(task.cols)) throw new Error('visibility helper: not a layout relation task');
    this.layout = null;
    const t0 = performance.now();
    const job = jobOfTask(task, w.terrain.occluders);
    this.layoutMs += performance.now() - t0;
    this.layout = { id, job };
    return job.steps;
  }

  /**
   * Runs steps of the layout relation {@link layoutTask} gave (`runRelationStep`, each a few ms to
   * a few hundred) and answers, per step in the order asked, the rows it wrote and its work.
   * @throws when `id` is not the task held now (the engine never asks so: messages stay in order),
   *   or a step is not an integer in `[0, steps)`.
   */
  layoutSteps(id: number, steps: number[]): LayoutStepAnswer[] {
    const l = this.layout;
    if (!l || l.id !== id) throw new Error(`visibility helper: layout task ${id} is not the one held (${l ? l.id : 'none'})`);
    const job = l.job;
    for (const k of steps) if (!Number.isInteger(k) || k < 0 || k >= job.steps) throw new Error(`visibility helper: layout step ${k} is not in [0, ${job.steps})`);
    const t0 = performance.now();
    const out = steps.map((k): LayoutStepAnswer => {
      const before = relationWork(job);
      runRelationStep(job, k);
      const after = relationWork(job);
      const [first, last] = relationStepRows(job, k);
      const rows = relationRows(job, first, last);
      return { step: k, first, seen: rows.seen, rowSeen: rows.rowSeen, nodePairs: after.nodePairs - before.nodePairs, segmentTests: after.segmentTests - before.segmentTests };
    });
    this.layoutMs += performance.now() - t0;
    this.layoutStepsRun += steps.length;
    return out;
  }

  stats(): HelperStats {
    return {
      loaded: this.world !== null,
      applied: this.applied,
      models: this.world?.models.size ?? 0,
      busyMs: this.busyMs,
      pairsAnswered: this.pairsAnswered,
      layoutSteps: this.layoutStepsRun,
      layoutMs: this.layoutMs,
    };
  }

  private checkApplied(expectApplied: number | undefined): void {
    if (expectApplied !== undefined && expectApplied !== this.applied) {
      throw new Error(`visibility helper: out of step with the engine (${this.applied} loads and edits applied, ${expectApplied} sent)`);
    }
  }

  private need(): World {
    if (!this.world) throw new Error('visibility helper: no world loaded');
    return this.world;
  }
}
