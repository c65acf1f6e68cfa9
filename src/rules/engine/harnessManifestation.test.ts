/**
 * Harness Manifestation (Ascension › Quests) counted in the game, on hand-built positions with
 * scripted dice: "Each time that spell or prayer is used, roll a dice. On a 1-3, inflict an amount
 * of mortal damage equal to the roll on the unit using the ability. On a 4+, you gain a number of
 * quest points equal to the roll."
 */
import { describe, expect, it } from 'vitest';
import type { AscensionSetup } from './ascension';
import { createGame, type Action, type GameState } from './state';
import { runActions, sampleManifestations, sampleRoster, tablePort, type PortTables } from './testkit';
import type { RosterInput } from './roster';
import { questPointsInLog, wildQuestPointsInGame } from '../../campaign/outcome';

const base = { shape: 'round' as const, diameterMm: 40 };
/** The sample roster plus a WIZARD and a PRIEST, each leading a regiment, and an endless spell and an invocation. */
function roster(p: 'p1' | 'p2'): RosterInput {
  const r = sampleRoster(p) as RosterInput & { units: unknown[]; regiments: unknown[] };
  r.units.push(
    { id: `${p}-wizard`, name: 'Wizard', warscroll: { move: 5, health: 5, save: 4, control: 2, keywords: ['HERO', 'INFANTRY', 'WIZARD (1)'] }, weapons: [], models: [{ id: `${p}-wizard-m1`, base }] },
    { id: `${p}-priest`, name: 'Priest', warscroll: { move: 5, health: 5, save: 4, control: 2, keywords: ['HERO', 'INFANTRY', 'PRIEST (1)'] }, weapons: [], models: [{ id: `${p}-priest-m1`, base }] },
  );
  r.regiments.push({ leader: `${p}-wizard`, units: [] }, { leader: `${p}-priest`, units: [] });
  return {
    ...r,
    manifestations: sampleManifestations(p),
  } as RosterInput;
}
const t: PortTables = { inCombat: new Set(), contests: {}, distances: { 'p1-orb|p1-wizard': 11, 'p1-icon|p1-priest': 5, 'p2-wizard|p1-wizard': 40 } };
/** The Decisive Battle's twist roll-off at the start of round 1: p1 rolls 6, p2 1, then the twist face 2. */
const TWIST = [6, 1, 2];

function hero(wild: string | undefined, script: number[]): GameState {
  const setup: AscensionSetup = {
    id: 'the-decisive-battle',
    roles: { p1: 'raider', p2: 'defender' },
    table: { width: 60, depth: 44 },
    neutralCorners: [],
    quests: { p1: 'harness-manifestation' },
    ...(wild !== undefined ? { wild: { p1: wild } } : {}),
  };
  const g = createGame({ seed: 3, rosters: { p1: roster('p1'), p2: roster('p2') }, finishedDeployingFirst: 'p1', battleplan: { objectives: [], name: setup.id, vpPerObjective: 0, ascension: setup }, diceScript: [...TWIST, ...script] });
  if (!g.ok) throw new Error(JSON.stringify(g.issues));
  return runActions(g.state, [{ type: 'chooseFirstTurn', player: 'p1', first: 'p1' }, { type: 'endPhase', player: 'p1' }], tablePort(t)).s;
}
const summonOrb: Action[] = [
  { type: 'cast', player: 'p1', unitId: 'p1-wizard', spell: 'summon:p1-orb', target: 'p1-orb', positions: { 'p1-orb-m1': [10, 10] } },
  { type: 'pass', player: 'p2' },
];

describe('Harness Manifestation in the game', () => {
  it('the Wild endless spell cast (3 + 3 = 6, summoned): a roll of 5 → 5 quest points, counted for the aftermath', () => {
    const r = runActions(hero('Summon Orb', [3, 3, 5]), summonOrb, tablePort(t));
    expect(r.events.find((e) => e.type === 'wildUse')).toMatchObject({ player: 'p1', unitId: 'p1-wizard', manifestationId: 'p1-orb', roll: 5, questPointsGained: 5, questPoints: 5 });
    expect(r.s.ascension?.wildQuestPoints).toEqual({ p1: 5, p2: 0 });
    expect(r.s.units['p1-wizard'].damage).toBe(0);
    const quest = { id: 'harness-manifestation' as const, points: 2, unit: null };
    expect(questPointsInLog(r.s, 'p1', quest)).toBe(5);
    expect(wildQuestPointsInGame(r.s, 'p2')).toBe(null);
  });

  it('a roll of 2 → 2 mortal damage on the WIZARD using it, nobody\'s kill; no quest points', () => {
    const r = runActions(hero('p1-orb', [3, 3, 2]), summonOrb, tablePort(t));
    expect(r.events.find((e) => e.type === 'mortalDamage')).toMatchObject({ unitId: 'p1-wizard', amount: 2, source: 'harnessManifestation:p1-wizard' });
    expect(r.events.find((e) => e.type === 'damageResolved')).toMatchObject({ unitId: 'p1-wizard', by: null });
    expect(r.s.units['p1-wizard'].damage).toBe(2);
    expect(r.s.ascension?.wildQuestPoints).toEqual({ p1: 0, p2: 0 });
  });

  it('the Wild invocation answered (chanting roll 6 ≥ 6): a roll of 4 → 4 quest points; a summoning that fails (5 < 6) rolls nothing', () => {
    const chant: Action[] = [
      { type: 'chant', player: 'p1', unitId: 'p1-priest', prayer: 'summon:p1-icon' },
      { type: 'answerPrayer', player: 'p1', choice: 'answer', positions: { 'p1-icon-m1': [12, 12] } },
    ];
    const r = runActions(hero('icon', [6, 4]), chant, tablePort(t));
    expect(r.events.find((e) => e.type === 'wildUse')).toMatchObject({ unitId: 'p1-priest', roll: 4, questPoints: 4 });
    const failed = runActions(hero('icon', [5, 4]), [chant[0], { type: 'answerPrayer', player: 'p1', choice: 'answer' }], tablePort(t));
    expect(failed.events.find((e) => e.type === 'wildUse')).toBeUndefined();
    expect(failed.s.diceScript).toEqual([4]);
  });

  it('another manifestation, or a game that does not carry the Wild entry: no roll, no record', () => {
    const other = runActions(hero('Summon Icon', [3, 3, 5]), summonOrb, tablePort(t));
    expect(other.events.find((e) => e.type === 'wildUse')).toBeUndefined();
    expect(other.s.diceScript).toEqual([5]);
    const none = runActions(hero(undefined, [3, 3, 5]), summonOrb, tablePort(t));
    expect(none.s.ascension?.wildQuestPoints).toBeUndefined();
    expect(none.s.diceScript).toEqual([5]);
    expect(wildQuestPointsInGame(none.s, 'p1')).toBe(null);
  });
});
