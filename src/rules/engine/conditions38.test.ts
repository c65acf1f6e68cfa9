/**
 * Session 38 (ab38d): conditions on the target read from real texts and played on the ability kit's real table with
 * scripted dice (docs/abilities.md "Rolls, responses and conditions, session 38 (ab38d)").
 */

import { describe, expect, it } from 'vitest';
import { ability, gameAtHero, play, roster, tablePortAt, toPhase } from './abilityKit.test-helpers';
import { wardOf } from './core';
import { abilityStrike } from '../abilities/passives';
import { parseEffect } from '../abilities/parseEffect';
import { parseTiming } from '../abilities/parseTiming';

const KNOWN = ['IRONJAWZ', 'KRULEBOYZ', 'INFANTRY', 'HERO', 'WIZARD'];
const SPELL_DECLARE = 'Pick a friendly **^^Ironjawz Wizard^^** to cast this spell, pick a visible enemy unit within 18" of them to be the target, then make a casting roll of 2D6.';

function parse(effect: string, declare: string | null = SPELL_DECLARE, timing = 'Your Hero Phase') {
  return parseEffect({ declare, effect, timing: parseTiming(timing, false), knownKeywords: KNOWN });
}

describe('"Inflict D3 mortal damage on the target. If the target is a Wizard, inflict 3 mortal damage on the target instead." (Mighty \'Eadbutt, ij-001)', () => {
  const text = "Inflict D3 mortal damage on the target. If the target is a Wizard, inflict 3 mortal damage on the target instead.";
  it('reads as D3 on a non-WIZARD target and 3 on a WIZARD', () => {
    expect(parse(text).resolves).toEqual([
      { mortal: 'D3', targets: 'targets', if: { notKeyword: 'WIZARD' } },
      { mortal: 3, targets: 'targets', if: { keyword: 'WIZARD' } },
    ]);
  });
  it('fall-back twins stay by hand: another kind of effect, a sentence after, several targets, an unknown keyword, no "instead"', () => {
    expect(parse('Inflict D3 mortal damage on the target. If the target is a Wizard, subtract 1 from hit rolls for the target for the rest of the turn instead.').resolves).toBeNull();
    expect(parse(`${text} Then, heal (1) this unit.`).resolves).toBeNull();
    expect(parse(text, 'Pick a friendly **^^Ironjawz Wizard^^** to cast this spell, pick up to 3 visible enemy units within 18" of them to be the targets, then make a casting roll of 2D6.').resolves).toBeNull();
    expect(parse('Inflict D3 mortal damage on the target. If the target is a Gloomspite, inflict 3 mortal damage on the target instead.').resolves).toBeNull();
    expect(parse('Inflict D3 mortal damage on the target. If the target is a Wizard, inflict 3 mortal damage on the target.').resolves).toBeNull();
  });
  it('cast on the kit\'s WIZARD (2): 3 mortal damage, no D3 rolled; on the Gutrippaz (not a WIZARD): the D3 (a scripted 4: 2)', () => {
    const r = parse(text);
    const spell = ability({ id: 'eadbutt', name: "Mighty 'Eadbutt", source: 'spell', timing: parseTiming('Your Hero Phase', false), castingValue: 7, keywords: ['SPELL'], declare: SPELL_DECLARE, effect: text, picks: r.picks, resolves: r.resolves });
    const port = tablePortAt({ 'p2-hero': [26, 20], 'p2-boyz': [26, 26] });
    // Casting roll 4 + 4; the opponent passes (no Unbind).
    const hero = play(gameAtHero(roster('p1', [], [], [spell]), roster('p2'), port, [4, 4]), port, [{ type: 'cast', player: 'p1', unitId: 'p1-hero', spell: 'eadbutt', target: 'p2-hero' } as never, { type: 'pass', player: 'p2' }]);
    expect(hero.events.filter((e) => e.type === 'abilityMortal')).toEqual([expect.objectContaining({ unitId: 'p2-hero', amount: 3 })]);
    expect(hero.events.find((e) => e.type === 'abilityEffectSkipped')).toMatchObject({ unitId: 'p2-hero', why: 'its condition does not hold' });
    const boyz = play(gameAtHero(roster('p1', [], [], [spell]), roster('p2'), port, [4, 4, 4]), port, [{ type: 'cast', player: 'p1', unitId: 'p1-hero', spell: 'eadbutt', target: 'p2-boyz' } as never, { type: 'pass', player: 'p2' }]);
    expect(boyz.events.filter((e) => e.type === 'abilityMortal')).toEqual([expect.objectContaining({ unitId: 'p2-boyz', amount: 2 })]);
  });
});

describe('"Roll a dice. If the roll is equal to or less than the target\'s Health characteristic, the target has Strike-last for the rest of the turn." (Crystal Touch, dok-001)', () => {
  const text = "Roll a dice. If the roll is equal to or less than the target's Health characteristic, the target has Strike-last for the rest of the turn.";
  const declare = 'Pick an enemy **^^Infantry^^** or **^^Cavalry^^** unit in combat with this unit to be the target.';
  const timingText = 'Once Per Turn (Army), Any Combat Phase';
  it('reads as Strike-last gated by one D6 at most the target\'s Health', () => {
    expect(parse(text, declare, timingText).resolves).toEqual([{ strike: 'last', targets: 'targets', duration: 'turn', if: { rollHealth: { dice: 'D6', test: 'atMost' } } }]);
  });
  it('fall-back twins stay by hand: mortal damage as the outcome, a sentence after, several targets, "less than" (not equal)', () => {
    expect(parse("Roll a dice. If the roll is equal to or less than the target's Health characteristic, inflict D3 mortal damage on the target.", declare, timingText).resolves).toBeNull();
    expect(parse(`${text} Then, heal (1) this unit.`, declare, timingText).resolves).toBeNull();
    expect(parse(text, 'Pick up to 2 enemy units in combat with this unit to be the targets.', timingText).resolves).toBeNull();
    expect(parse("Roll a dice. If the roll is less than the target's Health characteristic, the target has Strike-last for the rest of the turn.", declare, timingText).resolves).toBeNull();
  });
  it('on the kit\'s WIZARD hero (Health 5): a 5 gives it Strike-last for the turn; a 6 does not', () => {
    const r = parse(text, declare, timingText);
    const touch = ability({ name: 'Crystal Touch', timing: parseTiming(timingText, false), declare, effect: text, picks: r.picks, resolves: r.resolves });
    // The heroes 0.5" apart: in combat.
    const port = tablePortAt({ 'p2-hero': [11.76, 20] });
    const at = (dice: number[]) => {
      let s = gameAtHero(roster('p1', [touch]), roster('p2'), port, dice);
      while (s.phase !== 'combat') s = play(s, port, [{ type: 'endPhase', player: s.active! }]).s;
      return s;
    };
    const yes = play(at([5]), port, [{ type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Crystal Touch', target: 'p2-hero' }]);
    expect(yes.events.find((e) => e.type === 'abilityEffect')).toMatchObject({ units: ['p2-hero'], duration: 'turn', rolls: { 'p2-hero': [5] } });
    expect(yes.s.abilities?.active.find((a) => a.name === 'Crystal Touch')?.units).toEqual(['p2-hero']);
    const no = play(at([6]), port, [{ type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Crystal Touch', target: 'p2-hero' }]);
    expect(no.events.find((e) => e.type === 'abilityEffectSkipped')).toMatchObject({ unitId: 'p2-hero', why: 'rolled 6, needed at most its Health 5' });
  });
});

describe('"... roll a dice. On a 3+, for the rest of the turn, this unit has Strike-first but ward rolls cannot be made for it." (Elite Guardians, fec-001)', () => {
  const text = 'If this unit is in combat with any enemy units that charged this turn, roll a dice. On a 3+, for the rest of the turn, this unit has Strike-first but ward rolls cannot be made for it.';
  const timingText = 'Once Per Turn (Army), Any Combat Phase';
  it('reads as Strike-first and no ward rolls on this unit, one roll for both (the condition is checked when used, triggerConditions.ts)', () => {
    expect(parse(text, null, timingText).resolves).toEqual([
      { strike: 'first', targets: 'self', duration: 'turn', if: { roll: '3+', rollOnce: true } },
      { wardForbidden: true, targets: 'self', duration: 'turn', if: { roll: '3+', rollOnce: true } },
    ]);
    expect(parse('Ward rolls cannot be made for the target until the start of your next turn.', 'Pick a visible enemy unit within 12" of this unit to be the target.', 'Your Hero Phase').resolves).toEqual([{ wardForbidden: true, targets: 'targets', duration: 'nextTurnStart' }]);
  });
  it('fall-back twins stay by hand: another condition, a third clause, not this unit', () => {
    expect(parse(text.replace('that charged this turn', 'that are Heroes'), null, timingText).resolves).toBeNull();
    expect(parse(`${text} Then, heal (1) this unit.`, null, timingText).resolves).toBeNull();
    expect(parse(text.replace('this unit has Strike-first but ward rolls cannot be made for it', 'this unit has Strike-first but ward rolls cannot be made for the target'), null, timingText).resolves).toBeNull();
  });
  it('charged by p1\'s Gutrippaz, p2\'s (Ward 5+) roll a 3: Strike-first and no ward for the turn; a 2: the ward stays', () => {
    const r = parse(text, null, timingText);
    const elite = ability({ name: 'Elite Guardians', timing: parseTiming(timingText, false), effect: text, resolves: r.resolves });
    const port = tablePortAt({ 'p2-boyz': [20, 15] });
    const p2 = roster('p2', [], [elite]);
    const warded = { ...p2, units: p2.units.map((u) => (u.id === 'p2-boyz' ? { ...u, warscroll: { ...u.warscroll, ward: 5 } } : u)) };
    const combat = (gate: number) => {
      const s0 = toPhase(gameAtHero(roster('p1'), warded, port, [6, 6, gate]), port, 'charge');
      const paths = Object.fromEntries([0, 1, 2, 3, 4].map((i) => [`p1-boyz-m${i + 1}`, [[18.5, 15 + i * 1.3] as [number, number]]]));
      const charged = play(s0, port, [{ type: 'charge', player: 'p1', unitId: 'p1-boyz' }, { type: 'move', player: 'p1', unitId: 'p1-boyz', kind: 'charge', paths }]).s;
      return toPhase(charged, port, 'combat');
    };
    const s = combat(3);
    expect(wardOf(s, 'p2-boyz', port)).toBe(5);
    const used = play(s, port, [{ type: 'useAbility', player: 'p2', unitId: 'p2-boyz', ability: 'Elite Guardians' }]);
    expect(used.events.filter((e) => e.type === 'abilityEffect').map((e) => e.rolls)).toEqual([{ 'p2-boyz': [3] }, { 'p2-boyz': [3] }]);
    expect(wardOf(used.s, 'p2-boyz', port)).toBeNull();
    expect(abilityStrike(used.s, port, 'p2-boyz')).toEqual({ first: true, last: false });
    const failed = play(combat(2), port, [{ type: 'useAbility', player: 'p2', unitId: 'p2-boyz', ability: 'Elite Guardians' }]);
    expect(wardOf(failed.s, 'p2-boyz', port)).toBe(5);
    expect(abilityStrike(failed.s, port, 'p2-boyz')).toEqual({ first: false, last: false });
  });
});
