import { describe, expect, it } from 'vitest';
import type { Scenario } from '../../scenario/schema';
import { ScenarioSchema } from '../../scenario/schema';
import { deleteFeature, deleteModel, deleteModels, featureCentre, moveFeature, rotateFeature, rotateModel } from './sceneEdits';

/** A 44" x 30" table: a wall (box), trees (a cylinder and two meshes), an inline mesh, two units. */
function scenario(): Scenario {
  return {
    battlefield: { width: 44, depth: 30 },
    terrain: [
      { id: 'wall-1', type: 'obstacle', pieces: [{ shape: 'box', center: [10, 10], size: [6, 0.5, 3], rotation: 0 }] },
      {
        id: 'trees-1',
        type: 'area',
        pieces: [
          { shape: 'cylinder', center: [20, 15], radius: 2.7, height: 0.25 },
          { shape: 'mesh', src: 'tree.glb', position: [19, 14, 0.25], rotation: 15, scale: 1.7 },
          { shape: 'mesh', src: 'tree.glb', position: [21, 16, 0.25], rotation: 70 },
        ],
      },
      { id: 'ramp-1', type: 'obstacle', pieces: [{ shape: 'mesh', vertices: [[30, 5, 0], [34, 5, 0], [34, 9, 2]], triangles: [[0, 1, 2]] }] },
    ],
    units: [
      { id: 'a', army: 'east', name: 'Liberators', models: [{ id: 'a1', base: { round: 32 }, height: 1.5, position: [5, 5] }, { id: 'a2', base: { round: 32 }, height: 1.5, position: [6.5, 5] }] },
      { id: 'b', army: 'west', models: [{ id: 'b1', base: { oval: [60, 35] }, height: 2.5, position: [40, 25], facing: 350 }] },
    ],
    queries: [
      { id: 'q1', kind: 'distance', from: 'a1', to: 'b1' },
      { id: 'q2', kind: 'coherent', unit: 'a' },
    ],
  };
}

const feature = (s: Scenario, id: string) => s.terrain!.find((t) => t.id === id)!;
const ok = <T extends { ok: boolean }>(r: T) => {
  if (!r.ok) throw new Error(JSON.stringify(r));
  return r as Extract<T, { ok: true }>;
};

describe('featureCentre', () => {
  it('is the middle of the pieces in plan: a box, trees (the cylinder bounds the meshes), an inline mesh', () => {
    const s = scenario();
    expect(featureCentre(feature(s, 'wall-1'))).toEqual([10, 10]);
    expect(featureCentre(feature(s, 'trees-1'))).toEqual([20, 15]);
    expect(featureCentre(feature(s, 'ramp-1'))).toEqual([32, 7]);
  });
});

describe('moveFeature', () => {
  it('moves every piece by the same amount (box centre, cylinder centre, mesh positions) and keeps turns and heights', () => {
    const s = scenario();
    const r = ok(moveFeature(s, 'trees-1', [30, 20]));
    const t = feature(r.scenario, 'trees-1');
    expect(t.pieces[0]).toEqual({ shape: 'cylinder', center: [30, 20], radius: 2.7, height: 0.25 });
    expect(t.pieces[1]).toMatchObject({ position: [29, 19, 0.25], rotation: 15, scale: 1.7 });
    expect(t.pieces[2]).toMatchObject({ position: [31, 21, 0.25], rotation: 70 });
    expect(r.note).toBe('Moved trees-1 to (30.0, 20.0).');
    // The input is untouched and the others are the same objects.
    expect(feature(s, 'trees-1').pieces[0]).toMatchObject({ center: [20, 15] });
    expect(feature(r.scenario, 'wall-1')).toBe(feature(s, 'wall-1'));
    expect(ScenarioSchema.safeParse(r.scenario).success).toBe(true);
  });

  it('moves an inline mesh through its position (the vertices stay in its own frame)', () => {
    const r = ok(moveFeature(scenario(), 'ramp-1', [12, 20]));
    const p = feature(r.scenario, 'ramp-1').pieces[0];
    expect(p).toMatchObject({ position: [-20, 13, 0], vertices: [[30, 5, 0], [34, 5, 0], [34, 9, 2]] });
    expect(featureCentre(feature(r.scenario, 'ramp-1'))).toEqual([12, 20]);
  });

  it('refuses off the table, naming the piece, and an unknown id', () => {
    const s = scenario();
    const off = moveFeature(s, 'wall-1', [2, 10]); // 6" wide: its left end would be at -1
    expect(off).toEqual({ ok: false, problem: 'wall-1 would be off the table there (the battlefield is 44" × 30").' });
    expect(moveFeature(s, 'wall-1', [3, 10]).ok).toBe(true); // exactly at the edge
    expect(moveFeature(s, 'wall-1', [20, 29.9]).ok).toBe(false);
    expect(moveFeature(s, 'nope', [20, 20])).toEqual({ ok: false, problem: 'There is no terrain feature nope.' });
  });
});

describe('rotateFeature', () => {
  it('turns a box about its centre: rotation grows, centre stays', () => {
    const r = ok(rotateFeature(scenario(), 'wall-1', 90));
    expect(feature(r.scenario, 'wall-1').pieces[0]).toEqual({ shape: 'box', center: [10, 10], size: [6, 0.5, 3], rotation: 90 });
    expect(r.note).toBe('Turned wall-1 90° left.');
    const back = ok(rotateFeature(r.scenario, 'wall-1', -105));
    expect(feature(back.scenario, 'wall-1').pieces[0]).toMatchObject({ rotation: 345 });
    expect(back.note).toBe('Turned wall-1 105° right.');
  });

  it('turns the meshes of a feature about the feature centre, each with its own rotation', () => {
    const r = ok(rotateFeature(scenario(), 'trees-1', 90));
    const t = feature(r.scenario, 'trees-1');
    expect(t.pieces[0]).toMatchObject({ center: [20, 15] });
    // (19, 14) is (-1, -1) from the centre: turned 90° it is (+1, -1).
    expect(t.pieces[1]).toMatchObject({ position: [21, 14, 0.25], rotation: 105 });
    expect(t.pieces[2]).toMatchObject({ position: [19, 16, 0.25], rotation: 160 });
  });

  it('turns an inline mesh as a whole (its position turns about the centre, its rotation grows)', () => {
    const r = ok(rotateFeature(scenario(), 'ramp-1', 180));
    const p = feature(r.scenario, 'ramp-1').pieces[0];
    expect(p).toMatchObject({ position: [64, 14, 0], rotation: 180 });
    expect(featureCentre(feature(r.scenario, 'ramp-1'))).toEqual([32, 7]);
  });

  it('a full turn in steps comes back where it started', () => {
    let s = scenario();
    for (let i = 0; i < 24; i++) s = ok(rotateFeature(s, 'trees-1', 15)).scenario;
    expect(feature(s, 'trees-1')).toEqual(feature(scenario(), 'trees-1'));
  });

  it('refuses a turn that would swing the piece off the table', () => {
    const s = ok(moveFeature(scenario(), 'wall-1', [20, 1])).scenario;
    expect(rotateFeature(s, 'wall-1', 90)).toEqual({ ok: false, problem: 'wall-1 would be off the table there (the battlefield is 44" × 30").' });
  });
});

describe('deleteFeature / deleteModel / rotateModel', () => {
  it('deletes a feature', () => {
    const r = ok(deleteFeature(scenario(), 'trees-1'));
    expect(r.scenario.terrain!.map((t) => t.id)).toEqual(['wall-1', 'ramp-1']);
    expect(r.note).toBe('Deleted trees-1.');
    expect(deleteFeature(scenario(), 'a1').ok).toBe(false);
  });

  it('deletes a model; its stored queries go with it', () => {
    const r = ok(deleteModel(scenario(), 'a1'));
    expect(r.scenario.units!.find((u) => u.id === 'a')!.models.map((m) => m.id)).toEqual(['a2']);
    expect(r.scenario.queries!.map((q) => q.id)).toEqual(['q2']);
    expect(r.note).toBe('Deleted a1.');
  });

  it('the last model of a unit takes the unit with it', () => {
    const r = ok(deleteModel(scenario(), 'b1'));
    expect(r.scenario.units!.map((u) => u.id)).toEqual(['a']);
    expect(r.note).toBe('Deleted b1, the last model of b (the unit is gone too).');
    const s2 = ok(deleteModel(ok(deleteModel(scenario(), 'a1')).scenario, 'a2'));
    expect(s2.scenario.units!.map((u) => u.id)).toEqual(['b']);
    expect(s2.scenario.queries).toEqual([]);
    expect(deleteModel(scenario(), 'zz')).toEqual({ ok: false, problem: 'There is no model zz.' });
  });

  it('turns a model (its facing, kept in [0, 360))', () => {
    const r = ok(rotateModel(scenario(), 'b1', 15));
    expect(r.scenario.units![1].models[0].facing).toBe(5);
    expect(r.note).toBe('Turned b1 15° left (facing 5.0°).');
  });
});

describe('deleteModels (a whole unit selected, issue 39)', () => {
  it('removes every selected model; the unit left without models goes, with the queries naming it', () => {
    const r = deleteModels(scenario(), ['a1', 'a2']);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.scenario.units?.map((u) => u.id)).toEqual(['b']);
    expect(r.scenario.queries).toEqual([]);
    expect(r.note).toBe('Deleted 2 models (a1, a2); Liberators is gone.');
    expect(ScenarioSchema.safeParse(r.scenario).success).toBe(true);
    expect(deleteModels(scenario(), ['a1', 'zz'])).toEqual({ ok: false, problem: 'There is no model zz.' });
  });
});
