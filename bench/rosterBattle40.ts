/**
 * The scripted battle of tests/game/rosterAbilities.test.ts for one fixture roster, outside vitest (session 40,
 * perf40): the same GameSession, table, seed and steps, options of each p1 unit with an ability opening at each
 * step of battle round 1 and the general options, until p2's spell has waited for p1. Prints JSON: the roster,
 * how many option listings, the CPU seconds of the battle (process.cpuUsage, after the import) and the load.
 *
 * `npx tsx bench/rosterBattle40.ts sce-002-units-a [entries.jsonl]` (run it from a checkout to compare two checkouts;
 * with the second argument every listing's entries are written there, to compare their answers).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { importArmy } from '../src/army/importArmy';
import { readBundledNode } from '../src/game/node';
import { GameSession } from '../src/game/session';
import type { Ability } from '../src/rules/abilities/schema';
import { sampleRosters } from '../workers/gameSetup';

const list = process.argv[2] ?? 'sce-002-units-a';
const ROSTERS = new URL('../tests/fixtures/rosters/new-recruit/', import.meta.url).pathname;
const FLAT_TABLE = {
  name: 'Flat table for the roster abilities',
  battlefield: { width: 120, depth: 80 },
  terrain: [],
  objectives: [{ id: 'obj-centre', position: [60, 40], diameterMm: 40 }],
  territories: { south: [[0, 0], [120, 0], [120, 30], [0, 30]], north: [[0, 50], [120, 50], [120, 80], [0, 80]] },
  units: [],
};
type ImportedArmy = { units: { id: string; warscroll: { abilities?: Ability[] } }[]; abilities?: Ability[] };
const stepOf = (a: Ability): string | null => {
  const w = a.timing.when;
  if (w === 'startOfRound') return 'startOfTurn';
  if (w === 'endOfRound') return 'endOfTurn';
  if (w === 'passive' || w === 'reaction') return null;
  return w;
};

const c0 = process.cpuUsage();
const { army } = importArmy(new Uint8Array(readFileSync(`${ROSTERS}${list}/list.ros`)), `${list}/list.ros`) as unknown as { army: ImportedArmy };
const api = new GameSession({ readBundled: readBundledNode, autoPass: false });
const r = await api.startOnTable({ scenario: structuredClone(FLAT_TABLE), armies: { p1: { army: 'south', roster: army as never }, p2: { army: 'north', roster: sampleRosters().p1 } }, seed: 34, deploy: 'auto' });
if (!r.ok) throw new Error(r.problems.join('\n'));
const c1 = process.cpuUsage(c0);
const abilitiesOf = new Map(army.units.map((u) => [u.id, [...(u.warscroll.abilities ?? []), ...(army.abilities ?? [])]]));
const seen = new Set<string>();
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
/** With a second argument, every listing's entries are written there as JSON lines (to compare two checkouts' answers). */
const dump: string[] = [];
const record = (entries: readonly { group: string; action: { player?: string } }[]) => {
  if (process.argv[3]) dump.push(JSON.stringify(entries));
  for (const e of entries) if (e.group.startsWith('ability:') && e.action.player === 'p1') seen.add(e.group.slice('ability:'.length).split('|')[0]);
};
const look = (step: string, reactions: boolean) => {
  for (const [unitId, abilities] of abilitiesOf) {
    if (!abilities.some((a) => (reactions ? a.timing.when === 'reaction' : stepOf(a) === step || a.timing.when === 'any') && !seen.has(a.id))) continue;
    const o = timed(() => api.options(unitId));
    if (!o.ok) throw new Error(o.reason);
    record(o.entries as never);
  }
  record(timed(() => api.generalOptions()) as never);
};
const act = (a: Record<string, unknown>) => {
  const x = api.act(a);
  if (!x.ok) throw new Error(`${JSON.stringify(a)} refused: ${x.reason}`);
};
look('deployment', false);
let spellWaited = false;
for (let k = 0; k < 120 && !(api.state().round > 1 && spellWaited); k++) {
  const s = api.state();
  if (s.stage === 'ended') break;
  if (s.stage === 'firstTurn') {
    act({ type: 'chooseFirstTurn', player: s.decider, first: 'p1' });
    continue;
  }
  if (s.round === 1) look(s.phase as string, false);
  if (s.active === 'p2' && s.phase === 'hero' && !spellWaited) {
    const x = api.act({ type: 'cast', player: 'p2', unitId: 'sce-incantor', spell: 'mysticShield', target: 'sce-incantor' });
    if (!x.ok) throw new Error(`the cast was refused: ${x.reason}`);
    if (api.state().pendingSpell !== null) {
      look('reaction', true);
      act({ type: 'pass', player: 'p1' });
    }
    spellWaited = x.events.some((e: { type: string }) => e.type === 'spellCastRoll');
  }
  act({ type: 'endPhase', player: s.active });
}
const c2 = process.cpuUsage(c0);
if (process.argv[3]) writeFileSync(process.argv[3], dump.join('\n'));
console.log(JSON.stringify({ list, listings, abilitiesListed: seen.size, setupCpuS: +((c1.user + c1.system) / 1e6).toFixed(2), optionsCpuS: +optionCpu.toFixed(2), battleCpuS: +((c2.user + c2.system) / 1e6).toFixed(2), load: loadavg().map((x) => +x.toFixed(1)) }));
