import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createGame, unitHasKeyword } from './index';
import { sampleRoster } from './testkit';

const here = dirname(fileURLToPath(import.meta.url));

describe('the engine core is headless', () => {
  it('no file but worldPort imports three, React or src/geometry', () => {
    const files = readdirSync(here).filter((f) => f.endsWith('.ts') && !f.startsWith('worldPort'));
    expect(files.length).toBeGreaterThan(5);
    for (const f of files) {
      const imports = [...readFileSync(join(here, f), 'utf8').matchAll(/^import[^;]*?from\s+'([^']+)'/gms)].map((m) => m[1]);
      for (const spec of imports) {
        expect(spec, `${f} imports ${spec}`).not.toMatch(/^(three|react|@react-three)|geometry\//);
      }
    }
  });

  it('unitHasKeyword matches singular and plural (Core 5.1)', () => {
    const r = createGame({ seed: 1, rosters: { p1: sampleRoster('p1'), p2: sampleRoster('p2') }, finishedDeployingFirst: 'p2', battleplan: { objectives: [] } });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(unitHasKeyword(r.state, 'p1-hero', 'HEROES')).toBe(true);
    expect(unitHasKeyword(r.state, 'p1-warriors', 'HERO')).toBe(false);
  });

  it('createGame reports roster and setup problems with their paths', () => {
    const bad = structuredClone(sampleRoster('p2')) as any;
    bad.units[0].warscroll.move = -1;
    const r = createGame({ seed: Number.NaN, rosters: { p1: sampleRoster('p1'), p2: bad }, finishedDeployingFirst: 'p1', battleplan: { objectives: ['o1', 'o1'] } });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    const paths = r.issues.map((i) => i.path);
    expect(paths).toEqual(expect.arrayContaining(['seed', 'rosters.p2.units[0].warscroll.move', 'battleplan.objectives']));
    const same = createGame({ seed: 1, rosters: { p1: sampleRoster('p1'), p2: sampleRoster('p1') }, finishedDeployingFirst: 'p1' });
    expect(!same.ok && same.issues.some((i) => /used twice/.test(i.message))).toBe(true);
  });
});
