/**
 * `npm run campaign` (CAMPAIGN.md): new from a real New Recruit export, rank, aftermath from a
 * hand-entered outcome (adding a unit), army, show; refusals exit 2 with one line per problem
 * naming its rule and print nothing. The command's file runs as a child process once for each
 * contract (`new`: exit 0 and its JSON; a missing file: exit 2 and its line); the other commands
 * run its `campaignCli` in this process (tests/cliHere.ts), the same output and exit code.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { campaignCli } from '../../src/cli/campaign';
import { parseRoster } from '../../src/rules/engine/roster';
import { runHere } from '../cliHere';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const ROSTER = join(ROOT, 'tests/fixtures/rosters/new-recruit/sce-002-units-a/list.json');
/** The command as a process: `node --import tsx src/cli/campaign.ts` (what `npm run campaign` runs). */
const process_ = (args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/campaign.ts', ...args], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 });
/** The same command in this process. */
const run = (args: string[]) => runHere(campaignCli, args);

describe('npm run campaign', () => {
  const dir = mkdtempSync(join(tmpdir(), 'campaign-cli-'));
  const file = (name: string, content: unknown) => {
    const p = join(dir, name);
    writeFileSync(p, typeof content === 'string' ? content : JSON.stringify(content));
    return p;
  };

  it('new → rank → aftermath (add) → army → show, from a New Recruit export', async () => {
    const n = process_(['new', '--army', ROSTER, '--warlord', 'knight-questor', '--path', 'warrior', '--units', 'liberators,sequitors,knight-arcanum', '--quest', 'seek-glory-in-battle', '--quest-unit', 'liberators', '--name', 'Hammers']);
    expect(n.status, n.stderr).toBe(0);
    const c0 = JSON.parse(n.stdout);
    expect(c0.name).toBe('Hammers');
    expect(c0.units.map((u: { id: string; points: number }) => [u.id, u.points])).toEqual([['knight-questor', 110], ['liberators', 90], ['sequitors', 120], ['knight-arcanum', 120]]);
    const r = await run(['rank', file('c0.json', c0), 'knight-questor', 'WELL OF STRENGTH']);
    expect(r.status, r.stderr).toBe(0);
    const c1 = JSON.parse(r.stdout);
    expect(c1.units[0].abilities).toEqual(['Well of Strength']);
    // 1500 points (1251-1750): 60 fought + 30 major + 10 general = 100 glory; vindictors 90.
    const outcome = file('o.json', { pointsLimit: 1500, result: 'major-victory', generalSlain: false, units: { 'knight-questor': 'survived', liberators: 'survived', sequitors: 'destroyed' } });
    const a = await run(['aftermath', file('c1.json', c1), '--outcome', outcome, '--seed', '7', '--favoured', 'liberators', '--add', `${ROSTER}#vindictors`]);
    expect(a.status, a.stderr).toBe(0);
    const { campaign: c2, aftermath } = JSON.parse(a.stdout);
    expect(aftermath.glory).toEqual({ fought: 60, victory: 30, generalNotSlain: 10, total: 100, spent: 90 });
    expect(c2.glory).toBe(10);
    expect(aftermath.quest.completed).toBe(true); // the Glory Seekers survived a major victory
    expect(aftermath.rolls.map((x: { why: string }) => x.why)).toEqual([
      'renown: knight-questor took part and was not destroyed (D3)',
      'renown: liberators took part and was not destroyed (D3)',
      'renown: liberators are the favoured warriors (D6)',
      'quest reward: Seek Glory in Battle, liberators earn D3+3 renown',
    ]);
    const lib = c2.units.find((u: { id: string }) => u.id === 'liberators');
    const rolled = aftermath.rolls.slice(1).reduce((t: number, x: { dice: number[] }, i: number) => t + x.dice[0] + (i === 2 ? 3 : 0), 0);
    expect(lib.renown).toBe(rolled);
    // The same input and seed: the same output.
    expect((await run(['aftermath', join(dir, 'c1.json'), '--outcome', outcome, '--seed', '7', '--favoured', 'liberators', '--add', `${ROSTER}#vindictors`])).stdout).toBe(a.stdout);
    const army = await run(['army', file('c2.json', c2), '--units', 'knight-questor,liberators,vindictors']);
    expect(army.status, army.stderr).toBe(0);
    const parsed = parseRoster(JSON.parse(army.stdout));
    expect(parsed.ok).toBe(true);
    if (parsed.ok) {
      expect(parsed.roster.general).toBe('knight-questor');
      expect(parsed.roster.units.map((u) => u.campaign?.unitId)).toEqual(['knight-questor', 'liberators', 'vindictors']);
    }
    const show = await run(['show', join(dir, 'c2.json')]);
    expect(show.status, show.stderr).toBe(0);
    expect(JSON.parse(show.stdout).points).toBe(110 + 90 + 120 + 120 + 90);
  }, 240_000);

  it('new --quest harness-manifestation --wild NAME: the Wild entry in the quest and the manifestation lore; --wild alone is refused', async () => {
    const n = await run(['new', '--army', ROSTER, '--warlord', 'knight-questor', '--path', 'warrior', '--units', 'liberators', '--quest', 'harness-manifestation', '--wild', 'Summon Everblaze Comet']);
    expect(n.status, n.stderr).toBe(0);
    const c = JSON.parse(n.stdout);
    expect(c.quest).toEqual({ id: 'harness-manifestation', points: 0, unit: null, wild: 'Summon Everblaze Comet' });
    expect(c.lores.manifestations).toEqual(['Summon Everblaze Comet']);
    const bad = await run(['new', '--army', ROSTER, '--warlord', 'knight-questor', '--path', 'warrior', '--units', 'liberators', '--wild', 'Summon Everblaze Comet']);
    expect(bad.status).toBe(2);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toMatch(/--wild "Summon Everblaze Comet" needs --quest harness-manifestation/);
  });

  it('refusals: exit 2, one line per problem naming the rule, nothing on stdout', async () => {
    const u = await run(['new', '--army', ROSTER, '--warlord', 'gardus-steel-soul', '--path', 'warrior', '--units', 'liberators']);
    expect([u.status, u.stdout]).toEqual([2, '']);
    expect(u.stderr.trim()).toBe('Ascension › Path to Glory Roster › 1: warlord "gardus-steel-soul": the warlord cannot be UNIQUE');
    const bad = await run(['show', file('bad.json', { format: 'sightline-campaign/1', glory: -1 })]);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/bad\.json: glory: glory points are never negative/);
    expect(bad.stderr).toMatch(/bad\.json: warlord: /);
    const missing = process_(['show', join(dir, 'nope.json')]);
    expect([missing.status, missing.stderr.trim()]).toEqual([2, `campaign ${join(dir, 'nope.json')}: no such file`]);
  }, 120_000);
});
