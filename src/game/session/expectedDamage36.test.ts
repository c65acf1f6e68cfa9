/**
 * The Play panel's expected damage (`expectedDamageOf`, issue 34 session 36) reads the abilities in
 * force for each weapon as the engine's attack sequence does (`engine/attackAbilities.ts`), so the figure
 * beside an attack is the damage query's with those modifiers and options (src/rules/damageOptions36.test.ts
 * checks the options against hand-computed values).
 */

import { describe, expect, it } from 'vitest';
import { computeDamage, type DamageAttacker, type DamageTarget } from '../../rules/damage';
import { expectedDamageOf } from './expectedDamage';
import { ability, gameAtHero, roster, tablePortAt, timing } from '../../rules/engine/abilityKit.test-helpers';
import type { AbilityEffect } from '../../rules/abilities/schema';

describe('expectedDamageOf reads the abilities in force like the engine (engine/attackAbilities.ts)', () => {
  const port = tablePortAt({ 'p1-hero': [30, 15], 'p2-hero': [31.5, 15] });
  const passive = (name: string, resolves: AbilityEffect[]) => ability({ name, timing: timing('Passive', 'passive', 'any'), effect: name, resolves });
  // The Staff: 3 attacks, hit 4+, wound 3+, Rend 1, Damage D3, against Save 5+, Health 5, one model.
  const staff: DamageAttacker = { models: 1, weapon: { attacks: 3, hit: '4+', wound: '3+', rend: 1, damage: 'D3' }, charged: false, modifiers: { hit: [0, 0], wound: [0] } };
  const shaman: DamageTarget = { save: '5+', health: 5, models: 1, keywords: ['HERO', 'WIZARD (2)', 'KRULEBOYZ', 'INFANTRY'], charged: false, modifiers: { save: [0, 0] } };
  it('Shadowy Killers on the target: the figure is the damage query\'s with failHitUpTo 4, and lower than without; the ability is named in the notes', () => {
    const plain = expectedDamageOf(gameAtHero(roster('p1'), roster('p2'), port), 'p1-hero', 'p2-hero', 'fight', port);
    const shadowy = expectedDamageOf(gameAtHero(roster('p1'), roster('p2', [passive('Shadowy Killers', [{ failUnmodified: 'hit', upTo: 4, targets: 'self' }])]), port), 'p1-hero', 'p2-hero', 'fight', port);
    if (!plain.ok || !shadowy.ok) throw new Error('no expected damage');
    expect(plain.value).toBeCloseTo(computeDamage(staff, shaman).value, 12);
    expect(shadowy.value).toBeCloseTo(computeDamage(staff, shaman, { failHitUpTo: 4, critOn: 6, failWoundUpTo: 0, reroll: { hit: null, wound: null, save: null }, attacksAdd: 0, damageAdd: 0, rendAdd: 0 }).value, 12);
    expect(shadowy.value).toBeLessThan(plain.value);
    expect(shadowy.notes.join(' ')).toContain('Shadowy Killers (warscroll)');
  });
  it('the attacker\'s +1 Damage and re-rolls of failed hit rolls (melee) are counted; a ranged-only +1 Damage is not', () => {
    const mine = passive('Fury', [{ modify: 'damage', by: 1, attacks: 'melee', targets: 'self' }, { reroll: 'hit', which: 'failed', attacks: 'melee', targets: 'self' }]);
    const r = expectedDamageOf(gameAtHero(roster('p1', [mine]), roster('p2'), port), 'p1-hero', 'p2-hero', 'fight', port);
    if (!r.ok) throw new Error(r.reason);
    expect(r.value).toBeCloseTo(computeDamage(staff, shaman, { reroll: { hit: 'failed' }, damageAdd: 1 }).value, 12);
    const ranged = passive('Aim', [{ modify: 'damage', by: 1, attacks: 'ranged', targets: 'self' }]);
    const q = expectedDamageOf(gameAtHero(roster('p1', [ranged]), roster('p2'), port), 'p1-hero', 'p2-hero', 'fight', port);
    if (!q.ok) throw new Error(q.reason);
    expect(q.value).toBeCloseTo(computeDamage(staff, shaman).value, 12);
  });
});
