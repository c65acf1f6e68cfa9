/**
 * Issue 34, Tests › Real rosters: "every ability of every fixture roster offered at its timing in a
 * scripted battle". Each roster of `tests/fixtures/rosters/new-recruit`, imported with its
 * abilities (ARMY.md), is p1 in a headless game (`GameSession`, the one the worker, CLI and
 * server wrap) against the Stormcast sample army, on a flat 120" x 80" table (room to set up the
 * largest roster automatically, Core 10.1). The battle is scripted: the first turn to p1, then every
 * phase of p1's turn and of p2's turn is ended in order; at each step `options` is asked for each
 * p1 unit holding an ability whose window is that step, and `generalOptions` for the player's own.
 *
 * Asserted for every ability that is declared (Core 5.2; passives apply by themselves, Core 5.4):
 * it is listed in the options of the step its Timing names (Core 5.1: "Deployment Phase" while
 * deployment goes on, Core 10.0; "Your / Enemy X Phase" in that phase of that player's turn,
 * Core 13.0; start / end of turn and of battle round), either available or with a reason and the
 * rule refusing it. Reactions (Core 5.2 step 2) are offered when their trigger waits: p2 casts
 * Mystic Shield in its hero phase, so every "Opponent declared a Spell ability" reaction is listed
 * while the spell waits for p1's unbind. The triggers the engine has no reactions window for yet
 * (a Fight or Shoot of that unit, commands, charges, "picked as the target of a non-Core
 * ability") are counted and named in the test's output, not asserted (docs/abilities.md, left).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { importArmy } from '../../src/army/importArmy';
import { readBundledNode } from '../../src/game/node';
import { GameSession, type OptionEntry } from '../../src/game/session';
import { sampleRosters } from '../../workers/gameSetup';
import { battleInput, listedAbility, playScriptedBattle, ROSTERS_DIR as ROSTERS, spellTriggered, stepOf, type RosterArmy } from './rosterBattle';

interface Seen {
  /** ability id → the entries listing it (first step only). */
  entries: Map<string, OptionEntry[]>;
  /** ability id → where it was first listed (`p1 hero`, ...). */
  where: Map<string, string>;
}

/** The scripted battle (`./rosterBattle.ts`, shared with the benches) of roster `list`: what was listed where. */
async function scriptedBattle(list: string): Promise<{ army: RosterArmy; seen: Seen; steps: string[] }> {
  const { army } = importArmy(new Uint8Array(readFileSync(`${ROSTERS}${list}/list.ros`)), `${list}/list.ros`) as unknown as { army: RosterArmy };
  // No automatic pass: p2's spell waits for p1 even when none of p1's reactions can be used (since session 37 their
  // conditions are checked: "If this unit was picked to be the target of that spell"), so each is listed with its reason.
  const api = new GameSession({ readBundled: readBundledNode, autoPass: false });
  const r = await api.startOnTable(battleInput(army, sampleRosters().p1));
  if (!r.ok) throw new Error(`${list}: ${r.problems.join('\n')}`);
  const seen: Seen = { entries: new Map(), where: new Map() };
  expect(api.state().stage).toBe('firstTurn'); // set up automatically; the deployment window is still open (Core 10.0)
  const { spellWaited, steps } = playScriptedBattle(api, army, list, (entries, where) => {
    for (const e of entries) {
      const id = listedAbility(e);
      if (id === null) continue;
      if (!seen.where.has(id)) seen.where.set(id, where);
      if (seen.where.get(id) === where) seen.entries.set(id, [...(seen.entries.get(id) ?? []), e]);
    }
  });
  expect(spellWaited, `${list}: p2's spell was cast`).toBe(true);
  return { army, seen, steps };
}

const LISTS = readdirSync(ROSTERS).sort();

describe('every ability of every fixture roster is offered at its timing (issue 34, Core 5.1-5.2)', () => {
  const totals = { declared: 0, offered: 0, reactionsNotTriggered: [] as string[] };
  it.each(LISTS)('%s: each declared ability is listed at its step, available or with a reason and a rule', { timeout: 300_000 }, async (list) => {
    const { army, seen } = await scriptedBattle(list);
    const all = [...army.units.flatMap((u) => u.warscroll.abilities ?? []), ...(army.abilities ?? [])];
    const expected = all.filter((a) => stepOf(a) !== null || (a.timing.when === 'reaction' && spellTriggered(a)));
    expect(expected.length, `${list}: declared abilities`).toBeGreaterThan(0);
    for (const a of expected) {
      const entries = seen.entries.get(a.id);
      expect(entries, `${list}: ${a.id} [${a.timing.text}] was never listed`).toBeDefined();
      const where = seen.where.get(a.id) as string;
      const step = a.timing.when === 'reaction' ? 'reaction' : stepOf(a);
      if (a.timing.when !== 'any') expect(where.endsWith(` ${step}`), `${list}: ${a.id} [${a.timing.text}] first listed at ${where}`).toBe(true);
      // "Your" abilities in p1's turn, "Enemy" ones in p2's (Core 13.0).
      if (a.timing.whose === 'your' && a.timing.when !== 'deployment' && a.timing.when !== 'reaction') expect(where.startsWith('p1 '), `${a.id}: ${where}`).toBe(true);
      if (a.timing.whose === 'enemy' && a.timing.when !== 'reaction') expect(where.startsWith('p2 '), `${a.id}: ${where}`).toBe(true);
      for (const e of entries!) {
        expect(e.ability?.name).toBe(a.name);
        if (!e.available) {
          expect(e.reason, `${a.id}: a reason`).toMatch(/\S/);
          expect(e.rejectedBy, `${a.id}: a rule`).toMatch(/\S/);
        }
      }
    }
    totals.declared += expected.length;
    totals.offered += expected.filter((a) => seen.entries.has(a.id)).length;
    totals.reactionsNotTriggered.push(...all.filter((a) => a.timing.when === 'reaction' && !spellTriggered(a)).map((a) => `${list}: ${a.name} [${a.timing.reaction}]`));
  });

  it('the totals', () => {
    // Printed for the report (docs/abilities.md): how many abilities were offered, which reactions wait for a trigger the battle does not make.
    console.log(`roster abilities offered at their timing: ${totals.offered} of ${totals.declared}; reactions whose trigger the scripted battle does not declare: ${totals.reactionsNotTriggered.length}`);
    expect(totals.offered).toBe(totals.declared);
  });
});
