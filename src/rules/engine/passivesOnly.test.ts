/**
 * `effectsOn(..., only)` (session 37: the options' questions read one kind of effect and skip
 * measuring the auras of the others) lists exactly the effects of the full listing that `only`
 * accepts, in the same order; and Core 5.3 ("A unit cannot be affected by the same passive ability
 * more than once at the same time") still counts the effects `only` does not accept: two abilities
 * of one name, the first an aura of WARD (6+), the second STRIKE-FIRST, give STRIKE-FIRST only where
 * the first's aura does not reach.
 */
import { describe, expect, it } from 'vitest';
import { abilityStrike, abilityWard, effectsOn, modified, permission, type AppliedEffect } from '../abilities/passives';
import type { AbilityEffect } from '../abilities/schema';
import { ability, gameAtHero, roster, tablePortAt, timing } from './abilityKit.test-helpers';

const passive = (name: string, resolves: AbilityEffect[]) => ability({ name, timing: timing('Passive', 'passive', 'any'), effect: name, resolves });
/** The same name on two units (Core 5.3 counts them as one ability): an aura of WARD (6+) within 6", and STRIKE-FIRST. */
const drumsWard = passive('Drums', [{ ward: 6, targets: 'friendly', while: { within: 6, of: 'self', wholly: true } }]);
const drumsStrike = passive('Drums', [{ strike: 'first', targets: 'friendly' }]);
const others = [
  passive('Venom', [{ modify: 'hit', by: 1, targets: 'friendly', while: { within: 9, of: 'self' } }, { reroll: 'wound', which: 'ones', targets: 'friendly' }]),
  passive('Sneaky', [{ mayShootInCombat: true, targets: 'self' }, { keyword: 'STRIKE-LAST', add: true, targets: 'enemy', while: { within: 12, of: 'self' } }]),
];

const FILTERS: Record<string, (e: AbilityEffect) => boolean> = {
  ward: (e) => 'ward' in e,
  strike: (e) => 'strike' in e || ('keyword' in e && e.add === true),
  hit: (e) => 'modify' in e && e.modify === 'hit',
  damage: (e) => ('modify' in e && e.modify === 'damage') || ('set' in e && e.set === 'damage'),
  reroll: (e) => 'reroll' in e,
  none: () => false,
};
const shape = (xs: AppliedEffect[]) => xs.map((x) => [x.ability, x.name, x.rule, x.player, JSON.stringify(x.effect)]);

describe('effectsOn with `only` (session 37)', () => {
  for (const [where, gitsAt] of [['near the hero (wholly within 6")', [14, 20]], ['far from the hero', [40, 40]]] as const) {
    it(`every filter gives the full listing filtered, unit by unit: p1's gits ${where}`, () => {
      const port = tablePortAt({ 'p1-hero': [10, 20], 'p1-gits': [...gitsAt], 'p2-hero': [20, 20] });
      const s = gameAtHero(roster('p1', [drumsWard, ...others], [drumsStrike]), roster('p2'), port);
      for (const id of Object.keys(s.units)) {
        const all = effectsOn(s, port, id);
        for (const [name, only] of Object.entries(FILTERS)) expect(shape(effectsOn(s, port, id, {}, only)), `${id} ${name}`).toEqual(shape(all.filter((a) => only(a.effect))));
      }
    });
  }

  it('Core 5.3: the first "Drums" whose condition holds takes the name, even for a question about the second', () => {
    const near = tablePortAt({ 'p1-hero': [10, 20], 'p1-gits': [14, 20] });
    const s = gameAtHero(roster('p1', [drumsWard], [drumsStrike]), roster('p2'), near);
    expect(abilityWard(s, near, 'p1-gits')).toBe(6);
    expect(abilityStrike(s, near, 'p1-gits')).toEqual({ first: false, last: false });
    const far = tablePortAt({ 'p1-hero': [10, 20], 'p1-gits': [40, 40] });
    const t = gameAtHero(roster('p1', [drumsWard], [drumsStrike]), roster('p2'), far);
    expect(abilityWard(t, far, 'p1-gits')).toBe(null);
    expect(abilityStrike(t, far, 'p1-gits')).toEqual({ first: true, last: false });
  });

  it('the questions built on it: modifiers, permissions', () => {
    const port = tablePortAt({ 'p1-hero': [10, 20], 'p1-gits': [14, 20] });
    const s = gameAtHero(roster('p1', [...others]), roster('p2'), port);
    expect(modified(s, port, 'p1-gits', 'hit').add).toBe(1); // within 9" of the hero
    expect(modified(s, port, 'p2-gits', 'hit').add).toBe(0); // an enemy unit
    expect(permission(s, port, 'p1-hero', 'mayShootInCombat')).not.toBe(null);
    expect(permission(s, port, 'p1-gits', 'mayShootInCombat')).toBe(null); // "self": the hero only
  });
});
