/**
 * The effect shapes of session 36 (docs/abilities.md "Effect shapes added in session 36") applied in
 * play, each from its real roster text (parsed here, so the test covers text → effect → engine) with a
 * hand-computed result from scripted dice on the real table of the ability kit:
 * - `mortalPerRoll` (Extremis Chamber, sce-002; Miasma of Madness, fec-001): Core 17.2 mortal damage
 *   after the Fight ability;
 * - `failUnmodified` (Shadowy Killers, skv-001; Mortarch of Grief, nh-001): Core 17.0 attack sequence;
 * - `mayShootAfter` (Vanguard Chamber, sce-002): Core 14.2's restriction overridden (Core 29.0).
 */

import { describe, expect, it } from 'vitest';
import { ability, gameAtHero, play, refused, roster, tablePortAt, timing, toPhase } from './abilityKit.test-helpers';
import { parseEffect } from '../abilities/parseEffect';
import { parseTiming } from '../abilities/parseTiming';
import type { Ability, AbilityEffect } from '../abilities/schema';
import type { GameState } from './state';

/** An ability read from its roster text, as the importer reads it (auto: `resolves` must be read). */
function fromText(name: string, timingText: string | undefined, effect: string, declare: string | null = null): Ability {
  const t = parseTiming(timingText, timingText === undefined);
  const r = parseEffect({ declare, effect, timing: t, knownKeywords: [] });
  if (r.resolves === null) throw new Error(`${name} not read: ${r.unparsed}`);
  return ability({ name, timing: t, declare, effect, resolves: r.resolves, ...(r.picks ? { picks: r.picks } : {}) });
}

const EXTREMIS = 'Each time you make an unmodified save roll of 6 for a combat attack that targets this unit, inflict 1 mortal damage on the attacking unit after the **^^Fight^^** ability has been resolved.';
const SHADOWY = 'If the unmodified hit roll for an attack that targets this unit is 1-4, the attack fails and the attack sequence ends.';
const MORTARCH = 'If the unmodified hit roll or unmodified wound roll for an attack that targets this unit is 1-4, the attack fails and the attack sequence ends.';
const VANGUARD = 'For the rest of the turn, this unit can use **^^Shoot^^** and/or **^^Charge^^** abilities even if it used a **^^Run^^** or **^^Retreat^^** ability in the same turn.';

type Resolved = { hits: number[]; wounds: number[]; saves: number[]; damage: number; abilities?: string[] };

/** p1's Swampcalla Shaman (Staff: 3 attacks, hit 4+, wound 3+, Rend 1, Damage D3) fights p2's shaman (Health 5, Save 5+). */
function heroFight(p1: Ability[], p2: Ability[], dice: number[]) {
  const port = tablePortAt({ 'p1-hero': [30, 15], 'p2-hero': [31.5, 15] });
  const s = gameAtHero(roster('p1', p1), roster('p2', p2), port);
  const f = play({ ...toPhase(s, port, 'combat'), diceScript: dice } as GameState, port, [{ type: 'fight', player: 'p1', unitId: 'p1-hero', target: 'p2-hero' }, { type: 'pass', player: 'p1' }, { type: 'pass', player: 'p2' }]);
  return { ...f, resolved: f.events.find((e) => e.type === 'attacksResolved') as unknown as Resolved };
}

describe('mortalPerRoll: mortal damage for unmodified rolls, after the Fight ability', () => {
  it('Extremis Chamber: hits 4 4 4, wounds 3 3 3, saves 6 6 2 (Rend 1: only the 6s save); 1 unsaved D3 (scripted 4 → 2) on p2, then 2 mortal damage on the attacking shaman', () => {
    const extremis = fromText('Extremis Chamber', undefined, EXTREMIS);
    const f = heroFight([], [extremis], [4, 4, 4, 3, 3, 3, 6, 6, 2, 4]);
    expect(f.resolved).toMatchObject({ hits: [4, 4, 4], wounds: [3, 3, 3], saves: [6, 6, 2], damage: 2, abilities: ['Extremis Chamber (warscroll)'] });
    expect(f.s.units['p2-hero'].damage).toBe(2);
    expect(f.events.find((e) => e.type === 'abilityMortal')).toMatchObject({ ability: 'Extremis Chamber', unitId: 'p1-hero', amount: 2 });
    expect(f.s.units['p1-hero'].damage).toBe(2);
    // The mortal damage comes after the attack's own damage sequence (Core 17.2: "after the Fight ability has been resolved").
    const order = f.events.map((e) => e.type).filter((t) => t === 'damageResolved' || t === 'abilityMortal');
    expect(order).toEqual(['damageResolved', 'abilityMortal', 'damageResolved']);
  });
  it('the same dice without the ability, or with it limited to shooting attacks: no mortal damage on the attacker', () => {
    const plain = heroFight([], [], [4, 4, 4, 3, 3, 3, 6, 6, 2, 4]);
    expect(plain.s.units['p1-hero'].damage).toBe(0);
    const shooting: Ability = { ...fromText('Extremis Chamber', undefined, EXTREMIS), resolves: [{ mortalPerRoll: 1, roll: 'save', unmodified: 6, to: 'attacker', attacks: 'ranged', targets: 'self' }] };
    expect(heroFight([], [shooting], [4, 4, 4, 3, 3, 3, 6, 6, 2, 4]).s.units['p1-hero'].damage).toBe(0);
  });
  it('on hit rolls of 1 of the unit\'s own combat attacks (Miasma of Madness\'s effect on its target): hits 1 1 4 → 2 mortal damage on the attacker itself', () => {
    const miasma = ability({ name: 'Miasma', timing: timing('Passive', 'passive', 'any'), effect: 'Miasma', resolves: [{ mortalPerRoll: 1, roll: 'hit', unmodified: 1, to: 'self', attacks: 'melee', targets: 'self' } as AbilityEffect] });
    // Hits 1 1 4; wound 3; save 2 (5+ with Rend 1: fails); Damage D3 scripted 2 → 1.
    const f = heroFight([miasma], [], [1, 1, 4, 3, 2, 2]);
    expect(f.resolved).toMatchObject({ hits: [1, 1, 4], damage: 1 });
    expect(f.s.units['p2-hero'].damage).toBe(1);
    expect(f.s.units['p1-hero'].damage).toBe(2);
  });
});

describe('failUnmodified: attacks that target the unit fail on an unmodified 1-N', () => {
  it('Shadowy Killers (1-4): hits 4 4 6 against a Staff that hits on 4+: only the 6 hits (one wound roll)', () => {
    const plain = heroFight([], [], [4, 4, 6, 3, 3, 3, 2, 2, 2, 2, 2, 2]);
    expect(plain.resolved.wounds).toHaveLength(3);
    const f = heroFight([], [fromText('Shadowy Killers', undefined, SHADOWY)], [4, 4, 6, 3, 2, 2]);
    expect(f.resolved).toMatchObject({ hits: [4, 4, 6], wounds: [3], saves: [2], damage: 1, abilities: ['Shadowy Killers (warscroll)'] });
  });
  it('Mortarch of Grief (hit or wound 1-4): hits 5 5 6, wounds 3 4 5 against wound 3+: only the 5 wounds', () => {
    const f = heroFight([], [fromText('Mortarch of Grief', undefined, MORTARCH)], [5, 5, 6, 3, 4, 5, 2, 2]);
    expect(f.resolved).toMatchObject({ hits: [5, 5, 6], wounds: [3, 4, 5], saves: [2], damage: 1 });
    // The hit-only version (Shadowy Killers) lets the 3 and 4 wound: three save rolls.
    const g = heroFight([], [fromText('Shadowy Killers', undefined, SHADOWY)], [5, 5, 6, 3, 4, 5, 2, 2, 2, 2, 2, 2]);
    expect(g.resolved).toMatchObject({ hits: [5, 5, 6], wounds: [3, 4, 5], saves: [2, 2, 2] });
  });
});

describe('mayShootAfter: Shoot after a Run (Vanguard Chamber)', () => {
  const port = tablePortAt({ 'p1-boyz': [30, 15], 'p2-boyz': [40, 15] });
  it('used in the hero phase, the unit runs, then shoots (the ability named on attackDeclared); without it Core 14.2 refuses', () => {
    const vanguard = fromText('Vanguard Chamber', 'Once Per Turn (Army), Your Hero Phase', VANGUARD);
    const s0 = gameAtHero(roster('p1', [], [vanguard]), roster('p2'), port);
    const used = play(s0, port, [{ type: 'useAbility', player: 'p1', unitId: 'p1-boyz', ability: 'Vanguard Chamber' }]).s;
    const ran = play(toPhase(used, port, 'movement'), port, [{ type: 'run', player: 'p1', unitId: 'p1-boyz' }]).s;
    const shot = play(toPhase(ran, port, 'shooting'), port, [{ type: 'shoot', player: 'p1', unitId: 'p1-boyz', target: 'p2-boyz' }]);
    expect(shot.events.find((e) => e.type === 'attackDeclared')).toMatchObject({ kind: 'shoot', abilities: ['Vanguard Chamber'] });
    const plainRan = play(toPhase(s0, port, 'movement'), port, [{ type: 'run', player: 'p1', unitId: 'p1-boyz' }]).s;
    expect(refused(toPhase(plainRan, port, 'shooting'), port, { type: 'shoot', player: 'p1', unitId: 'p1-boyz', target: 'p2-boyz' }).rule).toBe('Core 14.2');
  });
});

describe('chargeDice: the number of dice of the charge roll (Core 14.3: 2D6)', () => {
  const port = tablePortAt({ 'p1-hero': [30, 15], 'p2-boyz': [38, 15] });
  const charge = (p1: Ability[], dice: number[]) => {
    const s = toPhase(gameAtHero(roster('p1', p1), roster('p2'), port), port, 'charge');
    return play({ ...s, diceScript: dice } as GameState, port, [{ type: 'charge', player: 'p1', unitId: 'p1-hero' }]).events.find((e) => e.type === 'chargeRoll');
  };
  it('"Add 1 to the number of dice rolled when making charge rolls for this unit, to a maximum of 3." (sce-002 On Wings of Brilliance): dice 3 4 5 → 12; without it 3 4 → 7', () => {
    const wings = fromText('On Wings of Brilliance', undefined, 'Add 1 to the number of dice rolled when making charge rolls for this unit, to a maximum of 3.');
    expect(charge([wings], [3, 4, 5])).toMatchObject({ dice: [3, 4, 5], roll: 12, abilities: ['On Wings of Brilliance (warscroll)'] });
    expect(charge([], [3, 4, 5])).toMatchObject({ dice: [3, 4], roll: 7 });
    // Two such abilities still roll at most 3 dice ("to a maximum of 3").
    const more = ability({ name: 'More', timing: timing('Passive', 'passive', 'any'), effect: 'More', resolves: [{ modify: 'chargeDice', by: 1, targets: 'self' }] });
    expect(charge([wings, more], [3, 4, 5, 6])).toMatchObject({ dice: [3, 4, 5], roll: 12 });
  });
  it('"subtract 1 from the number of dice ... to a minimum of 1" (sce-002 Starfall\'s effect on its target): one dice, 5 → 5', () => {
    const less = ability({ name: 'Starfall', timing: timing('Passive', 'passive', 'any'), effect: 'Starfall', resolves: [{ modify: 'chargeDice', by: -1, targets: 'self' }] });
    expect(charge([less], [5, 6])).toMatchObject({ dice: [5], roll: 5 });
    const twice = ability({ name: 'Again', timing: timing('Passive', 'passive', 'any'), effect: 'Again', resolves: [{ modify: 'chargeDice', by: -1, targets: 'self' }] });
    expect(charge([less, twice], [5, 6])).toMatchObject({ dice: [5], roll: 5 });
  });
});

describe('mortal damage equal to the roll (mortal "roll", die D3)', () => {
  const port = tablePortAt({ 'p1-hero': [30, 15], 'p2-boyz': [38, 15] });
  // Spectral Hunters' Effect (nh-001) with a Declare the engine checks anywhere in the hero phase.
  const hunters = fromText('Hunters', 'Your Hero Phase', 'Roll a D3. On a 2+, inflict an amount of mortal damage on the target equal to the roll.', 'Pick an enemy unit within 12" of this unit to be the target.');
  const use = (dice: number[]) => {
    const s = gameAtHero(roster('p1', [hunters]), roster('p2'), port);
    return play({ ...s, diceScript: dice } as GameState, port, [{ type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Hunters', targets: ['p2-boyz'] }]);
  };
  it('a D3 of 3 (scripted 6): 3 mortal damage, 3 Gutrippaz (Health 1) slain; a D3 of 1 (scripted 2): none', () => {
    const hit = use([6]);
    expect(hit.events.find((e) => e.type === 'abilityMortal')).toMatchObject({ unitId: 'p2-boyz', dice: [3], amount: 3 });
    expect(hit.s.units['p2-boyz'].slain).toHaveLength(3);
    const miss = use([2]);
    expect(miss.events.find((e) => e.type === 'abilityMortal')).toMatchObject({ unitId: 'p2-boyz', dice: [1], amount: 0 });
    expect(miss.s.units['p2-boyz'].slain).toHaveLength(0);
  });
});
