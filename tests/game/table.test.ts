/**
 * Issue 16, "one table, one engine": a game on a table the code has never seen decides shooting on
 * the table's real meshes (a GLB tower, an inline wall with a window) exactly as `adjudicate`
 * answers `visible` for the same table; the saved game is self-contained.
 *
 * `npm run game` runs as a process (`tsx src/cli/game.ts` from another folder) for `start` and the
 * first `act` (the action on stdin); the commands after them run the same `gameCli` in this
 * process from the same folder (`INIT_CWD`, tests/cliHere.ts): the same output and exit codes.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readBundledNode } from '../../src/game/node';
import { loadScenarioFile } from '../../src/scenario/loadNode';
import { answerQuery } from '../../src/scenario/answer';
import { GameApi } from '../../src/game/session';
import { gameCli } from '../../src/cli/game';
import { runHere } from '../cliHere';
import { gunners, targets, unseenTable } from './tables';

const ROOT = new URL('../..', import.meta.url).pathname;
const toShooting = [
  { type: 'chooseFirstTurn', player: 'p1', first: 'p1' },
  ...Array.from({ length: 3 }, () => ({ type: 'endPhase', player: 'p1' })),
];

async function gameOnUnseenTable() {
  const t = unseenTable();
  const api = new GameApi({ readBundled: readBundledNode });
  const meshFiles = { 'tower-base.glb': readFileSync(join(t.dir, 'tower-base.glb')), 'tower-mid.glb': readFileSync(join(t.dir, 'tower-mid.glb')) };
  const r = await api.startOnTable({ scenario: t.scenario, meshFiles, armies: { p1: { army: 'south', roster: gunners() }, p2: { army: 'north', roster: targets() } }, seed: 3 });
  if (!r.ok) throw new Error(r.problems.join('\n'));
  for (const a of toShooting) {
    const x = api.act(a);
    if (!x.ok) throw new Error(`${JSON.stringify(a)}: ${x.reason}`);
  }
  expect(api.summary().phase).toBe('shooting');
  return { t, api };
}

/** The shoot entries of a unit's options: target → available. */
function shootable(api: GameApi, unitId: string): Record<string, boolean> {
  const o = api.options(unitId);
  if (!o.ok) throw new Error(o.reason);
  return Object.fromEntries(o.entries.filter((e) => e.group === 'shoot' && e.target).map((e) => [e.target!, e.available]));
}

describe('a game on a table the code has never seen', () => {
  it('shoots through the window, not through the tower, as adjudicate answers for the same table', async () => {
    const { t, api } = await gameOnUnseenTable();
    const loaded = await loadScenarioFile(t.path);
    if (!loaded.ok) throw new Error(loaded.problems.join('\n'));
    const visible = (observer: string, target: string) => answerQuery(loaded.world, loaded.scenario, { id: 'q', kind: 'visible', observer, target }).value as boolean;
    // The adjudicator's own answers on the table: the window lets the line through, the tower does not.
    expect(visible('gunner-a', 'target-window')).toBe(true);
    expect(visible('gunner-b', 'target-tower')).toBe(false);
    const a = shootable(api, 'gunner-a');
    const b = shootable(api, 'gunner-b');
    expect(a['target-window']).toBe(true);
    expect(b['target-tower']).toBe(false);
    // Every pair, both ways of asking: the game's eligibility equals the adjudicator's verdict (all within 30").
    for (const [shooter, opts] of [['gunner-a', a], ['gunner-b', b]] as const) {
      for (const target of ['target-window', 'target-tower']) expect(opts[target], `${shooter} -> ${target}`).toBe(visible(shooter, target));
    }
    // The refusal names the rule.
    const refused = api.act({ type: 'shoot', player: 'p1', unitId: 'gunner-b', target: 'target-tower' });
    expect(refused).toMatchObject({ ok: false, rule: expect.stringMatching(/^Core 16\.0|^Core 6\.0/) });
    // The tools during the game answer from the game's World: the same verdicts.
    const q = api.query({ id: 'w', kind: 'visible', observer: 'gunner-a', target: 'target-window' });
    expect(q).toMatchObject({ ok: true, answer: { value: true } });
    rmSync(t.dir, { recursive: true, force: true });
  });

  it('npm run game: started on the file, then played from another folder after its mesh files are gone', async () => {
    const t = unseenTable();
    const armies = mkdtempSync(join(tmpdir(), 'sightline-armies-'));
    writeFileSync(join(armies, 'gunners.json'), JSON.stringify(gunners()));
    writeFileSync(join(armies, 'targets.json'), JSON.stringify(targets()));
    const game = (args: string[], cwd: string, input?: string) => spawnSync(join(ROOT, 'node_modules/.bin/tsx'), [join(ROOT, 'src/cli/game.ts'), ...args], { cwd, encoding: 'utf8', input, env: { ...process.env, INIT_CWD: cwd } });
    /** The same command here, typed in `cwd`; the action (stdin's `-` for the process) from a file in that folder. */
    const gameHere = (args: string[], cwd: string, input?: string) => {
      if (input === undefined) return runHere(gameCli, args, cwd);
      writeFileSync(join(cwd, 'action.json'), input);
      return runHere(gameCli, args.map((a) => (a === '-' ? 'action.json' : a)), cwd);
    };
    const started = game(['start', '--scenario', t.path, '--army', `south=${join(armies, 'gunners.json')}`, '--army', `north=${join(armies, 'targets.json')}`, '--seed', '3'], t.dir);
    expect(started.stderr).toBe('');
    expect(started.status).toBe(0);
    const saved = JSON.parse(started.stdout);
    expect(saved.format).toBe('sightline-game/2');
    // The tower's file is not bundled: its triangles travel in the saved game.
    expect(Object.keys(saved.table.meshes).sort()).toEqual(['tower-base.glb', 'tower-mid.glb']);
    expect(saved.table.meshes['tower-base.glb']).toHaveProperty('positions');
    rmSync(t.dir, { recursive: true, force: true });
    const elsewhere = mkdtempSync(join(tmpdir(), 'sightline-elsewhere-'));
    let file = join(elsewhere, 'game.json');
    writeFileSync(file, started.stdout);
    for (const [i, a] of toShooting.entries()) {
      const r = i === 0 ? game(['act', 'game.json', '-'], elsewhere, JSON.stringify(a)) : await gameHere(['act', 'game.json', '-'], elsewhere, JSON.stringify(a));
      expect(r.status, r.stderr).toBe(0);
      const out = JSON.parse(r.stdout);
      expect(out.ok).toBe(true);
      expect(out.stateHash).toMatch(/^[0-9a-f]{8}$/);
      writeFileSync(file, JSON.stringify(out.game));
    }
    const state = JSON.parse((await gameHere(['state', 'game.json'], elsewhere)).stdout);
    expect(state).toMatchObject({ round: 1, phase: 'shooting', activePlayer: 'p1', ended: false, winner: null });
    const opts = JSON.parse((await gameHere(['options', 'game.json', 'gunner-b'], elsewhere)).stdout) as { action: { type: string; target?: string }; available: boolean; reason?: string; rule?: string }[];
    const shoot = opts.filter((o) => o.action.type === 'shoot');
    expect(shoot.map((o) => o.action.target).sort()).toEqual(['target-tower', 'target-window']);
    expect(shoot.find((o) => o.action.target === 'target-tower')).toMatchObject({ available: false, reason: expect.any(String), rule: expect.any(String) });
    // A refused action is data (exit 0); a missing file is an error (exit 2, path named).
    const refused = await gameHere(['act', 'game.json', '-'], elsewhere, JSON.stringify({ type: 'shoot', player: 'p1', unitId: 'gunner-b', target: 'target-tower' }));
    expect(refused.status).toBe(0);
    expect(JSON.parse(refused.stdout)).toMatchObject({ ok: false });
    const missing = await gameHere(['state', 'nope.json'], elsewhere);
    expect(missing.status).toBe(2);
    expect(missing.stdout).toBe('');
    expect(missing.stderr).toContain('nope.json');
    file = '';
    rmSync(elsewhere, { recursive: true, force: true });
    rmSync(armies, { recursive: true, force: true });
  });
});
