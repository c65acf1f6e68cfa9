/**
 * Issue 39, item 2: a model inside terrain is an error, not a verdict. A model moved into a wall at
 * elevation 0 was drawn through it and got "Visible"; inside the Archive Tower it got "Not visible".
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { adjudicateCli } from '../../src/cli/adjudicate';
import { loadScenarioFile } from '../../src/scenario/loadNode';
import { EngineApi } from '../../workers/engineApi';
import { runHere } from '../cliHere';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'inside-terrain-'));
/** `npm run adjudicate`'s own function in this process (tests/cliHere.ts); its process is tested in tests/scenario/malformed. */
const adjudicate = (file: string) => runHere(adjudicateCli, [file]);

/** A 1.5" thick, 2.5" tall wall along x at y = 8 (y from 7.25 to 8.75), and a 32 mm model (radius 0.63"). */
function wallTable(model: { position: [number, number]; elevation?: number }, wallHeight = 2.5) {
  return {
    name: 'wall',
    battlefield: { width: 24, depth: 16 },
    terrain: [{ id: 'wall-1', name: 'Long Wall', type: 'obstacle', pieces: [{ shape: 'box', center: [12, 8], size: [8, 1.5, wallHeight] }] }],
    units: [
      { id: 'a', army: 'north', name: 'A', models: [{ id: 'a-1', base: { round: 32 }, height: 1.25, ...model }] },
      { id: 'b', army: 'south', name: 'B', models: [{ id: 'b-1', base: { round: 32 }, height: 1.25, position: [12, 2] }] },
    ],
    queries: [{ id: 'q', kind: 'visible', observer: 'a-1', target: 'b-1' }],
  };
}

const write = (name: string, json: unknown) => {
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify(json));
  return file;
};

describe('a model inside terrain in a file', () => {
  it('inside a wall at elevation 0: a problem naming the model and the feature, exit 2, no answer', async () => {
    const file = write('inside.json', wallTable({ position: [12, 8], elevation: 0 }));
    const r = await loadScenarioFile(file);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.problems).toHaveLength(1);
      expect(r.problems[0]).toMatch(/^units\[0\]\.models\[0\]: model "a-1" stands inside the terrain feature "Long Wall" \(wall-1\)/);
    }
    const cli = await adjudicate(file);
    expect(cli.status).toBe(2);
    expect(cli.stdout).toBe('');
    expect(cli.stderr).toContain('model "a-1" stands inside the terrain feature "Long Wall" (wall-1)');
  }, 120_000);

  it('only partly in the wall (its rim 0.2" into the face) is still inside; beside it, on top of it and without an elevation are not', async () => {
    // Centre 0.63 - 0.2 = 0.43" from the face at y = 8.75: the rim reaches 8.55.
    const partly = await loadScenarioFile(write('partly.json', wallTable({ position: [12, 8.75 + 0.43], elevation: 0 })));
    expect(partly.ok).toBe(false);
    // Touching the face (0.63" from it) and standing clear (0.7").
    for (const [name, model] of [
      ['touching', { position: [12, 8.75 + 0.63], elevation: 0 }],
      ['beside', { position: [12, 8.75 + 0.7], elevation: 0 }],
      ['on-top', { position: [12, 8], elevation: 2.5 }],
      ['no-elevation', { position: [12, 8] }],
    ] as const) {
      const r = await loadScenarioFile(write(`${name}.json`, wallTable(model as { position: [number, number]; elevation?: number })));
      expect(r.ok, `${name}: ${r.ok ? '' : r.problems.join('\n')}`).toBe(true);
      if (r.ok) expect(r.warnings, name).toEqual([]);
    }
  });

  it('inside terrain 1" tall or less: accepted with a warning naming both (Core 15.2), the answer given', async () => {
    const file = write('low.json', wallTable({ position: [12, 8], elevation: 0 }, 0.8));
    const r = await loadScenarioFile(file);
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.warnings).toEqual([expect.stringMatching(/^units\[0\]\.models\[0\]: model "a-1" stands inside the terrain feature "Long Wall" \(wall-1\), 1" tall or less/)]);
    const cli = await adjudicate(file);
    expect(cli.status, cli.stderr).toBe(0);
    expect(cli.stderr).toMatch(/^warning: units\[0\]\.models\[0\]: model "a-1"/);
    expect(JSON.parse(cli.stdout).answers[0].id).toBe('q');
  }, 120_000);

  it('inside the default battlefield\'s Archive Tower (a mesh): refused, naming the tower', async () => {
    const json = JSON.parse(readFileSync(join(ROOT, 'assets/scenarios/default.json'), 'utf8'));
    json.units[1].models[0] = { ...json.units[1].models[0], position: [24, 31], elevation: 0 };
    // Beside the default scenario, so its ../kenney meshes resolve as they always did.
    const r = await loadScenarioFile(join(ROOT, 'assets/scenarios/default.json'));
    expect(r.ok).toBe(true);
    const file = write('tower.json', json);
    const inside = await loadScenarioFile(file);
    expect(inside.ok).toBe(false);
    if (!inside.ok) expect(inside.problems).toEqual([expect.stringMatching(/^units\[1\]\.models\[0\]: model "n-liberators-1" stands inside the terrain feature "Archive Tower" \(archive-tower\)/)]);
  }, 60_000);
});

describe('the page\'s engine refuses it', () => {
  it('loading a file with a model in a wall: refused naming both; the table before stays', async () => {
    const api = new EngineApi();
    const good = await api.loadScenario(wallTable({ position: [12, 11] }));
    expect(good.ok).toBe(true);
    const bad = await api.loadScenario(wallTable({ position: [12, 8], elevation: 0 }));
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.problems[0]).toContain('model "a-1" stands inside the terrain feature "Long Wall" (wall-1)');
    expect(api.getScenario()?.units?.[0].models[0].position).toEqual([12, 11]);
  });

  it('moving a model into the wall at an elevation: refused naming both, the model stays where it was; moving it there without one stands it on top', async () => {
    const api = new EngineApi();
    expect((await api.loadScenario(wallTable({ position: [12, 11] }))).ok).toBe(true);
    const r = api.moveModel('a-1', 12, 8, 0);
    expect(r).toEqual({ ok: false, reason: expect.stringContaining('model "a-1" stands inside the terrain feature "Long Wall" (wall-1)') });
    expect(api.getScenario()?.units?.[0].models[0].position).toEqual([12, 11]);
    const before = api.query({ id: 'd', kind: 'distance', from: 'a-1', to: 'b-1' });
    expect(before.ok && before.answer.value).toBeCloseTo(9 - 32 / 25.4, 6);
    expect(api.moveModel('a-1', 12, 8).ok).toBe(true);
    const d = api.query({ id: 'd', kind: 'distance', from: 'a-1', to: 'b-1' });
    // On top of the wall: the bases' closest points (Core 2.1), a's underside at 2.5", b's base top at 4 mm.
    expect(d.ok && d.answer.value).toBeCloseTo(Math.hypot(6 - 32 / 25.4, 2.5 - 4 / 25.4), 6);
    const add = api.addModel('b', { id: 'b-2', base: { round: 32 }, height: 1.25, position: [10, 8], elevation: 0.5 });
    expect(add).toEqual({ ok: false, reason: expect.stringContaining('model "b-2" stands inside the terrain feature "Long Wall" (wall-1)') });
    expect(api.getScenario()?.units?.[1].models.map((m) => m.id)).toEqual(['b-1']);
  });
});
