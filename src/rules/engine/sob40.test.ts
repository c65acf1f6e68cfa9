/**
 * Session 40 (sh40d): Behemoth Brawler (sob-001 Beast-smasher Mega-Gargant), real text, read by `parseSob40.ts` and
 * applied by the engine's attack modifiers (`weaponAbilities`, the Attacks characteristic; Core 13.0 in combat: within
 * 3" of the unit), with fall-back twins that stay by hand.
 */

import { describe, expect, it } from 'vitest';
import { gameAtHero, readAbility, roster, tablePortAt } from './abilityKit.test-helpers';
import { parseEffect } from '../abilities/parseEffect';
import { parseTiming } from '../abilities/parseTiming';
import { weaponAbilities } from './attackAbilities';
import { rosterUnit } from './core';

const TEXT = 'Subtract 1 from the Attacks characteristic of enemy Monsters while they are in combat with this unit.';
const KNOWN = ['MONSTER', 'HERO', 'SONS OF BEHEMAT', 'MEGA-GARGANT'];
const read = (effect: string, passive = true) => parseEffect({ declare: null, effect, timing: parseTiming(passive ? 'Passive' : 'Any Combat Phase', passive), knownKeywords: KNOWN }).resolves;

describe('Behemoth Brawler: "Subtract 1 from the Attacks characteristic of enemy Monsters while they are in combat with this unit."', () => {
  it('reads as an aura on enemy MONSTERs within this unit\'s 3" combat range, every weapon; twins stay by hand', () => {
    expect(read(TEXT)).toEqual([{ modify: 'attacks', by: -1, attacks: 'all', targets: 'enemy', while: { within: 3, of: 'self', keyword: 'MONSTER' } }]);
    expect(read(TEXT.replace('Monsters', 'Behemoths'))).toBeNull(); // no such keyword in the army
    expect(read(TEXT.replace('in combat with this unit', 'within 6" of this unit'))).toBeNull();
    expect(read(TEXT, false)).toBeNull(); // not a passive
  });

  const brawler = readAbility({ name: 'Behemoth Brawler', timing: parseTiming('Passive', true), declare: '', effect: TEXT }, KNOWN);
  /** p2's hero made a MONSTER (its Staff: 3 attacks). */
  const p2 = () => {
    const r = roster('p2');
    return { ...r, units: r.units.map((u) => (u.id === 'p2-hero' ? { ...u, warscroll: { ...u.warscroll, keywords: [...u.warscroll.keywords, 'MONSTER'] } } : u)) };
  };
  const staffOf = (s: ReturnType<typeof gameAtHero>, id: string) => rosterUnit(s, id).weapons.find((w) => w.name === 'Staff')!;

  it('p2\'s MONSTER hero 0.24" from p1\'s hero (centres 1.5" apart, 32 mm bases): its Staff attacks with −1; 10" away: 0', () => {
    const near = tablePortAt({ 'p2-hero': [11.5, 20] });
    const s = gameAtHero(roster('p1', [brawler]), p2(), near);
    expect(near.unitsInCombat('p1-hero', 'p2-hero')).toBe(true);
    expect(weaponAbilities(s, near, 'p2-hero', 'p1-hero', staffOf(s, 'p2-hero')).attacks).toBe(-1);
    const far = tablePortAt({ 'p2-hero': [20, 20] });
    expect(weaponAbilities(gameAtHero(roster('p1', [brawler]), p2(), far), far, 'p2-hero', 'p1-hero', staffOf(s, 'p2-hero')).attacks).toBe(0);
  });

  it('a non-MONSTER enemy in combat (p2\'s hero without the keyword), and p1\'s own units: 0', () => {
    const near = tablePortAt({ 'p2-hero': [11.5, 20] });
    const s = gameAtHero(roster('p1', [brawler]), roster('p2'), near);
    expect(weaponAbilities(s, near, 'p2-hero', 'p1-hero', staffOf(s, 'p2-hero')).attacks).toBe(0);
    expect(weaponAbilities(s, near, 'p1-hero', 'p2-hero', staffOf(s, 'p1-hero')).attacks).toBe(0);
  });
});
