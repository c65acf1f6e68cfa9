/**
 * Reactions to declarations the engine resolves at once (issue 34 item 2; Core 5.2 "Use Reactions:
 * Starting with the active player, the players alternate using any abilities with an appropriate
 * Reaction timing"): commands, the Charge ability and army abilities that pick a unit open a
 * window; the matching reactions are offered to the player they belong to (often the opponent)
 * until play moves on. The reactions are the real texts of the fixture rosters (sce-002 Ruination
 * Chamber, kb-001 Keep 'Em in Line, nh-001 If I Cannot Rule, None Shall Rule!, dok-001 Strident War
 * Cry, fec-001 Infected), keywords of the test armies in place of their factions'.
 */
import { describe, expect, it } from 'vitest';
import { ability, gameAtHero, play, refused, roster, tablePortAt, timing, toPhase } from './abilityKit.test-helpers';
import type { Ability } from '../abilities/schema';
import { reactionMatches, windowProblem, type Trigger } from '../abilities/timing';
import { generalAbilityOptions, unitAbilityOptions } from '../../game/abilityOptions';

const reaction = (name: string, text: string, effect: string, limit?: Ability['timing']['limit']): Ability =>
  ability({ name, timing: timing(`${limit ? 'Once Per Turn (Army), ' : ''}Reaction: ${text}`, 'reaction', /^You/.test(text) ? 'your' : /^Opponent/.test(text) ? 'enemy' : 'any', limit, text), effect });
/** sce-002, on many units: "Ruination Chamber". */
const ruination = reaction('Ruination Chamber', 'This unit was picked as the target of a non-**^^Core^^** ability', 'Make a resistance roll of D6. On a 4+, that ability has no effect on this unit.', { per: 'turn', army: true });
/** kb-001, Killaboss with Stab-grot: "Keep 'Em in Line". */
const keepEmInLine = reaction("Keep 'Em in Line", "You declared the 'All-out Attack' command for a friendly **^^Kruleboyz Infantry^^** unit", "If this unit is wholly within 12\" of the unit using the 'All-out Attack' command, add 1 to wound rolls for combat attacks made by that unit for the rest of the phase.");
/** nh-001, Kurdoss Valentian: "If I Cannot Rule, None Shall Rule!". */
const cannotRule = reaction('If I Cannot Rule, None Shall Rule!', 'Opponent declared a command for a unit within 12" of this unit', 'Roll a dice. On a 3+, unless your opponent spends 1 additional command point to use that command, the command has no effect.');
/** dok-001 battle trait: "Strident War Cry" (the army's). */
const stridentWarCry = reaction('Strident War Cry', 'You declared a **^^Charge^^** ability for an anointed unit', 'Pick a friendly non-Hero unit ... In addition, you can re-roll charge rolls for the target for the rest of the phase.', { per: 'turn', army: true });
/** A non-Core ability of p1 that picks an enemy unit (Wither's shape, not a spell). */
const hex = ability({
  name: 'Hex',
  timing: timing('Your Hero Phase', 'hero', 'your'),
  declare: 'Pick a visible enemy unit within 12" of this unit to be the target.',
  effect: 'Inflict 1 mortal damage on the target.',
  picks: [{ kind: 'enemyUnit', within: 12, visible: true }],
  resolves: [{ mortal: 1, targets: 'targets' }],
});

const port = tablePortAt({ 'p2-boyz': [20, 15], 'p2-hero': [22, 22] });
const offered = (list: { ability?: { name: string }; available: boolean; action: { player: string } }[], name: string) => list.filter((e) => e.ability?.name === name).map((e) => [e.action.player, e.available]);

describe('"This unit was picked as the target of a non-Core ability" (Ruination Chamber)', () => {
  const s0 = gameAtHero(roster('p1', [hex]), roster('p2', [], [ruination]), port);

  it('is not offered before anything picks the unit (Core 5.2)', () => {
    expect(offered(unitAbilityOptions(s0, port, 'p2-boyz'), 'Ruination Chamber')).toEqual([]);
    expect(windowProblem(s0, ruination, 'p2', 'p2-boyz')).toMatchObject({ rule: 'Core 5.2' });
  });

  it('p1 uses Hex on the Gutrippaz: Ruination Chamber is offered to p2 (the opponent) for that unit, and used', () => {
    const r = play(s0, port, [{ type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Hex', targets: ['p2-boyz'] }]);
    expect(r.s.abilities?.declared).toMatchObject([{ player: 'p1', unitId: 'p1-hero', name: 'Hex', targets: ['p2-boyz'] }]);
    expect(offered(unitAbilityOptions(r.s, port, 'p2-boyz'), 'Ruination Chamber')).toEqual([['p2', true]]);
    const used = play(r.s, port, [{ type: 'useAbility', player: 'p2', unitId: 'p2-boyz', ability: 'Ruination Chamber' }]);
    expect(used.events.find((e) => e.type === 'abilityUsed')).toMatchObject({ player: 'p2', unitId: 'p2-boyz', name: 'Ruination Chamber' });
    expect(used.events.some((e) => e.type === 'abilityAwaitsByHand')).toBe(true);
    // Once Per Turn (Army): offered, not available, after its use; the window stays open through the reaction.
    expect(offered(unitAbilityOptions(used.s, port, 'p2-boyz'), 'Ruination Chamber')).toEqual([['p2', false]]);
    // Resolved by hand by p2 in p1's turn; the resistance roll failed: no effect this time (an empty list, the dialog's "it does nothing this time").
    const done = play(used.s, port, [{ type: 'resolveByHand', player: 'p2', ability: 'Ruination Chamber', effects: [] }]);
    expect(done.events.find((e) => e.type === 'abilityResolvedByHand')).toMatchObject({ player: 'p2', name: 'Ruination Chamber', effects: [] });
    expect(done.s.abilities?.awaiting).toEqual([]);
  });

  it('a unit that was not picked cannot react; the window closes when play moves on (the next phase)', () => {
    const gits = gameAtHero(roster('p1', [hex]), roster('p2', [], [ruination], []), port);
    const r = play(gits, port, [{ type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Hex', targets: ['p2-boyz'] }]);
    expect(windowProblem(r.s, ruination, 'p2', 'p2-gits')).toMatchObject({ rule: 'Core 5.2' });
    const next = play(r.s, port, [{ type: 'endPhase', player: 'p1' }]).s;
    expect(next.abilities?.declared).toBeUndefined();
    expect(refused(next, port, { type: 'useAbility', player: 'p2', unitId: 'p2-boyz', ability: 'Ruination Chamber' })).toMatchObject({ rule: 'Core 5.2' });
  });
});

describe('reactions to commands (Commands 1.0: commands are abilities, Core 5.2)', () => {
  it("Keep 'Em in Line: offered to p1 after p1's All-out Attack for the Gutrippaz (during the shooting attack's window), not before", () => {
    const s0 = toPhase(gameAtHero(roster('p1', [keepEmInLine]), roster('p2'), port), port, 'shooting');
    const shot = play(s0, port, [{ type: 'shoot', player: 'p1', unitId: 'p1-boyz', target: 'p2-boyz' }]).s;
    expect(shot.pendingAttack).not.toBeNull();
    expect(offered(unitAbilityOptions(shot, port, 'p1-hero'), "Keep 'Em in Line")).toEqual([]);
    const s = play(shot, port, [{ type: 'command', player: 'p1', command: 'allOutAttack', unitId: 'p1-boyz' }]).s;
    expect(offered(unitAbilityOptions(s, port, 'p1-hero'), "Keep 'Em in Line")).toEqual([['p1', true]]);
    const r = play(s, port, [{ type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: "Keep 'Em in Line" }]);
    expect(r.events.find((e) => e.type === 'abilityUsed')).toMatchObject({ name: "Keep 'Em in Line" });
  });

  it("If I Cannot Rule, None Shall Rule!: p1 rallies (a command): offered to p2, the opponent; never to p1's own units", () => {
    const s0 = gameAtHero(roster('p1', [cannotRule]), roster('p2', [cannotRule]), port, [1, 1, 1, 1, 1, 1]);
    const s = play(s0, port, [{ type: 'command', player: 'p1', command: 'rally', unitId: 'p1-boyz' }]).s;
    expect(s.pendingRally).toBeNull();
    expect(offered(unitAbilityOptions(s, port, 'p2-hero'), 'If I Cannot Rule, None Shall Rule!')).toEqual([['p2', true]]);
    expect(offered(unitAbilityOptions(s, port, 'p1-hero'), 'If I Cannot Rule, None Shall Rule!')).toEqual([]);
    expect(play(s, port, [{ type: 'useAbility', player: 'p2', unitId: 'p2-hero', ability: 'If I Cannot Rule, None Shall Rule!' }]).events.find((e) => e.type === 'abilityUsed')).toMatchObject({ player: 'p2' });
  });

  it('a rally with rally points: the reaction waits for the points to be spent (Commands 2.0), then is offered', () => {
    const s0 = gameAtHero(roster('p1'), roster('p2', [cannotRule]), port, [6, 1, 1, 1, 1, 1]);
    const s = play(s0, port, [{ type: 'command', player: 'p1', command: 'rally', unitId: 'p1-boyz' }]).s;
    expect(s.pendingRally).toMatchObject({ points: 1 });
    expect(offered(unitAbilityOptions(s, port, 'p2-hero'), 'If I Cannot Rule, None Shall Rule!')).toEqual([]);
    expect(windowProblem(s, cannotRule, 'p2', 'p2-hero')).toMatchObject({ rule: 'Commands 2.0' });
    const spent = play(s, port, [{ type: 'spendRally', player: 'p1', heal: 1, returnModels: 0 }]).s;
    expect(offered(unitAbilityOptions(spent, port, 'p2-hero'), 'If I Cannot Rule, None Shall Rule!')).toEqual([['p2', true]]);
  });
});

describe('reactions to a charge (Core 14.3)', () => {
  it('Strident War Cry (an army ability) is offered to p1 after a charge is declared, through a re-roll, until the next action', () => {
    const s0 = toPhase(gameAtHero(roster('p1', [], [], [stridentWarCry]), roster('p2'), port, [3, 3]), port, 'charge');
    expect(offered(generalAbilityOptions(s0, port), 'Strident War Cry')).toEqual([]);
    const s = play(s0, port, [{ type: 'charge', player: 'p1', unitId: 'p1-boyz' }]).s;
    expect(offered(generalAbilityOptions(s, port), 'Strident War Cry')).toEqual([['p1', true]]);
    const used = play(s, port, [{ type: 'useAbility', player: 'p1', ability: 'Strident War Cry' }]);
    expect(used.events.find((e) => e.type === 'abilityUsed')).toMatchObject({ player: 'p1', name: 'Strident War Cry' });
    const after = play(s, port, [{ type: 'endPhase', player: 'p1' }]).s;
    expect(offered(generalAbilityOptions(after, port), 'Strident War Cry')).toEqual([]);
  });
});

describe('reactions to a Rampage (an army ability with the RAMPAGE keyword)', () => {
  /** kb-001, Kruleboyz Monsta-killaz: "A Tough Grot to Swallow". */
  const toughGrot = reaction('A Tough Grot to Swallow', 'Opponent declared a **^^Rampage^^** ability for an enemy **^^Monster^^** within 6" of this unit', "Roll a dice. On a 2+, that Rampage ability has no effect. On a 1, remove this unit's Klutcha-grot from the battlefield.");
  /** skv-001, "Seething Blight" (Once Per Turn (Army), Your Hero Phase; RAMPAGE), its effect shortened. */
  const seethingBlight = ability({ name: 'Seething Blight', timing: timing('Once Per Turn (Army), Your Hero Phase', 'hero', 'your', { per: 'turn', army: true }), keywords: ['RAMPAGE'], effect: 'Roll a dice for each enemy unit within 3" of this unit.' });

  it('offered to p2 after p1 uses a RAMPAGE ability; not after a non-Rampage ability (Hex)', () => {
    // Session 37: "within 6\" of this unit" is measured (abilities/triggerConditions.ts): p2's Gutrippaz 4.4" from p1's Shaman.
    const near = tablePortAt({ 'p2-boyz': [14, 24], 'p2-hero': [22, 22] });
    const s0 = gameAtHero(roster('p1', [seethingBlight, hex]), roster('p2', [], [toughGrot]), near);
    const hexed = play(s0, near, [{ type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Hex', targets: ['p2-boyz'] }]).s;
    expect(offered(unitAbilityOptions(hexed, near, 'p2-boyz'), 'A Tough Grot to Swallow')).toEqual([]);
    const s = play(s0, near, [{ type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Seething Blight' }]).s;
    expect(s.abilities?.declared).toMatchObject([{ name: 'Seething Blight', keywords: ['RAMPAGE'] }]);
    expect(offered(unitAbilityOptions(s, near, 'p2-boyz'), 'A Tough Grot to Swallow')).toEqual([['p2', true]]);
    // The Gutrippaz 9" and more from the Shaman: offered, not available (the trigger's distance, Core 5.2).
    const far = play(gameAtHero(roster('p1', [seethingBlight, hex]), roster('p2', [], [toughGrot]), port), port, [{ type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Seething Blight' }]).s;
    expect(offered(unitAbilityOptions(far, port, 'p2-boyz'), 'A Tough Grot to Swallow')).toEqual([['p2', false]]);
  });
});

describe('trigger texts (reactionMatches)', () => {
  const t = (player: 'p1' | 'p2', name: string, keywords: string[]): Trigger => ({ player, unitId: 'x', name, keywords, targets: [] });
  const infected = 'Opponent declared a command, **^^Spell^^** ability or **^^Prayer^^** ability for an **^^Infected^^** unit';
  it('"a command, Spell ability or Prayer ability": any of the three, not a charge; only the opponent\'s', () => {
    expect(reactionMatches(infected, t('p1', 'Rally', ['COMMAND']), 'p2', 'y')).toBe(true);
    expect(reactionMatches(infected, t('p1', 'Bless', ['PRAYER']), 'p2', 'y')).toBe(true);
    expect(reactionMatches(infected, t('p1', 'Choking Mist', ['SPELL']), 'p2', 'y')).toBe(true);
    expect(reactionMatches(infected, t('p1', 'Charge', ['CORE', 'MOVE', 'CHARGE']), 'p2', 'y')).toBe(false);
    expect(reactionMatches(infected, t('p2', 'Rally', ['COMMAND']), 'p2', 'y')).toBe(false);
  });
  it('"a command for a unit within 12"": commands only; "the \'Redeploy\' command": that command only', () => {
    expect(reactionMatches('Opponent declared a command for a unit within 12" of this unit', t('p1', 'Charge', ['CORE', 'CHARGE']), 'p2', 'y')).toBe(false);
    expect(reactionMatches('Opponent declared a command for a unit within 12" of this unit', t('p1', 'Redeploy', ['COMMAND']), 'p2', 'y')).toBe(true);
    expect(reactionMatches("You declared the 'Redeploy' command for a friendly Gutrippaz unit", t('p2', 'Redeploy', ['COMMAND']), 'p2', 'y')).toBe(true);
    expect(reactionMatches("You declared the 'Redeploy' command for a friendly Gutrippaz unit", t('p2', 'Rally', ['COMMAND']), 'p2', 'y')).toBe(false);
  });
});

describe('games without reaction abilities', () => {
  it('keep their state: a command records nothing', () => {
    const s = play(gameAtHero(roster('p1', [hex]), roster('p2'), port, [1, 1, 1, 1, 1, 1]), port, [{ type: 'command', player: 'p1', command: 'rally', unitId: 'p1-boyz' }]).s;
    expect(s.abilities).toBeUndefined();
  });
});
