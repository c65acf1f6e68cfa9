/**
 * A Path to Glory battle's decisions offered by the game session, so the Play panel can take them
 * (issue 26 item 5; src/game/ascensionOptions.ts): the round's twist in the summary with its text
 * and roller (Ascension › Path to Glory Battles › Twists), the twist's pick as options for its
 * roller, a unit's Path abilities (`useAbility`) and Sunder the Earth cast through an enemy unit
 * (Ascension › Path of the Mage, T-64). The engine decides every option (`reduce`).
 */
import { describe, expect, it } from 'vitest';
import { GameSession } from '../../src/game/session';
import { testArmy } from '../../src/campaign/testArmy';
import { ASCENSION, TWIST_PICKS } from '../../src/rules/engine/ascension';
import type { RosterInput } from '../../src/rules/engine/roster';
import { PTG_TABLE } from '../campaign/play';
import { openGame, prepareGame } from '../../src/game/start';
import { playScripted } from '../../src/rules/engine/policy';
import { sampleRoster } from '../../src/rules/engine/testkit';
import { spiedTreasureSite, wildFireSuggestion } from '../../src/rules/engine/ascension';

const sampleArmies = () => ({ p1: { army: 'south', roster: sampleRoster('p1') }, p2: { army: 'north', roster: sampleRoster('p2') } });

/** A session on the Path to Glory test table, played by the scripted policy (on its own copy) until the round-1 twist is rolled, not yet picked. */
async function untilTwistRolled(battleplan: string, seed: number) {
  const session = new GameSession();
  const r = await session.startOnTable({ scenario: structuredClone(PTG_TABLE), armies: sampleArmies(), seed, battleplan });
  if (!r.ok) throw new Error(r.problems.join('\n'));
  const prepared = prepareGame({ scenario: structuredClone(PTG_TABLE), meshes: new Map(), carried: {}, armies: sampleArmies(), seed, battleplan });
  if (!prepared.ok) throw new Error(prepared.problems.join('\n'));
  const opened = openGame(prepared.setup, new Map(), prepared.terrain);
  if (!opened.ok) throw new Error(opened.problems.join('\n'));
  let state = opened.game.state;
  for (let i = 0; i < 10 && !(state.ascension?.twists.length ?? 0); i++) {
    const next = playScripted(state, opened.game.port, 1);
    state = next.state;
    expect(session.act(next.actions[0]).ok).toBe(true);
  }
  return { session, port: opened.game.port };
}

/** The test army with the knight a Berserker (Path of the Warrior) and the Lord-Arcanum knowing Sunder the Earth. */
function pathArmy(): RosterInput {
  const r = structuredClone(testArmy()) as RosterInput & { units: { id: string; warscroll: { spells?: string[] }; campaign?: unknown }[] };
  const knight = r.units.find((u) => u.id === 'knight')!;
  knight.campaign = { unitId: 'knight', renown: 5, rank: 'Aspiring', path: 'warrior', abilities: ['Berserker'], enhancements: [] };
  r.units.find((u) => u.id === 'arcanum')!.warscroll.spells = ['sunderTheEarth'];
  return r;
}

async function decisiveBattle(seed: number): Promise<GameSession> {
  const g = new GameSession();
  const r = await g.startOnTable({
    scenario: structuredClone(PTG_TABLE),
    armies: { p1: { army: 'south', roster: pathArmy() }, p2: { army: 'north', roster: testArmy('Skaven', 'x-') } },
    seed,
    battleplan: 'the-decisive-battle',
  });
  if (!r.ok) throw new Error(r.problems.join('\n'));
  return g;
}

describe('a Path to Glory battle in the session: twist, picks, Path abilities, Sunder the Earth', () => {
  it('the round\'s twist is in the summary as the engine rolled it; its pick is offered to the roller and taken', async () => {
    // The first seed whose first twist asks for a pick (the twist table is rolled with the game's dice).
    let found = false;
    for (let seed = 1; seed <= 30 && !found; seed++) {
      const g = await decisiveBattle(seed);
      const s0 = g.state();
      const first = g.generalOptions().find((e) => e.group === 'firstTurn')!;
      const r = g.act(first.action);
      expect(r.ok).toBe(true);
      const s = g.state();
      const rolled = s.ascension!.twists.find((t) => t.round === 1)!;
      expect(rolled).toBeDefined();
      const summary = g.summary().ascension!;
      expect(summary.battleplan).toBe('the-decisive-battle');
      expect(summary.twist).toMatchObject({ round: 1, name: rolled.name, roller: rolled.roller, roll: rolled.roll, underdog: rolled.underdog, pick: null });
      expect(summary.twist!.text).toBe(ASCENSION['the-decisive-battle'].twists.find((t) => t.name === rolled.name)!.text);
      const kind = TWIST_PICKS[rolled.name];
      const offered = g.generalOptions().filter((e) => e.group === 'twist');
      // The last option picks nothing ("The underdog can pick", issue 37 item 2).
      const picks = kind === undefined ? offered : offered.slice(0, -1);
      if (kind !== undefined) expect(offered.at(-1)).toMatchObject({ label: `${rolled.roller}: ${rolled.name} → pick nothing`, action: { type: 'twistPick', player: rolled.roller } });
      if (kind === undefined) {
        expect(picks).toEqual([]);
        expect(summary.twist!.picks).toBeNull();
        continue;
      }
      found = true;
      expect(summary.twist!.picks).toBe(kind);
      // One option per unit of the right side (or per objective), all for the roller, all accepted.
      const owner = kind === 'enemyUnit' ? (rolled.roller === 'p1' ? 'p2' : 'p1') : rolled.roller;
      const expected = kind === 'objective' ? [...s.battleplan.objectives].sort() : Object.values(s0.units).filter((u) => u.owner === owner).map((u) => u.id).sort();
      const got = picks.map((e) => (e.action as { unitId?: string; objectiveId?: string }).unitId ?? (e.action as { objectiveId: string }).objectiveId).sort();
      expect(got).toEqual(expected);
      expect(picks.every((e) => e.available && (e.action as { player: string }).player === rolled.roller)).toBe(true);
      const taken = g.act(picks[0].action);
      expect(taken.ok).toBe(true);
      const chosen = picks[0].action as { unitId?: string; objectiveId?: string };
      // The pick in words (issue 37 item 8): a unit by its roster name; the table's objectives have no names (their ids).
      const rosterName = chosen.unitId && [...s.players.p1.roster.units, ...s.players.p2.roster.units].find((u) => u.id === chosen.unitId)!.name;
      expect(g.summary().ascension!.twist!.pick).toBe(rosterName || chosen.objectiveId);
      if (chosen.unitId) expect(rosterName).not.toBe(chosen.unitId);
      // Picked once: no more options for it (Ascension › Twists).
      expect(g.generalOptions().filter((e) => e.group === 'twist')).toEqual([]);
    }
    expect(found).toBe(true);
  });

  it('a Berserker HERO is offered its charge re-roll (refused with the engine\'s reason before a charge); Sunder the Earth through each enemy unit; no withdrawal at full strength', async () => {
    const g = await decisiveBattle(3);
    const first = g.generalOptions().find((e) => e.group === 'firstTurn' && (e.action as { first: string }).first === 'p1')!;
    expect(g.act(first.action).ok).toBe(true);
    // Any twist pick first (the start of the battle round), then to p1's hero phase.
    for (const e of g.generalOptions().filter((x) => x.group === 'twist').slice(0, 1)) expect(g.act(e.action).ok).toBe(true);
    while (g.state().phase !== 'hero') expect(g.act({ type: 'endPhase', player: g.state().active }).ok).toBe(true);
    expect(g.state().active).toBe('p1');

    const knight = g.options('knight');
    if (!knight.ok) throw new Error(knight.reason);
    const berserker = knight.entries.filter((e) => e.group === 'ability:Berserker');
    expect(berserker).toHaveLength(1);
    expect(berserker[0].available).toBe(false);
    expect(berserker[0].rejectedBy).toBeTruthy();
    // A unit without Path abilities is offered none.
    const libs = g.options('liberators');
    expect(libs.ok && libs.entries.some((e) => e.group.startsWith('ability:'))).toBe(false);

    const arcanum = g.options('arcanum');
    if (!arcanum.ok) throw new Error(arcanum.reason);
    const sunder = arcanum.entries.filter((e) => e.group === 'cast:sunderTheEarth');
    const s = g.state();
    const board = g.summary().board.positions;
    const enemies = Object.values(s.units).filter((u) => u.owner === 'p2' && u.status === undefined).map((u) => u.id);
    expect(sunder.map((e) => e.target).sort()).toEqual([...enemies].sort());
    for (const e of sunder) {
      const firstModel = s.players.p2.roster.units.find((u) => u.id === e.target)!.models[0].id;
      const [x, y] = board[firstModel];
      expect((e.action as unknown as { point: [number, number] }).point).toEqual([Math.round(x * 100) / 100, Math.round(y * 100) / 100]);
      // The engine's verdict: the territories are 20" apart (y 12 and y 32), so every point is more than 18" from the WIZARD.
      expect(e.available).toBe(false);
      expect(`${e.reason} (${e.rejectedBy})`).toMatch(/18"/);
    }
    expect(g.generalOptions().some((e) => e.group === 'withdraw')).toBe(false);
  });

  it('Spied Treasure (Relics of Myth, seed 1): its roller is offered the first legal point (spiedTreasureSite), and the pick places the objective', async () => {
    const { session, port } = await untilTwistRolled('relics-of-myth', 1);
    const s = session.state();
    const t = s.ascension!.twists[0];
    expect(t).toMatchObject({ name: 'Spied Treasure', roller: 'p2' });
    expect(session.summary().ascension!.twist).toMatchObject({ picks: 'point', pick: null });
    const at = spiedTreasureSite(s, port, 'p2')!;
    expect(at).toEqual([9, 31]);
    const picks = session.generalOptions().filter((e) => e.group === 'twist');
    expect(picks.map((e) => e.action)).toEqual([{ type: 'twistPick', player: 'p2', at }, { type: 'twistPick', player: 'p2' }]);
    expect(picks[0].label).toContain('(9.0", 31.0")');
    expect(session.act(picks[0].action).ok).toBe(true);
    expect(session.summary().ascension!.twist!.pick).toBe('spied-treasure-r1 at (9.0", 31.0")');
    expect(session.summary().objectives).toHaveProperty('spied-treasure-r1', null);
  });

  it('Wild Fire (The Ruined Settlement, seed 5): each terrain feature alone, and the burning pick when it has more than one; every option accepted by the engine', async () => {
    const { session, port } = await untilTwistRolled('the-ruined-settlement', 5);
    const s = session.state();
    const t = s.ascension!.twists[0];
    expect(t).toMatchObject({ name: 'Wild Fire', features: 2 });
    expect(session.summary().ascension!.twist).toMatchObject({ picks: 'terrainFeatures', features: 2, pick: null });
    const picks = session.generalOptions().filter((e) => e.group === 'twist').slice(0, -1); // the last: pick nothing
    const suggested = wildFireSuggestion(s, port, t.roller, 2);
    const expected = [...(suggested.length > 1 ? [suggested] : []), ...['ruin-w', 'ruin-e', 'ruin-c', 'ruin-sw', 'ruin-ne'].map((f) => [f])];
    expect(picks.map((e) => (e.action as unknown as { featureIds: string[] }).featureIds)).toEqual(expected);
    expect(picks.every((e) => e.available)).toBe(true);
    const ruinW = picks.find((e) => (e.action as unknown as { featureIds: string[] }).featureIds.join() === 'ruin-w')!;
    expect(session.act(ruinW.action).ok).toBe(true);
    // The feature in words as the page's option labels name it (the test table's ruins have no name: "ruin w").
    expect(session.summary().ascension!.twist!.pick).toBe('ruin w');
  });
});
