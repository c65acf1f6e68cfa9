import { describe, expect, it } from 'vitest';
import { unitVisible, modelVisible } from '../../src/geometry/visibility';
import { answerQuery } from '../../src/scenario/answer';
import { loadScenarioFile } from '../../src/scenario/loadNode';

/** The adjudicator answers `visible` with the same fast search the engine worker uses. */
describe('the adjudicator uses the fast visibility path', () => {
  it('same verdicts and the very same witnesses as modelVisible / unitVisible in fast mode', async () => {
    const loaded = await loadScenarioFile('assets/scenarios/default.json');
    if (!loaded.ok) throw new Error(loaded.problems.join('\n'));
    const { world, scenario } = loaded;
    const units = [...world.units.values()];
    const north = units.filter((u) => u.army === units[0].army).slice(0, 3);
    const south = units.filter((u) => u.army !== units[0].army).slice(0, 3);
    let checked = 0;
    for (const o of north) {
      for (const t of south) {
        const a = answerQuery(world, scenario, { id: 'q', kind: 'visible', observer: o.id, target: t.id });
        const direct = unitVisible(world, o.id, t.id, { mode: 'fast' });
        expect(a.value).toBe(direct.visible);
        if (direct.visible) {
          expect(a.observerModel).toBe(direct.observerModelId);
          expect(a.targetModel).toBe(direct.targetModelId);
          const w = a.witness as number[][];
          direct.witness!.forEach((p, i) => p.forEach((c, k) => expect(w[i][k]).toBeCloseTo(c, 6)));
        }
        const om = o.modelIds[0];
        const tm = t.modelIds[0];
        const m = answerQuery(world, scenario, { id: 'm', kind: 'visible', observer: om, target: tm });
        expect(m.value).toBe(modelVisible(world, om, tm).visible);
        checked++;
      }
    }
    expect(checked).toBe(9);
  });
});
