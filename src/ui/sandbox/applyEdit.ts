/**
 * Applying a sandbox edit ({@link ./sceneEdits}) to the table: the engine worker loads the edited
 * scenario (its own validation, the terrain BVH rebuilt) while the scene-data worker builds the
 * drawing, as the palette's terrain placement does. The engine then has the last word:
 * - a moved or turned terrain feature must not change where any model stands (it would land on
 *   models, or pull the ground from under them): refused, naming them;
 * - a turned model must still stand legally where it is (the one-point `movePath` the palette uses);
 * a refusal puts both workers back as they were.
 */
import type { Scenario } from '../../scenario/schema';
import type { BattlefieldData } from '../../scene/types';
import type { Engine } from '../engine/engine';
import { redraw } from '../files/battlefield';
import { currentFiles } from '../files/startup';
import { sceneDataClient } from '../sceneData/sceneDataClient';

/** The drawing of the edited table, or every problem that refused the edit (nothing changed then). */
export type ApplyOutcome = { ok: true; data: BattlefieldData } | { ok: false; problems: string[] };

/** What the engine checks after loading the edited scenario. */
export type EditCheck =
  /** A terrain feature moved or turned: no model may stand higher or lower than before. */
  | { kind: 'terrain'; id: string }
  /** A model turned: it must stand legally where it is. */
  | { kind: 'model'; id: string }
  /** Nothing more (a deletion). */
  | { kind: 'none' };

const list = (ids: string[]) => (ids.length > 4 ? `${ids.slice(0, 4).join(', ')} and ${ids.length - 4} more` : ids.join(', '));

/**
 * Loads `after` into the engine and the drawing; `before` is the scenario now (put back on a
 * refusal). Resolves with the new drawing, or the problems (engine validation, or the check's
 * refusal naming the piece and the models).
 */
export async function applyScenarioEdit(engine: Engine, before: Scenario, after: Scenario, check: EditCheck): Promise<ApplyOutcome> {
  const files = currentFiles();
  const posesBefore = check.kind === 'terrain' ? new Map((await engine.track(engine.client.modelPoses())).map((p) => [p.id, p.elevation])) : null;
  const putBack = async () => {
    const [back] = await Promise.all([engine.track(engine.client.loadScenario(before, files.meshes)), sceneDataClient().build(before, files.meshes, files.fallbackName)]);
    if (!back.ok) console.warn('Sightline: could not put the engine back after a refused edit', back.problems);
  };
  engine.setPhase('loading');
  try {
    const [r, b] = await Promise.all([engine.track(engine.client.loadScenario(after, files.meshes)), sceneDataClient().build(after, files.meshes, files.fallbackName)]);
    if (!r.ok) {
      if (b.ok) await sceneDataClient().build(before, files.meshes, files.fallbackName);
      return { ok: false, problems: r.problems };
    }
    if (!b.ok) {
      await putBack();
      return { ok: false, problems: b.problems };
    }
    if (posesBefore && check.kind === 'terrain') {
      const poses = await engine.track(engine.client.modelPoses());
      const changed = (sign: 1 | -1) => poses.filter((p) => sign * (p.elevation - (posesBefore.get(p.id) ?? p.elevation)) > 1e-6).map((p) => p.id);
      const lifted = changed(1);
      const dropped = changed(-1);
      if (lifted.length || dropped.length) {
        await putBack();
        const why = lifted.length ? `it would stand under ${list(lifted)}` : `${list(dropped)} ${dropped.length === 1 ? 'stands' : 'stand'} on it`;
        const n = lifted.length || dropped.length;
        return { ok: false, problems: [`${check.id} cannot go there: ${why} (move ${n === 1 ? 'it' : 'them'} first).`] };
      }
    }
    if (check.kind === 'model') {
      const m = (after.units ?? []).flatMap((u) => u.models).find((mm) => mm.id === check.id);
      if (m) {
        const q = await engine.track(engine.client.query({ id: 'edit', kind: 'movePath', model: m.id, path: [m.position] }));
        const refused = !q.ok ? q.problems.join('; ') : q.answer.value === null ? String(q.answer.reason ?? 'it cannot stand there') : null;
        if (refused !== null) {
          await putBack();
          return { ok: false, problems: [`${m.id} cannot turn there: ${refused}.`] };
        }
      }
    }
    return { ok: true, data: b.data };
  } finally {
    engine.setPhase('ready');
  }
}

/**
 * Deletes a model with the engine's incremental `removeModel` (its last model takes the unit with
 * it), then redraws from the engine's scenario.
 */
export async function removeModelFromTable(engine: Engine, id: string): Promise<ApplyOutcome> {
  const r = await engine.track(engine.client.removeModel(id));
  if (!r.ok) return { ok: false, problems: [r.reason] };
  return redraw(engine);
}
