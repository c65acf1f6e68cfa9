/**
 * Issue 39, item 1: a file the app writes (a Saved battlefield, a dispute file) answers wherever it
 * lands. Bundled meshes are named `bundled:<path>`; older files' `../kenney/...` names still resolve
 * when no file lies beside them; a file's own meshes resolve beside it.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { layoutCli } from '../../src/cli/layout';
import { bundledAssetPath, bundledSrcOf, legacyBundledAsset, renameMeshSources } from '../../src/scenario/bundled';
import { answerAll } from '../../src/scenario/answer';
import { loadScenarioFile } from '../../src/scenario/loadNode';
import type { Scenario } from '../../src/scenario/schema';
import { runHere } from '../cliHere';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DEFAULT = join(ROOT, 'assets/scenarios/default.json');
const cli = (script: string, args: string[]) => spawnSync(join(ROOT, 'node_modules/.bin/tsx'), [join(ROOT, script), ...args], { cwd: tmpdir(), encoding: 'utf8', timeout: 180_000 });

/** The default battlefield as the page now writes it: bundled meshes named `bundled:...`. */
function savedDefault(): Record<string, unknown> {
  const json = JSON.parse(readFileSync(DEFAULT, 'utf8')) as Record<string, unknown>;
  return renameMeshSources(json, (src) => {
    const asset = legacyBundledAsset(src);
    return asset ? bundledSrcOf(asset) : null;
  });
}

const meshSrcs = (s: unknown) => ((s as { terrain: { pieces: { src?: string }[] }[] }).terrain.flatMap((t) => t.pieces.map((p) => p.src).filter(Boolean)) as string[]);

describe('bundled mesh names', () => {
  it('maps bundled:<path> to assets/<path> and back, and refuses unsafe names', () => {
    expect(bundledAssetPath('bundled:kenney/castle/archive-tower-base.glb')).toBe('assets/kenney/castle/archive-tower-base.glb');
    expect(bundledAssetPath('../kenney/castle/archive-tower-base.glb')).toBeNull();
    expect(bundledSrcOf('assets/kenney/castle/vault-gate.glb')).toBe('bundled:kenney/castle/vault-gate.glb');
    expect(bundledSrcOf('tests/fixtures/x.glb')).toBeNull();
    for (const bad of ['bundled:../secret.glb', 'bundled:/etc/x.glb', 'bundled:kenney/x.txt', 'bundled:', 'bundled:kenney//x.glb']) {
      expect(() => bundledAssetPath(bad), bad).toThrow(bad);
    }
    expect(legacyBundledAsset('../kenney/castle/vault-gate.glb')).toBe('assets/kenney/castle/vault-gate.glb');
    expect(legacyBundledAsset('assets/kenney/castle/vault-gate.glb')).toBe('assets/kenney/castle/vault-gate.glb');
    expect(legacyBundledAsset('ruin.glb')).toBe('assets/scenarios/ruin.glb');
    expect(legacyBundledAsset('../../../etc/x.glb')).toBeNull();
  });

  it('the saved default names every mesh bundled:', () => {
    const srcs = meshSrcs(savedDefault());
    expect(srcs.length).toBeGreaterThan(10);
    for (const s of srcs) expect(s).toMatch(/^bundled:kenney\/[a-z]+\/[a-z0-9-]+\.glb$/);
  });
});

describe('a file copied to another folder answers there', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sightline-downloads-'));

  it('a saved battlefield (bundled: names) and an old one (../kenney names) load with the same world as the original', async () => {
    const original = await loadScenarioFile(DEFAULT);
    expect(original.ok).toBe(true);
    const saved = join(dir, 'my-battlefield.json');
    writeFileSync(saved, JSON.stringify(savedDefault(), null, 2));
    const old = join(dir, 'old-battlefield.json');
    copyFileSync(DEFAULT, old);
    for (const file of [saved, old]) {
      const r = await loadScenarioFile(file);
      expect(r.ok, r.ok ? '' : r.problems.join('\n')).toBe(true);
      if (!r.ok || !original.ok) continue;
      expect(r.world.terrain.features.map((f) => [f.id, f.bounds.map((v) => Number(v.toFixed(4)))])).toEqual(
        original.world.terrain.features.map((f) => [f.id, f.bounds.map((v) => Number(v.toFixed(4)))]),
      );
    }
  });

  it('a dispute file in a downloads folder: adjudicate answers with the verdict the repository copy gives', async () => {
    const original = await loadScenarioFile(DEFAULT);
    if (!original.ok) throw new Error(original.problems.join('\n'));
    const dispute = { ...savedDefault(), queries: [{ id: 'dispute', kind: 'visible', observer: 'n-aetherwings', target: 's-brutes', show: 'eye' }] };
    const file = join(dir, 'sightline-dispute-n-aetherwings-s-brutes.json');
    writeFileSync(file, JSON.stringify(dispute));
    const [expected] = answerAll(original.world, { ...original.scenario, queries: dispute.queries } as Scenario, { mode: 'fast' });
    const here = cli('src/cli/adjudicate.ts', [file]);
    expect(here.status, here.stderr).toBe(0);
    // The same question asked of the repository's own default scenario, in this process.
    const a = JSON.parse(here.stdout).answers[0];
    expect(a.id).toBe('dispute');
    expect(a.value).toBe(expected.value);
    expect(a).toEqual(JSON.parse(JSON.stringify(expected)));
  }, 200_000);

  it('npm run layout answers a saved battlefield in a downloads folder', async () => {
    const file = join(dir, 'layout-battlefield.json');
    writeFileSync(file, JSON.stringify(savedDefault()));
    // The command's function in this process (tests/cliHere.ts), the file found by its path as
    // adjudicate's process finds it above from another folder.
    const r = await runHere(layoutCli, [file, '--grid', '4', '--threads', '1']);
    expect(r.status, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(Object.keys(report.classes[0].territories).sort()).toEqual(['north', 'south']);
    expect(report.classes[0].territories.north.spots).toBeGreaterThan(0);
  }, 200_000);

  it('a file with meshes of its own resolves them beside it (before any bundled one), and names what is missing', async () => {
    const own = join(dir, 'own');
    spawnSync('mkdir', ['-p', own]);
    // A file of the user's own that happens to share a bundled mesh's relative name: the one beside wins.
    copyFileSync(join(ROOT, 'assets/kenney/castle/vault-gate.glb'), join(own, 'my-gate.glb'));
    const scenario = {
      battlefield: { width: 30, depth: 30 },
      terrain: [{ id: 'gate', type: 'obstacle', pieces: [{ shape: 'mesh', src: 'my-gate.glb', position: [15, 15, 0], scale: 2 }] }],
    };
    writeFileSync(join(own, 'mine.json'), JSON.stringify(scenario));
    const ok = await loadScenarioFile(join(own, 'mine.json'));
    expect(ok.ok, ok.ok ? '' : ok.problems.join('\n')).toBe(true);
    writeFileSync(join(own, 'missing.json'), JSON.stringify({ ...scenario, terrain: [{ ...scenario.terrain[0], pieces: [{ ...scenario.terrain[0].pieces[0], src: 'not-here.glb' }] }] }));
    const missing = await loadScenarioFile(join(own, 'missing.json'));
    expect(missing.ok).toBe(false);
    if (!missing.ok) expect(missing.problems.join('\n')).toMatch(/terrain\[0\]\.pieces\[0\]: .*not-here\.glb: file not found/);
    writeFileSync(join(own, 'bad.json'), JSON.stringify({ ...scenario, terrain: [{ ...scenario.terrain[0], pieces: [{ ...scenario.terrain[0].pieces[0], src: 'bundled:../../etc/passwd.glb' }] }] }));
    const bad = await loadScenarioFile(join(own, 'bad.json'));
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.problems.join('\n')).toContain('terrain[0].pieces[0]: "bundled:../../etc/passwd.glb" is not a bundled mesh name');
  });
});
