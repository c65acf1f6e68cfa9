/**
 * Path to Glory in play (Ascension › Paths, Quests, Battleplans) on hand-built positions: kill
 * attribution (A-R16) for Claim their Skulls and Rise of a Champion, then the Path abilities,
 * grouped by the engine hook that plays them. Every test quotes the rule it checks.
 */
import { describe, expect, it } from 'vitest';
import type { AscensionId, AscensionSetup } from './ascension';
import type { RosterInput } from './roster';
import { createGame, type Action, type GameState, type PlayerId } from './state';
import { reduce, type GameEvent } from './reduce';
import { runActions, sampleRoster, tablePort, type PortTables } from './testkit';
import { scriptedPolicy } from './policy';
import { championSlewInGame, questPointsInLog } from '../../campaign/outcome';
import * as core from './core';

type Campaign = NonNullable<RosterInput['units'][number]['campaign']>;
const camp = (unitId: string, abilities: string[], path: Campaign['path'] = 'warrior'): Campaign => ({ unitId, renown: 30, rank: 'Mighty', path, abilities, enhancements: [] });

/** Sample rosters with the given Path abilities (unit id → abilities) and points on p2's units. */
function rosters(abilities: Record<string, string[]> = {}): Record<PlayerId, RosterInput> {
  const out = { p1: sampleRoster('p1'), p2: sampleRoster('p2') };
  for (const p of ['p1', 'p2'] as const) {
    for (const u of out[p].units) {
      u.points = u.id.endsWith('hero') ? 390 : 150;
      if (abilities[u.id]) u.campaign = camp(u.id, abilities[u.id], u.id.endsWith('hero') ? 'warrior' : 'defender');
    }
  }
  return out;
}

function game(o: { id?: AscensionId; roles?: Record<PlayerId, string>; abilities?: Record<string, string[]>; script?: number[]; rosters?: Record<PlayerId, RosterInput>; objectives?: string[] } = {}): GameState {
  const id = o.id ?? 'the-decisive-battle';
  const setup: AscensionSetup = { id, roles: o.roles ?? { p1: 'raider', p2: 'defender' }, table: { width: 60, depth: 44 }, neutralCorners: [] };
  const r = createGame({
    seed: 5,
    rosters: o.rosters ?? rosters(o.abilities),
    finishedDeployingFirst: 'p1',
    territories: { p1: 't1', p2: 't2' },
    battleplan: { objectives: o.objectives ?? [], name: id, vpPerObjective: 0, ascension: setup },
    diceScript: o.script ?? [],
  });
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.state;
}

/** The actions through `reduce` on the hand-built port (testkit's `runActions`). */
const apply = (s: GameState, actions: Action[], t: PortTables) => runActions(s, actions, tablePort(t));
const end = (p: PlayerId, n: number): Action[] => Array.from({ length: n }, () => ({ type: 'endPhase', player: p }) as Action);
/** Round 1, p1 first; the twist roll-off (no underdog) takes 3 dice: 6, 1 (p1 rolls), then the twist face. */
const start: Action[] = [{ type: 'chooseFirstTurn', player: 'p1', first: 'p1' }];
const TWIST = [6, 1, 2]; // p1 wins the roll-off; D3 from 2 → 1 (Steeled Resolve in The Decisive Battle)
const fight = (unitId: string, target: string, player: PlayerId = 'p1'): Action[] => [
  { type: 'fight', player, unitId, target },
  { type: 'pass', player: 'p1' },
  { type: 'pass', player: 'p2' },
];

describe('kill attribution (A-R16): the unit that inflicted the final damage', () => {
  const heroesFight: PortTables = { inCombat: new Set(['p1-hero|p2-hero']), contests: {} };
  // Sword: 4 attacks, 3+ / 3+, Rend 1, Damage 2 against Health 5, Save 3+: 4 hits, 4 wounds, 4 failed saves = 8 damage.
  const kill = [...TWIST, 4, 4, 4, 4, 4, 4, 4, 4, 1, 1, 1, 1];

  it('damage events name the attacker; the destroyed unit is recorded and Claim their Skulls scores it for the killer (390 points → 3 VP, T-52)', () => {
    let { s, events } = apply(game({ script: kill }), [...start, ...end('p1', 5), ...fight('p1-hero', 'p2-hero')], heroesFight);
    expect(events.find((e) => e.type === 'unitDestroyed')).toMatchObject({ unitId: 'p2-hero', source: 'fight:p1-hero', by: 'p1-hero' });
    expect(events.find((e) => e.type === 'damageResolved')).toMatchObject({ unitId: 'p2-hero', by: 'p1-hero', pool: 8 });
    expect(s.ascension?.destroyed).toEqual([{ unitId: 'p2-hero', by: 'p1-hero', round: 1 }]);
    ({ s, events } = apply(s, end('p1', 2), { inCombat: new Set(), contests: {} }));
    expect(events.filter((e) => e.type === 'vpScored' && e.rule === 'Claim their Skulls')).toEqual([
      expect.objectContaining({ player: 'p1', vp: 3, unitId: 'p2-hero', by: 'p1-hero' }),
    ]);
  });

  it('a unit slain by its own Retreat (self-inflicted) is nobody\'s kill: no Claim their Skulls', () => {
    // p1's turn ends; p2 retreats its 1-model hero out of combat with 5 damage on it: D3 mortal 3 (face 5) → slain.
    const script = [...TWIST, 5];
    let s = game({ script });
    s = apply(s, [...start, ...end('p1', 7), ...end('p2', 2)], { inCombat: new Set(), contests: {} }).s;
    s.units['p2-hero'].damage = 4;
    const r = apply(s, [{ type: 'retreat', player: 'p2', unitId: 'p2-hero' }], { inCombat: new Set(['p1-warriors|p2-hero']), contests: {} });
    expect(r.events.find((e) => e.type === 'unitDestroyed')).toMatchObject({ unitId: 'p2-hero', source: 'retreat:p2-hero', by: null });
    const after = apply(r.s, end('p2', 5), { inCombat: new Set(), contests: {} });
    expect(after.events.filter((e) => e.type === 'vpScored' && e.rule === 'Claim their Skulls')).toEqual([]);
  });

  it('Rise of a Champion: completed when an enemy HERO is slain by the Rising Champion, not by another unit', () => {
    const rs = rosters({ 'p1-hero': [], 'p1-warriors': [] });
    const s = apply(game({ rosters: rs, script: kill }), [...start, ...end('p1', 5), ...fight('p1-hero', 'p2-hero')], heroesFight).s;
    expect(championSlewInGame(s, 'p1', { id: 'rise-of-a-champion', points: 0, unit: 'p1-hero' })).toBe(true);
    expect(championSlewInGame(s, 'p1', { id: 'rise-of-a-champion', points: 0, unit: 'p1-warriors' })).toBe(false);
    expect(championSlewInGame(s, 'p1', { id: 'seek-glory-in-battle', points: 0, unit: 'p1-hero' })).toBe(false);
    expect(championSlewInGame(s, 'p2', { id: 'rise-of-a-champion', points: 0, unit: 'p2-hero' })).toBe(false);
  });
});

/** A plain game (no battleplan twists) with Path abilities on the named units. */
function plain(abilities: Record<string, string[]>, script: number[] = [], edit: (r: Record<PlayerId, RosterInput>) => void = () => {}, objectives: string[] = []): GameState {
  const rs = rosters(abilities);
  edit(rs);
  const r = createGame({ seed: 5, rosters: rs, finishedDeployingFirst: 'p1', territories: { p1: 't1', p2: 't2' }, battleplan: { objectives }, diceScript: script });
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.state;
}
const attacks = (events: GameEvent[]) => events.filter((e) => e.type === 'attacksResolved');
const heroesFight: PortTables = { inCombat: new Set(['p1-hero|p2-hero']), contests: {} };

describe('hit, save and damage modifiers (Core 17.1 caps)', () => {
  // Sword: 4 attacks, hit 3+. Dice 2, 2, 2, 2: all miss unmodified; +1 → 3, 3, 3, 3 all hit.
  const script = [2, 2, 2, 2, 6, 6, 6, 6, 6, 6, 6, 6];
  it('Martial Expertise: "Add 1 to hit rolls for this HERO\'s combat attacks": hit rolls of 2 hit on 3+', () => {
    const without = apply(plain({}, script), [...start, ...end('p1', 5), ...fight('p1-hero', 'p2-hero')], heroesFight);
    expect(attacks(without.events)[0]).toMatchObject({ hitModifier: 0, wounds: [] });
    const r = apply(plain({ 'p1-hero': ['Martial Expertise'] }, script), [...start, ...end('p1', 5), ...fight('p1-hero', 'p2-hero')], heroesFight);
    expect(attacks(r.events)[0]).toMatchObject({ hitModifier: 1, wounds: [6, 6, 6, 6] });
  });
  it('Martial Expertise and All-out Attack together: still +1 (the cap)', () => {
    const s = apply(plain({ 'p1-hero': ['Martial Expertise'] }, script), [...start, ...end('p1', 5), { type: 'fight', player: 'p1', unitId: 'p1-hero', target: 'p2-hero' }], heroesFight).s;
    s.players.p1.cp = 2;
    const r = apply(s, [{ type: 'command', player: 'p1', command: 'allOutAttack', unitId: 'p1-hero' }, { type: 'pass', player: 'p2' }, { type: 'pass', player: 'p1' }], heroesFight);
    expect(attacks(r.events)[0]).toMatchObject({ hitModifier: 1 });
  });
  it('Master-crafted Armour: "Add 1 to save rolls for this HERO": Rend 1 and +1 give a save modifier of 0, a save roll of 3 saves on 3+', () => {
    const saves = [6, 6, 6, 6, 6, 6, 6, 6, 3, 3, 3, 3];
    const without = apply(plain({}, saves), [...start, ...end('p1', 5), ...fight('p1-hero', 'p2-hero')], heroesFight);
    expect(attacks(without.events)[0]).toMatchObject({ saveModifier: -1, damage: 8 });
    const r = apply(plain({ 'p2-hero': ['Master-crafted Armour'] }, saves), [...start, ...end('p1', 5), ...fight('p1-hero', 'p2-hero')], heroesFight);
    expect(attacks(r.events)[0]).toMatchObject({ saveModifier: 0, saves: [3, 3, 3, 3], damage: 0 });
  });
  it('Monster Killers: "+1 to the Damage characteristic of this unit\'s melee weapons for attacks that target a MONSTER"', () => {
    const t: PortTables = { inCombat: new Set(['p1-knights|p2-hero']), contests: {} };
    // 5 Vindictors × 2 Spear attacks: hits 10 × 4, wounds 10 × 4, saves 10 × 1 (all fail): Damage 1 → 10; +1 → 20.
    const dice = [...Array(10).fill(4), ...Array(10).fill(4), ...Array(10).fill(1)];
    const monster = (r: Record<PlayerId, RosterInput>) => r.p2.units[0].warscroll.keywords.push('MONSTER');
    const r = apply(plain({ 'p1-knights': ['Monster Killers'] }, dice, monster), [...start, ...end('p1', 5), ...fight('p1-knights', 'p2-hero')], t);
    expect(attacks(r.events)[0]).toMatchObject({ weapon: 'Spear', damage: 20 });
    const notMonster = apply(plain({ 'p1-knights': ['Monster Killers'] }, dice), [...start, ...end('p1', 5), ...fight('p1-knights', 'p2-hero')], t);
    expect(attacks(notMonster.events)[0]).toMatchObject({ damage: 10 });
  });
  it('Battle-Scarred Veterans: "Before allocating damage points to this unit, remove 1 damage point in its damage pool"', () => {
    // 4 hits, 4 wounds, 4 failed saves: pool 8 on the Liberators (Health 2): 4 slain; with the ability 7 → 3 slain.
    const t: PortTables = { inCombat: new Set(['p1-hero|p2-warriors']), contests: {} };
    const dice = [4, 4, 4, 4, 4, 4, 4, 4, 1, 1, 1, 1];
    const r = apply(plain({ 'p2-warriors': ['Battle-Scarred Veterans'] }, dice), [...start, ...end('p1', 5), ...fight('p1-hero', 'p2-warriors')], t);
    expect(r.events.find((e) => e.type === 'damagePoolReduced')).toMatchObject({ unitId: 'p2-warriors', removed: 1 });
    expect(r.events.find((e) => e.type === 'damageResolved')).toMatchObject({ pool: 8, allocated: 7 });
    expect(r.s.units['p2-warriors'].slain).toHaveLength(3);
  });
});

describe('charge: Berserker re-roll, Battle Fury', () => {
  const toCharge = [...start, ...end('p1', 4)];
  it('Berserker: "You can re-roll charge rolls for this HERO": 1+1 re-rolled to 6+6; not a second time (Core 2.2); not without the ability', () => {
    const t: PortTables = { inCombat: new Set(), contests: {} };
    const s = apply(plain({ 'p1-hero': ['Berserker'] }, [1, 1, 6, 6]), [...toCharge, { type: 'charge', player: 'p1', unitId: 'p1-hero' }], t).s;
    expect(s.units['p1-hero'].turn.chargeRoll).toBe(2);
    const r = apply(s, [{ type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Berserker' }], t);
    expect(r.s.units['p1-hero'].turn).toMatchObject({ chargeRoll: 12, pendingMove: { kind: 'charge', maxInches: 12 } });
    expect(reduce(r.s, { type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Berserker' }, tablePort(t))).toMatchObject({ ok: false, rule: 'Core 2.2' });
    const other = apply(plain({}, [1, 1]), [...toCharge, { type: 'charge', player: 'p1', unitId: 'p1-hero' }], t).s;
    expect(reduce(other, { type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Berserker' }, tablePort(t))).toMatchObject({ ok: false, rule: 'Ascension › Path of the Warrior › Berserker' });
  });
  it('Battle Fury: "This unit can use CHARGE abilities even if it used a RUN ability in the same turn"', () => {
    const t: PortTables = { inCombat: new Set(), contests: {} };
    const ran = (abilities: Record<string, string[]>) =>
      apply(plain(abilities, [3, 4, 4]), [...start, ...end('p1', 2), { type: 'run', player: 'p1', unitId: 'p1-knights' }, { type: 'move', player: 'p1', unitId: 'p1-knights', kind: 'run', paths: {} }, ...end('p1', 2)], t).s;
    expect(reduce(ran({}), { type: 'charge', player: 'p1', unitId: 'p1-knights' }, tablePort(t))).toMatchObject({ ok: false, rule: 'Core 14.3' });
    const r = apply(ran({ 'p1-knights': ['Battle Fury'] }), [{ type: 'charge', player: 'p1', unitId: 'p1-knights' }], t);
    expect(r.s.units['p1-knights'].turn.chargeRoll).toBe(8);
  });
});

describe('control scores (Core 32.2) and end-of-turn abilities', () => {
  const controlAt = (events: GameEvent[], when: string) => events.find((e) => e.type === 'control' && e.when === when);
  // Five Vindictors each side (control 1 × 5 = 5) contest o1, which p2 controls.
  const onO1 = (extra: Record<string, string[]> = {}): PortTables => ({ inCombat: new Set(), contests: { 'p1-knights': ['o1'], 'p2-knights': ['o1'], ...extra } });
  const turn = (abilities: Record<string, string[]>, t: PortTables, script: number[] = []) => {
    const s = plain(abilities, script, () => {}, ['o1']);
    s.objectives.o1 = 'p2';
    return apply(s, [...start, ...end('p1', 7)], t);
  };
  it('Mighty Conquerors: "+3 ... while it is contesting an objective controlled by your opponent": 8 v 5 takes o1', () => {
    expect(controlAt(turn({}, onO1()).events, 'endOfTurn')).toMatchObject({ scores: { p1: 5, p2: 5 }, controller: 'p2' });
    // Determined first at the start of battle round 1 (A-R1): 8 v 5, p1 takes it; at the end of the turn p1 controls it: 5 v 5, kept.
    const r = turn({ 'p1-knights': ['Mighty Conquerors'] }, onO1());
    expect(controlAt(r.events, 'startOfBattleRound1')).toMatchObject({ scores: { p1: 8, p2: 5 }, controller: 'p1' });
    expect(controlAt(r.events, 'endOfTurn')).toMatchObject({ scores: { p1: 5, p2: 5 }, controller: 'p1' });
  });
  it('Mighty Custodians: "+3 ... while it is contesting an objective you control": only for the controller', () => {
    expect(controlAt(turn({ 'p2-knights': ['Mighty Custodians'] }, onO1()).events, 'endOfTurn')).toMatchObject({ scores: { p1: 5, p2: 8 } });
    expect(controlAt(turn({ 'p1-knights': ['Mighty Custodians'] }, onO1()).events, 'endOfTurn')).toMatchObject({ scores: { p1: 5, p2: 5 } });
  });
  it('Inspiring Leader: "+3 to the control scores of other friendly units while they are contesting the same objective as this HERO"', () => {
    // Hero 2 + knights 5 + 3 = 10; the HERO itself gains nothing.
    expect(controlAt(turn({ 'p1-hero': ['Inspiring Leader'] }, onO1({ 'p1-hero': ['o1'] })).events, 'endOfTurn')).toMatchObject({ scores: { p1: 10, p2: 5 } });
  });
  it('Powerful Presence (End of Any Turn): a HERO contesting an objective you do not control adds D3 (face 5 → 3) this turn', () => {
    // p1: hero 2 + knights 5; p2: knights 5 + warriors 10 + the standard bearer 1 = 16, p2 keeps o1.
    const r = turn({ 'p1-hero': ['Powerful Presence'] }, onO1({ 'p1-hero': ['o1'], 'p2-warriors': ['o1'] }), [5]);
    expect(r.events.find((e) => e.type === 'pathAbility')).toMatchObject({ ability: 'Powerful Presence', value: 3, objectiveId: 'o1' });
    expect(controlAt(r.events, 'endOfTurn')).toMatchObject({ scores: { p1: 10, p2: 16 }, controller: 'p2' });
    // The bonus ends with the turn.
    expect(r.s.effects).toEqual([]);
  });
  it('Conserved Strength / Hardened Resolve (End of Any Turn): Heal (1)', () => {
    const s = plain({ 'p1-hero': ['Conserved Strength'], 'p1-knights': ['Hardened Resolve'] });
    s.units['p1-hero'].damage = 3;
    s.units['p1-knights'].damage = 1;
    const r = apply(s, [...start, ...end('p1', 7)], { inCombat: new Set(), contests: {} });
    expect([r.s.units['p1-hero'].damage, r.s.units['p1-knights'].damage]).toEqual([2, 0]);
  });
  it('Masterful Commander (Start of the Battle Round): on a 4+ 1 command point; on a 3 none', () => {
    const cp = (face: number) => apply(plain({ 'p1-hero': ['Masterful Commander'] }, [face]), start, { inCombat: new Set(), contests: {} }).s.players.p1.cp;
    const base = apply(plain({}), start, { inCombat: new Set(), contests: {} }).s.players.p1.cp;
    expect([cp(4), cp(3)]).toEqual([base + 1, base]);
  });
});

describe('fight order and ward: Defender of the Realm, Indomitable Defenders, Frenzy', () => {
  // p2 takes the first turn: in its combat phase p2 picks first unless a p1 unit has STRIKE-FIRST (Core 19.0).
  const p2Combat = (abilities: Record<string, string[]>, t: PortTables, objectives: string[] = [], control: PlayerId | null = null) => {
    const s = plain(abilities, [], () => {}, objectives);
    for (const o of objectives) s.objectives[o] = control;
    return apply(s, [{ type: 'chooseFirstTurn', player: 'p1', first: 'p2' }, ...end('p2', 5)], t).s;
  };
  const t = (territory: boolean, contests: Record<string, string[]> = {}): PortTables => ({ inCombat: new Set(['p1-hero|p2-hero']), contests, territories: territory ? { 'p1-hero|t1': { distance: 0, wholly: true } } : {} });
  const p2Fights = (s: GameState, tab: PortTables) => reduce(s, { type: 'fight', player: 'p2', unitId: 'p2-hero', target: 'p1-hero' }, tablePort(tab));
  it('Defender of the Realm: STRIKE-FIRST "while they are wholly within friendly territory"', () => {
    expect(p2Fights(p2Combat({ 'p1-hero': ['Defender of the Realm'] }, t(true)), t(true))).toMatchObject({ ok: false, rule: 'Core 13.1' });
    expect(p2Fights(p2Combat({ 'p1-hero': ['Defender of the Realm'] }, t(false)), t(false)).ok).toBe(true);
  });
  it('Indomitable Defenders: STRIKE-FIRST while contesting an objective you control (out of its territory)', () => {
    // Both heroes contest o1 (2 v 2): its controller does not change.
    const tab = t(false, { 'p1-hero': ['o1'], 'p2-hero': ['o1'] });
    expect(p2Fights(p2Combat({ 'p1-hero': ['Indomitable Defenders'] }, tab, ['o1'], 'p1'), tab)).toMatchObject({ ok: false, rule: 'Core 13.1' });
    expect(p2Fights(p2Combat({ 'p1-hero': ['Indomitable Defenders'] }, tab, ['o1'], 'p2'), tab).ok).toBe(true);
  });
  it('Frenzy: WARD (5+) "if it used a FIGHT ability in the same phase"', () => {
    const tab = t(false);
    // p2's hero fights p1's (4 hits, 4 wounds, 4 failed saves, 8 damage); p1's hero fights back with Frenzy: 8 ward rolls at 5+.
    const s = p2Combat({ 'p1-hero': ['Frenzy'], 'p2-hero': [] }, tab);
    s.diceScript = [1, 1, 1, 1];
    const after = apply(s, [{ type: 'fight', player: 'p2', unitId: 'p2-hero', target: 'p1-hero' }, { type: 'pass', player: 'p2' }, { type: 'pass', player: 'p1' }], tab);
    expect(after.events.find((e) => e.type === 'damageResolved')).toBeUndefined(); // four 1s: no hits
    after.s.diceScript = [4, 4, 4, 4, 4, 4, 4, 4, 1, 1, 1, 1, 5, 5, 1, 1, 1, 1, 1, 1];
    const p1 = apply(after.s, [{ type: 'fight', player: 'p1', unitId: 'p1-hero', target: 'p2-hero' }, { type: 'pass', player: 'p2' }, { type: 'pass', player: 'p1' }], tab);
    expect(p1.events.find((e) => e.type === 'damageResolved')).toMatchObject({ unitId: 'p2-hero', ward: null });
    // Only now has p1-hero fought this phase: an attack on it would face WARD (5+).
    const { wardOf } = core;
    expect(wardOf(p1.s, 'p1-hero')).toBe(5);
    expect(wardOf(after.s, 'p1-hero')).toBe(null);
  });
});

describe('casting and chanting (Magic 2.0, 3.0)', () => {
  const wizard = (r: Record<PlayerId, RosterInput>) => {
    const h = r.p1.units[0];
    h.warscroll.keywords.push('WIZARD', 'PRIEST');
    h.warscroll.spells = ['arcaneBolt'];
    h.warscroll.prayers = ['resurrection'];
  };
  const t: PortTables = { inCombat: new Set(), contests: {}, distances: { 'p1-hero|p2-hero': 10 } };
  const castBolt = (abilities: string[], script: number[]) =>
    apply(plain({ 'p1-hero': abilities }, script, wizard), [...start, ...end('p1', 1), { type: 'cast', player: 'p1', unitId: 'p1-hero', spell: 'arcaneBolt', target: 'p2-hero' }], t);
  it('Dedicated Practitioner: "Add 1 to casting rolls for this WIZARD": 3 + 3 + 1 = 7 reaches Arcane Bolt\'s 7', () => {
    expect(castBolt([], [3, 3]).events.find((e) => e.type === 'spellFailed')).toMatchObject({ roll: 6 });
    expect(castBolt(['Dedicated Practitioner'], [3, 3]).events.find((e) => e.type === 'spellCastRoll')).toMatchObject({ roll: 7, modifier: 1 });
  });
  it('Eldritch Ward: a casting roll of 10+ gives WARD (5+) until the start of your next turn (kept through the enemy turn)', () => {
    const r = castBolt(['Eldritch Ward'], [5, 5]);
    expect(r.s.effects).toContainEqual({ kind: 'ward', unitId: 'p1-hero', value: 5, until: 'startOfYourTurn' });
    expect(castBolt(['Eldritch Ward'], [5, 4]).s.effects).toEqual([]);
    // p2 passes on the Unbind; the rest of p1's turn, then p2's turn: still warded; gone at p1's next turn.
    let s = apply(r.s, [{ type: 'pass', player: 'p2' }, ...end('p1', 6)], t).s;
    expect(s.active).toBe('p2');
    expect(core.wardOf(s, 'p1-hero')).toBe(5);
    s = apply(s, end('p2', 7), t).s;
    s = apply(s, [{ type: 'chooseFirstTurn', player: s.decider, first: 'p1' }], t).s;
    expect(core.wardOf(s, 'p1-hero')).toBe(null);
  });
  it('Magical Might: "Reaction: this WIZARD successfully cast a SPELL: Heal (D3)" (face 6 → 3)', () => {
    const s = castBolt(['Magical Might'], [4, 4]).s;
    s.units['p1-hero'].damage = 4;
    // The reaction comes before the spell's effect (Core 5.2): Heal (D3) from face 6 = 3, then Arcane Bolt's D3 from face 2 = 1.
    s.diceScript = [6, 2];
    const r = apply(s, [{ type: 'pass', player: 'p2' }], t);
    expect(r.events.find((e) => e.type === 'healed')).toMatchObject({ unitId: 'p1-hero', amount: 3, healed: 3 });
    expect(r.s.units['p1-hero'].damage).toBe(1);
  });
  it('Arcane Familiar: "Reaction: You declared a SPELL for this WIZARD ... Re-roll 1 of the dice in the casting roll": 2 + 3 fails Arcane Bolt (7); the 2 re-rolled to 6 → 9', () => {
    expect(castBolt([], [2, 3, 6]).events.find((e) => e.type === 'spellFailed')).toMatchObject({ dice: [2, 3], roll: 5 });
    const r = castBolt(['Arcane Familiar'], [2, 3, 6]);
    expect(r.events.find((e) => e.type === 'pathAbility')).toMatchObject({ ability: 'Arcane Familiar', before: [2, 3], rerolled: 0, dice: [6, 3] });
    expect(r.events.find((e) => e.type === 'spellCastRoll')).toMatchObject({ dice: [6, 3], roll: 9 });
    // Master Magical Lore counts the casting roll after the re-roll: 6 + 3 = 9 is 8+ (1 quest point); 2 + 3 is not.
    const lore = { id: 'master-magical-lore' as const, points: 0, unit: null };
    expect([questPointsInLog(r.s, 'p1', lore), questPointsInLog(castBolt([], [2, 3, 6]).s, 'p1', lore)]).toEqual([1, 0]);
    // A roll that already reaches the casting value is kept (no re-roll, no die spent).
    const kept = castBolt(['Arcane Familiar'], [4, 3, 1]);
    expect(kept.events.filter((e) => e.type === 'pathAbility')).toEqual([]);
    expect(kept.s.diceScript).toEqual([1]);
    // The re-rolled die is not re-rolled again (Core 2.2): 3 + 1 = 4 fails.
    expect(castBolt(['Arcane Familiar'], [2, 3, 1]).events.find((e) => e.type === 'spellFailed')).toMatchObject({ dice: [1, 3], roll: 4 });
  });
  it('Arcane Familiar turns a double 1 (miscast, Magic 2.0) into 5 + 1: the spell fails, no mortal damage; once per phase', () => {
    const without = castBolt([], [1, 1, 5]);
    expect(without.events.find((e) => e.type === 'miscast')).toBeTruthy();
    expect(without.s.units['p1-hero'].damage).toBe(3);
    const r = castBolt(['Arcane Familiar'], [1, 1, 5]);
    expect(r.events.find((e) => e.type === 'miscast')).toBeUndefined();
    expect(r.events.find((e) => e.type === 'spellFailed')).toMatchObject({ dice: [5, 1], roll: 6 });
    expect(r.s.units['p1-hero'].damage).toBe(0);
    expect(r.s.oncePerBattle).toEqual(['p1-hero|Arcane Familiar|1:0:hero']);
  });
  it('Master of Ceremonies: "roll 2 dice and pick 1 to be the roll": 2 and 5 → a chanting roll of 5', () => {
    const r = apply(plain({ 'p1-hero': ['Master of Ceremonies'] }, [2, 5], wizard), [...start, ...end('p1', 1), { type: 'chant', player: 'p1', unitId: 'p1-hero', prayer: 'resurrection' }], t);
    expect(r.s.pendingPrayer).toMatchObject({ unmodified: 5, roll: 5 });
  });
});

describe('rally, Redeploy, abilities used in the combat phase', () => {
  it('Rousing Orator: "+1 to rally rolls for friendly units while they are wholly within 12" of this HERO": seven 3s give 7 rally points', () => {
    const t = (d: number): PortTables => ({ inCombat: new Set(), contests: {}, distances: { 'p1-warriors|p1-hero': d } });
    const rally = (d: number) => apply(plain({ 'p1-hero': ['Rousing Orator'] }, [3, 3, 3, 3, 3, 3, 3]), [...start, ...end('p1', 1), { type: 'command', player: 'p1', command: 'rally', unitId: 'p1-warriors' }], t(d)).s.pendingRally;
    expect(rally(12)).toEqual({ unitId: 'p1-warriors', points: 7 });
    expect(rally(12.5)).toBe(null);
  });
  it('Tactical Acumen: in the enemy movement phase a unit wholly within 12" Redeploys without spending command points; once per battle', () => {
    const t: PortTables = { inCombat: new Set(), contests: {}, distances: { 'p1-knights|p1-hero': 8, 'p1-warriors|p1-hero': 13 } };
    const s = apply(plain({ 'p1-hero': ['Tactical Acumen'] }, [6, 4]), [{ type: 'chooseFirstTurn', player: 'p1', first: 'p2' }, ...end('p2', 2)], t).s;
    expect(reduce(s, { type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Tactical Acumen', target: 'p1-warriors' }, tablePort(t))).toMatchObject({ ok: false, rule: 'Ascension › Path of the Leader › Tactical Acumen' });
    const cp = s.players.p1.cp;
    const r = apply(s, [{ type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Tactical Acumen', target: 'p1-knights' }, { type: 'command', player: 'p1', command: 'redeploy', unitId: 'p1-knights' }], t);
    expect(r.events.find((e) => e.type === 'commandUsed')).toMatchObject({ command: 'redeploy', cost: 0, free: 'Ascension › Path of the Leader › Tactical Acumen' });
    expect(r.s.players.p1.cp).toBe(cp);
    expect(reduce(r.s, { type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Tactical Acumen', target: 'p1-hero' }, tablePort(t))).toMatchObject({ ok: false, rule: 'Core 28.2' });
  });
  it('Well of Strength: "Once Per Battle, Any Combat Phase: Heal (D6) this HERO"; Full-on Attack: +1 to hit this phase, once per battle', () => {
    const s0 = plain({ 'p1-hero': ['Well of Strength'], 'p1-knights': ['Full-on Attack'] }, [4]);
    s0.units['p1-hero'].damage = 4;
    const t: PortTables = { inCombat: new Set(), contests: {} };
    expect(reduce(apply(s0, start, t).s, { type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Well of Strength' }, tablePort(t))).toMatchObject({ ok: false });
    const r = apply(s0, [...start, ...end('p1', 5), { type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Well of Strength' }, { type: 'useAbility', player: 'p1', unitId: 'p1-knights', ability: 'Full-on Attack' }], t);
    expect(r.s.units['p1-hero'].damage).toBe(0);
    expect(r.s.effects).toContainEqual({ kind: 'hitBonus', unitId: 'p1-knights', value: 1, until: 'endOfPhase' });
    expect(reduce(r.s, { type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Well of Strength' }, tablePort(t))).toMatchObject({ ok: false, rule: 'Core 28.2' });
    expect(apply(r.s, end('p1', 1), t).s.effects).toEqual([]);
  });
});

describe('twists picked by the underdog (Ascension › Twists; twistPick)', () => {
  /** Round 1 with no underdog: roll-off 6 v 1 → p1 rolls the twist with `face` (D3: ⌈face/2⌉; Wreck and Ruin D6). */
  const twist = (id: AscensionId, roles: Record<PlayerId, string>, face: number, rest: number[] = [], first: PlayerId = 'p1', objectives: string[] = []) =>
    apply(game({ id, roles, script: [6, 1, face, ...rest], objectives }), [{ type: 'chooseFirstTurn', player: 'p1', first }], { inCombat: new Set(), contests: {} }).s;
  const pick = (s: GameState, a: Omit<Extract<Action, { type: 'twistPick' }>, 'type'>, t: PortTables = { inCombat: new Set(), contests: {} }) => reduce(s, { type: 'twistPick', ...a }, tablePort(t));

  it('the roller picks once, at the start of the battle round, what the twist names; refusals name the twist', () => {
    const s = twist('the-ambush', { p1: 'trespasser', p2: 'ambusher' }, 6, [], 'p2'); // 3: Storm the Enemy
    expect(s.ascension?.twists[0].name).toBe('Storm the Enemy');
    const rule = 'Ascension › The Ambush › Storm the Enemy';
    expect(pick(s, { player: 'p2', unitId: 'p2-hero' })).toMatchObject({ ok: false, rule });
    expect(pick(s, { player: 'p1', unitId: 'p2-hero' })).toMatchObject({ ok: false, rule, reason: 'Storm the Enemy picks a friendly unit' });
    const r = pick(s, { player: 'p1', unitId: 'p1-hero' });
    expect(r.ok && r.state.ascension?.twists[0].pick).toEqual({ unitId: 'p1-hero' });
    expect(r.ok && pick(r.state, { player: 'p1', unitId: 'p1-knights' })).toMatchObject({ ok: false, rule });
    // Issue 37 item 2: p2, the active player, cannot end the start-of-turn phase while p1's pick is owed;
    // p1 picking nothing lets it end, and the pick is then closed.
    const t0: PortTables = { inCombat: new Set(), contests: {} };
    expect(reduce(s, end('p2', 1)[0], tablePort(t0))).toMatchObject({ ok: false, rule, reason: 'p1 rolled Storm the Enemy and picks a friendly unit for it first (or picks nothing)' });
    const later = apply(s, [{ type: 'twistPick', player: 'p1' }, ...end('p2', 1)], t0);
    expect(later.events.find((e) => e.type === 'twistDeclined')).toMatchObject({ name: 'Storm the Enemy', player: 'p1' });
    expect(later.s.ascension?.twists[0]).toMatchObject({ declined: true });
    expect(pick(later.s, { player: 'p1', unitId: 'p1-hero' })).toMatchObject({ ok: false, rule });
  });

  it('Storm the Enemy: "that unit has STRIKE-FIRST" until the end of the battle round: p2 cannot fight first in its own turn', () => {
    const t: PortTables = { inCombat: new Set(['p1-hero|p2-hero']), contests: {} };
    const s = apply(twist('the-ambush', { p1: 'trespasser', p2: 'ambusher' }, 6, [], 'p2'), [{ type: 'twistPick', player: 'p1', unitId: 'p1-hero' }, ...end('p2', 4)], t).s;
    expect(s.phase).toBe('combat');
    expect(reduce(s, { type: 'fight', player: 'p2', unitId: 'p2-hero', target: 'p1-hero' }, tablePort(t))).toMatchObject({ ok: false, rule: 'Core 13.1' });
    expect(reduce(s, { type: 'fight', player: 'p1', unitId: 'p1-hero', target: 'p2-hero' }, tablePort(t)).ok).toBe(true);
  });

  it('The Earth Trembles: the picked enemy unit has STRIKE-LAST: it fights after p2\'s unit that has not', () => {
    const t: PortTables = { inCombat: new Set(['p1-hero|p2-hero', 'p1-knights|p2-knights']), contests: {} };
    const s = apply(twist('the-ritual', { p1: 'attacker', p2: 'ritualist' }, 3, [], 'p2'), [{ type: 'twistPick', player: 'p1', unitId: 'p2-hero' }, ...end('p2', 5)], t).s;
    expect(reduce(s, { type: 'fight', player: 'p2', unitId: 'p2-hero', target: 'p1-hero' }, tablePort(t))).toMatchObject({ ok: false, rule: 'Core 19.0' });
    expect(reduce(s, { type: 'fight', player: 'p2', unitId: 'p2-knights', target: 'p1-knights' }, tablePort(t)).ok).toBe(true);
  });

  it('Lead the Attack +1 Attacks (melee), Defensive Formation +1 save, Steeled Resolve −1 to wound', () => {
    const t: PortTables = { inCombat: new Set(['p1-hero|p2-hero']), contests: {} };
    const fightHeroes = (s: GameState, dice: number[], phases = 5) => {
      s.diceScript = dice;
      return attacks(apply(s, [...end('p1', phases), ...fight('p1-hero', 'p2-hero')], t).events)[0];
    };
    // Lead the Attack (The Ruined Settlement, face 6 → 3): the Sword makes 5 attacks.
    const lead = apply(twist('the-ruined-settlement', { p1: 'north', p2: 'south' }, 6), [{ type: 'twistPick', player: 'p1', unitId: 'p1-hero' }], t).s;
    expect(fightHeroes(lead, [1, 1, 1, 1, 1])).toMatchObject({ attacks: 5 });
    // Defensive Formation (The Ambush, face 3 → 2), here hand-built on the target p2-hero (the
    // underdog's own unit in play): a save roll of 3 with Rend 1 and +1 saves. The ambusher's first turn has no movement phase.
    const df = twist('the-ambush', { p1: 'ambusher', p2: 'trespasser' }, 3);
    expect(df.ascension?.twists[0]).toMatchObject({ name: 'Defensive Formation', roller: 'p1' });
    df.ascension!.twists[0].pick = { unitId: 'p2-hero' };
    expect(fightHeroes(df, [6, 6, 6, 6, 6, 6, 6, 6, 3, 3, 3, 3], 4)).toMatchObject({ saveModifier: 0, damage: 0 });
    // Steeled Resolve (The Decisive Battle, face 2 → 1) on the target: wound rolls of 3 fail.
    const sr = twist('the-decisive-battle', { p1: 'raider', p2: 'defender' }, 2);
    sr.ascension!.twists[0].pick = { unitId: 'p2-hero' };
    expect(fightHeroes(sr, [6, 6, 6, 6, 3, 3, 3, 4, 1])).toMatchObject({ woundModifier: -1, wounds: [3, 3, 3, 4], damage: 2 });
  });

  it('Under Dust and Rubble: the objective "cannot be controlled this battle round" (A-R27: it scores for nobody; control is not determined)', () => {
    const t: PortTables = { inCombat: new Set(), contests: { 'p1-knights': ['o1'], 'p1-warriors': ['o2'] } };
    const s = twist('the-ruined-settlement', { p1: 'north', p2: 'south' }, 1, [], 'p1', ['o1', 'o2']);
    s.objectives = { o1: 'p1', o2: 'p1' };
    const r = apply(s, [{ type: 'twistPick', player: 'p1', objectiveId: 'o1' }, ...end('p1', 7)], t);
    expect(r.events.find((e) => e.type === 'vpScored')).toMatchObject({ rule: 'Take and Hold', vp: 1, objectives: ['o2'] });
    expect(r.events.find((e) => e.type === 'control' && e.objectiveId === 'o1' && e.when === 'endOfTurn')).toMatchObject({ suspended: 'Ascension › The Ruined Settlement › Under Dust and Rubble' });
  });

  it("Fool's Gold: the objective is removed from play; At All Costs: +3 control score", () => {
    const fg = apply(twist('relics-of-myth', { p1: 'north', p2: 'south' }, 1, [], 'p1', ['o1', 'o2']), [{ type: 'twistPick', player: 'p1', objectiveId: 'o2' }], { inCombat: new Set(), contests: {} }).s;
    expect([fg.ascension?.outOfPlay, fg.objectives.o2]).toEqual([['o2'], null]);
    // At All Costs (Wreck and Ruin D6, face 4): p1's knights (5 + 3) against p2's knights (5) on o1.
    const t: PortTables = { inCombat: new Set(), contests: { 'p1-knights': ['o1'], 'p2-knights': ['o1'] } };
    const aac = apply(twist('wreck-and-ruin', { p1: 'raider', p2: 'defender' }, 4, [], 'p1', ['o1']), [{ type: 'twistPick', player: 'p1', unitId: 'p1-knights' }, ...end('p1', 7)], t);
    expect(aac.events.find((e) => e.type === 'control' && e.when === 'endOfTurn')).toMatchObject({ scores: { p1: 8, p2: 5 }, controller: 'p1' });
  });

  it('Eruption of Power: a dice for each unit contesting the objective; 4+ → D3 mortal damage (nobody\'s kill)', () => {
    const t: PortTables = { inCombat: new Set(), contests: { 'p1-knights': ['o1'], 'p2-hero': ['o1'] } };
    const s = twist('the-ritual', { p1: 'attacker', p2: 'ritualist' }, 6, [3, 4, 6], 'p1', ['o1']);
    const r = apply(s, [{ type: 'twistPick', player: 'p1', objectiveId: 'o1' }], t);
    // p2-hero (roster order: p1 units first, then p2's): p1-knights rolls 3 (nothing), p2-hero 4 → D3 from 6 = 3.
    expect(r.events.filter((e) => e.type === 'mortalDamage')).toEqual([{ type: 'mortalDamage', unitId: 'p2-hero', amount: 3, source: 'twist:Eruption of Power' }]);
    expect(r.events.find((e) => e.type === 'damageResolved')).toMatchObject({ by: null });
  });

  it('Hold the Line: the underdog\'s Rally spends no command points this battle round', () => {
    const s = twist('the-ambush', { p1: 'ambusher', p2: 'trespasser' }, 1, [1, 1, 1, 1, 1, 1, 1]);
    const cp = s.players.p1.cp;
    const r = apply(s, [...end('p1', 1), { type: 'command', player: 'p1', command: 'rally', unitId: 'p1-warriors' }], { inCombat: new Set(), contests: {} });
    expect(r.events.find((e) => e.type === 'commandUsed')).toMatchObject({ cost: 0, free: 'Ascension › The Ambush › Hold the Line' });
    expect(r.s.players.p1.cp).toBe(cp);
  });

  it('Line-breakers: re-roll the picked unit\'s charge roll; STRIKE-FIRST if it charged this turn', () => {
    const t: PortTables = { inCombat: new Set(), contests: {} };
    const s = apply(twist('the-decisive-battle', { p1: 'raider', p2: 'defender' }, 6, [1, 1, 5, 5]), [{ type: 'twistPick', player: 'p1', unitId: 'p1-knights' }, ...end('p1', 4), { type: 'charge', player: 'p1', unitId: 'p1-knights' }], t).s;
    const r = apply(s, [{ type: 'useAbility', player: 'p1', unitId: 'p1-knights', ability: 'Line-breakers' }], t);
    expect(r.s.units['p1-knights'].turn.chargeRoll).toBe(10);
    expect(reduce(s, { type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Line-breakers' }, tablePort(t))).toMatchObject({ ok: false, rule: 'Ascension › The Decisive Battle › Line-breakers' });
  });
});

describe('The Ritual › Nature of the Ritual (T-59)', () => {
  const ritual = (r: 'blessings' | 'primal-force' | 'cursed' | 'darkness', script: number[], objectives = ['site-1', 'altar']) => {
    const setup: AscensionSetup = { id: 'the-ritual', roles: { p1: 'ritualist', p2: 'attacker' }, table: { width: 60, depth: 44 }, neutralCorners: [], sites: ['site-1'], altar: 'altar', ritual: r };
    const g = createGame({ seed: 5, rosters: rosters(), finishedDeployingFirst: 'p1', battleplan: { objectives, name: 'the-ritual', vpPerObjective: 0, ascension: setup }, diceScript: [6, 1, 1, ...script] });
    if (!g.ok) throw new Error(JSON.stringify(g.issues));
    return g.state;
  };
  // The attacker (p2) chooses who takes the first turn (The Ritual › First Turn): p1.
  const rstart: Action = { type: 'chooseFirstTurn', player: 'p2', first: 'p1' };
  it('Ritual of Primal Force: an unmodified charge roll equal to the ritualist\'s VP (7) gives STRIKE-FIRST this turn; 8 does not', () => {
    const t: PortTables = { inCombat: new Set(), contests: {} };
    const charge = (dice: number[]) => {
      const s = apply(ritual('primal-force', dice), [rstart, ...end('p1', 4)], t).s;
      s.players.p1.vp = 7;
      return apply(s, [{ type: 'charge', player: 'p1', unitId: 'p1-knights' }], t);
    };
    const r = charge([3, 4]);
    expect(r.s.units['p1-knights'].turn.primalForce).toBe(true);
    expect(r.events.find((e) => e.type === 'ritual')).toMatchObject({ ritual: 'Ritual of Primal Force', roll: 7 });
    expect(charge([4, 4]).s.units['p1-knights'].turn.primalForce).toBeUndefined();
  });
  it('Ritual of Darkness: at 8+ VP the ritualist adds 1 to wound rolls for combat attacks; at 7 it does not', () => {
    const t: PortTables = { inCombat: new Set(['p1-hero|p2-hero']), contests: {} };
    const woundsOf = (vp: number) => {
      const s = apply(ritual('darkness', [6, 6, 6, 6, 2, 2, 2, 2, 6, 6, 6, 6]), [rstart, ...end('p1', 5)], t).s;
      s.players.p1.vp = vp;
      return attacks(apply(s, fight('p1-hero', 'p2-hero'), t).events)[0];
    };
    expect(woundsOf(8)).toMatchObject({ woundModifier: 1, wounds: [2, 2, 2, 2], saves: [6, 6, 6, 6] });
    expect(woundsOf(7)).toMatchObject({ wounds: [2, 2, 2, 2], saves: [] });
  });
  it('Ritual of Blessings: each VP the ritualist scores heals D3 on its most damaged unit contesting an objective (A-R17)', () => {
    const t: PortTables = { inCombat: new Set(), contests: { 'p1-hero': ['site-1'] } };
    const s = ritual('blessings', [6]);
    s.units['p1-hero'].damage = 4;
    // End of p1's turn: p1 controls site-1 (1 VP, Power Grows) → one Heal (D3) from face 6 = 3.
    const r = apply(s, [rstart, ...end('p1', 7)], t);
    expect(r.events.find((e) => e.type === 'vpScored')).toMatchObject({ rule: 'Power Grows (sites of power)', vp: 1 });
    expect(r.events.find((e) => e.type === 'healed')).toMatchObject({ unitId: 'p1-hero', healed: 3, rule: 'Ascension › The Ritual › Ritual of Blessings' });
    expect(r.s.units['p1-hero'].damage).toBe(1);
  });
  it('Cursed Ritual: each VP: an enemy unit contesting an objective rolls, 4+ → D3 mortal damage (nobody\'s kill)', () => {
    const t: PortTables = { inCombat: new Set(), contests: { 'p1-hero': ['site-1'], 'p2-knights': ['altar'] } };
    // Control at the start: p1 site-1, p2 altar. End of p1's turn: 1 VP → p2-knights roll 5 → D3 from 4 = 2.
    const r = apply(ritual('cursed', [5, 4]), [rstart, ...end('p1', 7)], t);
    expect(r.events.find((e) => e.type === 'mortalDamage')).toMatchObject({ unitId: 'p2-knights', amount: 2, source: 'ritual:Cursed Ritual' });
    expect(r.events.find((e) => e.type === 'damageResolved')).toMatchObject({ by: null });
  });
});

describe('Path spells and prayers (Path of the Mage / Devout › Legendary)', () => {
  const caster = (r: Record<PlayerId, RosterInput>) => {
    const h = r.p1.units[0];
    h.warscroll.keywords.push('WIZARD', 'PRIEST');
    h.warscroll.spells = ['eldritchCataclysm'];
    h.warscroll.prayers = ['ritualOfDeath', 'ritualOfLife'];
  };
  const t: PortTables = { inCombat: new Set(), contests: {}, distances: { 'p1-hero|p2-warriors': 15 } };
  it('T-65 Eldritch Cataclysm: 10 Liberators within 15": 10 dice, each 4+ → 1 mortal damage, pooled (4 → 2 models of Health 2)', () => {
    const s = apply(plain({}, [4, 4, 1, 2, 3, 4, 5, 6, 4, 2, 3, 3], caster), [...start, ...end('p1', 1), { type: 'cast', player: 'p1', unitId: 'p1-hero', spell: 'eldritchCataclysm', target: 'p2-warriors' }, { type: 'pass', player: 'p2' }], t);
    expect(s.events.find((e) => e.type === 'mortalDamage')).toMatchObject({ unitId: 'p2-warriors', amount: 4, source: 'spell:p1-hero' });
    expect(s.s.units['p2-warriors'].slain).toHaveLength(2);
    const far = { ...t, distances: { 'p1-hero|p2-warriors': 15.1 } };
    expect(reduce(apply(plain({}, [], caster), [...start, ...end('p1', 1)], far).s, { type: 'cast', player: 'p1', unitId: 'p1-hero', spell: 'eldritchCataclysm', target: 'p2-warriors' }, tablePort(far))).toMatchObject({ ok: false, rule: 'Magic 2.0' });
  });
  it('T-66 Ritual of Death: a chanting roll of 5 + 4 ritual points = 9 → D3 mortal damage on each enemy unit (6 → 3 each); 5 + 1 = 6 → 1 each', () => {
    const chant = (points: number, script: number[]) => {
      const s = apply(plain({}, script, caster), [...start, ...end('p1', 1)], t).s;
      s.ritualPoints['p1-hero'] = points;
      return apply(s, [{ type: 'chant', player: 'p1', unitId: 'p1-hero', prayer: 'ritualOfDeath' }, { type: 'answerPrayer', player: 'p1', choice: 'answer' }], t);
    };
    const strong = chant(4, [5, 6, 6, 6]);
    expect(strong.events.filter((e) => e.type === 'mortalDamage').map((e) => [e.unitId, e.amount])).toEqual([['p2-hero', 3], ['p2-warriors', 3], ['p2-knights', 3]]);
    expect(strong.events.find((e) => e.type === 'damageResolved')).toMatchObject({ by: 'p1-hero' });
    const weak = chant(1, [5]);
    expect(weak.events.filter((e) => e.type === 'mortalDamage').map((e) => e.amount)).toEqual([1, 1, 1]);
  });
  it('T-66 Ritual of Life (chanting value 8): 9+ → Heal (D3) each friendly unit; 8 → Heal (1)', () => {
    const chant = (points: number, script: number[]) => {
      const s = apply(plain({}, script, caster), [...start, ...end('p1', 1)], t).s;
      s.ritualPoints['p1-hero'] = points;
      s.units['p1-hero'].damage = 4;
      s.units['p1-knights'].damage = 1;
      return apply(s, [{ type: 'chant', player: 'p1', unitId: 'p1-hero', prayer: 'ritualOfLife' }, { type: 'answerPrayer', player: 'p1', choice: 'answer' }], t).s;
    };
    const strong = chant(4, [5, 6, 6, 6]);
    expect([strong.units['p1-hero'].damage, strong.units['p1-knights'].damage]).toEqual([1, 0]);
    const weak = chant(3, [5]);
    expect([weak.units['p1-hero'].damage, weak.units['p1-knights'].damage]).toEqual([3, 0]);
  });
});

describe('Arcane Conduit and Sunder the Earth (Path of the Mage › Elite / Legendary)', () => {
  const wizards = (r: Record<PlayerId, RosterInput>) => {
    r.p1.units[0].warscroll.keywords.push('WIZARD');
    r.p1.units[0].warscroll.spells = ['arcaneConduit', 'sunderTheEarth'];
    r.p1.units[2].warscroll.keywords.push('WIZARD');
    r.p1.units[2].warscroll.spells = ['arcaneBolt'];
  };
  const t: PortTables = {
    inCombat: new Set(),
    contests: {},
    distances: { 'p1-knights|p2-hero': 10 },
    lines: {
      'p1-hero|20,10': { distance: 18, crossed: ['p1-hero', 'p1-knights', 'p2-warriors'] },
      'p1-hero|30,10': { distance: 18.01, crossed: [] },
      'p1-hero|-1,10': { distance: 5, crossed: [], onBattlefield: false },
    },
  };
  const hero = (script: number[]) => apply(plain({}, script, wizards), [...start, ...end('p1', 1)], t).s;
  const bolt: Action = { type: 'cast', player: 'p1', unitId: 'p1-knights', spell: 'arcaneBolt', target: 'p2-hero' };

  it('Arcane Conduit (CV 3, no target): "Until the end of the phase, add 1 to casting rolls for friendly units": 3 + 3 + 1 = 7 casts Arcane Bolt (7)', () => {
    expect(apply(hero([3, 3]), [bolt], t).events.find((e) => e.type === 'spellFailed')).toMatchObject({ roll: 6 });
    const conduit = apply(hero([2, 1, 3, 3]), [{ type: 'cast', player: 'p1', unitId: 'p1-hero', spell: 'arcaneConduit' }, { type: 'pass', player: 'p2' }], t);
    expect(conduit.events.find((e) => e.type === 'spellCast')).toEqual({ type: 'spellCast', unitId: 'p1-hero', spell: 'arcaneConduit' });
    expect(conduit.s.effects).toEqual([{ kind: 'armyCastingBonus', unitId: 'p1-hero', value: 1, until: 'endOfPhase' }]);
    const r = apply(conduit.s, [bolt], t);
    expect(r.events.find((e) => e.type === 'spellCastRoll')).toMatchObject({ unitId: 'p1-knights', roll: 7, modifier: 1 });
    // Until the end of the phase only.
    expect(apply(r.s, [{ type: 'pass', player: 'p2' }, ...end('p1', 1)], t).s.effects).toEqual([]);
  });
  it('Arcane Conduit picks no target; a unit spell still needs one (Magic 2.0)', () => {
    expect(reduce(hero([]), { type: 'cast', player: 'p1', unitId: 'p1-hero', spell: 'arcaneConduit', target: 'p1-hero' }, tablePort(t))).toMatchObject({ ok: false, rule: 'Magic 2.0' });
    expect(reduce(hero([]), { type: 'cast', player: 'p1', unitId: 'p1-knights', spell: 'arcaneBolt' }, tablePort(t))).toMatchObject({ ok: false, rule: 'Magic 2.0', reason: expect.stringContaining('needs a target') });
  });
  it('T-64 Sunder the Earth (CV 8): a point 18" away; D3 mortal damage on each unit the line crosses, friend and foe (roll for each), not the WIZARD\'s unit', () => {
    // Casting roll 4 + 4 = 8; then a D3 per crossed unit in roster order: p1-knights (face 6 → 3), p2-warriors (face 3 → 2).
    const r = apply(hero([4, 4, 6, 3]), [{ type: 'cast', player: 'p1', unitId: 'p1-hero', spell: 'sunderTheEarth', point: [20, 10] }, { type: 'pass', player: 'p2' }], t);
    expect(r.events.filter((e) => e.type === 'mortalDamage').map((e) => [e.unitId, e.amount, e.source])).toEqual([
      ['p1-knights', 3, 'spell:p1-hero'],
      ['p2-warriors', 2, 'spell:p1-hero'],
    ]);
    // The enemy unit's damage is the caster's kill (A-R16); damage on a friendly unit is nobody's.
    expect(r.events.filter((e) => e.type === 'damageResolved').map((e) => [e.unitId, e.by])).toEqual([['p1-knights', null], ['p2-warriors', 'p1-hero']]);
    expect(r.s.units['p1-hero'].damage).toBe(0);
    // 2 damage on Health 2 Liberators: 1 slain; 3 on Health 2 Vindictors: 1 slain, 1 damage left.
    expect(r.s.units['p2-warriors'].slain).toHaveLength(1);
    expect(r.s.units['p1-knights']).toMatchObject({ damage: 1 });
  });
  it('the scripted policy casts Arcane Conduit with no target and Sunder the Earth at a model of the nearest enemy unit', () => {
    // The table port puts every model at (0, 0): the point is (0, 0), 10" from the WIZARD here.
    const tab: PortTables = { ...t, lines: { 'p1-hero|0,0': { distance: 10, crossed: ['p2-hero'] } } };
    const policy = scriptedPolicy(tablePort(tab));
    const conduit = policy.next(hero([2, 1]));
    expect(conduit.action).toEqual({ type: 'cast', player: 'p1', unitId: 'p1-hero', spell: 'arcaneConduit' });
    const s = hero([]);
    s.players.p1.roster.units[0].warscroll.spells = ['sunderTheEarth'];
    expect(policy.next(s).action).toEqual({ type: 'cast', player: 'p1', unitId: 'p1-hero', spell: 'sunderTheEarth', point: [0, 0] });
  });
  it('Sunder the Earth: the point must be given, on the battlefield and within 18" (18.01" refused)', () => {
    const cast = (point?: [number, number]) => reduce(hero([]), { type: 'cast', player: 'p1', unitId: 'p1-hero', spell: 'sunderTheEarth', ...(point ? { point } : {}) }, tablePort(t));
    expect(cast()).toMatchObject({ ok: false, rule: 'Magic 2.0', reason: expect.stringContaining('pick a point') });
    expect(cast([30, 10])).toMatchObject({ ok: false, rule: 'Magic 2.0', reason: expect.stringContaining('within 18"') });
    expect(cast([-1, 10])).toMatchObject({ ok: false, rule: 'Magic 2.0', reason: expect.stringContaining('not on the battlefield') });
    expect(reduce(hero([]), { type: 'cast', player: 'p1', unitId: 'p1-hero', spell: 'sunderTheEarth', target: 'p2-hero', point: [20, 10] }, tablePort(t))).toMatchObject({ ok: false, rule: 'Magic 2.0' });
  });
});

describe('Deployment Phase abilities (Core 10.0 step 3): Focused Meditation, Hunter\'s Eye', () => {
  const priest = (r: Record<PlayerId, RosterInput>) => r.p1.units[0].warscroll.keywords.push('PRIEST');
  it('Focused Meditation: "This PRIEST gains D3 ritual points" at the end of deployment (face 5 → 3); nothing rolled without it', () => {
    const t: PortTables = { inCombat: new Set(), contests: {} };
    const r = apply(plain({ 'p1-hero': ['Focused Meditation'] }, [5], priest), start, t);
    expect(r.s.ritualPoints['p1-hero']).toBe(3);
    expect(r.events[0]).toMatchObject({ type: 'pathAbility', ability: 'Focused Meditation', value: 3, ritualPoints: 3 });
    expect(r.s.log.find((e) => e.kind === 'roll')).toMatchObject({ purpose: 'focusedMeditation:p1-hero', dice: [3] });
    const none = apply(plain({}, [5], priest), start, t);
    expect(none.s.ritualPoints['p1-hero']).toBeUndefined();
    expect(none.s.diceScript).toEqual([5]);
    // Only once: the next battle round's first-turn choice rolls nothing for it.
    expect(r.s.log.filter((e) => e.kind === 'roll' && e.purpose.startsWith('focusedMeditation')).length).toBe(1);
  });

  const t: PortTables = { inCombat: new Set(['p1-knights|p2-hero']), contests: {} };
  const quarry: Action = { type: 'useAbility', player: 'p1', unitId: 'p1-knights', ability: "Hunter's Eye", target: 'p2-hero' };
  // 5 Vindictors × 2 Spear attacks (hit 3+, wound 3+): 10 hits of 4; wound rolls of 2 fail unmodified, succeed with +1; saves of 1.
  const dice = [...Array(10).fill(4), ...Array(10).fill(2), ...Array(10).fill(1)];
  it('Hunter\'s Eye: "That unit gains the QUARRY keyword. Add 1 to wound rolls for attacks made by this unit that target the QUARRY unit"', () => {
    const without = apply(plain({}, dice), [...start, ...end('p1', 5), ...fight('p1-knights', 'p2-hero')], t);
    expect(attacks(without.events)[0]).toMatchObject({ weapon: 'Spear', wounds: Array(10).fill(2), saves: [], damage: 0 });
    const s = apply(plain({ 'p1-knights': ["Hunter's Eye"] }, dice), [quarry], t).s;
    expect(s.effects).toEqual([{ kind: 'quarry', unitId: 'p1-knights', targetId: 'p2-hero', until: 'endOfBattle' }]);
    const r = apply(s, [...start, ...end('p1', 5), ...fight('p1-knights', 'p2-hero')], t);
    expect(attacks(r.events)[0]).toMatchObject({ weapon: 'Spear', woundModifier: 1, wounds: Array(10).fill(2), saves: Array(10).fill(1), damage: 10 });
    // Kept through the battle: still there after the first battle round.
    const later = apply(r.s, [...end('p1', 2), ...end('p2', 7)], { inCombat: new Set(), contests: {} }).s;
    expect(later.round).toBe(2);
    expect(later.effects).toContainEqual({ kind: 'quarry', unitId: 'p1-knights', targetId: 'p2-hero', until: 'endOfBattle' });
  });
  it('Hunter\'s Eye: an enemy unit, in the deployment phase only, once per battle (Core 28.2)', () => {
    const s = plain({ 'p1-knights': ["Hunter's Eye"] });
    const rule = "Ascension › Path of the Attacker › Hunter's Eye";
    expect(reduce(s, { ...quarry, target: 'p1-hero' }, tablePort(t))).toMatchObject({ ok: false, rule });
    expect(reduce(s, { ...quarry, target: undefined } as Action, tablePort(t))).toMatchObject({ ok: false, rule });
    expect(reduce(apply(s, start, t).s, quarry, tablePort(t))).toMatchObject({ ok: false, rule });
    expect(reduce(apply(s, [quarry], t).s, { ...quarry, target: 'p2-knights' }, tablePort(t))).toMatchObject({ ok: false, rule: 'Core 28.2' });
    expect(reduce(plain({}), quarry, tablePort(t))).toMatchObject({ ok: false, rule });
  });
  it('the scripted policy uses Hunter\'s Eye on the enemy general before choosing the first turn, then goes on', () => {
    const policy = scriptedPolicy(tablePort(t));
    const first = policy.next(plain({ 'p1-knights': ["Hunter's Eye"] }));
    expect(first.action).toEqual(quarry);
    expect(policy.next(first.result.state).action).toMatchObject({ type: 'chooseFirstTurn' });
    expect(policy.next(plain({})).action).toMatchObject({ type: 'chooseFirstTurn' });
  });
});

describe('Righteous Conviction (Path of the Devout › Elite, chanting value 4)', () => {
  it('a friendly unit wholly within 12": +1 to wound rolls for its combat attacks until the start of your next turn', () => {
    const priest = (r: Record<PlayerId, RosterInput>) => {
      r.p1.units[0].warscroll.keywords.push('PRIEST');
      r.p1.units[0].warscroll.prayers = ['righteousConviction'];
    };
    const t: PortTables = { inCombat: new Set(['p1-hero|p2-hero']), contests: {}, distances: { 'p1-knights|p1-hero': 12, 'p1-warriors|p1-hero': 12.2 } };
    const s = apply(plain({}, [4], priest), [...start, ...end('p1', 1), { type: 'chant', player: 'p1', unitId: 'p1-hero', prayer: 'righteousConviction' }], t).s;
    expect(reduce(s, { type: 'answerPrayer', player: 'p1', choice: 'answer', target: 'p1-warriors' }, tablePort(t))).toMatchObject({ ok: false, rule: 'Magic 3.0' });
    const r = apply(s, [{ type: 'answerPrayer', player: 'p1', choice: 'answer', target: 'p1-hero' }], t).s;
    expect(r.effects).toContainEqual({ kind: 'woundBonus', unitId: 'p1-hero', value: 1, until: 'startOfYourTurn' });
    // Sword wounds on 3+: wound rolls of 2 succeed with +1.
    r.diceScript = [6, 6, 6, 6, 2, 2, 2, 2, 6, 6, 6, 6];
    const f = apply(r, [...end('p1', 4), ...fight('p1-hero', 'p2-hero')], t);
    expect(attacks(f.events)[0]).toMatchObject({ woundModifier: 1, saves: [6, 6, 6, 6] });
  });
});
