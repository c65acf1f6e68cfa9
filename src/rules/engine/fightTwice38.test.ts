/**
 * "Can use 2 Fight abilities" (issue 34, session 38, ab38c; `abilities/parseFight38.ts`,
 * `engine/fightTwice38.ts`). Real texts: Dance of Doom (dok-001 ×5, a prayer: the second Fight at a
 * chanting roll of 10+), Deliver Judgement (sce-002). In play on the kit's table with Deliver Judgement's
 * Effect (its Declare's keywords those of the kit's army).
 *
 * Core 5.3 (one CORE ability per phase; the same ability once per phase) overridden for the second Fight
 * (Core 29.0); Core 19.0: STRIKE-LAST units fight after the others; Core 13.1: alternate picks.
 */
import { describe, expect, it } from 'vitest';
import { gameAtHero, play, readAbility, refused, roster, tablePortAt, timing, toPhase } from './abilityKit.test-helpers';
import { parseEffect } from '../abilities/parseEffect';
import type { GameState } from './state';

const DANCE_DECLARE = 'Pick a friendly Daughters of Khaine Priest to chant this prayer, pick a visible friendly non-Unique Daughters of Khaine unit wholly within 12" of them to be the target, then make a chanting roll of D6.';
const DANCE = 'Add 1 to the Attacks characteristic of the target\'s melee weapons for the rest of the turn. In\naddition, if the chanting roll was 10+, the target can use 2 Fight abilities this turn. After the first is used, however, the target has Strike-Last for the rest of the turn.';
const JUDGEMENT = 'That unit can use 2 Fight abilities this phase. After the first is used, however, that unit has Strike-last for the rest of the turn.';
const hero = timing('Your Hero Phase', 'hero', 'your');
const combat = timing('Any Combat Phase', 'combat', 'any');
const dok = ['DAUGHTERS OF KHAINE', 'PRIEST', 'UNIQUE', 'HERO'];

describe('"can use 2 Fight abilities" read (real texts)', () => {
  it('Dance of Doom (dok-001): +1 Attacks, and at a chanting roll of 10+ the second Fight', () => {
    expect(parseEffect({ declare: DANCE_DECLARE, effect: DANCE, timing: hero, knownKeywords: dok }).resolves).toEqual([
      { modify: 'attacks', by: 1, attacks: 'melee', targets: 'targets', duration: 'turn' },
      { fightTwice: true, targets: 'targets', duration: 'turn', if: { castRoll: 10 } },
    ]);
  });

  it('Deliver Judgement (sce-002): "That unit ... this phase"', () => {
    const p = parseEffect({ declare: 'Pick a friendly non-Hero Ruination Chamber unit wholly within 12" of this unit.', effect: JUDGEMENT, timing: combat, knownKeywords: ['RUINATION CHAMBER', 'HERO'] });
    expect(p.resolves).toEqual([{ fightTwice: true, targets: 'targets', duration: 'phase' }]);
  });

  it('fall-back twins stay by hand: without the Strike-last sentence, 3 Fight abilities, another unit in the second sentence, no pick, a chanting roll the Declare does not make, a passive', () => {
    const d = 'Pick a friendly Ruination Chamber unit wholly within 12" of this unit.';
    const read = (effect: string, declare: string | null = d, t = combat) => parseEffect({ declare, effect, timing: t, knownKeywords: ['RUINATION CHAMBER', 'HERO'] }).resolves;
    expect(read('That unit can use 2 Fight abilities this phase.')).toBeNull();
    expect(read('That unit can use 3 Fight abilities this phase. After the first is used, however, that unit has Strike-last for the rest of the turn.')).toBeNull();
    expect(read('That unit can use 2 Fight abilities this phase. After the first is used, however, this unit has Strike-last for the rest of the turn.')).toBeNull();
    expect(read(JUDGEMENT, null)).toBeNull();
    expect(read(`If the chanting roll was 10+, the target can use 2 Fight abilities this turn. After the first is used, however, the target has Strike-last for the rest of the turn.`)).toBeNull();
    expect(read('This unit can use 2 Fight abilities this turn. After the first is used, however, this unit has Strike-last for the rest of the turn.', null, timing('Passive', 'passive', 'any'))).toBeNull();
  });
});

describe('a unit that can use 2 Fight abilities (Deliver Judgement on the kit)', () => {
  const judgement = readAbility({ name: 'Deliver Judgement', timing: combat, declare: 'Pick a friendly non-Hero Kruleboyz unit wholly within 12" of this unit.', effect: JUDGEMENT }, ['KRULEBOYZ', 'HERO']);
  // p1's Gutrippaz in combat with p2's (centres 1.4" apart), the two Hobgrot units in combat far away; the Shaman 4.2" from p2's Gutrippaz (not in combat).
  const port = tablePortAt({ 'p1-hero': [10, 18], 'p1-boyz': [14, 15], 'p2-boyz': [15.4, 15], 'p1-gits': [30, 30], 'p2-gits': [31.4, 30], 'p2-hero': [50, 5] });
  const ones = Array.from({ length: 40 }, () => 1); // every hit roll a 1: no damage, the order of fights alone is tested
  const start = (): GameState => toPhase(gameAtHero(roster('p1', [judgement]), roster('p2'), port, ones), port, 'combat');
  // Each Fight, then the reactions window: the active player (p1) passes first, then p2 (Core 5.2).
  const fightP1 = (unitId: string, target: string) => [{ type: 'fight', player: 'p1', unitId, target } as const, { type: 'pass', player: 'p1' } as const, { type: 'pass', player: 'p2' } as const];
  const fightP2 = (unitId: string, target: string) => [{ type: 'fight', player: 'p2', unitId, target } as const, { type: 'pass', player: 'p1' } as const, { type: 'pass', player: 'p2' } as const];

  it('the Gutrippaz fight, gain Strike-last, and fight again after every unit without it (Core 19.0); a third Fight is refused (Core 5.3)', () => {
    const used = play(start(), port, [{ type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Deliver Judgement', targets: ['p1-boyz'] }]);
    expect(used.events.find((e) => e.type === 'abilityEffect')).toMatchObject({ units: ['p1-boyz'], duration: 'phase' });
    const first = play(used.s, port, fightP1('p1-boyz', 'p2-boyz'));
    expect(first.events.find((e) => e.type === 'abilityEffect')).toMatchObject({ units: ['p1-boyz'], effect: { strike: 'last' }, duration: 'turn' });
    const s2 = play(first.s, port, fightP2('p2-boyz', 'p1-boyz')).s;
    // p1's Hobgrots (no STRIKE-LAST) have not fought: the Gutrippaz wait.
    expect(refused(s2, port, { type: 'fight', player: 'p1', unitId: 'p1-boyz', target: 'p2-boyz' }).rule).toBe('Core 19.0');
    const s3 = play(s2, port, [...fightP1('p1-gits', 'p2-gits'), ...fightP2('p2-gits', 'p1-gits')]).s;
    const second = play(s3, port, fightP1('p1-boyz', 'p2-boyz'));
    expect(second.events.filter((e) => e.type === 'attacksResolved' && e.unitId === 'p1-boyz')).toHaveLength(1);
    expect(second.s.combat?.fought.filter((id) => id === 'p1-boyz')).toHaveLength(2);
    expect(refused(second.s, port, { type: 'fight', player: 'p1', unitId: 'p1-boyz', target: 'p2-boyz' }).rule).toBe('Core 5.3');
    // The second Fight is optional: the phase can end.
    play(second.s, port, [{ type: 'endPhase', player: 'p1' }]);
  });

  it('used after the Gutrippaz fought once: Strike-last at once, and their second Fight comes after the Hobgrots\'', () => {
    const s1 = play(start(), port, [...fightP1('p1-boyz', 'p2-boyz'), ...fightP2('p2-boyz', 'p1-boyz')]).s;
    const used = play(s1, port, [{ type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Deliver Judgement', targets: ['p1-boyz'] }]);
    expect(used.events.find((e) => e.type === 'abilityEffect' && (e as { afterFirstFight?: boolean }).afterFirstFight)).toMatchObject({ units: ['p1-boyz'], effect: { strike: 'last' } });
    expect(refused(used.s, port, { type: 'fight', player: 'p1', unitId: 'p1-boyz', target: 'p2-boyz' }).rule).toBe('Core 19.0');
    const s3 = play(used.s, port, [...fightP1('p1-gits', 'p2-gits'), ...fightP2('p2-gits', 'p1-gits'), ...fightP1('p1-boyz', 'p2-boyz')]).s;
    expect(s3.combat?.fought.filter((id) => id === 'p1-boyz')).toHaveLength(2);
  });

  it('without the ability the second Fight is refused (Core 5.3)', () => {
    const s = play(start(), port, [...fightP1('p1-boyz', 'p2-boyz'), ...fightP2('p2-boyz', 'p1-boyz'), ...fightP1('p1-gits', 'p2-gits'), ...fightP2('p2-gits', 'p1-gits')]).s;
    expect(refused(s, port, { type: 'fight', player: 'p1', unitId: 'p1-boyz', target: 'p2-boyz' }).rule).toBe('Core 5.3');
  });
});
