import { describe, expect, it } from 'vitest';
import { modelVisible, witnessIsClear } from '../../src/geometry/visibility';
import { segmentBlockers } from '../../src/geometry/segmentBlockers';
import { buildWorld } from '../../src/scenario/build';
import { parseScenario } from '../../src/scenario/validate';

/** A closed box mesh (8 vertices, 12 triangles) from (x0, y0, z0) to (x1, y1, z1). */
function boxMesh(x0: number, y0: number, z0: number, x1: number, y1: number, z1: number) {
  const vertices = [
    [x0, y0, z0], [x1, y0, z0], [x1, y1, z0], [x0, y1, z0],
    [x0, y0, z1], [x1, y0, z1], [x1, y1, z1], [x0, y1, z1],
  ];
  const triangles = [
    [0, 2, 1], [0, 3, 2], [4, 5, 6], [4, 6, 7],
    [0, 1, 5], [0, 5, 4], [1, 2, 6], [1, 6, 5], [2, 3, 7], [2, 7, 6], [3, 0, 4], [3, 4, 7],
  ];
  return { vertices, triangles };
}

/**
 * Core 6.0 "even if it is just the tip of a spear": a target whose own volume is a mesh (a thin
 * spear) is visible over a wall that hides its base. Observer: 32 mm base at (5, 5), 2" tall.
 * Wall: x in [9.75, 10.25], 2.5" tall. Target at (15, 5): base only (4 mm), plus a 0.1" spear.
 * From the observer's top (z = 2) to the spear's top (z = 4) the line is at z = 2 + 2 * 5.25 / 10
 * = 3.05 over the wall's far face: clear. A 2.6" spear: at best z = 2 + 0.6 * 4.12 / 9.37 = 2.26
 * at the near face (from the observer's front edge, x = 5.63): hidden.
 */
function scenario(spearTop: number | null) {
  return {
    battlefield: { width: 30, depth: 10 },
    terrain: [{ id: 'wall', type: 'obstacle', pieces: [{ shape: 'box', center: [10, 5], size: [0.5, 8, 2.5] }] }],
    units: [
      { id: 'obs', army: 'a', models: [{ id: 'o', base: { round: 32 }, height: 2, position: [5, 5] }] },
      {
        id: 'tgt',
        army: 'b',
        models: [
          {
            id: 't',
            base: { round: 32 },
            height: 1,
            position: [15, 5],
            ...(spearTop === null ? {} : { mesh: boxMesh(-0.05, -0.05, 0, 0.05, 0.05, spearTop) }),
          },
        ],
      },
    ],
  };
}

async function world(spearTop: number | null) {
  const p = parseScenario(scenario(spearTop));
  if (!p.ok) throw new Error(p.problems.join('\n'));
  return buildWorld(p.scenario, async () => {
    throw new Error('no files here');
  });
}

describe('model mesh volumes (SCENARIO: "mesh" for a true volume)', () => {
  it('a 1" prism target behind the wall is hidden', async () => {
    const w = await world(null);
    expect(modelVisible(w, 'o', 't').visible).toBe(false);
  });

  it('the tip of a 4" spear over the wall is visible, and the witness ends on the spear', async () => {
    const w = await world(4);
    const r = modelVisible(w, 'o', 't');
    expect(r.visible).toBe(true);
    const [, q] = r.witness!;
    // The far end lies on the spear: inside its 0.1" square (inches) and above the wall's shadow.
    expect(Math.abs(q[0] - 15)).toBeLessThanOrEqual(0.05 + 1e-6);
    expect(Math.abs(q[1] - 5)).toBeLessThanOrEqual(0.05 + 1e-6);
    expect(q[2]).toBeGreaterThan(2.5);
    expect(witnessIsClear(w, 'o', 't', r.witness!)).toBe(true);
    expect(segmentBlockers(w, r.witness!, 'o', 't')).toEqual([]);
    // The exhaustive mode agrees.
    expect(modelVisible(w, 'o', 't', { mode: 'exhaustive' }).visible).toBe(true);
  });

  it('a 2.6" spear stays hidden', async () => {
    const w = await world(2.6);
    expect(modelVisible(w, 'o', 't').visible).toBe(false);
    expect(modelVisible(w, 'o', 't', { mode: 'exhaustive' }).visible).toBe(false);
  });

  it('the spear blocks like any other part of a model, and moves with it', async () => {
    const w = await world(4);
    // A segment through where the spear stands, above the base.
    expect(segmentBlockers(w, [[14, 5, 3], [16, 5, 3]], null, null).map((h) => h.id)).toEqual(['t']);
    const m = w.models.get('t')!;
    w.setModel({ id: 't', unitId: 'tgt', footprint: { ...m.footprint, x: 20 }, heightInches: 1, baseThicknessInches: m.baseThicknessInches, elevation: 0 });
    expect(segmentBlockers(w, [[14, 5, 3], [16, 5, 3]], null, null)).toEqual([]);
    expect(segmentBlockers(w, [[19, 5, 3], [21, 5, 3]], null, null).map((h) => h.id)).toEqual(['t']);
  });
});
