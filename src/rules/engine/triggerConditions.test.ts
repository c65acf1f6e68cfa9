/**
 * Abilities that hang on what just happened (issue 34, session 37): the conditions of their trigger,
 * Declare or Effect the engine reads (`abilities/triggerConditions.ts`) and the per-turn unit history
 * they need (`unitHistory.ts`: used a Move ability, the enemy units its combat attacks damaged).
 *
 * Core 5.2 "Using Abilities": "1. Declare the Ability ... 2. Use Reactions: Starting with the active
 * player (see 12.0), the players alternate using any abilities with an appropriate Reaction timing.
 * 3. Resolve the Effect". Core 5.1: the 'Charge' ability "can only be used by a unit if it did not use
 * an ability with the RUN or RETREAT keyword earlier in the turn" (the keywords of an ability used this
 * turn are part of the game). Core 14.2 'Normal Move' has the keywords CORE, MOVE.
 *
 * The texts are the fixture rosters' (kb-001 Pick 'Em Off; dok-001 Heartseekers; ij-001 The Shield
 * Inviolate; nh-001 Spell-eaters, Evocation of Death; fec-001 Elite Guardians; skv-001 More-more Doom!,
 * Warpstone Snipers; ij-001 Strength From Victory), with the test armies' keywords in place of their
 * factions'. Dice are scripted (the game's dice script).
 */
import { describe, expect, it } from 'vitest';
import { ability, gameAtHero, play, refused, roster, tablePortAt, timing, toPhase, KB } from './abilityKit.test-helpers';
import type { Ability } from '../abilities/schema';
import { parseEffect } from '../abilities/parseEffect';
import { unitAbilityOptions } from '../../game/abilityOptions';
import type { RosterInput } from './roster';
import type { GameState } from './state';
import type { GeometryPort } from './geometryPort';

const offered = (s: GameState, port: GeometryPort, unitId: string, name: string) =>
  unitAbilityOptions(s, port, unitId)
    .filter((e) => e.ability?.name === name)
    .map((e) => (e.available ? true : { reason: e.reason, rule: e.rejectedBy }));

const PICK_EM_OFF = "If this unit has not used a Move ability this turn and was not set up this turn, add 1 to hit rolls for this unit's shooting attacks for the rest of the turn.";
const WARPSTONE_SNIPERS = "If this unit has not used a Move ability this turn and was not set up this turn, add 6\" to the Range characteristic of this unit's Warplock Jezzails for the rest of the turn.";

describe("\"If this unit has not used a Move ability this turn and was not set up this turn\" (Pick 'Em Off, kb-001)", () => {
  const shooting = timing('Your Shooting Phase', 'shooting', 'your');
  const parsed = parseEffect({ declare: null, effect: PICK_EM_OFF, timing: shooting, knownKeywords: [] });
  const pickEmOff = ability({ name: "Pick 'Em Off", timing: shooting, effect: PICK_EM_OFF, resolves: parsed.resolves });
  // p2's Gutrippaz 14" from p1's: in range of the Bows (18"), not in combat.
  const port = tablePortAt({ 'p2-boyz': [28, 15] });
  const shoot = { type: 'shoot', player: 'p1', unitId: 'p1-boyz', target: 'p2-boyz' } as const;

  it('is read whole: +1 to hit for shooting attacks for the rest of the turn, if the unit did not move and was not set up (an `if`, checked when it resolves)', () => {
    expect(parsed.resolves).toEqual([{ modify: 'hit', by: 1, attacks: 'ranged', targets: 'self', duration: 'turn', if: { usedMove: false, setUp: false, unit: 'self' } }]);
  });

  it('its twin with an effect outside the vocabulary (Warpstone Snipers, skv-001: +6" Range) stays by hand', () => {
    expect(parseEffect({ declare: null, effect: WARPSTONE_SNIPERS, timing: shooting, knownKeywords: [] }).resolves).toBeNull();
  });

  it('not moved: the hit rolls of the Bows get +1 (4+ to hit, hitModifier 1)', () => {
    const s0 = toPhase(gameAtHero(roster('p1', [], [pickEmOff]), roster('p2'), port), port, 'shooting');
    expect(s0.units['p1-boyz'].turn.usedMove).toBeUndefined();
    const used = play(s0, port, [{ type: 'useAbility', player: 'p1', unitId: 'p1-boyz', ability: "Pick 'Em Off" }]);
    expect(used.events.some((e) => e.type === 'abilityEffectSkipped')).toBe(false);
    const shot = play(used.s, port, [shoot, { type: 'pass', player: 'p1' }, { type: 'pass', player: 'p2' }]);
    expect(shot.events.find((e) => e.type === 'attacksResolved')).toMatchObject({ weapon: 'Bow', hitModifier: 1 });
  });

  it("after a Normal Move (a MOVE ability, Core 14.2) the unit's history says so and the effect is skipped: no +1", () => {
    const s0 = toPhase(gameAtHero(roster('p1', [], [pickEmOff]), roster('p2'), port), port, 'movement');
    // Each Gutrippaz 1" along +x (they stand at x = 14, y = 15 + 1.3 i).
    const paths = Object.fromEntries([0, 1, 2, 3, 4].map((i) => [`p1-boyz-m${i + 1}`, [[15, 15 + i * 1.3] as [number, number]]]));
    const moved = play(s0, port, [{ type: 'move', player: 'p1', unitId: 'p1-boyz', kind: 'normal', paths }]).s;
    expect(moved.units['p1-boyz'].turn.usedMove).toBe(true);
    expect(moved.units['p1-hero'].turn.usedMove).toBeUndefined();
    const s = toPhase(moved, port, 'shooting');
    const used = play(s, port, [{ type: 'useAbility', player: 'p1', unitId: 'p1-boyz', ability: "Pick 'Em Off" }]);
    expect(used.events.find((e) => e.type === 'abilityEffectSkipped')).toMatchObject({ unitId: 'p1-boyz' });
    const shot = play(used.s, port, [shoot, { type: 'pass', player: 'p1' }, { type: 'pass', player: 'p2' }]);
    expect(shot.events.find((e) => e.type === 'attacksResolved')).toMatchObject({ weapon: 'Bow', hitModifier: 0 });
    // The history is per turn (reset with the other turn flags).
    const next = toPhase(play(toPhase(shot.s, port, 'endOfTurn'), port, [{ type: 'endPhase', player: 'p1' }]).s, port, 'hero');
    expect(next.active).toBe('p2');
    expect(next.units['p1-boyz'].turn.usedMove).toBeUndefined();
  });

  it('a game whose armies have no ability that reads the history does not record it (its state and hash as before)', () => {
    const s0 = toPhase(gameAtHero(roster('p1'), roster('p2'), port), port, 'movement');
    const paths = Object.fromEntries([0, 1, 2, 3, 4].map((i) => [`p1-boyz-m${i + 1}`, [[15, 15 + i * 1.3] as [number, number]]]));
    expect(play(s0, port, [{ type: 'move', player: 'p1', unitId: 'p1-boyz', kind: 'normal', paths }]).s.units['p1-boyz'].turn.usedMove).toBeUndefined();
  });
});

describe('a reaction\'s trigger "..., it was not set up this turn and it has not used a Move ability this turn" (More-more Doom!, skv-001)', () => {
  const text = 'You declared a Shoot ability for this unit, it was not set up this turn and it has not used a Move ability this turn';
  const doom = ability({ name: 'More-more Doom!', timing: timing(`Reaction: ${text}`, 'reaction', 'your', undefined, text), effect: 'Roll a dice. On a 2+, set the Damage characteristic of its Doomrocket to D3+3 for the rest of the turn. On a 1, inflict D3 mortal damage on this unit.' });
  const port = tablePortAt({ 'p2-boyz': [28, 15] });
  const shoot = { type: 'shoot', player: 'p1', unitId: 'p1-boyz', target: 'p2-boyz' } as const;

  it('offered while its Shoot ability waits for reactions when the unit stood still', () => {
    const s = play(toPhase(gameAtHero(roster('p1', [], [doom]), roster('p2'), port), port, 'shooting'), port, [shoot]).s;
    expect(offered(s, port, 'p1-boyz', 'More-more Doom!')).toEqual([true]);
  });

  it('after a Normal Move: offered as not available, naming the condition (Core 5.2), and refused', () => {
    const s0 = toPhase(gameAtHero(roster('p1', [], [doom]), roster('p2'), port), port, 'movement');
    const paths = Object.fromEntries([0, 1, 2, 3, 4].map((i) => [`p1-boyz-m${i + 1}`, [[15, 15 + i * 1.3] as [number, number]]]));
    const s = play(toPhase(play(s0, port, [{ type: 'move', player: 'p1', unitId: 'p1-boyz', kind: 'normal', paths }]).s, port, 'shooting'), port, [shoot]).s;
    expect(offered(s, port, 'p1-boyz', 'More-more Doom!')).toEqual([{ reason: expect.stringContaining('"p1-boyz" has used a Move ability this turn'), rule: 'Core 5.2' }]);
    expect(refused(s, port, { type: 'useAbility', player: 'p1', unitId: 'p1-boyz', ability: 'More-more Doom!' })).toMatchObject({ rule: 'Core 5.2' });
  });
});

describe('"if all of this unit\'s attacks targeted the same enemy unit" (Heartseekers, dok-001)', () => {
  const text = 'You declared a Shoot ability for this unit';
  const heartseekers = ability({
    name: 'Heartseekers',
    timing: timing(`Once Per Turn (Army), Reaction: ${text}`, 'reaction', 'your', { per: 'turn', army: true }, text),
    effect: "After that Shoot ability has been resolved, if all of this unit's attacks targeted the same enemy unit, roll a dice. Add 1 to the roll if any other friendly Blood Stalkers units picked that enemy unit to be the target of all of their shooting attacks this turn. On a 3+, until the start of your next turn, subtract 1 from the number of dice rolled when making charge rolls for the target, to a minimum of 1.",
  });
  // The Gutrippaz get a second ranged weapon, so their attacks can be split.
  const p1 = roster('p1', [], [heartseekers]) as { units: { weapons: unknown[] }[] } & RosterInput;
  p1.units[1].weapons.push({ name: 'Javelin', range: 18, attacks: 1, hit: '4+', wound: '4+', rend: 0, damage: 1 });
  const port = tablePortAt({ 'p2-boyz': [28, 15], 'p2-gits': [28, 25] });
  const at = () => toPhase(gameAtHero(p1, roster('p2'), port), port, 'shooting');

  it('all its attacks at the Gutrippaz: offered', () => {
    const s = play(at(), port, [{ type: 'shoot', player: 'p1', unitId: 'p1-boyz', target: 'p2-boyz' }]).s;
    expect(offered(s, port, 'p1-boyz', 'Heartseekers')).toEqual([true]);
    const r = play(s, port, [{ type: 'useAbility', player: 'p1', unitId: 'p1-boyz', ability: 'Heartseekers' }]);
    expect(r.events.find((e) => e.type === 'abilityUsed')).toMatchObject({ name: 'Heartseekers', reactsTo: 'Shoot' });
  });

  it('Bows at the Gutrippaz, Javelins at the Hobgrots: not available (its Effect would do nothing; its Once Per Turn (Army) is kept)', () => {
    const s = play(at(), port, [{ type: 'shoot', player: 'p1', unitId: 'p1-boyz', target: 'p2-boyz', weaponTargets: { Javelin: 'p2-gits' } }]).s;
    expect(s.pendingAttack?.assignments.map((x) => x.target).sort()).toEqual(['p2-boyz', 'p2-gits']);
    expect(offered(s, port, 'p1-boyz', 'Heartseekers')).toEqual([{ reason: expect.stringContaining('its attacks target 2 units'), rule: 'Heartseekers: Effect' }]);
    expect(refused(s, port, { type: 'useAbility', player: 'p1', unitId: 'p1-boyz', ability: 'Heartseekers' }).rule).toBe('Heartseekers: Effect');
  });
});

describe('"If this unit was picked to be the target of that spell" (The Shield Inviolate, ij-001; Spell-eaters, nh-001)', () => {
  const text = 'Opponent declared a Spell ability';
  const shield = ability({ name: 'The Shield Inviolate', timing: timing(`Reaction: ${text}`, 'reaction', 'enemy', undefined, text), effect: 'If this unit was picked to be the target of that spell, roll a dice. On a 3+, ignore the effect of that spell on this unit. This unit can use this ability more than once per phase but only once per Spell ability.' });
  const spellEaters = ability({ name: 'Spell-eaters', timing: timing(`Reaction: ${text}`, 'reaction', 'enemy', undefined, text), effect: "If a friendly Kruleboyz unit wholly within 12\" of this unit was picked to be the target of that spell, this unit can use the 'Unbind' ability as if it had Wizard (1). Add 1 to the unbinding roll for that ability. If the spell is unbound, inflict D3 mortal damage on the caster" });
  // p2's Gutrippaz 8" from p1's Shaman (Choking Mist: 12"); p2's Hobgrots 3" behind them (INFANTRY, not KRULEBOYZ).
  const port = tablePortAt({ 'p1-hero': [12, 15], 'p2-boyz': [20, 15], 'p2-hero': [21, 22], 'p2-gits': [23, 15] });
  const cast = (target: string) => play(gameAtHero(roster('p1', [], [], [KB.chokingMist]), withGits(roster('p2', [shield], [shield]), [spellEaters]), port, [4, 4]), port, [{ type: 'cast', player: 'p1', unitId: 'p1-hero', spell: 'choking-mist', target }]).s;

  it('the spell picked the Gutrippaz: offered to the Gutrippaz while the spell waits for the unbinding roll (before it resolves, Magic 4.0), not to the Shaman', () => {
    const s = cast('p2-boyz');
    expect(s.pendingSpell).toMatchObject({ targets: ['p2-boyz'] });
    expect(offered(s, port, 'p2-boyz', 'The Shield Inviolate')).toEqual([true]);
    expect(offered(s, port, 'p2-hero', 'The Shield Inviolate')).toEqual([{ reason: expect.stringContaining('this unit was not picked to be the target of that spell (p2-boyz)'), rule: 'The Shield Inviolate: Effect' }]);
    const r = play(s, port, [{ type: 'useAbility', player: 'p2', unitId: 'p2-boyz', ability: 'The Shield Inviolate' }]);
    expect(r.events.find((e) => e.type === 'abilityUsed')).toMatchObject({ name: 'The Shield Inviolate', reactsTo: 'Choking Mist' });
    expect(r.s.pendingSpell).not.toBeNull();
  });

  it('Spell-eaters (on the Hobgrots): a friendly KRULEBOYZ unit wholly within 12" of them picked: offered; with the Hobgrots 24" away: not', () => {
    expect(offered(cast('p2-boyz'), port, 'p2-gits', 'Spell-eaters')).toEqual([true]);
    const far = tablePortAt({ 'p1-hero': [12, 15], 'p2-boyz': [20, 15], 'p2-hero': [21, 22], 'p2-gits': [44, 15] });
    const s = play(gameAtHero(roster('p1', [], [], [KB.chokingMist]), withGits(roster('p2', [shield], [shield]), [spellEaters]), far, [4, 4]), far, [{ type: 'cast', player: 'p1', unitId: 'p1-hero', spell: 'choking-mist', target: 'p2-boyz' }]).s;
    expect(offered(s, far, 'p2-gits', 'Spell-eaters')).toEqual([{ reason: expect.stringContaining('a friendly Kruleboyz unit wholly within 12" of it was not picked'), rule: 'Spell-eaters: Effect' }]);
  });
});

/** The roster with abilities on its Hobgrot Slittaz. */
function withGits(r: RosterInput, abilities: Ability[]): RosterInput {
  const out = structuredClone(r) as RosterInput & { units: { id: string; warscroll: { abilities?: Ability[] } }[] };
  out.units.find((u) => u.id.endsWith('-gits'))!.warscroll.abilities = abilities;
  return out;
}

describe('"If any damage points were allocated to an enemy unit by this unit\'s combat attacks this turn and that enemy unit has been destroyed" (Evocation of Death, nh-001; Strength From Victory, ij-001)', () => {
  const endOfTurn = timing('End of Any Turn', 'endOfTurn', 'any');
  const evocation = ability({
    name: 'Evocation of Death',
    timing: endOfTurn,
    declare: 'If any damage points were allocated to an enemy unit by this unit\'s combat attacks this turn and that enemy unit was destroyed this turn, pick a friendly non-Unique Kruleboyz Hero that has been destroyed.',
    effect: 'Set up a replacement unit wholly within 12" of this unit. The replacement unit can only be set up in combat with enemy units that are in combat with this unit.',
  });
  const strength = ability({
    name: 'Strength From Victory',
    timing: endOfTurn,
    effect: "If any damage points were allocated to an enemy unit by this unit's combat attacks this turn and that enemy unit has been destroyed, give this unit a Waaagh! token, to a maximum of 3.\nUntil the end of the next turn, add 1 to the Attacks characteristic of this unit's weapons for each Waaagh! token it has.",
  });
  // p2's Hobgrots (3 models, Health 1, 6+ save) in combat with p1's Gutrippaz: models 1.4" apart, centre to centre.
  const port = tablePortAt({ 'p2-gits': [15.4, 15] });
  const fight = (dice: number[]) => {
    const s0 = toPhase(gameAtHero(roster('p1', [], [evocation, strength]), roster('p2'), port, dice), port, 'combat');
    return play(s0, port, [{ type: 'fight', player: 'p1', unitId: 'p1-boyz', target: 'p2-gits' }, { type: 'pass', player: 'p1' }, { type: 'pass', player: 'p2' }]);
  };

  it('before any fight: Evocation of Death not available (its Declare), Strength From Victory available (its second paragraph applies anyway)', () => {
    const apart = tablePortAt();
    const s = toPhase(gameAtHero(roster('p1', [], [evocation, strength]), roster('p2'), apart), apart, 'endOfTurn');
    expect(offered(s, apart, 'p1-boyz', 'Evocation of Death')).toEqual([{ reason: expect.stringContaining('no damage points were allocated to an enemy unit by "p1-boyz"\'s combat attacks this turn'), rule: 'Evocation of Death: Declare' }]);
    expect(offered(s, apart, 'p1-boyz', 'Strength From Victory')).toEqual([true]);
  });

  it('the Hobgrots damaged but not destroyed: recorded, still not available', () => {
    // 5 Gutrippaz × 2 attacks: hits 6 6 and eight 1s, wounds 6 6 (4+), saves 1 6 (6+): 1 damage point allocated, 1 Hobgrot slain, 2 left.
    const r = fight([6, 6, 1, 1, 1, 1, 1, 1, 1, 1, 6, 6, 1, 6]);
    expect(r.events.find((e) => e.type === 'attacksResolved')).toMatchObject({ models: 5, attacks: 10, hits: [6, 6, 1, 1, 1, 1, 1, 1, 1, 1], wounds: [6, 6], saves: [1, 6], damage: 1 });
    expect(r.s.units['p1-boyz'].turn.combatDamaged).toEqual(['p2-gits']);
    expect(r.s.units['p2-gits'].slain).toHaveLength(1);
    // The Hobgrots left fight back (Core 13.1: every unit in combat fights), then the turn ends.
    const back = play(r.s, port, [{ type: 'fight', player: 'p2', unitId: 'p2-gits', target: 'p1-boyz' }, { type: 'pass', player: 'p1' }, { type: 'pass', player: 'p2' }]).s;
    const s = toPhase(back, port, 'endOfTurn');
    expect(offered(s, port, 'p1-boyz', 'Evocation of Death')).toEqual([{ reason: expect.stringContaining('(p2-gits) has been destroyed'), rule: 'Evocation of Death: Declare' }]);
  });

  it('the Hobgrots destroyed by the fight: available at the end of the turn', () => {
    // 10 attacks: hits 6 ×10, wounds 6 ×10, saves 1 ×10: 10 damage points on 3 models of Health 1: destroyed.
    const r = fight([...Array(20).fill(6), ...Array(10).fill(1)]);
    expect(r.events.find((e) => e.type === 'attacksResolved')).toMatchObject({ attacks: 10, damage: 10 });
    expect(r.events.some((e) => e.type === 'unitDestroyed' && e.unitId === 'p2-gits')).toBe(true);
    const s = toPhase(r.s, port, 'endOfTurn');
    expect(offered(s, port, 'p1-boyz', 'Evocation of Death')).toEqual([true]);
  });
});

describe('"If this unit is in combat with any enemy units that charged this turn" (Elite Guardians, fec-001)', () => {
  const elite = ability({
    name: 'Elite Guardians',
    timing: timing('Once Per Turn (Army), Any Combat Phase', 'combat', 'any', { per: 'turn', army: true }),
    effect: 'If this unit is in combat with any enemy units that charged this turn, roll a dice. On a 3+, for the rest of the turn, this unit has Strike-first but ward rolls cannot be made for it.',
  });

  it("p1's Gutrippaz charge p2's (charge roll 6 + 6): Elite Guardians available to p2 in the combat phase", () => {
    const port = tablePortAt({ 'p2-boyz': [20, 15] });
    const s0 = toPhase(gameAtHero(roster('p1'), roster('p2', [], [elite]), port, [6, 6]), port, 'charge');
    // Each Gutrippaz 4.5" along +x: 1.5" centre to centre from p2's (edges 0.24" apart, within 1/2").
    const paths = Object.fromEntries([0, 1, 2, 3, 4].map((i) => [`p1-boyz-m${i + 1}`, [[18.5, 15 + i * 1.3] as [number, number]]]));
    const charged = play(s0, port, [{ type: 'charge', player: 'p1', unitId: 'p1-boyz' }, { type: 'move', player: 'p1', unitId: 'p1-boyz', kind: 'charge', paths }]).s;
    expect(charged.units['p1-boyz'].turn.charged).toBe(true);
    const s = toPhase(charged, port, 'combat');
    expect(offered(s, port, 'p2-boyz', 'Elite Guardians')).toEqual([true]);
  });

  it('in combat with no unit that charged: not available, naming the units', () => {
    const port = tablePortAt({ 'p2-boyz': [15.5, 15] });
    const s = toPhase(gameAtHero(roster('p1'), roster('p2', [], [elite]), port), port, 'combat');
    expect(offered(s, port, 'p2-boyz', 'Elite Guardians')).toEqual([{ reason: expect.stringContaining('no enemy unit in combat with "p2-boyz" charged this turn (p1-boyz)'), rule: 'Elite Guardians: Effect' }]);
  });
});

describe('a trigger "for a unit within 12" of this unit" (If I Cannot Rule, None Shall Rule!, nh-001)', () => {
  const text = 'Opponent declared a command for a unit within 12" of this unit';
  const cannotRule = ability({ name: 'If I Cannot Rule, None Shall Rule!', timing: timing(`Reaction: ${text}`, 'reaction', 'enemy', undefined, text), effect: 'Roll a dice. On a 3+, unless your opponent spends 1 additional command point to use that command, the command has no effect.' });
  const rally = { type: 'command', player: 'p1', command: 'rally', unitId: 'p1-boyz' } as const;

  it('p1 rallies its Gutrippaz 9.4" from p2\'s Shaman: offered; 30" away: not (measured on the table)', () => {
    const near = tablePortAt({ 'p2-hero': [22, 22] });
    const s = play(gameAtHero(roster('p1'), roster('p2', [cannotRule]), near, [1, 1, 1, 1, 1, 1]), near, [rally]).s;
    expect(offered(s, near, 'p2-hero', 'If I Cannot Rule, None Shall Rule!')).toEqual([true]);
    const far = tablePortAt({ 'p2-hero': [46, 20] });
    const t = play(gameAtHero(roster('p1'), roster('p2', [cannotRule]), far, [1, 1, 1, 1, 1, 1]), far, [rally]).s;
    expect(offered(t, far, 'p2-hero', 'If I Cannot Rule, None Shall Rule!')).toEqual([{ reason: expect.stringContaining('it was declared for p1-boyz, not for a unit within 12" of this unit'), rule: 'Core 5.2' }]);
  });
});
