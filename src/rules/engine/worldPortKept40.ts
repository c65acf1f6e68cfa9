/**
 * Measurements to a terrain feature kept while nothing they depend on moves (session 40, perf40; docs/performance.md
 * "Session 40: options and rosterAbilities").
 *
 * A unit's (or model's) distance to a terrain feature (Core 2.1: the closest point of the feature, an exact
 * three-mesh-bvh query per base) and whether it is wholly within a distance of it (Core 1.1) depend only on where
 * the unit's models stand and on the feature. Within one World the terrain never changes (`World.terrain` is
 * built once; a game that sets up faction terrain builds a new World and a new port), and every time a model is
 * set or removed the World replaces its {@link ModelState} object (`World.setModel` builds a new one; `sync` sets
 * only the models whose position changed). So an answer is kept with the very model states it was measured on,
 * and given again only while the unit's models are the same objects in the same order: a model that moved, was
 * slain or added makes the next question measure again. The answers are the ones measured, unchanged.
 *
 * This serves the options: each action makes a new game state, and each listing of options asks every unit's
 * distance to the army's faction terrain again (`terrainPickProblem`, thisTerrain38.ts) although nothing moved.
 *
 * @module
 */

import type { ModelState } from '../../geometry/world';

/** One kept answer: the model states it was measured on, and the answer. */
interface Kept<T> {
  readonly models: readonly ModelState[];
  readonly value: T;
}

/** Answers kept by question, each valid while the models it was measured on stand unchanged. */
export class KeptByModels<T> {
  private readonly kept = new Map<string, Kept<T>>();
  /** How many questions were answered from the kept answers (for the tests and the bench). */
  hits = 0;
  /** How many were measured. */
  misses = 0;

  /**
   * The answer to question `key` for `models` (the unit's models as the World has them now, in order): the
   * kept one when it was measured on exactly these model state objects, else `measure()` (kept from then on).
   */
  get(key: string, models: readonly ModelState[], measure: () => T): T {
    const k = this.kept.get(key);
    if (k !== undefined && sameModels(k.models, models)) {
      this.hits++;
      return k.value;
    }
    this.misses++;
    const value = measure();
    this.kept.set(key, { models: [...models], value });
    return value;
  }
}

/** Are two lists of model states the same objects in the same order? */
function sameModels(a: readonly ModelState[], b: readonly ModelState[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
