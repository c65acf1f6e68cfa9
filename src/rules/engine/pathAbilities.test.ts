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
import { sampleRoster, tablePort, type PortTables } from './testkit';
import { championSlewInGame } from '../../campaign/outcome';

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

function apply(s: GameState, actions: Action[], t: PortTables): { s: GameState; events: GameEvent[] } {
  const events: GameEvent[] = [];
  for (const a of actions) {
    const r = reduce(s, a, tablePort(t));
    if (!r.ok) throw new Error(`rejected ${JSON.stringify(a)}: ${r.reason} (${r.rule})`);
    s = r.state;
    events.push(...r.events);
  }
  return { s, events };
}
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
