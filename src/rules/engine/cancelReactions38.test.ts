/**
 * "That ability has no effect on this unit" (session 38, ab38d; `cancel38.ts`, Core 5.2): the real texts of
 * Ruination Chamber and Guardian of the Final Threshold (sce-002) read by the parser, played on the ability
 * kit's real table with scripted dice. Core 5.2: the reaction comes after the Declare and before the Effect,
 * so an ability picking such a unit waits for its reactions; a spell already waits for its unbinding roll.
 */

import { describe, expect, it } from 'vitest';
import { ability, gameAtHero, KB, play, refused, roster, tablePortAt } from './abilityKit.test-helpers';
import { parseEffect } from '../abilities/parseEffect';
import { parseTiming } from '../abilities/parseTiming';
import type { Ability } from '../abilities/schema';
import { abilityEventLine } from '../../game/session/abilityLog';

const KNOWN = ['KRULEBOYZ', 'INFANTRY', 'HERO', 'WIZARD'];

function read(name: string, timingText: string, effect: string, declare: string | null = null): Ability {
  const t = parseTiming(timingText, timingText === 'Passive');
  const r = parseEffect({ declare, effect, timing: t, knownKeywords: KNOWN });
  if (r.resolves === null) throw new Error(`${name} not read: ${r.unparsed}`);
  return ability({ name, timing: t, declare, effect, resolves: r.resolves, ...(r.picks ? { picks: r.picks } : {}) });
}

const RUINATION = read('Ruination Chamber', 'Once Per Turn (Army), Reaction: This unit was picked as the target of a non-Core ability', 'Make a resistance roll of D6. On a 4+, that ability has no effect on this unit.');
const GUARDIAN = read('Guardian of the Final Threshold', 'Once Per Turn (Army), Reaction: This unit was picked to be the target of a non-Core ability', 'Make a resistance roll of D6. On a 3+, that ability has no effect on this unit.');
// lrl-001's Darkness of the Soul: a roll, then a restriction on the target (perm37's noCommands).
const DARKNESS = read('Darkness of the Soul', 'Once Per Turn (Army), Your Hero Phase', 'Roll a dice. On a 3+, the target cannot use commands until the start of your next turn.', 'Pick a visible enemy unit within 18" of this unit to be the target.');

// p2's hero 15" from p1's hero (centres 16" apart): within 18" and visible on the open table.
const port = tablePortAt({ 'p2-hero': [26, 20] });
const use = { type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Darkness of the Soul', target: 'p2-hero' } as const;
const react = { type: 'useAbility', player: 'p2', unitId: 'p2-hero', ability: 'Ruination Chamber' } as const;

describe('Ruination Chamber: "Make a resistance roll of D6. On a 4+, that ability has no effect on this unit."', () => {
  it('reads the real texts whole, with the trigger', () => {
    expect(RUINATION.resolves).toEqual([{ ignoreTrigger: true, targets: 'self', if: { roll: '4+' } }]);
    expect(GUARDIAN.resolves).toEqual([{ ignoreTrigger: true, targets: 'self', if: { roll: '3+' } }]);
  });

  it('the ability picking the unit waits for its reactions; a resistance roll of 4: it has no effect (no roll made for it)', () => {
    const s0 = gameAtHero(roster('p1', [DARKNESS]), roster('p2', [RUINATION]), port, [4, 6]);
    const declared = play(s0, port, [use]);
    expect(declared.events.find((e) => e.type === 'abilityWaitsForReactions')).toMatchObject({ name: 'Darkness of the Soul', reactions: ['p2-hero: Ruination Chamber'], rule: 'Core 5.2' });
    expect(declared.events.some((e) => e.type === 'abilityEffect')).toBe(false);
    const reacted = play(declared.s, port, [react]);
    expect(reacted.events.find((e) => e.type === 'abilityEffect')).toMatchObject({ name: 'Ruination Chamber', units: ['p2-hero'], rolls: { 'p2-hero': [4] } });
    expect(reacted.events.find((e) => e.type === 'abilityIgnored')).toMatchObject({ unitId: 'p2-hero', by: 'Ruination Chamber' });
    // p1 moves on (a pass): Darkness of the Soul resolves without p2's hero; its own roll is never made (the 6 stays unused).
    const on = play(reacted.s, port, [{ type: 'pass', player: 'p1' }]);
    expect(on.events.find((e) => e.type === 'abilityResolvesAfterReactions')).toMatchObject({ name: 'Darkness of the Soul', exempt: ['p2-hero'] });
    expect(on.events.find((e) => e.type === 'abilityEffectSkipped')).toMatchObject({ unitId: 'p2-hero', name: 'Darkness of the Soul' });
    expect(on.events.some((e) => e.type === 'dice')).toBe(false);
    expect(on.s.abilities?.active.some((a) => a.name === 'Darkness of the Soul')).toBe(false);
    // p2's hero can still use commands: Magical Intervention is accepted.
    const m = play(on.s, port, [{ type: 'command', player: 'p2', command: 'magicalIntervention', unitId: 'p2-hero' }]);
    expect(m.events.find((e) => e.type === 'commandUsed')).toMatchObject({ unitId: 'p2-hero', cost: 1 });
  });

  it('a resistance roll of 3 fails: the ability resolves on the unit at the next action (its roll of 5: no commands)', () => {
    const s0 = gameAtHero(roster('p1', [DARKNESS]), roster('p2', [RUINATION]), port, [3, 5]);
    const r = play(s0, port, [use, react]);
    expect(r.events.find((e) => e.type === 'abilityEffectSkipped')).toMatchObject({ name: 'Ruination Chamber', why: 'rolled 3, needed 4+' });
    expect(r.events.some((e) => e.type === 'abilityIgnored')).toBe(false);
    // The next action of p1 (the end of the phase) resolves it first.
    const next = play(r.s, port, [{ type: 'endPhase', player: 'p1' }]);
    expect(next.events.findIndex((e) => e.type === 'abilityResolvesAfterReactions')).toBeLessThan(next.events.findIndex((e) => e.type === 'phaseEnded' || e.type === 'phaseStarted'));
    expect(next.events.find((e) => e.type === 'abilityEffect')).toMatchObject({ name: 'Darkness of the Soul', units: ['p2-hero'], rolls: { 'p2-hero': [5] } });
    expect(next.s.abilities?.active.find((a) => a.name === 'Darkness of the Soul')).toMatchObject({ units: ['p2-hero'], effect: { noCommands: true, duration: 'nextTurnStart' } });
  });

  it('without a reaction used, a pass by the reacting player resolves it as before', () => {
    const s0 = gameAtHero(roster('p1', [DARKNESS]), roster('p2', [RUINATION]), port, [5]);
    const r = play(s0, port, [use, { type: 'pass', player: 'p2' }]);
    expect(r.events.find((e) => e.type === 'abilityEffect')).toMatchObject({ name: 'Darkness of the Soul', units: ['p2-hero'] });
  });

  it('no such reaction on the picked unit (or its once-per-turn army limit spent): resolved at once, as before', () => {
    const plain = play(gameAtHero(roster('p1', [DARKNESS]), roster('p2'), port, [5]), port, [use]);
    expect(plain.events.some((e) => e.type === 'abilityWaitsForReactions')).toBe(false);
    expect(plain.events.find((e) => e.type === 'abilityEffect')).toMatchObject({ units: ['p2-hero'] });
    // The army's Ruination Chamber used on the boyz' behalf this turn: the hero's is spent too (Once Per Turn (Army)).
    const twice = { ...DARKNESS, id: 'd2', name: 'Darkness Again' };
    const s0 = gameAtHero(roster('p1', [DARKNESS, twice]), roster('p2', [RUINATION], [RUINATION]), tablePortAt({ 'p2-hero': [26, 20], 'p2-boyz': [24, 30] }), [4, 5]);
    const p = tablePortAt({ 'p2-hero': [26, 20], 'p2-boyz': [24, 30] });
    const first = play(s0, p, [{ ...use, target: 'p2-boyz' }, { type: 'useAbility', player: 'p2', unitId: 'p2-boyz', ability: 'Ruination Chamber' }, { type: 'pass', player: 'p1' }]);
    expect(first.events.find((e) => e.type === 'abilityIgnored')).toMatchObject({ unitId: 'p2-boyz' });
    const second = play(first.s, p, [{ type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'd2', target: 'p2-hero' }]);
    expect(second.events.some((e) => e.type === 'abilityWaitsForReactions')).toBe(false);
    expect(second.events.find((e) => e.type === 'abilityEffect')).toMatchObject({ name: 'Darkness Again', units: ['p2-hero'], rolls: { 'p2-hero': [5] } });
  });

  it('is refused when no declared ability waiting picked the unit (it would do nothing)', () => {
    const s0 = gameAtHero(roster('p1', [DARKNESS]), roster('p2', [RUINATION]), port, [5]);
    const r = play(s0, port, [{ ...use, target: 'p2-hero' }, { type: 'pass', player: 'p2' }]);
    // The window of Darkness of the Soul is still the last declaration, but it has been resolved.
    expect(refused(r.s, port, react)).toEqual({ reason: 'Ruination Chamber: no declared ability waiting to be resolved picked "p2-hero" (it makes that ability have no effect on this unit)', rule: 'Core 5.2' });
  });

  it('a spell waiting for its unbinding roll: Da Black Pit on a unit whose Guardian of the Final Threshold rolled 3 inflicts nothing', () => {
    // p1's WIZARD casts Da Black Pit (casting value 5) at p2's hero 15" away: casting roll 3 + 4.
    const s0 = gameAtHero(roster('p1', [KB.daBlackPit]), roster('p2', [GUARDIAN]), port, [3, 4, 3, 6]);
    const cast = play(s0, port, [{ type: 'cast', player: 'p1', unitId: 'p1-hero', spell: 'da-black-pit', target: 'p2-hero' } as never]);
    expect(cast.s.pendingSpell).not.toBeNull();
    const r = play(cast.s, port, [{ type: 'useAbility', player: 'p2', unitId: 'p2-hero', ability: 'Guardian of the Final Threshold' }, { type: 'pass', player: 'p2' }]);
    expect(r.events.find((e) => e.type === 'abilityIgnored')).toMatchObject({ unitId: 'p2-hero', by: 'Guardian of the Final Threshold' });
    expect(r.events.find((e) => e.type === 'spellCast')).toBeDefined();
    expect(r.events.some((e) => e.type === 'abilityMortal' || e.type === 'damageAllocated')).toBe(false);
    expect(r.s.units['p2-hero'].damage ?? 0).toBe(0);
  });

  it('a by-hand ability: the unit is taken out of what resolveByHand may affect', () => {
    const hex = ability({ name: 'Hex', timing: DARKNESS.timing, declare: 'Pick a visible enemy unit within 18" of this unit to be the target.', effect: 'Something the engine does not read.', picks: DARKNESS.picks, resolves: null });
    const s0 = gameAtHero(roster('p1', [hex]), roster('p2', [RUINATION]), port, [6]);
    const r = play(s0, port, [{ type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Hex', target: 'p2-hero' }, react]);
    expect(r.events.find((e) => e.type === 'abilityIgnored')).toMatchObject({ unitId: 'p2-hero' });
    const no = refused(r.s, port, { type: 'resolveByHand', player: 'p1', ability: 'Hex', effects: [{ modify: 'save', by: -1, targets: ['p2-hero'] }] } as never);
    expect(no.reason).toContain('outside the declared targets of Hex');
  });
});

describe('The Shield Inviolate: "On a 3+, ignore the effect of that spell on this unit ... more than once per phase but only once per Spell ability"', () => {
  const SHIELD = read('The Shield Inviolate', 'Reaction: Opponent declared a Spell ability', 'If this unit was picked to be the target of that spell, roll a dice. On a 3+, ignore the effect of that spell on this unit. This unit can use this ability more than once per phase but only once per Spell ability.');
  const castAt = { type: 'cast', player: 'p1', unitId: 'p1-hero', spell: 'da-black-pit', target: 'p2-hero' } as never;
  const shield = { type: 'useAbility', player: 'p2', unitId: 'p2-hero', ability: 'The Shield Inviolate' } as const;

  it('reads the real text (ij-001 / sob-001 Kragnos) with its once-per-spell limit', () => {
    expect(SHIELD.resolves).toEqual([{ ignoreTrigger: true, perDeclaration: true, targets: 'self', if: { roll: '3+' } }]);
    // A twin without the Rules of One sentence, or with another gate, stays by hand.
    expect(parseEffect({ declare: null, effect: 'If this unit was picked to be the target of that spell, roll a dice. On a 3+, ignore the effect of that spell on this unit.', timing: SHIELD.timing, knownKeywords: KNOWN }).resolves).toBeNull();
    expect(parseEffect({ declare: null, effect: 'If a friendly unit wholly within 12" of this unit was picked to be the target of that spell, roll a dice. On a 3+, ignore the effect of that spell on this unit. This unit can use this ability more than once per phase but only once per Spell ability.', timing: SHIELD.timing, knownKeywords: KNOWN }).resolves).toBeNull();
  });

  it('a 3 ignores Da Black Pit; used again on the same spell: refused; on a second spell in the same phase (Choking Mist): used again, a 2 fails and the spell applies', () => {
    // Casting rolls 3+4 (Da Black Pit, 5) and 4+4 (Choking Mist, 7; the WIZARD (2) casts twice); shield rolls 3 then 2.
    // p2's hero 10" from p1's hero (centres 11.26" apart): within 12" (Choking Mist) and 18" (Da Black Pit).
    const near = tablePortAt({ 'p2-hero': [21.26, 20] });
    const s0 = gameAtHero(roster('p1', [KB.daBlackPit, KB.chokingMist]), roster('p2', [SHIELD]), near, [3, 4, 3, 4, 4, 2]);
    const first = play(s0, near, [castAt, shield]);
    expect(first.events.find((e) => e.type === 'abilityIgnored')).toMatchObject({ unitId: 'p2-hero', by: 'The Shield Inviolate' });
    expect(refused(first.s, near, shield)).toEqual({ reason: 'unit "p2-hero" already used The Shield Inviolate on this spell (once per Spell ability)', rule: 'Core 5.3' });
    const passed = play(first.s, near, [{ type: 'pass', player: 'p2' }]);
    expect(passed.events.some((e) => e.type === 'abilityMortal')).toBe(false);
    const second = play(passed.s, near, [{ type: 'cast', player: 'p1', unitId: 'p1-hero', spell: 'choking-mist', target: 'p2-hero' } as never, shield]);
    expect(second.events.find((e) => e.type === 'abilityEffectSkipped')).toMatchObject({ name: 'The Shield Inviolate', why: 'rolled 2, needed 3+' });
    const hit = play(second.s, near, [{ type: 'pass', player: 'p2' }]);
    expect(hit.events.find((e) => e.type === 'abilityEffect')).toMatchObject({ name: 'Choking Mist', units: ['p2-hero'] });
  });
});


describe('The Flames of Hope: "You can re-roll resistance rolls for friendly Ruination Chamber units while they are wholly within 12" of this unit."', () => {
  // The kit's army keyword in the place of RUINATION CHAMBER (the kit's units have no such keyword).
  const FLAMES = read('The Flames of Hope', 'Passive', 'You can re-roll resistance rolls for friendly Kruleboyz units while they are wholly within 12" of this unit.');
  it('a failed resistance roll (2) is re-rolled (5) while the hero is wholly within 12" of the aura; 14" away it is not', () => {
    expect(FLAMES.resolves).toEqual([{ reroll: 'resistance', which: 'any', targets: 'friendly', while: { within: 12, of: 'self', wholly: true, keyword: 'KRULEBOYZ' } }]);
    const near = tablePortAt({ 'p2-hero': [26, 20], 'p2-boyz': [30, 12] });
    const r = play(gameAtHero(roster('p1', [DARKNESS]), roster('p2', [RUINATION], [FLAMES]), near, [2, 5]), near, [use, react]);
    expect(r.events.find((e) => e.type === 'abilityReroll')).toMatchObject({ unitId: 'p2-hero', roll: 'resistance', before: [2], dice: [5], rule: 'The Flames of Hope (warscroll)' });
    expect(r.events.find((e) => e.type === 'abilityIgnored')).toMatchObject({ unitId: 'p2-hero' });
    const far = tablePortAt({ 'p2-hero': [26, 20], 'p2-boyz': [44, 12] });
    const f = play(gameAtHero(roster('p1', [DARKNESS]), roster('p2', [RUINATION], [FLAMES]), far, [2, 5]), far, [use, react]);
    expect(f.events.some((e) => e.type === 'abilityReroll')).toBe(false);
    expect(f.events.find((e) => e.type === 'abilityEffectSkipped')).toMatchObject({ name: 'Ruination Chamber', why: 'rolled 2, needed 4+' });
  });
});

describe('the battle log of a reaction that makes an ability have no effect', () => {
  it('the wait, the reaction and the resolution in players\' words', () => {
    const s0 = gameAtHero(roster('p1', [DARKNESS]), roster('p2', [RUINATION]), port, [4]);
    const r = play(s0, port, [use, react, { type: 'pass', player: 'p1' }]);
    const lines = r.events.map((e) => abilityEventLine(r.s, e as unknown as Record<string, unknown>)?.text).filter((t) => t !== undefined && /waits|no effect|is resolved/.test(t));
    expect(lines).toEqual([
      'Darkness of the Soul waits for reactions before it is resolved (Swampcalla Shaman: Ruination Chamber); it is resolved at the next action or pass',
      'Ruination Chamber: no effect from the ability it reacts to for Swampcalla Shaman if on a 4+',
      'Swampcalla Shaman: the ability it reacted to has no effect on it (Ruination Chamber)',
      'Darkness of the Soul is resolved, with no effect on Swampcalla Shaman',
      'Darkness of the Soul: not applied to Swampcalla Shaman (a reaction made Darkness of the Soul have no effect on this unit)',
    ]);
  });
});
