/**
 * The commands of `npm run --silent game -- <command>` (`src/cli/game.ts` runs them): the headless
 * game of `shared/contract/GAME.md`, on the same engine, World and answers as the app's Play mode
 * (`src/game/session.ts`). Callable in-process ({@link gameMain}) by tests and tools.
 *
 * ```
 * game start --scenario S.json --army ARMY=FILE --army ARMY=FILE [--seed N] [--battleplan ID] [--deploy auto|manual]
 * game act   GAME.json ACTION.json        # ACTION.json may be - (stdin)
 * game state GAME.json
 * game options GAME.json UNIT_ID
 * game play  GAME.json --policy scripted [--player p1|p2|both] [--to end | --rounds N] [--out FILE]
 * ```
 *
 * An army FILE is Sightline's army format (docs/rules-engine.md), `import-army`'s own output
 * (`{"army": ..., "warnings": [...]}`) or any roster `import-army` reads (ARMY.md: `.ros`, `.rosz`,
 * New Recruit `.json`). Output: one JSON value on stdout, exit 0. Bad input (unreadable or invalid
 * files, unknown armies, clashing ids, bad arguments): every problem with its path on stderr, exit
 * 2, nothing on stdout and no file written. A rule refusing an action is data (exit 0).
 *
 * @module
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { readBundledNode, loadScenarioMeshesNode } from '../game/node';
import { prepareGame } from '../game/start';
import { parseScenarioText } from '../scenario/validate';
import { GameSession, type PlayOptions, type PlayOutcome } from '../game/session';
import type { GameState, PlayerId } from '../rules/engine';
import { twistObscuring } from '../rules/engine/ascension';

const USAGE = [
  'usage: npm run --silent game -- start --scenario S.json --army ARMY=FILE --army ARMY=FILE [--seed N] [--battleplan ID] [--deploy auto|manual]',
  '       npm run --silent game -- act GAME.json ACTION.json|-',
  '       npm run --silent game -- state GAME.json',
  '       npm run --silent game -- options GAME.json UNIT_ID',
  '       npm run --silent game -- play GAME.json --policy scripted [--player p1|p2|both] [--to end | --rounds N] [--out FILE]',
].join('\n');

/** Bad input: every problem on stderr, exit 2. */
export class InputError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
  }
}

/** Paths are relative to where the command was typed (npm runs scripts from the package folder; INIT_CWD is the caller's). */
const at = (path: string) => (path === '-' ? path : resolve(process.env.INIT_CWD ?? process.cwd(), path));

/** Largest file read (scenarios with inline meshes and saved games carrying meshes), bytes. */
const MAX_FILE_BYTES = 256 * 1024 * 1024;

function readText(path: string, what: string): string {
  try {
    const buf = path === '-' ? readFileSync(0) : readFileSync(at(path));
    if (buf.length > MAX_FILE_BYTES) throw new InputError([`${what} ${path}: more than ${MAX_FILE_BYTES} bytes`]);
    return buf.toString('utf8');
  } catch (e) {
    if (e instanceof InputError) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    throw new InputError([`${what} ${path}: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : (e as Error).message}`]);
  }
}

function readJson(path: string, what: string): unknown {
  const text = readText(path, what);
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new InputError([`${what} ${path}: not valid JSON: ${(e as Error).message}`]);
  }
}

/** An army file: Sightline's army format, or a roster export read by the army importer (`GameSession.readArmy`). */
function readArmy(path: string, flag: string): unknown {
  let bytes: Buffer;
  try {
    bytes = readFileSync(at(path));
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new InputError([`${flag}: ${path}: ${code === 'ENOENT' ? 'no such file' : (e as Error).message}`]);
  }
  // The same reading as the app's new-battle dialog (army JSON checked, or a roster export imported).
  const r = new GameSession().readArmy(bytes, path);
  if (!r.ok) throw new InputError(r.problems.map((p) => `${flag}: ${p}`));
  return r.army;
}

/** Loads a saved game into a fresh API (either format). */
async function loaded(path: string): Promise<GameSession> {
  const api = new GameSession({ readBundled: readBundledNode });
  const r = await api.load(readJson(path, 'saved game'));
  if (!r.ok) throw new InputError(r.problems.map((p) => `${path}: ${p}`));
  return api;
}

/**
 * Walks a command's arguments in order: `on(a, value)` for each, where `value()` takes the next
 * argument as `a`'s value (an InputError "`a` needs a value" with the usage when there is none).
 */
function eachArgument(args: readonly string[], on: (a: string, value: () => string) => void): void {
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    on(a, () => {
      const v = args[++i];
      if (v === undefined) throw new InputError([`${a} needs a value`, USAGE]);
      return v;
    });
  }
}

/** Most battle rounds `--rounds` takes (a battle has five: Core 12.0; more is a typo). */
const MAX_ROUNDS = 100;

/**
 * `game play GAME.json --policy scripted [--player p1|p2|both] [--to end | --rounds N] [--out FILE]`
 * (GAME.md `play`): plays the engine's scripted policy, writes the game back to GAME.json (or to
 * `--out FILE`; `--out -`: nowhere) and prints what `act` prints for the last action, with
 * `played`, `stopped` and `summary` (extensions). Every argument is checked before anything is
 * played or written.
 */
async function play(args: string[]): Promise<{ out: unknown; note: string }> {
  let gamePath: string | undefined;
  let policy: string | undefined;
  let players: PlayerId[] = ['p1', 'p2'];
  let to: PlayOptions['to'] | undefined;
  let out: string | undefined;
  eachArgument(args, (a, value) => {
    if (a === '--policy') {
      policy = value();
      if (policy !== 'scripted') throw new InputError([`--policy ${policy}: unknown policy (the project has one: scripted)`]);
    } else if (a === '--player') {
      const v = value();
      if (v !== 'p1' && v !== 'p2' && v !== 'both') throw new InputError([`--player ${v}: expected p1, p2 or both`]);
      players = v === 'both' ? ['p1', 'p2'] : [v];
    } else if (a === '--to') {
      const v = value();
      if (v !== 'end') throw new InputError([`--to ${v}: expected end (or give --rounds N)`]);
      if (to !== undefined) throw new InputError(['--to, --rounds: give one of them, once']);
      to = 'end';
    } else if (a === '--rounds') {
      const v = value();
      const n = Number(v);
      if (!/^\d+$/.test(v) || n < 1 || n > MAX_ROUNDS) throw new InputError([`--rounds ${v}: expected a whole number of battle rounds from 1 to ${MAX_ROUNDS}`]);
      if (to !== undefined) throw new InputError(['--to, --rounds: give one of them, once']);
      to = { rounds: n };
    } else if (a === '--out') out = value();
    else if (a.startsWith('--')) throw new InputError([`unknown argument ${a}`, USAGE]);
    else if (gamePath === undefined) gamePath = a;
    else throw new InputError([`more than one saved game given (${gamePath}, ${a})`, USAGE]);
  });
  if (gamePath === undefined) throw new InputError(['GAME.json: missing', USAGE]);
  if (policy === undefined) throw new InputError(['--policy: missing (the project has one: scripted)', USAGE]);
  const target = out ?? gamePath;
  const api = await loaded(gamePath);
  const r = api.playScripted({ players, to: to ?? 'end' });
  if (!r.ok) throw new InputError([`${gamePath}: ${r.reason}`]);
  const game = api.save();
  const stateHash = api.hash();
  const note = playSummary(api.state(), r, players, stateHash, target === '-' ? null : target);
  if (target !== '-') {
    // Written whole, then renamed over the file: a reader never sees half a game.
    const file = at(target);
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, `${JSON.stringify(game)}\n`);
    renameSync(tmp, file);
  }
  return {
    out: { ok: true, events: r.last?.events ?? [], stateHash, game, played: r.played, stopped: r.stopped, ...(r.reason ? { reason: r.reason } : {}), summary: note },
    note,
  };
}

/** The summary line of `play`: what was played, why it stopped, the score, and where the game went. */
function playSummary(s: GameState, r: PlayOutcome, players: PlayerId[], stateHash: string, written: string | null): string {
  const who = players.length === 2 ? 'p1 and p2' : players[0];
  const vp = `p1 ${s.players.p1.vp} VP, p2 ${s.players.p2.vp} VP`;
  const where = s.stage === 'turn' ? `battle round ${s.round}, ${s.active}'s ${s.phase} phase` : `battle round ${s.round}, ${s.stage}`;
  const why =
    r.stopped === 'ended'
      ? `the battle has ended: ${s.winner === 'draw' || !s.winner ? 'a draw' : `${s.winner} wins`} (${vp})`
      : r.stopped === 'rounds'
        ? `stopped after the battle rounds asked for, at ${where} (${vp})`
        : r.stopped === 'otherPlayer'
          ? `stopped: ${players.length === 1 && players[0] === 'p1' ? 'p2' : 'p1'} must act, at ${where} (${vp})`
          : r.stopped === 'limit'
            ? `stopped at the limit of actions, at ${where} (${vp})`
            : `stopped: ${r.reason ?? 'the policy found no legal action'}, at ${where} (${vp})`;
  return `game play: ${r.played} action${r.played === 1 ? '' : 's'} played by the scripted policy for ${who}; ${why}; stateHash ${stateHash}; ${written ? `written to ${written}` : 'not written'}`;
}

async function start(args: string[]): Promise<unknown> {
  let scenarioPath: string | undefined;
  const armies: { army: string; file: string }[] = [];
  let seed: number | string = 1;
  let battleplan: string | undefined;
  let deploy: 'auto' | 'manual' = 'auto';
  eachArgument(args, (a, value) => {
    if (a === '--scenario') scenarioPath = value();
    else if (a === '--army') {
      const v = value();
      const eq = v.indexOf('=');
      if (eq <= 0 || eq === v.length - 1) throw new InputError([`--army ${v}: expected ARMY=FILE`]);
      armies.push({ army: v.slice(0, eq), file: v.slice(eq + 1) });
    } else if (a === '--seed') {
      const v = value();
      seed = /^-?\d+$/.test(v) && Number.isSafeInteger(Number(v)) ? Number(v) : v;
    } else if (a === '--battleplan') battleplan = value();
    else if (a === '--deploy') {
      const v = value();
      if (v !== 'auto' && v !== 'manual') throw new InputError([`--deploy ${v}: expected auto or manual`]);
      deploy = v;
    } else throw new InputError([`unknown argument ${a}`, USAGE]);
  });
  if (!scenarioPath) throw new InputError(['--scenario: missing', USAGE]);
  if (armies.length !== 2) throw new InputError([`--army: expected exactly two, got ${armies.length}`, USAGE]);
  const parsed = parseScenarioText(readText(scenarioPath, '--scenario'));
  if (!parsed.ok) throw new InputError(parsed.problems.map((p) => `${scenarioPath}: ${p}`));
  const meshes = await loadScenarioMeshesNode(parsed.scenario, at(scenarioPath));
  if (!meshes.ok) throw new InputError(meshes.problems.map((p) => `${scenarioPath}: ${p}`));
  const rosters = armies.map((a, k) => readArmy(a.file, `--army ${a.army}=${a.file} (p${k + 1})`));
  const prepared = prepareGame({
    scenario: parsed.scenario,
    meshes: meshes.meshes,
    carried: meshes.carried,
    armies: { p1: { army: armies[0].army, roster: rosters[0] }, p2: { army: armies[1].army, roster: rosters[1] } },
    seed,
    ...(battleplan ? { battleplan } : {}),
    deploy,
  });
  if (!prepared.ok) throw new InputError(prepared.problems);
  // Opened once, as every later command will open it, so a saved game that would not load is never printed.
  const api = new GameSession({ readBundled: readBundledNode });
  const r = await api.load({ ...prepared.setup, actions: [] });
  if (!r.ok) throw new InputError(r.problems);
  return api.save();
}

/**
 * One command of the game CLI.
 * @param argv the arguments after `game` (`['state', 'g.json']`); paths relative to `INIT_CWD` or the working folder.
 * @returns the JSON value to print on stdout, and for `play` its summary line (for stderr).
 * @throws {InputError} bad input (every problem, for stderr; exit 2); nothing has been written.
 */
export async function gameMain(argv: string[]): Promise<{ out: unknown; note?: string }> {
  const [cmd, ...rest] = argv;
  if (cmd === 'play') return play(rest);
  return { out: await command(cmd, rest) };
}

async function command(cmd: string | undefined, rest: string[]): Promise<unknown> {
  switch (cmd) {
    case 'start':
      return start(rest);
    case 'act': {
      if (rest.length !== 2) throw new InputError([USAGE]);
      const api = await loaded(rest[0]);
      const action = readJson(rest[1], 'action');
      const r = api.act(action);
      if (!r.ok) return { ok: false, reason: r.reason, rule: r.rule };
      return { ok: true, events: r.events, stateHash: api.hash(), game: api.save() };
    }
    case 'state': {
      if (rest.length !== 1) throw new InputError([USAGE]);
      const api = await loaded(rest[0]);
      const s = api.state();
      const active = s.stage === 'turn' ? s.active : null;
      return {
        round: s.round,
        phase: s.stage === 'turn' ? s.phase : null,
        activePlayer: active,
        cp: { p1: s.players.p1.cp, p2: s.players.p2.cp },
        vp: { p1: s.players.p1.vp, p2: s.players.p2.vp },
        stateHash: api.hash(),
        ended: s.stage === 'ended',
        winner: s.stage === 'ended' ? (s.winner ?? 'draw') : null,
        // Path to Glory battleplans: Glorious Victory per player when the battle has ended (CAMPAIGN.md), and the twists rolled.
        ...(s.ascension ? { result: s.ascension.result, twists: s.ascension.twists } : {}),
        // Wild Fire's features Obscuring this round, and the objectives Spied Treasure placed (docs/campaign.md).
        ...(twistObscuring(s).length ? { obscuring: twistObscuring(s) } : {}),
        ...(s.ascension?.addedObjectives?.length ? { addedObjectives: s.ascension.addedObjectives } : {}),
        // Extensions: the stage (deployment, firstTurn, turn, ended) and who is expected to act.
        stage: s.stage,
        toAct: api.summary().toAct,
        // Every unit with its models: position [x, y, z] in inches, damage, Health left, status (GAME.md).
        units: api.unitViews(),
      };
    }
    case 'options': {
      if (rest.length !== 2) throw new InputError([USAGE]);
      const api = await loaded(rest[0]);
      const o = api.options(rest[1]);
      if (!o.ok) throw new InputError([`UNIT_ID ${rest[1]}: ${o.reason}`]);
      return o.entries.map((e) => ({
        action: e.action,
        available: e.available,
        ...(e.available ? {} : { reason: e.reason ?? '', rule: e.rule }),
        // Extensions: a label for people, and whether the action is a drag (moves: give its paths).
        label: e.label,
        ...(e.drag ? { drag: true } : {}),
      }));
    }
    default:
      throw new InputError([cmd ? `unknown command ${cmd}` : 'no command given', USAGE]);
  }
}
