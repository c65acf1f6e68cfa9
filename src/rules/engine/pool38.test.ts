/**
 * Dance of Death (dok-001 Sisters of Slaughter; session 38, ab38b, parsePool38.ts): "hit rolls and wound rolls" read as
 * one modifier on each roll, its real text parsed (with its real Declare) and played on the kit's table, and fall-back
 * twins kept by hand.
 */

import { describe, expect, it } from 'vitest';
import { ability, gameAtHero, play, roster, tablePortAt, timing } from './abilityKit.test-helpers';
import { parseEffect } from '../abilities/parseEffect';
import { parseTiming } from '../abilities/parseTiming';
import { modified } from '../abilities/passives';

const KW = ['DAUGHTERS OF KHAINE', 'INFANTRY', 'HERO', 'KRULEBOYZ'];
const EFFECT = "Subtract 1 from hit rolls and wound rolls for the target's combat attacks for the rest of the turn.";
const read = (declare: string, effect: string, t = 'Once Per Turn (Army), Any Combat Phase') => parseEffect({ declare, effect, timing: parseTiming(t, false), knownKeywords: KW });

describe('Dance of Death (dok-001)', () => {
  it('reads as -1 to hit and -1 to wound for the target\'s combat attacks, for the rest of the turn; its Declare (charged, in combat with this unit) too', () => {
    const r = read('Pick an enemy unit that charged this turn and is in combat with this unit to be the target.', EFFECT);
    expect(r.resolves).toEqual([
      { modify: 'hit', by: -1, attacks: 'melee', targets: 'targets', duration: 'turn' },
      { modify: 'wound', by: -1, attacks: 'melee', targets: 'targets', duration: 'turn' },
    ]);
    expect(r.picks?.[0]).toMatchObject({ kind: 'enemyUnit', within: 3, visible: true, cond: { charged: true } });
  });

  it('fall-back twins: no duration in an activated ability; "hit rolls and save rolls"; a condition the clause reader does not know', () => {
    expect(read('Pick an enemy unit to be the target.', "Subtract 1 from hit rolls and wound rolls for the target's combat attacks.").resolves).toBeNull();
    expect(read('Pick an enemy unit to be the target.', "Subtract 1 from hit rolls and save rolls for the target's combat attacks for the rest of the turn.").resolves).toBeNull();
    expect(read('Pick an enemy unit to be the target.', "Subtract 1 from hit rolls and wound rolls for the target's combat attacks while it is contesting an objective wholly within enemy territory for the rest of the turn.").resolves).toBeNull();
  });

  it('in play (the kit\'s "Pick an enemy unit" standing in for its Declare): p2\'s boyz -1 hit and -1 wound on melee attacks until the end of the turn, not on the Bow, not on others', () => {
    const r = read('Pick an enemy unit to be the target.', EFFECT, 'Your Hero Phase');
    const dance = ability({ name: 'Dance of Death', timing: timing('Your Hero Phase', 'hero', 'your'), declare: 'Pick an enemy unit to be the target.', effect: EFFECT, resolves: r.resolves, ...(r.picks ? { picks: r.picks } : {}) });
    const port = tablePortAt({});
    const s = play(gameAtHero(roster('p1', [dance]), roster('p2'), port), port, [{ type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Dance of Death', targets: ['p2-boyz'] }]).s;
    expect(modified(s, port, 'p2-boyz', 'hit', { weapon: 'melee' }).add).toBe(-1);
    expect(modified(s, port, 'p2-boyz', 'wound', { weapon: 'melee' }).add).toBe(-1);
    expect(modified(s, port, 'p2-boyz', 'hit', { weapon: 'ranged' }).add).toBe(0);
    expect(modified(s, port, 'p2-gits', 'hit', { weapon: 'melee' }).add).toBe(0);
    const later = play(s, port, [{ type: 'endPhase', player: 'p1' }]).s;
    expect(modified(later, port, 'p2-boyz', 'wound', { weapon: 'melee' }).add).toBe(-1);
  });
});

describe('Shield Bash and Get Bashin\'! (ij-001 Ardboyz, Ardboy Big Boss; session 38, ab38b): a named roll for each model within 3" of the target', () => {
  const SHIELD = 'Make a shield bash roll of D6 for each model in this unit that is within 3" of the target. For each 6+, inflict 1 mortal damage on the target.';
  const BASHIN = 'Add 1 to shield bash rolls for friendly Ardboyz units while they are wholly within 12" of this unit.';
  const names = ['Ardboyz', 'Ardboy Big Boss', 'Gutrippaz'];
  const readN = (declare: string | null, effect: string, t: string, passive = false) => parseEffect({ declare, effect, timing: parseTiming(t, passive), knownKeywords: ['IRONJAWZ', 'INFANTRY', 'HERO'], unitNames: names });

  it('reads the real texts (Shield Bash with its Declare "Pick an enemy unit within 1" of this unit")', () => {
    const sb = readN('Pick an enemy unit within 1" of this unit to be the target.', SHIELD, 'Any Combat Phase');
    expect(sb.resolves).toEqual([{ mortal: 1, on: '6+', each: 'ownModelNear', near: 3, rollName: 'shield bash roll', targets: 'targets' }]);
    expect(readN(null, BASHIN, '', true).resolves).toEqual([{ modifyNamed: 'shield bash roll', by: 1, targets: 'friendly', while: { within: 12, of: 'self', wholly: true, warscroll: 'Ardboyz' } }]);
  });

  it('fall-back twins: several targets; D3 mortal damage for each 6+; a unit name the army lacks; two kinds of units; a core roll', () => {
    expect(readN('Pick up to 2 enemy units within 1" of this unit to be the targets.', SHIELD, 'Any Combat Phase').resolves).toBeNull();
    expect(readN('Pick an enemy unit within 1" of this unit to be the target.', SHIELD.replace('inflict 1 mortal', 'inflict D3 mortal'), 'Any Combat Phase').resolves).toBeNull();
    expect(readN(null, BASHIN.replace('Ardboyz', 'Brutes'), '', true).resolves).toBeNull();
    expect(readN(null, BASHIN.replace('Ardboyz', 'Ardboyz or Gutrippaz'), '', true).resolves).toBeNull();
    expect(readN(null, BASHIN.replace('shield bash', 'charge'), '', true).resolves).toBeNull();
  });

  // p1's boyz (5 models at x 30, y 15-20.2) named Ardboyz; p2's gits (x 33.5, y 13-15.6): the boyz' first three models are
  // 2.3-2.8" from them (edge to edge), the last two 3.5" and more: 3 dice. The kit's "Pick an enemy unit" stands in for "within 1"".
  const port = tablePortAt({ 'p1-boyz': [30, 15], 'p2-gits': [33.5, 13], 'p1-hero': [24, 17] });
  function p1(bashin: boolean): ReturnType<typeof roster> {
    const sb = readN('Pick an enemy unit to be the target.', SHIELD, 'Your Hero Phase');
    const shield = ability({ name: 'Shield Bash', timing: timing('Your Hero Phase', 'hero', 'your'), declare: 'Pick an enemy unit to be the target.', effect: SHIELD, resolves: sb.resolves, ...(sb.picks ? { picks: sb.picks } : {}) });
    const boss = ability({ name: "Get Bashin'!", timing: timing('Passive', 'passive', 'any'), effect: BASHIN, resolves: readN(null, BASHIN, '', true).resolves });
    const r = roster('p1', bashin ? [boss] : [], [shield]);
    return { ...r, units: r.units.map((u) => (u.id === 'p1-boyz' ? { ...u, name: 'Ardboyz' } : u)) };
  }
  const bash = (bashin: boolean, dice: number[]) => play(gameAtHero(p1(bashin), roster('p2'), port, dice), port, [{ type: 'useAbility', player: 'p1', unitId: 'p1-boyz', ability: 'Shield Bash', targets: ['p2-gits'] }]);

  it('3 dice (6, 5, 2): one 6+, 1 mortal damage, 1 Slitta slain; with Get Bashin\'! (the Big Boss 6" away) 7, 6, 3: 2', () => {
    const plain = bash(false, [6, 5, 2]);
    expect(plain.events.find((e) => e.type === 'abilityMortal')).toMatchObject({ unitId: 'p2-gits', dice: [6, 5, 2], amount: 1 });
    expect(plain.s.units['p2-gits'].slain).toHaveLength(1);
    const boosted = bash(true, [6, 5, 2]);
    expect(boosted.events.find((e) => e.type === 'abilityMortal')).toMatchObject({ dice: [6, 5, 2], amount: 2 });
    expect(boosted.s.units['p2-gits'].slain).toHaveLength(2);
  });

  it('the Big Boss 20" away (not wholly within 12"): no +1', () => {
    const far = tablePortAt({ 'p1-boyz': [30, 15], 'p2-gits': [33.5, 13], 'p1-hero': [8, 17] });
    const r = play(gameAtHero(p1(true), roster('p2'), far, [6, 5, 2]), far, [{ type: 'useAbility', player: 'p1', unitId: 'p1-boyz', ability: 'Shield Bash', targets: ['p2-gits'] }]);
    expect(r.events.find((e) => e.type === 'abilityMortal')).toMatchObject({ dice: [6, 5, 2], amount: 1 });
  });
});
