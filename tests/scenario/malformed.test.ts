import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadScenarioFile } from '../../src/scenario/loadNode';
import { parseScenarioText } from '../../src/scenario/validate';

/**
 * Malformed scenario files (SCENARIO.md: strict, every problem reported with its JSON path, never
 * a crash or a hang). Each fixture in tests/fixtures/malformed/ has exactly one flaw; the table
 * gives the JSON path prefix the report must name.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DIR = join(ROOT, 'tests/fixtures/malformed');

const EXPECTED: Record<string, { path: string; text?: RegExp; buildOnly?: boolean }> = {
  'unknown-key-root.json': { path: '(root)', text: /extra/ },
  'unknown-key-battlefield.json': { path: 'battlefield', text: /height/ },
  'unknown-key-model.json': { path: 'units[0].models[1]', text: /colour/ },
  'unknown-key-base.json': { path: 'units[0].models[2].base', text: /thickness/ },
  'unknown-key-piece.json': { path: 'terrain[0].pieces[1]', text: /colour/ },
  'unknown-key-query.json': { path: 'queries[1]', text: /horizontl/ },
  'wrong-type-position.json': { path: 'units[0].models[0].position' },
  'wrong-type-width.json': { path: 'battlefield.width' },
  'wrong-type-units.json': { path: 'units' },
  'missing-battlefield.json': { path: 'battlefield' },
  'negative-base.json': { path: 'units[0].models[2].base' },
  'negative-oval.json': { path: 'units[1].models[0].base' },
  'duplicate-model-id.json': { path: 'units[0].models[1].id', text: /lib-1/ },
  'duplicate-id-across.json': { path: 'objectives[0].id', text: /wall/ },
  'duplicate-query-id.json': { path: 'queries[1].id', text: /q1/ },
  'unknown-query-id.json': { path: 'queries[0].to', text: /nobody/ },
  'territory-unknown.json': { path: 'queries[0].object', text: /east/ },
  'bad-triangle-index.json': { path: 'terrain[0].pieces[0].triangles[1][2]', text: /5/ },
  'invalid-json.json': { path: '(root)', text: /JSON/ },
  'trailing-comma.json': { path: '(root)', text: /JSON/ },
  'empty-file.json': { path: '(root)', text: /JSON/ },
  'root-array.json': { path: '(root)' },
  'infinite-width.json': { path: 'battlefield.width' },
  'missing-mesh.json': { path: 'terrain[0].pieces[0]', text: /no-such-tower\.glb/, buildOnly: true },
  'unknown-mesh-extension.json': { path: 'terrain[0].pieces[0]', text: /tower\.fbx/, buildOnly: true },
  'wrong-query-kind.json': { path: 'queries[0]' },
  'query-wrong-entity-kind.json': { path: 'queries[1].observer', text: /obj-1/ },
  'empty-models.json': { path: 'units[0].models' },
  'contests-both.json': { path: 'queries[0]' },
  'bad-terrain-type.json': { path: 'terrain[0].type' },
  'negative-distance.json': { path: 'queries[0].distance' },
};

/** A problem names `path` when it starts with it followed by ':', '.' or '['. */
const names = (problem: string, path: string) => problem.startsWith(path) && /^[:.[]/.test(problem.slice(path.length));
/** Every problem is `<json path>: <message>`. */
const PATH_LINE = /^(\(root\)|\(file\)|[A-Za-z_$][\w$]*(\[\d+\]|\.[A-Za-z_$][\w$]*)*): \S/;

describe('malformed scenario files are rejected with their JSON path', () => {
  it('the fixture folder holds at least 15 files, each listed here', () => {
    const files = readdirSync(DIR).filter((f) => f.endsWith('.json'));
    expect(files.length).toBeGreaterThanOrEqual(15);
    expect(files.sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(Object.entries(EXPECTED))('%s -> %o', async (file, exp) => {
    const full = join(DIR, file);
    const text = readFileSync(full, 'utf8');
    const parsed = parseScenarioText(text);
    if (exp.buildOnly) {
      // schema-valid; the problem shows when the mesh is loaded
      expect(parsed.ok).toBe(true);
    } else {
      expect(parsed.ok).toBe(false);
      if (!parsed.ok) {
        expect(parsed.problems.some((p) => names(p, exp.path)), parsed.problems.join('\n')).toBe(true);
        for (const p of parsed.problems) expect(p).toMatch(PATH_LINE);
      }
    }
    const loaded = await loadScenarioFile(full);
    expect(loaded.ok).toBe(false);
    if (!loaded.ok) {
      const hit = loaded.problems.filter((p) => names(p, exp.path));
      expect(hit.length, loaded.problems.join('\n')).toBeGreaterThan(0);
      if (exp.text) expect(hit.some((p) => exp.text!.test(p)), hit.join('\n')).toBe(true);
      for (const p of loaded.problems) expect(p).toMatch(PATH_LINE);
    }
  });

  it('a file that does not exist is a problem, not a crash', async () => {
    const r = await loadScenarioFile(join(DIR, 'does-not-exist.json'));
    expect(r.ok).toBe(false);
  });

  it('hostile shapes do not crash or hang: deep nesting, huge arrays, nulls everywhere', () => {
    const deep = '['.repeat(5000) + ']'.repeat(5000);
    const cases = [
      deep,
      `{"battlefield":{"width":60,"depth":44},"units":[{"id":"u","army":"a","models":[{"id":"m","base":{"round":32},"height":1,"position":${deep}}]}]}`,
      `{"battlefield":{"width":60,"depth":44},"queries":[{"id":"q","kind":"damage","attacker":${deep},"target":${deep}}]}`,
      JSON.stringify({ battlefield: null, terrain: null, units: null, queries: null }),
      JSON.stringify({ battlefield: { width: 60, depth: 44 }, terrain: Array.from({ length: 2000 }, (_, i) => ({ id: `t${i}`, type: 'bogus', pieces: [] })) }),
      '"just a string"',
      'null',
      '{"__proto__": {"polluted": true}, "battlefield": {"width": 1, "depth": 1}}',
    ];
    for (const c of cases) {
      const r = parseScenarioText(c);
      expect(r.ok).toBe(false);
      if (!r.ok) for (const p of r.problems) expect(p).toMatch(PATH_LINE);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('the adjudicator as a child process (npx tsx src/cli/adjudicate.ts file)', () => {
  const run = (file: string) => spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/adjudicate.ts', file], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });

  it('a bad file: exit 2, stderr names the JSON path, stdout empty', () => {
    const r = run('tests/fixtures/malformed/negative-base.json');
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('units[0].models[2].base');
  });

  it('a good file: exit 0 and exactly one JSON object with the hand-computed answers', () => {
    const r = run('tests/fixtures/adjudicate-good.json');
    expect(r.status, r.stderr).toBe(0);
    const lines = r.stdout.split('\n').filter((l) => l.trim() !== '');
    expect(lines).toHaveLength(1);
    const out = JSON.parse(lines[0]) as { answers: { id: string; value: unknown; witness?: number[][] }[] };
    expect(Object.keys(out)).toEqual(['answers']);
    const by = Object.fromEntries(out.answers.map((a) => [a.id, a]));
    expect(out.answers.map((a) => a.id)).toEqual(['d1', 'd2', 'd3', 'v1', 'v2', 'c1', 'ct', 'm1', 'w1']);
    // d1: 32 mm bases 10" apart: 10 - 32/25.4 = 8.740157 (6 decimals)
    expect(by.d1.value).toBeCloseTo(8.740157, 6);
    // d2: b1 (20, 10) to the 40 mm marker at (30, 10): 10 - 16/25.4 - 20/25.4 = 8.582677
    expect(by.d2.value).toBeCloseTo(8.582677, 6);
    // d3: a2 (10, 30) to the wall face x = 14.75: 14.75 - 10 - 16/25.4 = 4.120079
    expect(by.d3.value).toBeCloseTo(4.120079, 6);
    // v1: open ground -> visible, with a witness; v2: a 3" wall between 1.2" models -> hidden
    expect(by.v1.value).toBe(true);
    expect(by.v1.witness).toHaveLength(2);
    expect(by.v2.value).toBe(false);
    // c1: a1 and a2 are 20" apart -> not coherent; ct: 8.58" gap > 3 -> not contesting
    expect(by.c1.value).toBe(false);
    expect(by.ct.value).toBe(false);
    // m1: a flat 5" move
    expect(by.m1.value).toBeCloseTo(5, 6);
    // w1: a2's base reaches y = 30.63 < 32 -> not in the north territory
    expect(by.w1.value).toBe(false);
  });
});
