/**
 * The Declare picks added in session 36 (docs/abilities.md "Declare shapes added in session 36")
 * checked in play on the real table of the ability kit: each ability is read by the parser from its
 * real roster text (so what is checked is what the importer gives), then used through the reducer.
 * A pick that breaks the Declare is refused with the ability's Declare as the rule.
 */

import { describe, expect, it } from 'vitest';
import { DEFAULT_PLACEMENT, ability, gameAtHero, readAbility, play, refused, roster, tablePortAt, timing, type Placement } from './abilityKit.test-helpers';
import { makeWorld } from '../../../tests/scenario/geomKit';
import { worldPort } from './worldPort';
import type { GameState } from './state';
import { parseEffect } from '../abilities/parseEffect';
import { modified, permission } from '../abilities/passives';
import type { Ability } from '../abilities/schema';
import type { RosterInput } from './roster';
import { unitAbilityOptions } from '../../game/abilityOptions';

const KNOWN = ['KRULEBOYZ', 'INFANTRY', 'CAVALRY', 'HERO', 'WIZARD (2)', 'PRIEST (1)', 'STORMCAST ETERNALS'];

/** An ability as the importer reads it from its real texts. */
const read = (a: { id: string; name: string; timing: Ability['timing']; declare: string; effect: string; source?: Ability['source']; castingValue?: number; keywords?: string[] }) => readAbility(a, KNOWN);

const hero = timing('Your Hero Phase', 'hero', 'your');

describe('"Pick another friendly Kruleboyz unit wholly within 9" of this unit" (All Part of da Plan, kb Killaboss)', () => {
  const plan = read({ id: 'plan', name: 'All Part of da Plan', timing: hero, declare: 'Pick another friendly Kruleboyz unit wholly within 9" of this unit to be the target.', effect: "Add 3 to the target's control score until the start of your next turn." });
  const port = tablePortAt({ 'p1-hero': [10, 20], 'p1-boyz': [14, 18] });
  const s = gameAtHero(roster('p1', [plan]), roster('p2'), port);
  it('the unit using it cannot pick itself (though it is wholly within 9" of itself): refused with the Declare', () => {
    expect(refused(s, port, { type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'plan', targets: ['p1-hero'] })).toEqual({
      reason: '"p1-hero" is the unit using the ability: pick another unit: pick another friendly KRULEBOYZ unit wholly within 9"',
      rule: 'All Part of da Plan: Declare',
    });
  });
  it('another Kruleboyz unit wholly within 9" is picked and gets +3 control', () => {
    const r = play(s, port, [{ type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'plan', targets: ['p1-boyz'] }]);
    expect(modified(r.s, port, 'p1-boyz', 'control').add).toBe(3);
    expect(modified(r.s, port, 'p1-hero', 'control').add).toBe(0);
  });
});

describe('"Pick a visible enemy Wizard or Priest within 18" of this unit" (keyword alternatives)', () => {
  const glare = read({ id: 'glare', name: 'Glare', timing: hero, declare: 'Pick a visible enemy Wizard or Priest within 18" of this unit to be the target.', effect: 'Inflict 1 mortal damage on the target.' });
  const port = tablePortAt({ 'p1-hero': [10, 20], 'p2-hero': [22, 20], 'p2-boyz': [22, 10] });
  const s = gameAtHero(roster('p1', [glare]), roster('p2'), port);
  it('p2\'s Gutrippaz (KRULEBOYZ INFANTRY) is neither: refused; p2\'s shaman (WIZARD (2)) is picked and takes the damage', () => {
    expect(refused(s, port, { type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'glare', targets: ['p2-boyz'] }).reason).toMatch(/^"p2-boyz" is not WIZARD or PRIEST/);
    const r = play(s, port, [{ type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'glare', targets: ['p2-hero'] }]);
    expect(r.s.units['p2-hero'].damage).toBe(1);
  });
});

describe('Lightning Blast (sce Lore of the Storm): the closest visible enemy unit not picked by this ability this turn', () => {
  const blast = read({
    id: 'lightning-blast',
    name: 'Lightning Blast',
    source: 'spell',
    timing: hero,
    castingValue: 5,
    keywords: ['SPELL', 'UNLIMITED'],
    declare:
      'Pick a friendly Stormcast Eternals Wizard to cast this spell, then pick the closest visible enemy unit to them that has not been picked to be the target of this ability this turn to be the target. If 2 or more visible enemy units are tied to be the closest, you can pick which is the target. Then, make a casting roll of 2D6.',
    effect: 'Inflict D3 mortal damage on the target.',
  });
  // Two WIZARDS for p1 (a spell once per phase per unit, Core 5.3): the shaman and the Hobgrot Slittaz made WIZARD (1).
  const p1: RosterInput = (() => {
    const r = roster('p1', [blast]);
    return { ...r, units: r.units.map((u) => (u.id === 'p1-gits' ? { ...u, warscroll: { ...u.warscroll, keywords: [...u.warscroll.keywords, 'WIZARD (1)'], abilities: [{ ...blast, id: 'lightning-blast-2' }] } } : u)) };
  })();
  // From the shaman at (10, 20): p2's Slittaz (20, 25) are about 9.9" away, the Gutrippaz (24, 10) about 13.5", the shaman (50, 20) 38.7".
  // From p1's Slittaz at (10, 30): p2's Slittaz about 9.0", the Gutrippaz about 19.1".
  const port = tablePortAt({ 'p1-hero': [10, 20], 'p1-boyz': [35, 35], 'p1-gits': [10, 30], 'p2-gits': [20, 25], 'p2-boyz': [24, 10], 'p2-hero': [50, 20] });
  const s = gameAtHero(p1, roster('p2'), port, [6, 6, 2, 6, 6, 2]);
  it('a unit farther than the closest is refused, naming the closer one and both distances', () => {
    const r = refused(s, port, { type: 'cast', player: 'p1', unitId: 'p1-hero', spell: 'lightning-blast', target: 'p2-boyz' });
    expect(r.rule).toBe('Lightning Blast: Declare');
    expect(r.reason).toMatch(/^"p2-boyz" is not the closest: "p2-gits" is closer to "p1-hero" \(9\.\d\d" against 13\.\d\d"\)/);
  });
  it('the options offer the shaman only the closest (p2-gits), with the cast action', () => {
    const offered = unitAbilityOptions(s, port, 'p1-hero').filter((o) => o.ability.name === 'Lightning Blast' && o.available);
    expect(offered.map((o) => o.target)).toEqual(['p2-gits']);
  });
  it('the closest is cast at; then, for the second WIZARD, the closest is refused (picked this turn) and the next closest may be picked', () => {
    const one = play(s, port, [{ type: 'cast', player: 'p1', unitId: 'p1-hero', spell: 'lightning-blast', target: 'p2-gits' }, { type: 'pass', player: 'p2' }]);
    expect(one.events.some((e) => e.type === 'abilityMortal' && (e as { unitId?: string }).unitId === 'p2-gits')).toBe(true);
    expect(refused(one.s, port, { type: 'cast', player: 'p1', unitId: 'p1-gits', spell: 'lightning-blast-2', target: 'p2-gits' }).reason).toMatch(/^"p2-gits" was already picked to be the target of Lightning Blast this turn/);
    const two = play(one.s, port, [{ type: 'cast', player: 'p1', unitId: 'p1-gits', spell: 'lightning-blast-2', target: 'p2-boyz' }, { type: 'pass', player: 'p2' }]);
    expect(two.events.some((e) => e.type === 'abilityMortal' && (e as { unitId?: string }).unitId === 'p2-boyz')).toBe(true);
  });
});

describe('"Add 1 to hit rolls for this unit\'s shooting attacks that target an enemy unit that has 10 or more models" (Overwhelming Fire, skv): counted on the unit attacked', () => {
  const fire = ability({ name: 'Overwhelming Fire', timing: timing('Passive', 'passive', 'any'), effect: '(see parser)', resolves: parseEffect({ declare: null, effect: "Add 1 to hit rolls for this unit's shooting attacks that target an enemy unit that has 10 or more models.", timing: timing('Passive', 'passive', 'any'), knownKeywords: KNOWN }).resolves });
  const port = tablePortAt();
  it('+1 against 10 models, 0 against the Gutrippaz\' 5; and none outside an attack (no unit attacked to count)', () => {
    const s = gameAtHero(roster('p1', [fire]), roster('p2'), port);
    expect(modified(s, port, 'p1-hero', 'hit', { opposing: 'p2-boyz', weapon: 'ranged' }).add).toBe(0);
    const ten: RosterInput = (() => {
      const r = roster('p2');
      return { ...r, units: r.units.map((u) => (u.id === 'p2-boyz' ? { ...u, models: Array.from({ length: 10 }, (_, i) => ({ id: `p2-boyz-m${i + 1}`, base: { shape: 'round' as const, diameterMm: 32 } })) } : u)) };
    })();
    const s10 = gameAtHero(roster('p1', [fire]), ten, port);
    expect(modified(s10, port, 'p1-hero', 'hit', { opposing: 'p2-boyz', weapon: 'ranged' }).add).toBe(1);
    // Melee attacks are not "shooting attacks".
    expect(modified(s10, port, 'p1-hero', 'hit', { opposing: 'p2-boyz', weapon: 'melee' }).add).toBe(0);
    expect(modified(s10, port, 'p1-hero', 'hit').add).toBe(0);
    // With one of the 10 slain, 9 are left: no longer.
    const slain = { ...s10, units: { ...s10.units, 'p2-boyz': { ...s10.units['p2-boyz'], slain: ['p2-boyz-m10'] } } };
    expect(modified(slain, port, 'p1-hero', 'hit', { opposing: 'p2-boyz', weapon: 'ranged' }).add).toBe(0);
  });
});

/** The kit's table with objective "o1" (40 mm) at `at`. */
function tableWithObjective(place: Placement, at: [number, number]) {
  const counts: Record<string, number> = { hero: 1, boyz: 5, gits: 3 };
  const units = Object.entries({ ...DEFAULT_PLACEMENT, ...place }).map(([id, p]) => ({
    id,
    army: id.slice(0, 2),
    models: Array.from({ length: counts[id.split('-')[1]] }, (_, i) => ({ id: `${id}-m${i + 1}`, base: { round: 32 }, pos: [p[0], p[1] + i * 1.3] as [number, number], height: 1.2 })),
  }));
  return worldPort(makeWorld({ units, objectives: [{ id: 'o1', pos: at }] }));
}

describe('"If this unit is contesting an objective you control, pick ..." (Empower, sce; unitIf): the ability\'s unit, on the real table', () => {
  const empower = read({
    id: 'empower',
    name: 'Empower',
    timing: hero,
    declare: 'If this unit is contesting an objective you control, pick a visible friendly non-Hero Kruleboyz Infantry unit within 12" of this unit to be the target.',
    effect: "Add 1 to wound rolls for the target's combat attacks for the rest of the turn.",
  });
  const use = { type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'empower', targets: ['p1-boyz'] } as const;
  const withObjective = (s: GameState, controller: 'p1' | 'p2' | null): GameState => ({ ...s, objectives: { o1: controller } });
  it('the shaman 2" from an objective p1 controls (Core 32.1: within 3"): the Gutrippaz get +1 to wound', () => {
    const port = tableWithObjective({ 'p1-hero': [10, 20], 'p1-boyz': [14, 15] }, [12, 20]);
    const s = withObjective(gameAtHero(roster('p1', [empower]), roster('p2'), port), 'p1');
    const r = play(s, port, [use]);
    expect(modified(r.s, port, 'p1-boyz', 'wound', { weapon: 'melee' }).add).toBe(1);
  });
  it('the same objective controlled by p2 or by nobody, or the shaman 6" from it: refused with the Declare\'s condition', () => {
    const near = tableWithObjective({ 'p1-hero': [10, 20], 'p1-boyz': [14, 15] }, [12, 20]);
    for (const controller of ['p2', null] as const) {
      const s = withObjective(gameAtHero(roster('p1', [empower]), roster('p2'), near), controller);
      expect(refused(s, near, use)).toEqual({ reason: '"p1-hero" does not meet the Declare\'s condition (contesting an objective its player controls): pick a friendly KRULEBOYZ INFANTRY unit within 12" visible to this unit that is not HERO', rule: 'Empower: Declare' });
    }
    const far = tableWithObjective({ 'p1-hero': [10, 20], 'p1-boyz': [14, 15] }, [16, 26]);
    expect(refused(withObjective(gameAtHero(roster('p1', [empower]), roster('p2'), far), 'p1'), far, use).reason).toMatch(/^"p1-hero" does not meet the Declare's condition/);
  });
});

describe('"If this unit charged this turn, add 3 to the control scores of friendly Kruleboyz units while they are wholly within 12" of this unit" (Curse of Loyalty\'s shape, nh; also)', () => {
  const curse = ability({
    name: 'Curse of Loyalty',
    timing: timing('Passive', 'passive', 'any'),
    effect: '(see parser)',
    resolves: parseEffect({ declare: null, effect: 'If this unit charged this turn, add 3 to the control scores of friendly Kruleboyz units while they are wholly within 12" of this unit.', timing: timing('Passive', 'passive', 'any'), knownKeywords: KNOWN }).resolves,
  });
  const port = tablePortAt({ 'p1-hero': [10, 20], 'p1-boyz': [14, 15] });
  const s = gameAtHero(roster('p1', [curse]), roster('p2'), port);
  const charged = (g: GameState, id: string): GameState => ({ ...g, units: { ...g.units, [id]: { ...g.units[id], turn: { ...g.units[id].turn, charged: true } } } });
  it('the ability\'s unit charged: +3 for the Gutrippaz wholly within 12"; not charged: 0; the Gutrippaz charging instead: 0 (the charge is the ability\'s unit\'s)', () => {
    expect(modified(charged(s, 'p1-hero'), port, 'p1-boyz', 'control').add).toBe(3);
    expect(modified(s, port, 'p1-boyz', 'control').add).toBe(0);
    expect(modified(charged(s, 'p1-boyz'), port, 'p1-boyz', 'control').add).toBe(0);
  });
  it('charged, but the Gutrippaz 13" away are not wholly within 12": 0', () => {
    const far = tablePortAt({ 'p1-hero': [10, 20], 'p1-boyz': [23, 20] });
    expect(modified(charged(gameAtHero(roster('p1', [curse]), roster('p2'), far), 'p1-hero'), far, 'p1-boyz', 'control').add).toBe(0);
  });
});

describe('"While this unit is wholly within 12" of a friendly Mega-Gargant, this unit can use Charge abilities even if it used a Run ability" (Keep Up!, sob; ofFriendly)', () => {
  const keepUp = ability({
    name: 'Keep Up!',
    timing: timing('Passive', 'passive', 'any'),
    effect: '(see parser)',
    resolves: parseEffect({ declare: null, effect: 'While this unit is wholly within 12" of a friendly Mega-Gargant, this unit can use Charge abilities even if it used a Run ability in the same turn.', timing: timing('Passive', 'passive', 'any'), knownKeywords: ['MEGA-GARGANT'] }).resolves,
  });
  /** p1's roster with Keep Up! on the shaman and the keyword MEGA-GARGANT on `gargant`. */
  const p1 = (gargant: string): RosterInput => {
    const r = roster('p1', [keepUp]);
    return { ...r, units: r.units.map((u) => (u.id === gargant ? { ...u, warscroll: { ...u.warscroll, keywords: [...u.warscroll.keywords, 'MEGA-GARGANT'] } } : u)) };
  };
  it('the Gutrippaz (MEGA-GARGANT here) wholly within 12": the permission applies; 13" away: not; the unit itself MEGA-GARGANT: not (another unit)', () => {
    const near = tablePortAt({ 'p1-hero': [10, 20], 'p1-boyz': [14, 15] });
    expect(permission(gameAtHero(p1('p1-boyz'), roster('p2'), near), near, 'p1-hero', 'chargeAfterRun')).toBe('Keep Up! (warscroll)');
    const far = tablePortAt({ 'p1-hero': [10, 20], 'p1-boyz': [23, 20] });
    expect(permission(gameAtHero(p1('p1-boyz'), roster('p2'), far), far, 'p1-hero', 'chargeAfterRun')).toBeNull();
    expect(permission(gameAtHero(p1('p1-hero'), roster('p2'), near), near, 'p1-hero', 'chargeAfterRun')).toBeNull();
  });
});

describe('"Pick an enemy unit that charged this turn and is in combat with this unit" (Dance of Death\'s Declare, dok; cond on the picked unit)', () => {
  const dance = read({ id: 'dance', name: 'Dance of Death', timing: hero, declare: 'Pick an enemy unit that charged this turn and is in combat with this unit to be the target.', effect: 'The target has Strike-last for the rest of the turn.' });
  const port = tablePortAt({ 'p1-hero': [30, 15], 'p2-boyz': [31.5, 15] });
  const s = gameAtHero(roster('p1', [dance]), roster('p2'), port);
  const use = { type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'dance', targets: ['p2-boyz'] } as const;
  it('the Gutrippaz in combat with the shaman but not charged this turn: refused; charged: picked', () => {
    expect(refused(s, port, use)).toEqual({ reason: '"p2-boyz" is not a unit charged this turn: pick an enemy unit within 3" visible to this unit charged this turn', rule: 'Dance of Death: Declare' });
    const charged = { ...s, units: { ...s.units, 'p2-boyz': { ...s.units['p2-boyz'], turn: { ...s.units['p2-boyz'].turn, charged: true } } } };
    expect(play(charged, port, [use]).events.some((e) => e.type === 'abilityEffect')).toBe(true);
  });
});
