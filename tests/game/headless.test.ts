/**
 * The headless game for bots and tools (GAME.md, issue 37 item 9), through the CLI's own commands
 * in-process (`gameMain`, what `npm run game` runs): `start` on `import-army`'s output of a real
 * roster, `state` with every model where the table has it, and `play --policy scripted` giving the
 * very game the engine's policy plays in-process from the same set-up and seed.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { importArmy } from '../../src/army/importArmy';
import { readArmyBytes } from '../../src/campaign/armyFile';
import { campaignCli } from '../../src/cli/campaign';
import { gameMain, InputError } from '../../src/cli/gameCommands';
import { openGame, prepareGame } from '../../src/game/start';
import { playScripted, stateHash } from '../../src/rules/engine';
import { runHere } from '../cliHere';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const ROSTER = new URL('../fixtures/rosters/new-recruit/sce-001-minimal/list.ros', import.meta.url);
const box = (id: string, x: number, y: number, w: number, d: number, h: number) => ({ id, type: 'obstacle', pieces: [{ shape: 'box', center: [x, y], size: [w, d, h], rotation: 0 }] });
/** 60" x 44", a 3"-tall block in the south territory (x 20-26, y 3-7) and one in the middle. */
const TABLE = {
  name: 'headless test table',
  battlefield: { width: 60, depth: 44 },
  terrain: [box('block', 23, 5, 6, 4, 3), box('wall', 30, 22, 6, 2, 3)],
  objectives: [],
  territories: { south: [[0, 0], [60, 0], [60, 12], [0, 12]], north: [[0, 32], [60, 32], [60, 44], [0, 44]] },
  units: [] as unknown[],
};

let dir = '';
/** `import-army list.ros` and `import-army list.ros --id-prefix b-`, as the CLI prints them. */
const importOutput = (idPrefix?: string) => {
  const r = importArmy(new Uint8Array(readFileSync(ROSTER)), 'list.ros', idPrefix ? { idPrefix } : {});
  return { army: r.army, warnings: r.warnings };
};
const file = (name: string, value: unknown) => {
  const p = join(dir, name);
  writeFileSync(p, typeof value === 'string' ? value : JSON.stringify(value));
  return p;
};
const run = async (...argv: string[]) => (await gameMain(argv)).out as Record<string, any>;
const problemsOf = async (argv: string[]) => {
  try {
    await gameMain(argv);
  } catch (e) {
    if (e instanceof InputError) return e.problems.join('\n');
    throw e;
  }
  throw new Error(`accepted: ${argv.join(' ')}`);
};

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'headless-'));
  file('south.json', importOutput());
  file('north.json', importOutput('b-'));
  file('table.json', TABLE);
});

const startArgs = (seed: string, table = 'table.json') => ['start', '--scenario', join(dir, table), '--army', `south=${join(dir, 'south.json')}`, '--army', `north=${join(dir, 'north.json')}`, '--seed', seed];

describe("an army file that is import-army's own output", () => {
  it('starts a game: the army inside is the one the importer read, for the game and for the campaign', async () => {
    const out = importOutput();
    expect(out.army.units.map((u) => u.id)).toEqual(['gardus-steel-soul', 'annihilators']);
    const game = await run(...startArgs('3'));
    expect(game.rosters.p1.units.map((u: { id: string }) => u.id)).toEqual(['gardus-steel-soul', 'annihilators']);
    expect(game.rosters.p1).toEqual(out.army);
    expect(game.rosters.p2.units.map((u: { id: string }) => u.id)).toEqual(['b-gardus-steel-soul', 'b-annihilators']);
    // The campaign's reader takes the same file and keeps the importer's warnings.
    const c = readArmyBytes(readFileSync(join(dir, 'south.json')), 'south.json');
    expect(c).toEqual({ ok: true, army: out.army, warnings: out.warnings });
  });

  it('campaign new --army takes it too (the Flesh-eater Courts list, 19 units)', async () => {
    const fec = new URL('../fixtures/rosters/new-recruit/fec-001-ghb-kitchen-sink/list.ros', import.meta.url);
    const r = importArmy(new Uint8Array(readFileSync(fec)), 'list.ros');
    const path = file('fec.json', { army: r.army, warnings: r.warnings });
    // `npm run campaign`'s own function in this process (tests/cliHere.ts); its process is tested in tests/campaign/cli.
    const cli = await runHere(campaignCli, ['new', '--army', path, '--warlord', 'crypt-haunter-courtier', '--path', 'warrior', '--units', 'crypt-ghouls', '--name', 'Court']);
    expect(cli.status, cli.stderr).toBe(0);
    const c = JSON.parse(cli.stdout);
    expect(c).toMatchObject({ name: 'Court', faction: 'Flesh-eater Courts', warlord: 'crypt-haunter-courtier' });
    expect(c.units.map((u: { id: string }) => u.id)).toEqual(['crypt-haunter-courtier', 'crypt-ghouls']);
  }, 130_000);

  it('a broken army inside the output is refused with the path inside it', async () => {
    const out = importOutput() as { army: { units: { warscroll: { health: unknown } }[] }; warnings: string[] };
    out.army.units[1].warscroll.health = 'lots';
    const bad = file('broken.json', out);
    const msg = await problemsOf(['start', '--scenario', join(dir, 'table.json'), '--army', `south=${bad}`, '--army', `north=${join(dir, 'north.json')}`]);
    expect(msg).toContain('broken.json: army.units[1].warscroll.health: ');
    expect(msg).not.toContain('no roster element');
    const c = readArmyBytes(readFileSync(bad), 'broken.json');
    expect(c.ok).toBe(false);
  });
});

describe('game state: every model where the table has it', () => {
  it("a unit the scenario places: its models at the scenario's points, the one on the 3\" block at z 3; the others where the table shows them", async () => {
    // Annihilators set up by the scenario (model ids as the importer writes them): two on the
    // battlefield, the third on top of the block (its 40 mm base wholly on the 6" x 4" top).
    const placed = structuredClone(TABLE);
    placed.units = [{ id: 'annihilators', army: 'south', models: [
      { id: 'annihilators.1', base: { round: 40 }, height: 1.6, position: [10, 5] },
      { id: 'annihilators.2', base: { round: 40 }, height: 1.6, position: [11.75, 5] },
      { id: 'annihilators.3', base: { round: 40 }, height: 1.6, position: [23, 5] },
    ] }];
    file('placed.json', placed);
    const g = file('placed-game.json', await run(...startArgs('3', 'placed.json')));
    const st = await run('state', g);
    const ann = st.units.find((u: { id: string }) => u.id === 'annihilators');
    expect(ann).toMatchObject({ name: 'Annihilators', player: 'p1', status: 'battlefield', healthPerModel: 3, damage: 0, modelsLeft: 3 });
    expect(ann.models).toEqual([
      { id: 'annihilators.1', status: 'battlefield', position: [10, 5, 0], damage: 0, health: 3 },
      { id: 'annihilators.2', status: 'battlefield', position: [11.75, 5, 0], damage: 0, health: 3 },
      { id: 'annihilators.3', status: 'battlefield', position: [23, 5, 3], damage: 0, health: 3 },
    ]);
    // Every unit of both armies is listed, each model at the point the set-up gave it (the saved game's table).
    expect(st.units.map((u: { id: string }) => u.id).sort()).toEqual(['annihilators', 'b-annihilators', 'b-gardus-steel-soul', 'gardus-steel-soul']);
    const saved = JSON.parse(readFileSync(g, 'utf8'));
    const setUp = new Map<string, number[]>(saved.table.scenario.units.flatMap((u: { models: { id: string; position: number[] }[] }) => u.models.map((m) => [m.id, m.position])));
    for (const u of st.units) for (const m of u.models) expect(m.position.slice(0, 2), m.id).toEqual(setUp.get(m.id)!.slice(0, 2));
    // The rest of the contract's state is still there.
    expect(st).toMatchObject({ round: 1, cp: { p1: expect.any(Number), p2: expect.any(Number) }, ended: false, winner: null });
  });
});

describe('game play --policy scripted', () => {
  it('to the end: the same game, the same state hash, as the engine policy played in-process from the same set-up and seed; the game is written back', async () => {
    const g = file('played.json', await run(...startArgs('11')));
    const before = JSON.parse(readFileSync(g, 'utf8'));
    const out = await gameMain(['play', g, '--policy', 'scripted', '--to', 'end']);
    const o = out.out as Record<string, any>;
    // In-process: the same table, armies and seed, prepared and opened as the session does, played by playScripted.
    const prepared = prepareGame({ scenario: structuredClone(TABLE), meshes: new Map(), carried: {}, armies: { p1: { army: 'south', roster: importOutput().army }, p2: { army: 'north', roster: importOutput('b-').army } }, seed: 11 });
    if (!prepared.ok) throw new Error(prepared.problems.join('\n'));
    const opened = openGame(prepared.setup, new Map(), prepared.terrain);
    if (!opened.ok) throw new Error(opened.problems.join('\n'));
    const ref = playScripted(opened.game.state, opened.game.port, 20000, { placement: opened.game.placement });
    expect(ref.state.stage).toBe('ended');
    expect(o.stateHash).toBe(stateHash(ref.state));
    expect(o.game.actions).toEqual(ref.actions);
    expect(o).toMatchObject({ ok: true, played: ref.actions.length, stopped: 'ended' });
    expect(o.game.seed).toEqual(before.seed);
    // Written back: the file is the played game, and `state` on it says the battle is over.
    expect(JSON.parse(readFileSync(g, 'utf8'))).toEqual(o.game);
    const st = await run('state', g);
    expect(st).toMatchObject({ ended: true, stateHash: o.stateHash, winner: ref.state.winner });
    expect(out.note).toMatch(new RegExp(`^game play: ${ref.actions.length} actions played by the scripted policy for p1 and p2; the battle has ended: .*stateHash ${o.stateHash}; written to `));
    // Models in the final state: the slain ones off the table, Health left adding up to the unit's
    // (the battle was fought: damage was allocated).
    expect(Object.values(ref.state.units).some((u) => u.slain.length > 0 || u.damage > 0)).toBe(true);
    for (const u of st.units) {
      const unit = ref.state.units[u.id];
      expect(u.models.filter((m: { status: string }) => m.status === 'slain').map((m: { id: string }) => m.id).sort(), u.id).toEqual([...unit.slain].sort());
      for (const m of u.models) expect(m.position === null, m.id).toBe(m.status !== 'battlefield');
      const hurt = u.models.filter((m: { damage: number }) => m.damage > 0);
      expect(hurt.map((m: { damage: number }) => m.damage), u.id).toEqual(u.damage > 0 ? [u.damage] : []);
      const left = u.models.reduce((n: number, m: { health: number }) => n + m.health, 0);
      expect(left, u.id).toBe(u.modelsLeft * u.healthPerModel - u.damage);
    }
  });

  it('--rounds 1 stops at the next battle round; --player p1 stops where p2 must act', async () => {
    const g = file('rounds.json', await run(...startArgs('4')));
    const r = await gameMain(['play', g, '--policy', 'scripted', '--rounds', '1', '--out', join(dir, 'round2.json')]);
    expect(r.out).toMatchObject({ ok: true, stopped: 'rounds' });
    const st = await run('state', join(dir, 'round2.json'));
    expect(st).toMatchObject({ round: 2, stage: 'firstTurn', ended: false });
    // --out: the game asked for is unchanged.
    expect(JSON.parse(readFileSync(g, 'utf8')).actions).toEqual([]);
    const p1 = await gameMain(['play', g, '--policy', 'scripted', '--player', 'p1']);
    expect(p1.out).toMatchObject({ ok: true, stopped: 'otherPlayer' });
    expect(p1.note).toContain('p2 must act');
    const after = await run('state', g);
    expect(after.toAct).toContain('p2');
  });

  it('bad input: an unknown policy, a bad number of rounds, a file that is not a game: a clear error and nothing written', async () => {
    const g = file('keep.json', await run(...startArgs('2')));
    const bytes = readFileSync(g, 'utf8');
    expect(await problemsOf(['play', g, '--policy', 'random'])).toContain('--policy random: unknown policy');
    expect(await problemsOf(['play', g])).toContain('--policy: missing');
    expect(await problemsOf(['play', g, '--policy', 'scripted', '--rounds', '0'])).toContain('--rounds 0: expected a whole number');
    expect(await problemsOf(['play', g, '--policy', 'scripted', '--rounds', 'two'])).toContain('--rounds two');
    expect(await problemsOf(['play', g, '--policy', 'scripted', '--to', 'round3'])).toContain('--to round3');
    expect(await problemsOf(['play', g, '--policy', 'scripted', '--player', 'p3'])).toContain('--player p3');
    expect(readFileSync(g, 'utf8')).toBe(bytes);
    const army = join(dir, 'south.json');
    const armyBytes = readFileSync(army, 'utf8');
    expect(await problemsOf(['play', army, '--policy', 'scripted'])).toContain(army);
    expect(readFileSync(army, 'utf8')).toBe(armyBytes);
  });

  it('the command line: exit 2, the problem on stderr, nothing on stdout', () => {
    const g = join(dir, 'keep.json');
    const r = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'src/cli/game.ts'), 'play', g, '--policy', 'random'], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 });
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('--policy random: unknown policy');
  }, 130_000);
});
