/**
 * `npm run --silent campaign -- <command>`: Path to Glory campaigns (shared/contract/CAMPAIGN.md),
 * a thin wrapper over `src/campaign`.
 *
 * ```
 * campaign new --army FILE --warlord UNIT_ID --path PATH [--units ID,ID,...] [--quest QUEST [--quest-unit UNIT_ID] [--wild NAME]] [--name NAME]
 *              [--enhancement NAME@UNIT_ID]... [--spell NAME]... [--prayer NAME]... [--manifestation NAME]...
 * campaign army CAMPAIGN.json [--units ID,ID,...] [--points-limit N]
 * campaign aftermath CAMPAIGN.json (--game GAME.json --player p1|p2 | --outcome OUTCOME.json) --seed N
 *          [--favoured UNIT_ID] [--give-up-quest] [--quest QUEST [--quest-unit UNIT_ID] [--wild NAME]]
 *          [--add FILE#UNIT_ID] [--reinforce UNIT_ID] [--retire UNIT_ID]... [--quest-points N] [--champion-slew]
 * campaign rank CAMPAIGN.json UNIT_ID ABILITY [--path PATH]
 * campaign reward CAMPAIGN.json N --name NAME [--unit UNIT_ID] [--replace NAME]
 * campaign show CAMPAIGN.json
 * campaign --help
 * ```
 *
 * Output: one JSON value on stdout, exit 0. A rule refusing a step: one line per problem on stderr
 * naming the rule, exit 2, nothing on stdout. Unreadable or invalid files: every problem with its
 * path, exit 2.
 *
 * @module
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { firstCaster, runAftermath, type BattleOutcome } from '../campaign/aftermath';
import { drawArmy } from '../campaign/army';
import { readArmyBytes } from '../campaign/armyFile';
import { PATH_IDS, QUEST_IDS, type PathId, type QuestId } from '../campaign/data';
import { outcomeFromGame } from '../campaign/outcome';
import { chooseRankAbility, newCampaign, orderOfBattlePoints, type Refusal } from '../campaign/roster';
import { giveReward, pendingRewards } from '../campaign/rewards';
import { parseCampaign, type Campaign } from '../campaign/schema';
import { readBundledNode } from '../game/node';
import { replayGame } from '../game/replay';
import { parseRoster, type RosterUnit } from '../rules/engine/roster';
import { runIfEntryPoint, processIo, type CliIo } from './io';

const USAGE = [
  'usage: npm run --silent campaign -- new --army FILE --warlord UNIT_ID --path PATH [--units ID,ID,...] [--quest QUEST [--quest-unit UNIT_ID] [--wild NAME]] [--name NAME]',
  '       npm run --silent campaign -- army CAMPAIGN.json [--units ID,ID,...] [--points-limit N]',
  '       npm run --silent campaign -- aftermath CAMPAIGN.json (--game GAME.json --player p1|p2 | --outcome OUTCOME.json) --seed N [--favoured UNIT_ID] [--give-up-quest] [--quest QUEST [--quest-unit UNIT_ID] [--wild NAME]] [--add FILE#UNIT_ID [--spell NAME] [--prayer NAME] [--manifestation NAME]] [--reinforce UNIT_ID] [--retire UNIT_ID]...',
  '       npm run --silent campaign -- rank CAMPAIGN.json UNIT_ID ABILITY [--path PATH]',
  '       npm run --silent campaign -- reward CAMPAIGN.json N --name NAME [--unit UNIT_ID] [--replace NAME]',
  '       npm run --silent campaign -- show CAMPAIGN.json',
  '       npm run --silent campaign -- --help',
].join('\n');

/** `--help`: what each command does (CAMPAIGN.md; docs/campaign.md). */
const HELP = [
  'Path to Glory: Ascension campaigns (shared/contract/CAMPAIGN.md). Every command prints JSON on stdout;',
  'a step the rules refuse exits 2 with one line per problem naming the rule.',
  '',
  USAGE,
  '',
  '  new        a campaign from an army file: the warlord, its Path, the starting units (1000 points at most)',
  '  army       the army for a battle, drawn from the Order of Battle',
  '  aftermath  the aftermath sequence after a battle (from a saved game, or an outcome entered by hand)',
  '  rank       the ability of a unit\'s oldest rank still to choose',
  '  reward     give the N-th reward still to give (`show` lists them): an artefact of power or a heroic trait',
  '             to a unit (--unit), a spell or prayer to its lore (--replace one when the lore holds 6)',
  '  show       the campaign, its points, the ranks and rewards still to choose',
].join('\n');

/** Bad input or a refused step: every line on stderr, exit 2. */
class Exit2 extends Error {
  constructor(readonly lines: string[]) {
    super(lines.join('\n'));
  }
}
const refuse = (rs: readonly Refusal[]): never => {
  throw new Exit2(rs.map((r) => `${r.rule}: ${r.message}`));
};

/** Paths are relative to where the command was typed (INIT_CWD under npm). */
const at = (path: string) => resolve(process.env.INIT_CWD ?? process.cwd(), path);

function readBytes(path: string, what: string): Uint8Array {
  try {
    return readFileSync(at(path));
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new Exit2([`${what} ${path}: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : (e as Error).message}`]);
  }
}
function readJson(path: string, what: string): unknown {
  const text = new TextDecoder().decode(readBytes(path, what));
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new Exit2([`${what} ${path}: not valid JSON: ${(e as Error).message}`]);
  }
}
function readCampaign(path: string): Campaign {
  const r = parseCampaign(readJson(path, 'campaign'));
  if (!r.ok) throw new Exit2(r.problems.map((p) => `${path}: ${p}`));
  return r.campaign;
}
function readArmy(path: string, flag: string) {
  const r = readArmyBytes(readBytes(path, flag), path);
  if (!r.ok) throw new Exit2(r.problems.map((p) => `${flag} ${p}`));
  return r.army;
}

/** Parses `--flag value` pairs and boolean flags; repeatable flags collect arrays. */
function flags(args: string[], spec: { value: string[]; repeat?: string[]; bool?: string[] }): { opts: Record<string, string[]>; bools: Set<string>; positional: string[] } {
  const opts: Record<string, string[]> = {};
  const bools = new Set<string>();
  const positional: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (spec.bool?.includes(a)) bools.add(a);
    else if (spec.value.includes(a) || spec.repeat?.includes(a)) {
      const v = args[++i];
      if (v === undefined) throw new Exit2([`${a} needs a value`, USAGE]);
      if (opts[a] && !spec.repeat?.includes(a)) throw new Exit2([`${a} given twice`]);
      (opts[a] ??= []).push(v);
    } else if (a.startsWith('--')) throw new Exit2([`unknown argument ${a}`, USAGE]);
    else positional.push(a);
  }
  return { opts, bools, positional };
}
const one = (o: Record<string, string[]>, k: string) => o[k]?.[0];
const list = (v: string | undefined) => (v === undefined ? undefined : v.split(',').map((s) => s.trim()).filter(Boolean));
function path(v: string | undefined): PathId | undefined {
  if (v !== undefined && !(PATH_IDS as readonly string[]).includes(v)) throw new Exit2([`--path ${v}: expected one of ${PATH_IDS.join(', ')}`]);
  return v as PathId | undefined;
}
function quest(v: string | undefined): QuestId | undefined {
  if (v !== undefined && !(QUEST_IDS as readonly string[]).includes(v)) throw new Exit2([`--quest ${v}: expected one of ${QUEST_IDS.join(', ')}`]);
  return v as QuestId | undefined;
}
function int(v: string | undefined, what: string): number | undefined {
  if (v === undefined) return undefined;
  if (!/^\d+$/.test(v)) throw new Exit2([`${what} ${v}: expected a whole number`]);
  return Number(v);
}

function cmdNew(args: string[]): unknown {
  const { opts, positional } = flags(args, { value: ['--army', '--warlord', '--path', '--units', '--quest', '--quest-unit', '--wild', '--name'], repeat: ['--enhancement', '--spell', '--prayer', '--manifestation'] });
  if (positional.length) throw new Exit2([`unexpected ${positional[0]}`, USAGE]);
  const armyPath = one(opts, '--army');
  const warlord = one(opts, '--warlord');
  const p = path(one(opts, '--path'));
  const missing = [!armyPath && '--army', !warlord && '--warlord', !p && '--path'].filter(Boolean);
  if (missing.length) throw new Exit2([`missing ${missing.join(', ')}`, USAGE]);
  const army = readArmy(armyPath as string, '--army');
  const enhancements = (opts['--enhancement'] ?? []).map((e) => {
    const k = e.lastIndexOf('@');
    if (k <= 0 || k === e.length - 1) throw new Exit2([`--enhancement ${e}: expected NAME@UNIT_ID`]);
    return { name: e.slice(0, k), unit: e.slice(k + 1) };
  });
  const q = quest(one(opts, '--quest'));
  const r = newCampaign(army, {
    warlord: warlord as string,
    path: p as PathId,
    ...(opts['--units'] ? { units: list(one(opts, '--units')) } : {}),
    ...(q ? { quest: q } : {}),
    ...(one(opts, '--quest-unit') ? { questUnit: one(opts, '--quest-unit') } : {}),
    ...(one(opts, '--wild') !== undefined ? { wild: one(opts, '--wild') } : {}),
    ...(one(opts, '--name') ? { name: one(opts, '--name') } : {}),
    enhancements,
    lores: { spells: opts['--spell'] ?? [], prayers: opts['--prayer'] ?? [], manifestations: opts['--manifestation'] ?? [] },
  });
  return r.ok ? r.value : refuse(r.refusals);
}

function cmdArmy(args: string[]): unknown {
  const { opts, positional } = flags(args, { value: ['--units', '--points-limit'] });
  if (positional.length !== 1) throw new Exit2([USAGE]);
  const c = readCampaign(positional[0]);
  const limit = int(one(opts, '--points-limit'), '--points-limit');
  const r = drawArmy(c, { ...(opts['--units'] ? { units: list(one(opts, '--units')) } : {}), ...(limit !== undefined ? { pointsLimit: limit } : {}) });
  return r.ok ? r.value : refuse(r.refusals);
}

async function cmdAftermath(args: string[]): Promise<unknown> {
  const { opts, bools, positional } = flags(args, {
    value: ['--game', '--player', '--outcome', '--seed', '--favoured', '--quest', '--quest-unit', '--wild', '--quest-points', '--spell', '--prayer', '--manifestation'],
    repeat: ['--add', '--reinforce', '--retire'],
    bool: ['--give-up-quest', '--champion-slew'],
  });
  if (positional.length !== 1) throw new Exit2([USAGE]);
  const c = readCampaign(positional[0]);
  const seedText = one(opts, '--seed');
  if (seedText === undefined) throw new Exit2(['--seed: missing (the aftermath\'s dice are seeded)', USAGE]);
  const seed = /^-?\d+$/.test(seedText) && Number.isSafeInteger(Number(seedText)) ? Number(seedText) : seedText;
  const gamePath = one(opts, '--game');
  const outcomePath = one(opts, '--outcome');
  if (!!gamePath === !!outcomePath) throw new Exit2(['give either --game GAME.json --player p1|p2 or --outcome OUTCOME.json', USAGE]);
  let outcome: BattleOutcome;
  if (gamePath) {
    const player = one(opts, '--player');
    if (player !== 'p1' && player !== 'p2') throw new Exit2([`--player: expected p1 or p2, got ${player ?? 'nothing'}`]);
    let state;
    try {
      state = (await replayGame(readJson(gamePath, 'saved game'), readBundledNode)).state;
    } catch (e) {
      throw new Exit2([`${gamePath}: ${(e as Error).message}`]);
    }
    const r = outcomeFromGame(state, player, c);
    if (!r.ok) refuse(r.refusals);
    outcome = (r as { value: BattleOutcome }).value;
  } else {
    outcome = readJson(outcomePath as string, 'outcome') as BattleOutcome;
    if (typeof outcome !== 'object' || outcome === null || Array.isArray(outcome)) throw new Exit2([`${outcomePath}: expected an object`]);
  }
  const extraQp = int(one(opts, '--quest-points'), '--quest-points');
  if (extraQp !== undefined) outcome = { ...outcome, questPoints: (outcome.questPoints ?? 0) + extraQp };
  if (bools.has('--champion-slew')) outcome = { ...outcome, championSlew: true };
  const add: RosterUnit[] = (opts['--add'] ?? []).map((spec) => {
    const k = spec.lastIndexOf('#');
    if (k <= 0 || k === spec.length - 1) throw new Exit2([`--add ${spec}: expected FILE#UNIT_ID`]);
    const army = parseRoster(readArmy(spec.slice(0, k), '--add'));
    if (!army.ok) throw new Exit2(army.issues.map((i) => `--add ${spec}: ${i.path}: ${i.message}`));
    const u = army.roster.units.find((x) => x.id === spec.slice(k + 1));
    if (!u) throw new Exit2([`--add ${spec}: no unit "${spec.slice(k + 1)}" in ${spec.slice(0, k)} (units: ${army.roster.units.map((x) => x.id).join(', ')})`]);
    return u;
  });
  const q = quest(one(opts, '--quest'));
  const r = runAftermath(c, outcome, {
    seed,
    ...(one(opts, '--favoured') ? { favoured: one(opts, '--favoured') } : {}),
    giveUpQuest: bools.has('--give-up-quest'),
    ...(q ? { newQuest: { id: q, ...(one(opts, '--quest-unit') ? { unit: one(opts, '--quest-unit') } : {}), ...(one(opts, '--wild') !== undefined ? { wild: one(opts, '--wild') } : {}) } } : {}),
    add,
    reinforce: opts['--reinforce'] ?? [],
    retire: opts['--retire'] ?? [],
    startingLores: { ...(one(opts, '--spell') ? { spell: one(opts, '--spell') } : {}), ...(one(opts, '--prayer') ? { prayer: one(opts, '--prayer') } : {}), ...(one(opts, '--manifestation') ? { manifestation: one(opts, '--manifestation') } : {}) },
  });
  if (!r.ok) return refuse(r.refusals);
  // The first WIZARD / PRIEST added: its starting spells / prayers still to pick are said (Roster › 3).
  const added = r.value.aftermath.orderOfBattle.added;
  const first = firstCaster(c.units, added ? r.value.campaign.units.find((u) => u.id === added) : undefined);
  const toPick = [...(first.wizard && !one(opts, '--spell') ? ['--spell'] : []), ...(first.priest && !one(opts, '--prayer') ? ['--prayer'] : []), ...((first.wizard || first.priest) && !one(opts, '--manifestation') ? ['--manifestation'] : [])];
  return toPick.length ? { ...r.value, startingLores: { unit: added, toPick, rule: 'Ascension › Path to Glory Roster › 3 › Lores', note: 'the first WIZARD or PRIEST added: pick its starting spell or prayer and a manifestation (run the aftermath again with these options)' } } : r.value;
}

function cmdRank(args: string[]): unknown {
  const { opts, positional } = flags(args, { value: ['--path'] });
  if (positional.length !== 3) throw new Exit2([USAGE]);
  const c = readCampaign(positional[0]);
  const r = chooseRankAbility(c, positional[1], positional[2], path(one(opts, '--path')));
  return r.ok ? r.value : refuse(r.refusals);
}

function cmdReward(args: string[]): unknown {
  const { opts, positional } = flags(args, { value: ['--name', '--unit', '--replace'] });
  if (positional.length !== 2) throw new Exit2([USAGE]);
  const c = readCampaign(positional[0]);
  const n = int(positional[1], 'N');
  const name = one(opts, '--name');
  if (name === undefined) throw new Exit2(['--name: missing (the artefact, heroic trait, spell or prayer given)', USAGE]);
  const unit = one(opts, '--unit');
  const replace = one(opts, '--replace');
  const r = giveReward(c, n as number, { name, ...(unit !== undefined ? { unit } : {}), ...(replace !== undefined ? { replace } : {}) });
  return r.ok ? r.value : refuse(r.refusals);
}

function cmdShow(args: string[]): unknown {
  if (args.length !== 1) throw new Exit2([USAGE]);
  const c = readCampaign(args[0]);
  return {
    campaign: c,
    points: orderOfBattlePoints(c),
    toChoose: c.units.filter((u) => u.pendingRanks.length).map((u) => ({ unit: u.id, ranks: u.pendingRanks, path: u.path })),
    // Extension: the rewards still to give, numbered for `reward`.
    rewards: pendingRewards(c),
  };
}

async function main(argv: string[]): Promise<unknown> {
  if (argv.includes('--help') || argv.includes('-h')) return HELP;
  const [cmd, ...rest] = argv;
  switch (cmd) {
    case 'new':
      return cmdNew(rest);
    case 'army':
      return cmdArmy(rest);
    case 'aftermath':
      return cmdAftermath(rest);
    case 'rank':
      return cmdRank(rest);
    case 'reward':
      return cmdReward(rest);
    case 'show':
      return cmdShow(rest);
    case '--help':
    case '-h':
    case 'help':
      return HELP;
    default:
      throw new Exit2([cmd ? `unknown command ${cmd}` : 'no command given', USAGE]);
  }
}

/**
 * `campaign <argv>` as the command runs it: one JSON value (or `--help`'s text) written to
 * `io.stdout`; a refused step or bad input written to `io.stderr`, one line per problem. Paths are
 * relative to `INIT_CWD` or the working folder, read when each command runs.
 * @returns the exit code: 0 done, 2 refused or bad input, 1 an internal error
 */
export async function campaignCli(argv: string[], io: CliIo = processIo): Promise<number> {
  try {
    const out = await main(argv);
    // --help prints its text; every other command one JSON value.
    io.stdout(typeof out === 'string' ? `${out}\n` : `${JSON.stringify(out)}\n`);
    return 0;
  } catch (e) {
    if (e instanceof Exit2) {
      io.stderr(`${e.lines.join('\n')}\n`);
      return 2;
    }
    io.stderr(`campaign: internal error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    return 1;
  }
}

runIfEntryPoint(import.meta.url, (argv) => campaignCli(argv));
