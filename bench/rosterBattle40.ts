/**
 * The scripted battle of tests/game/rosterAbilities.test.ts for one fixture roster, outside vitest (session 40,
 * perf40; since session 41 the same driver, `tests/game/rosterBattle.ts`): the same GameSession, table, seed and
 * steps, options of each p1 unit with an ability opening at each step of battle round 1 and the general options,
 * until p2's spell has waited for p1. Prints JSON: the roster, how many option listings, the CPU seconds of the set-up,
 * of the listings and of the whole battle (process.cpuUsage, after the modules are loaded) and the load.
 *
 * `npx tsx bench/rosterBattle40.ts sce-002-units-a [entries.jsonl]` (run it from a checkout to compare two checkouts;
 * with the second argument every listing's entries are written there, one JSON line a listing, to compare answers).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { importArmy } from '../src/army/importArmy';
import { readBundledNode } from '../src/game/node';
import { GameSession } from '../src/game/session';
import { sampleRosters } from '../workers/gameSetup';
import { battleInput, listedAbility, playScriptedBattle, ROSTERS_DIR, type RosterArmy } from '../tests/game/rosterBattle';

const list = process.argv[2] ?? 'sce-002-units-a';
const c0 = process.cpuUsage();
const { army } = importArmy(new Uint8Array(readFileSync(`${ROSTERS_DIR}${list}/list.ros`)), `${list}/list.ros`) as unknown as { army: RosterArmy };
const api = new GameSession({ readBundled: readBundledNode, autoPass: false });
const r = await api.startOnTable(battleInput(army as never, sampleRosters().p1));
if (!r.ok) throw new Error(r.problems.join('\n'));
const c1 = process.cpuUsage(c0);
let listings = 0;
let optionCpu = 0;
const timed = <T>(f: () => T): T => {
  const a = process.cpuUsage();
  try {
    return f();
  } finally {
    const d = process.cpuUsage(a);
    optionCpu += (d.user + d.system) / 1e6;
    listings++;
  }
};
const listed = new Set<string>();
/** With a second argument, every listing's entries are written there as JSON lines (to compare two checkouts' answers). */
const dump: string[] = [];
playScriptedBattle(
  { state: () => api.state(), act: (a) => api.act(a), options: (id) => timed(() => api.options(id)), generalOptions: () => timed(() => api.generalOptions()) },
  army,
  list,
  (entries) => {
    if (process.argv[3]) dump.push(JSON.stringify(entries));
    for (const e of entries) if (listedAbility(e) !== null) listed.add(listedAbility(e)!);
  },
);
const c2 = process.cpuUsage(c0);
if (process.argv[3]) writeFileSync(process.argv[3], dump.join('\n'));
console.log(JSON.stringify({ list, listings, abilitiesListed: listed.size, setupCpuS: +((c1.user + c1.system) / 1e6).toFixed(2), optionsCpuS: +optionCpu.toFixed(2), battleCpuS: +((c2.user + c2.system) / 1e6).toFixed(2), load: loadavg().map((x) => +x.toFixed(1)) }));
