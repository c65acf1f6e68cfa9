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
 * Runs behind comlink in a Web Worker (`workers/visibilityHelper.worker.ts`, started by the engine
 * worker) or a Node worker thread (`workers/node/visibilityHelper.node.mjs`, for the bench).
 */
import type { Answer } from '../src/scenario/answer';
import { visibleAnswer } from '../src/scenario/answer';
import { World, type ModelInput, type WorldInput } from '../src/geometry/world';
import { DEFAULT_SAMPLE_SPACING_INCHES } from '../src/geometry/visibility';

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
}

export class VisibilityHelper {
  private world: World | null = null;
  private applied = 0;
  private busyMs = 0;
  private pairsAnswered = 0;

  /** Builds the world (terrain BVH included) from the engine's input; replaces any previous one. */
  load(input: WorldInput): true {
    // The old world's sample trees go back to the pool for the new one's.
    this.world?.dropVisibilityCaches();
    this.world = new World(input);
    this.world.prepareVisibility(DEFAULT_SAMPLE_SPACING_INCHES);
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
    if (expectApplied !== undefined && expectApplied !== this.applied) {
      throw new Error(`visibility helper: out of step with the engine (${this.applied} loads and edits applied, ${expectApplied} sent)`);
    }
    const t0 = performance.now();
    const answers = pairs.map(([o, t]) => visibleAnswer(w, { id: `${o}->${t}`, observer: o, target: t }, { mode }));
    this.busyMs += performance.now() - t0;
    this.pairsAnswered += pairs.length;
    return answers;
  }

  stats(): HelperStats {
    return { loaded: this.world !== null, applied: this.applied, models: this.world?.models.size ?? 0, busyMs: this.busyMs, pairsAnswered: this.pairsAnswered };
  }

  private need(): World {
    if (!this.world) throw new Error('visibility helper: no world loaded');
    return this.world;
  }
}
