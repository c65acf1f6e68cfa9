/**
 * Session 41 (sh41e): Hidden Weapon Team (skv-001 ×4), the real text read by the parser (parseHidden41e.ts), on the
 * ability kit's real `worldPort` (32 mm bases: 1.26" wide; distances between closest base edges, Core 1.0). p2's
 * gits carry WEAPON TEAM and the ability; p2's boyz are renamed "Clanrats" (5 models). p1's boyz shoot with their
 * Bows (range 18") in p1's shooting phase; the hidden unit cannot be picked as the target (Core 16.0: visible).
 */

import { describe, expect, it } from 'vitest';
import { gameAtHero, play, readAbility, refused, roster, tablePortAt, timing, toPhase } from './abilityKit.test-helpers';
import { hiddenFrom } from '../abilities/hidden41e';
import type { RosterInput } from './roster';
import type { GameState } from './state';

const TEXT = 'While this unit is within the combat range of a friendly Clanrats unit that has 5 or more models, and there are no other friendly Weapon Team units within that unit\'s combat range, this unit is not visible to enemy units more than 13" away.';
const HIDDEN = readAbility({ name: 'Hidden Weapon Team', timing: timing('Passive', 'passive', 'any'), declare: '', effect: TEXT }, ['SKAVEN', 'INFANTRY', 'WEAPON TEAM', 'HERO']);

/** p2: the boyz are a Clanrats unit; the gits a WEAPON TEAM with the ability; the hero a WEAPON TEAM too when `heroTeam`. */
function p2(heroTeam = false): RosterInput {
  const r = roster('p2');
  return {
    ...r,
    units: r.units.map((u) =>
      u.id === 'p2-boyz' ? { ...u, name: 'Clanrats' }
        : u.id === 'p2-gits' ? { ...u, name: 'Ratling Guns', warscroll: { ...u.warscroll, keywords: ['INFANTRY', 'WEAPON TEAM'], abilities: [HIDDEN] } }
          : u.id === 'p2-hero' && heroTeam ? { ...u, warscroll: { ...u.warscroll, keywords: [...u.warscroll.keywords, 'WEAPON TEAM'] } }
            : u,
    ),
  };
}
const shoot = { type: 'shoot', player: 'p1', unitId: 'p1-boyz', target: 'p2-gits' } as const;

describe('Hidden Weapon Team: not visible to enemy units more than 13" away while screened by 5+ Clanrats (Core 6.0, 16.0)', () => {
  it('reads whole: hiddenBeyond 13, screened by a Clanrats unit (a warscroll name) of 5+ models, no other WEAPON TEAM near it', () => {
    expect(HIDDEN.resolves).toEqual([{ hiddenBeyond: 13, screen: { named: 'Clanrats', models: 5, within: 3, noOther: 'WEAPON TEAM' }, targets: 'self' }]);
  });

  // Gits at x = 40 (3 models along +y from y = 30), Clanrats at x = 42 (0.74" apart: within 3"); the hero far away.
  const at = (shooterX: number, hero: [number, number] = [50, 5]) => tablePortAt({ 'p2-gits': [40, 30], 'p2-boyz': [42, 30], 'p1-boyz': [shooterX, 30], 'p2-hero': hero });
  const atShooting = (port: ReturnType<typeof at>, heroTeam = false): GameState => toPhase(gameAtHero(roster('p1'), p2(heroTeam), port, []), port, 'shooting');

  it('shooter 14.74" away (centres 16"): the gits cannot be targeted (not visible); 11.24" away (centres 12.5") they can', () => {
    const far = at(24);
    const s = atShooting(far);
    expect(hiddenFrom(s, far, 'p1-boyz', 'p2-gits')).toBe('Hidden Weapon Team (warscroll)');
    expect(refused(s, far, shoot).rule).toBe('Core 16.0');
    const near = at(27.5);
    const s2 = atShooting(near);
    expect(hiddenFrom(s2, near, 'p1-boyz', 'p2-gits')).toBeNull();
    expect(() => play(s2, near, [shoot])).not.toThrow(); // accepted: the gits are visible and in range
  });

  it('not screened: another friendly WEAPON TEAM unit (the hero, 0.74" from the Clanrats) within the Clanrats\' combat range, or the Clanrats 4" away, or only 4 Clanrats left: visible at 14.74"', () => {
    const crowded = at(24, [44, 30]);
    expect(hiddenFrom(atShooting(crowded, true), crowded, 'p1-boyz', 'p2-gits')).toBeNull();
    const heroNotTeam = at(24, [44, 30]);
    expect(hiddenFrom(atShooting(heroNotTeam, false), heroNotTeam, 'p1-boyz', 'p2-gits')).toBe('Hidden Weapon Team (warscroll)');
    const apart = tablePortAt({ 'p2-gits': [40, 30], 'p2-boyz': [45.26, 30], 'p1-boyz': [24, 30], 'p2-hero': [50, 5] }); // 5.26 - 1.26 = 4" > 3"
    expect(hiddenFrom(atShooting(apart), apart, 'p1-boyz', 'p2-gits')).toBeNull();
    const far = at(24);
    const s = atShooting(far);
    const four: GameState = { ...s, units: { ...s.units, 'p2-boyz': { ...s.units['p2-boyz'], slain: ['p2-boyz-m5'] } } };
    expect(hiddenFrom(four, far, 'p1-boyz', 'p2-gits')).toBeNull();
  });

  it('only from enemy units: p2\'s own hero 14.74" away still sees the gits', () => {
    const port = tablePortAt({ 'p2-gits': [40, 30], 'p2-boyz': [42, 30], 'p2-hero': [24, 30] });
    expect(hiddenFrom(atShooting(port), port, 'p2-hero', 'p2-gits')).toBeNull();
  });
});
