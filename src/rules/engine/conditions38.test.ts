/**
 * Session 38 (ab38d): conditions on the target read from real texts and played on the ability kit's real table with
 * scripted dice (docs/abilities.md "Rolls, responses and conditions, session 38 (ab38d)").
 */

import { describe, expect, it } from 'vitest';
import { ability, gameAtHero, play, refused, roster, tablePortAt, toPhase } from './abilityKit.test-helpers';
import { wardOf } from './core';
import { abilityStrike, abilityWard, conditionHolds } from '../abilities/passives';
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
  it('fall-back twins stay by hand: another kind of effect, a sentence after, an unknown keyword, no "instead" (the text is read by ab38a\'s parseKbIj38.ts since the merge)', () => {
    expect(parse('Inflict D3 mortal damage on the target. If the target is a Wizard, subtract 1 from hit rolls for the target for the rest of the turn instead.').resolves).toBeNull();
    expect(parse(`${text} Then, heal (1) this unit.`).resolves).toBeNull();
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
      { strike: 'first', targets: 'self', duration: 'turn', if: { roll: '3+', rollOnce: true, foesCharged: true, unit: 'self' } },
      { wardForbidden: true, targets: 'self', duration: 'turn', if: { roll: '3+', rollOnce: true, foesCharged: true, unit: 'self' } },
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

describe('"... For each 6, inflict 1 mortal damage on the target. If 3 or more damage points are allocated to the target by this ability, subtract 1 from hit rolls for the target\'s attacks for the rest of the turn." (Shriek of Terror, fec-001)', () => {
  const text = "Roll a dice for each model in the target unit. For each 6, inflict 1 mortal damage on the target. If 3 or more damage points are allocated to the target by this ability, subtract 1 from hit rolls for the target's attacks for the rest of the turn.";
  const declare = 'Pick an enemy **^^Infantry^^** unit in combat with this unit to be the target.';
  const timingText = 'Once Per Turn (Army), Any Combat Phase';
  it('reads the hit penalty gated by the damage points this use allocated', () => {
    expect(parse(text, declare, timingText).resolves).toEqual([
      { mortal: 1, on: '6+', each: 'model', targets: 'targets' },
      { modify: 'hit', by: -1, attacks: 'all', targets: 'targets', duration: 'turn', if: { allocatedByUse: 3 } },
    ]);
    // Twins by hand: no mortal damage before it; several targets.
    expect(parse("Roll a dice. On a 3+, the target has Strike-last for the rest of the turn. If 3 or more damage points are allocated to the target by this ability, subtract 1 from hit rolls for the target's attacks for the rest of the turn.", declare, timingText).resolves).toBeNull();
    expect(parse(text, 'Pick up to 2 enemy units in combat with this unit to be the targets.', timingText).resolves).toBeNull();
  });
  it('on the 5 Gutrippaz in combat: three 6s → 3 points allocated, -1 to hit; with Ward (6+) saving one of them → 2 allocated, no penalty', () => {
    const r = parse(text, declare, timingText);
    const shriek = ability({ name: 'Shriek of Terror', timing: parseTiming(timingText, false), declare, effect: text, picks: r.picks, resolves: r.resolves });
    const port = tablePortAt({ 'p2-boyz': [11.76, 20] });
    const run = (p2: ReturnType<typeof roster>, dice: number[]) => {
      let s = gameAtHero(roster('p1', [shriek]), p2, port, dice);
      while (s.phase !== 'combat') s = play(s, port, [{ type: 'endPhase', player: s.active! }]).s;
      return play(s, port, [{ type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Shriek of Terror', target: 'p2-boyz' }]);
    };
    const hit = run(roster('p2'), [6, 6, 6, 1, 1]);
    expect(hit.s.units['p2-boyz'].slain).toHaveLength(3);
    expect(hit.s.abilities?.active.find((a) => a.name === 'Shriek of Terror')).toMatchObject({ units: ['p2-boyz'], effect: { modify: 'hit', by: -1, duration: 'turn' } });
    const p2 = roster('p2');
    const warded = { ...p2, units: p2.units.map((u) => (u.id === 'p2-boyz' ? { ...u, warscroll: { ...u.warscroll, ward: 6 } } : u)) };
    // The three mortal damage points' ward rolls: 6 (saved), 1, 1.
    const saved = run(warded, [6, 6, 6, 1, 1, 6, 1, 1]);
    expect(saved.s.units['p2-boyz'].slain).toHaveLength(2);
    expect(saved.events.find((e) => e.type === 'abilityEffectSkipped')).toMatchObject({ unitId: 'p2-boyz', why: '2 damage points were allocated to it by this ability, needed 3' });
    expect(saved.s.abilities?.active.some((a) => a.name === 'Shriek of Terror')).toBe(false);
  });
});

describe('"While any friendly Stormcast Eternals Infantry Heroes are within this unit\'s combat range, both this unit and those friendly units have Ward (5+)." (Shield of the Storm, sce-002)', () => {
  // The kit's hero is a KRULEBOYZ INFANTRY HERO: the army keyword in the place of STORMCAST ETERNALS.
  const text = "While any friendly Kruleboyz Infantry Heroes are within this unit's combat range, both this unit and those friendly units have Ward (5+).";
  it('reads as perm37\'s Royal Bodyguard without "wholly"', () => {
    expect(parse(text, null, 'Passive').resolves).toEqual([
      { ward: 5, targets: 'self', while: { friendlyNear: { within: 3, keyword: 'KRULEBOYZ INFANTRY HERO' } } },
      { ward: 5, targets: 'friendly', while: { within: 3, of: 'self', keyword: 'KRULEBOYZ INFANTRY HERO' } },
    ]);
  });
  it('the hero 2.9" from the Gutrippaz (closest bases): both have Ward (5+); 3.4": neither', () => {
    const shield = ability({ name: 'Shield of the Storm', timing: parseTiming('Passive', true), effect: text, resolves: parse(text, null, 'Passive').resolves });
    // p2's Gutrippaz at x = 46 (32 mm bases, 1.26" across): the hero's centre 2.9" + 1.26" from theirs.
    for (const [gap, ward] of [[2.9, 5], [3.4, null]] as const) {
      const port = tablePortAt({ 'p2-hero': [46 + 1.26 + gap, 15] });
      const s = gameAtHero(roster('p1'), roster('p2', [], [shield]), port);
      expect([abilityWard(s, port, 'p2-boyz'), abilityWard(s, port, 'p2-hero')]).toEqual([ward, ward]);
    }
  });
});

describe('"This unit cannot be picked to be the target of enemy Rampage abilities." (Creepers, King Brodd, sob-001)', () => {
  const text = 'This unit cannot be picked to be the target of enemy **^^Rampage^^** abilities.';
  it('reads as a passive on this unit; twins by hand: friendly abilities, an activated ability, two keywords', () => {
    expect(parse(text, null, 'Passive').resolves).toEqual([{ unpickableBy: 'RAMPAGE', targets: 'self' }]);
    expect(parse('This unit cannot be picked to be the target of friendly Rampage abilities.', null, 'Passive').resolves).toBeNull();
    expect(parse(text, null, 'Your Hero Phase').resolves).toBeNull();
    expect(parse('This unit cannot be picked to be the target of enemy Rampage or Spell abilities.', null, 'Passive').resolves).toBeNull();
  });
  it('p1\'s Rampage ability cannot pick p2\'s Gutrippaz (Creepers) but picks p2\'s hero; the same ability without the keyword picks the Gutrippaz', () => {
    const creepers = ability({ name: 'Creepers', timing: parseTiming('Passive', true), effect: text, resolves: parse(text, null, 'Passive').resolves });
    const roar = (keywords: string[]) => ability({ name: 'Earthshaking Roar', keywords, timing: parseTiming('Your Hero Phase', false), declare: 'Pick a visible enemy unit within 18" of this unit to be the target.', effect: 'Roll a dice. On a 3+, the target cannot use commands for the rest of the turn.', ...(() => { const r = parse('Roll a dice. On a 3+, the target cannot use commands for the rest of the turn.', 'Pick a visible enemy unit within 18" of this unit to be the target.'); return { picks: r.picks, resolves: r.resolves }; })() });
    const port = tablePortAt({ 'p2-hero': [26, 20], 'p2-boyz': [26, 26] });
    const s = gameAtHero(roster('p1', [roar(['RAMPAGE'])]), roster('p2', [], [creepers]), port, [4]);
    const use = (target: string) => ({ type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Earthshaking Roar', target }) as const;
    expect(refused(s, port, use('p2-boyz')).reason).toBe('"p2-boyz" cannot be picked to be the target of enemy RAMPAGE abilities (Creepers): pick an enemy unit within 18" visible to this unit');
    expect(play(s, port, [use('p2-hero')]).events.find((e) => e.type === 'abilityEffect')).toMatchObject({ units: ['p2-hero'] });
    const plain = gameAtHero(roster('p1', [roar([])]), roster('p2', [], [creepers]), port, [4]);
    expect(play(plain, port, [use('p2-boyz')]).events.find((e) => e.type === 'abilityEffect')).toMatchObject({ units: ['p2-boyz'] });
  });
});

describe('"If the target is a non-Monster unit, inflict D6 mortal damage on it. If the target is a Monster, inflict D6+3 mortal damage on it." (Star-fated Arrow, sce-002)', () => {
  const text = 'If the target is a non-Monster unit, inflict D6 mortal damage on it. If the target is a Monster, inflict D6+3 mortal damage on it.';
  const declare = 'Pick a visible enemy unit within 24" of this unit to be the target.';
  it('reads each sentence with its keyword test on the target; twins by hand: several targets, a passive, an unknown keyword', () => {
    expect(parse(text, declare, 'Once Per Battle (Army), Your Shooting Phase').resolves).toEqual([
      { mortal: 'D6', targets: 'targets', if: { notKeyword: 'MONSTER' } },
      { mortal: 'D6+3', targets: 'targets', if: { keyword: 'MONSTER' } },
    ]);
    expect(parse(text, 'Pick up to 3 visible enemy units within 24" of this unit to be the targets.', 'Your Shooting Phase').resolves).toBeNull();
    expect(parse('If the target is a Monster, inflict D6+3 mortal damage on it.', null, 'Passive').resolves).toBeNull();
    expect(parse('If the target is a Gloomspite unit, inflict D6 mortal damage on it.', declare, 'Your Shooting Phase').resolves).toBeNull();
  });
  it('on the kit\'s Gutrippaz (no MONSTER): the D6 (a scripted 4), the D6+3 not rolled', () => {
    const r = parse(text, declare, 'Once Per Battle (Army), Your Shooting Phase');
    const arrow = ability({ name: 'Star-fated Arrow', timing: parseTiming('Once Per Battle (Army), Your Shooting Phase', false), declare, effect: text, picks: r.picks, resolves: r.resolves });
    const port = tablePortAt({ 'p2-boyz': [26, 26] });
    const s = toPhase(gameAtHero(roster('p1', [arrow]), roster('p2'), port, [4]), port, 'shooting');
    const used = play(s, port, [{ type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Star-fated Arrow', target: 'p2-boyz' }]);
    expect(used.events.filter((e) => e.type === 'abilityMortal')).toEqual([expect.objectContaining({ unitId: 'p2-boyz', amount: 4 })]);
    expect(used.events.find((e) => e.type === 'abilityEffectSkipped')).toMatchObject({ unitId: 'p2-boyz', why: 'its condition does not hold' });
  });
});

describe('"in combat with any enemy units that charged" (foesCharged): Heroic Guard and Hold the Shieldwall (sce-002)', () => {
  const guard = 'Add 1 to save rolls for this unit while it is in combat with any enemy units that charged in the same turn.';
  const wall = 'If this unit did not charge this turn and is in combat with an enemy unit that charged this turn, roll a dice. On a 4+, this unit has Strike-first for the rest of the turn.';
  it('read: a passive +1 save while the condition holds; a roll after the two conditions on this unit', () => {
    expect(parse(guard, null, 'Passive').resolves).toEqual([{ modify: 'save', by: 1, targets: 'self', while: { foesCharged: true, unit: 'self' } }]);
    expect(parse(wall, null, 'Any Combat Phase').resolves).toEqual([{ strike: 'first', targets: 'self', duration: 'turn', if: { roll: '4+', charged: false, foesCharged: true, unit: 'self' } }]);
    // Twins by hand: units that ran; "that charged this phase" is not "this turn" for a passive.
    expect(parse('Add 1 to save rolls for this unit while it is in combat with any enemy units that ran in the same turn.', null, 'Passive').resolves).toBeNull();
    expect(parse('If this unit did not charge this turn and is in combat with an enemy unit that charged this phase, roll a dice. On a 4+, this unit has Strike-first for the rest of the turn.', null, 'Any Combat Phase').resolves).toBeNull();
  });
  it('after p1\'s Gutrippaz charge p2\'s: the condition holds for p2\'s, not for p2\'s hero out of combat; without a charge it does not hold', () => {
    const port = tablePortAt({ 'p2-boyz': [20, 15] });
    const s0 = toPhase(gameAtHero(roster('p1'), roster('p2'), port, [6, 6]), port, 'charge');
    const paths = Object.fromEntries([0, 1, 2, 3, 4].map((i) => [`p1-boyz-m${i + 1}`, [[18.5, 15 + i * 1.3] as [number, number]]]));
    const charged = toPhase(play(s0, port, [{ type: 'charge', player: 'p1', unitId: 'p1-boyz' }, { type: 'move', player: 'p1', unitId: 'p1-boyz', kind: 'charge', paths }]).s, port, 'combat');
    const cond = { foesCharged: true, unit: 'self' } as const;
    expect(conditionHolds(charged, port, cond, 'p2-boyz', 'p2-boyz')).toBe(true);
    expect(conditionHolds(charged, port, cond, 'p2-hero', 'p2-hero')).toBe(false);
    const quiet = toPhase(gameAtHero(roster('p1'), roster('p2'), tablePortAt({ 'p2-boyz': [15.5, 15] })), tablePortAt({ 'p2-boyz': [15.5, 15] }), 'combat');
    expect(conditionHolds(quiet, tablePortAt({ 'p2-boyz': [15.5, 15] }), cond, 'p2-boyz', 'p2-boyz')).toBe(false);
  });
});
