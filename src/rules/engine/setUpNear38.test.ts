/**
 * Set-ups "wholly within N" of this unit / a friendly K unit and more than M" from all enemy units" (issue 34,
 * session 38, ab38c; `abilities/parseSetUp38.ts`, `engine/setUpNear38.ts`). Real texts: To Our Liege
 * (fec-001, Crypt Flayers), Da Great Big Green Hand of Gork (ij-001, Weirdnob Shaman). In play on the kit's
 * table (Core 24.0: the player gives the positions; Core 1.1 wholly within).
 */
import { describe, expect, it } from 'vitest';
import { ability, gameAtHero, play, refused, roster, tablePortAt, timing } from './abilityKit.test-helpers';
import { parseEffect } from '../abilities/parseEffect';
import type { GameState } from './state';

const LIEGE = 'If this unit is not in combat, remove it from the battlefield and set it up again wholly within 12" of a friendly Flesh-eater Courts Hero and more than 9" from all enemy units.';
const HAND_DECLARE = 'Pick a friendly Ironjawz Wizard to cast this spell, pick a visible friendly unit wholly within 12" of them and not in combat to be the target, then make a casting roll of 2D6.';
const HAND = 'Remove the target from the battlefield and set it up again wholly within 24" of the caster and more than 9" from all enemy units.';
const movement = timing('Once Per Turn (Army), Your Movement Phase', 'movement', 'your', { per: 'turn', army: true });
const FEC = ['FLESH-EATER COURTS', 'HERO', 'INFANTRY'];

describe('set-ups near a unit, read (real texts)', () => {
  it('To Our Liege (fec-001): nearFriendly FLESH-EATER COURTS HERO, more than 9" from enemy units, if not in combat', () => {
    expect(parseEffect({ declare: null, effect: LIEGE, timing: movement, knownKeywords: FEC }).resolves).toEqual([
      { setUp: 'battlefield', nearFriendly: { within: 12, keyword: 'FLESH-EATER COURTS HERO' }, farther: 9, targets: 'self', if: { inCombat: false, unit: 'self' } },
    ]);
  });

  it('Da Great Big Green Hand of Gork (ij-001): wholly within 24" of the caster (this unit)', () => {
    const p = parseEffect({ declare: HAND_DECLARE, effect: HAND, timing: timing('Your Hero Phase', 'hero', 'your'), knownKeywords: ['IRONJAWZ', 'WIZARD'] });
    expect(p.resolves).toEqual([{ setUp: 'battlefield', within: 24, farther: 9, targets: 'targets' }]);
  });

  it('fall-back twins stay by hand: near a terrain feature, the battlefield edge, "another friendly Gnawhole", a keyword the army lacks, "non-Hero", "within" without "wholly", set up in combat', () => {
    const read = (effect: string) => parseEffect({ declare: null, effect, timing: movement, knownKeywords: FEC }).resolves;
    expect(read('Remove this unit from the battlefield and set it up again wholly within 3" of a terrain feature and more than 9" from all enemy units.')).toBeNull();
    expect(read('Remove this unit from the battlefield and set it up again wholly within 6" of the battlefield edge and more than 9" from all enemy units.')).toBeNull();
    expect(read('Remove this unit from the battlefield and set it up again wholly within 6" of another friendly Gnawhole and more than 9" from all enemy units.')).toBeNull();
    expect(read('Remove this unit from the battlefield and set it up again wholly within 12" of a friendly Skaven Hero and more than 9" from all enemy units.')).toBeNull();
    expect(read('Remove this unit from the battlefield and set it up again wholly within 12" of a friendly non-Hero Flesh-eater Courts unit and more than 9" from all enemy units.')).toBeNull();
    expect(read('Remove this unit from the battlefield and set it up again within 12" of a friendly Flesh-eater Courts Hero and more than 9" from all enemy units.')).toBeNull();
    expect(read('Remove this unit from the battlefield and set it up again wholly within 6" of a friendly Flesh-eater Courts Hero. This unit can be set up in combat.')).toBeNull();
  });
});

describe('To Our Liege on the kit (the Gutrippaz, near a friendly Kruleboyz Hero: the Shaman at (10, 20))', () => {
  const parsed = parseEffect({ declare: null, effect: LIEGE.replace('Flesh-eater Courts', 'Kruleboyz'), timing: movement, knownKeywords: ['KRULEBOYZ', 'HERO', 'INFANTRY'] });
  const liege = ability({ name: 'To Our Liege', timing: movement, effect: LIEGE, resolves: parsed.resolves });
  const at = (x: number, y = 18) => Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`p1-boyz-m${i + 1}`, [x, y + i * 1.3] as [number, number]]));
  function atMovement(place: Record<string, [number, number]> = {}): { s: GameState; port: ReturnType<typeof tablePortAt> } {
    const port = tablePortAt(place);
    const s = gameAtHero(roster('p1', [], [liege]), roster('p2'), port);
    return { s: play(s, port, [{ type: 'endPhase', player: 'p1' }]).s, port };
  }

  it('set up at x = 20 (y 18-23.2): the farthest model 10.5" from the Shaman (centres; same bases), wholly within 12"; 26" from the nearest enemy', () => {
    const { s, port } = atMovement();
    const r = play(s, port, [{ type: 'useAbility', player: 'p1', unitId: 'p1-boyz', ability: 'To Our Liege', positions: at(20) }]);
    expect(r.s.positions['p1-boyz-m5']).toEqual([20, 23.2]);
    expect(r.s.units['p1-boyz'].turn.setUp).toBe(true);
    expect(r.events.find((e) => e.type === 'setUpByAbility')).toMatchObject({ unitId: 'p1-boyz', ability: 'To Our Liege' });
  });

  it('set up at x = 24: the farthest model sqrt(14² + 3.2²) = 14.36" from the Shaman: refused, naming the closest hero', () => {
    const { s, port } = atMovement();
    expect(refused(s, port, { type: 'useAbility', player: 'p1', unitId: 'p1-boyz', ability: 'To Our Liege', positions: at(24) })).toMatchObject({
      rule: 'To Our Liege: set-up',
      reason: expect.stringMatching(/wholly within 12" of a friendly KRULEBOYZ HERO unit \(the closest, "p1-hero"/),
    });
  });

  it('set up at x = 18 (wholly within 12" of the Shaman) with p2\'s Gutrippaz at (26, 20): (18, 20.6)-(26, 20) sqrt(8² + 0.6²) = 8.02" - 1.26" = 6.76" away: refused, more than 9" from every enemy unit', () => {
    const { s, port } = atMovement({ 'p2-boyz': [26, 20] });
    expect(refused(s, port, { type: 'useAbility', player: 'p1', unitId: 'p1-boyz', ability: 'To Our Liege', positions: at(18) }).reason).toMatch(/more than 9" from every enemy unit \("p2-boyz" is 6\.76"\)/);
  });

  it('in combat (p2\'s Hobgrots 1.4" away): the effect is skipped, the Gutrippaz stay', () => {
    const { s, port } = atMovement({ 'p2-gits': [15.4, 15] });
    const r = play(s, port, [{ type: 'useAbility', player: 'p1', unitId: 'p1-boyz', ability: 'To Our Liege', positions: at(20) }]);
    expect(r.events.find((e) => e.type === 'abilityEffectSkipped')).toMatchObject({ unitId: 'p1-boyz' });
    expect(r.events.some((e) => e.type === 'setUpByAbility')).toBe(false);
    expect(r.s.units['p1-boyz'].turn.setUp).not.toBe(true);
  });
});

describe('Da Great Big Green Hand of Gork\'s set-up (the effect, used through a Declare pick on the kit)', () => {
  const p = parseEffect({ declare: 'Pick a visible friendly unit wholly within 12" of this unit and not in combat to be the target.', effect: HAND, timing: timing('Your Hero Phase', 'hero', 'your'), knownKeywords: ['KRULEBOYZ'] });
  const hand = ability({ name: 'Green Hand', timing: timing('Your Hero Phase', 'hero', 'your'), declare: 'x', effect: HAND, picks: p.picks, resolves: p.resolves });
  const at = (x: number, y: number) => Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`p1-boyz-m${i + 1}`, [x, y + i * 1.3] as [number, number]]));
  const port = tablePortAt({});

  it('the Gutrippaz set up at x = 30, y 20-25.2 (farthest model sqrt(20² + 5.2²) = 20.66" from the Shaman): accepted; at x = 34, y 30 (sqrt(24² + 15.2²) = 28.4"): refused', () => {
    const s = gameAtHero(roster('p1', [hand]), roster('p2'), port);
    const ok = play(s, port, [{ type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Green Hand', targets: ['p1-boyz'], positions: at(30, 20) }]);
    expect(ok.s.positions['p1-boyz-m1']).toEqual([30, 20]);
    expect(refused(s, port, { type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Green Hand', targets: ['p1-boyz'], positions: at(34, 30) })).toMatchObject({ rule: 'Green Hand: set-up', reason: expect.stringContaining('wholly within 24"') });
  });
});
