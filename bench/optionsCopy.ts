/**
 * Options before / after a change to the engine, in one process (session 37, issues 34 and 38):
 * this checkout and a baseline checkout (`git worktree add /tmp/base <commit>`, or `git archive
 * <commit> src workers | tar -x` with `node_modules` and `assets` linked) play the same games in
 * lockstep; every `options` / `generalOptions` call is made on both, timed on both (alternating
 * which goes first), and their answers compared (any difference is printed and fails the run).
 * The machine's load falls on both alike: the figure is the ratio of their CPU times.
 *
 * Games: the abilities bench (`src/cli/benchAbilities.ts`: 20 units, 8 abilities each) in p1's hero
 * and combat phases, and the scripted battle of `tests/game/rosterAbilities.test.ts` (its driver,
 * `tests/game/rosterBattle.ts`) for the fixture rosters named (default `sce-002-units-a`).
 *
 * Run: `npx tsx bench/optionsCopy.ts <baseline-root> [--rounds N] [list ...]`. Prints JSON.
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { armies } from '../src/cli/benchAbilities';
import { battleInput, playScriptedBattle, ROSTERS_DIR, type ListedEntry, type RosterArmy } from '../tests/game/rosterBattle';

type Session = {
  startOnTable(input: unknown): Promise<{ ok: boolean; problems?: string[] }>;
  act(a: unknown): { ok: boolean; reason?: string; events?: { type: string }[] };
  options(id: string): { ok: boolean; reason?: string; entries?: unknown[]; general?: unknown[] };
  generalOptions(): unknown[];
  state(): { stage: string; round: number; active: string | null; phase: string | null; decider: string; pendingSpell: unknown };
  summary(): { units: { id: string; owner: string }[] };
};
type Tree = { name: string; GameSession: new (o: unknown) => Session; readBundledNode: unknown; importArmy: (b: Uint8Array, n: string) => { army: unknown }; hotseatSetup: (seed: number) => Record<string, unknown>; sampleRosters: () => Record<string, unknown> };

async function load(root: string, name: string): Promise<Tree> {
  const m = async (p: string) => import(pathToFileURL(resolve(root, p)).href);
  const [session, node, imp, setup] = await Promise.all([m('src/game/session.ts'), m('src/game/node.ts'), m('src/army/importArmy.ts'), m('workers/gameSetup.ts')]);
  return { name, GameSession: session.GameSession, readBundledNode: node.readBundledNode, importArmy: imp.importArmy, hotseatSetup: setup.hotseatSetup, sampleRosters: setup.sampleRosters };
}

const cpuMs = () => process.cpuUsage().user / 1000 + process.cpuUsage().system / 1000;

/** Both sessions in lockstep: each call timed (CPU) on both, answers compared. */
class Pair {
  cpu = [0, 0];
  calls = 0;
  differences: string[] = [];
  constructor(readonly a: Session, readonly b: Session, readonly label: string) {}
  private both<T>(f: (s: Session) => T): [T, T] {
    const order = this.calls++ % 2 === 0 ? [0, 1] : [1, 0];
    const out: T[] = [];
    for (const i of order) {
      const t0 = cpuMs();
      out[i] = f(i === 0 ? this.a : this.b);
      this.cpu[i] += cpuMs() - t0;
    }
    const [x, y] = [JSON.stringify(out[0]), JSON.stringify(out[1])];
    if (x !== y && this.differences.length < 5) this.differences.push(`${this.label}: ${x.slice(0, 300)} ≠ ${y.slice(0, 300)}`);
    return out as [T, T];
  }
  options(id: string) {
    return this.both((s) => s.options(id))[0];
  }
  general() {
    return this.both((s) => s.generalOptions())[0];
  }
  act(a: unknown) {
    const [x, y] = [this.a.act(a), this.b.act(a)];
    if (x.ok !== y.ok) this.differences.push(`${this.label}: ${JSON.stringify(a)} ok ${x.ok} vs ${y.ok}`);
    if (!x.ok) throw new Error(`${this.label}: ${JSON.stringify(a)} refused: ${x.reason}`);
    return x;
  }
  figures() {
    return { label: this.label, calls: this.calls, baselineCpuMs: Math.round(this.cpu[0]), thisCpuMs: Math.round(this.cpu[1]), ratio: Number((this.cpu[1] / this.cpu[0]).toFixed(3)), identical: this.differences.length === 0 };
  }
}

async function start(t: Tree, input: unknown): Promise<Session> {
  const api = new t.GameSession({ readBundled: t.readBundledNode });
  const r = await api.startOnTable(structuredClone(input));
  if (!r.ok) throw new Error(`${t.name}: ${r.problems?.join('\n')}`);
  return api;
}

/** The abilities bench's game: options of every p1 unit in p1's hero phase, then in its combat phase. */
async function abilitiesBench(base: Tree, mine: Tree, rounds: number): Promise<Pair[]> {
  const setup = mine.hotseatSetup(7);
  const input = { ...setup, scenario: { ...(setup.scenario as object), units: [] }, armies: armies(true) };
  const pair = async (label: string) => new Pair(await start(base, input), await start(mine, input), label);
  const hero = await pair('abilities bench, p1 hero phase');
  for (const a of [{ type: 'chooseFirstTurn', player: 'p1', first: 'p1' }, { type: 'endPhase', player: 'p1' }]) hero.act(a);
  const ids = hero.a.summary().units.filter((u) => u.owner === 'p1').map((u) => u.id);
  for (let k = 0; k < rounds; k++) for (const id of ids) hero.options(id);
  const combat = await pair('abilities bench, p1 combat phase');
  combat.act({ type: 'chooseFirstTurn', player: 'p1', first: 'p1' });
  while (combat.a.state().phase !== 'combat') combat.act({ type: 'endPhase', player: 'p1' });
  for (let k = 0; k < rounds; k++) for (const id of ids) combat.options(id);
  return [hero, combat];
}

/** tests/game/rosterAbilities.test.ts's scripted battle (`tests/game/rosterBattle.ts`) on both checkouts in lockstep. */
async function rosterBattle(base: Tree, mine: Tree, list: string): Promise<Pair> {
  const { army } = mine.importArmy(new Uint8Array(readFileSync(`${ROSTERS_DIR}${list}/list.ros`)), `${list}/list.ros`);
  const input = battleInput(army, mine.sampleRosters().p1);
  const p = new Pair(await start(base, input), await start(mine, input), `roster battle ${list}`);
  playScriptedBattle(
    {
      state: () => p.a.state(),
      act: (a) => p.act(a) as { ok: true; events: { type: string }[] },
      options: (id) => p.options(id) as { ok: true; entries: ListedEntry[] },
      generalOptions: () => p.general() as ListedEntry[],
    },
    army as RosterArmy,
    list,
    () => {},
  );
  return p;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const baseRoot = args.shift();
  if (!baseRoot) throw new Error('usage: npx tsx bench/optionsCopy.ts <baseline-root> [--rounds N] [list ...]');
  let rounds = 3;
  const lists: string[] = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--rounds') rounds = Number(args[++i]);
    else lists.push(args[i]);
  }
  const base = await load(baseRoot, 'baseline');
  const mine = await load('.', 'this');
  const pairs = [...(await abilitiesBench(base, mine, rounds))];
  for (const list of lists.length > 0 ? lists : ['sce-002-units-a']) pairs.push(await rosterBattle(base, mine, list));
  const figures = pairs.map((p) => p.figures());
  console.log(JSON.stringify({ baseline: resolve(baseRoot), figures, differences: pairs.flatMap((p) => p.differences), loadAverage: loadavg().map((x) => Number(x.toFixed(2))) }, null, 2));
  if (pairs.some((p) => p.differences.length > 0)) process.exitCode = 1;
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
