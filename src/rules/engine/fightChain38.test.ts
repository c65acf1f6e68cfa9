/**
 * Fight chains whose pick is in the Effect, now resolved by the engine (issue 34, session 38, ab38c;
 * `abilities/parseFightChain38.ts`, `engine/fightChain38.ts`). Real texts of the fixture rosters; the
 * engine part on the kit's table with Kompany Taktikz (kb-001, Hobgrot Slittaboss) on the Swampcalla
 * Shaman, whose "friendly Hobgrot Slittaz unit" is the kit's `p1-gits` (warscroll name, session 36).
 *
 * Core 13.1 (alternate picks), overridden by "can be picked to use a Fight ability immediately after"
 * (Core 29.0); "If it is picked to do so, add 1 to wound rolls for the target's attacks for the rest of
 * the turn" applies only when the unit is picked to fight that way (Core 28.1 from then).
 */
import { describe, expect, it } from 'vitest';
import { ability, gameAtHero, play, refused, roster, tablePortAt, timing, toPhase } from './abilityKit.test-helpers';
import { parseEffect } from '../abilities/parseEffect';
import type { Ability } from '../abilities/schema';
import type { GameState } from './state';

const trigger = 'You declared a Fight ability for this unit';
const reaction = timing(`Reaction: ${trigger}`, 'reaction', 'your', undefined, trigger);
const CHAIN = "The target can be picked to use a Fight ability immediately after the Fight ability used by this unit has been resolved.";
const pick = (who: string) => `Pick a friendly ${who} unit that has not used a Fight ability this turn and is within this unit's combat range to be the target.`;
const KOMPANY = `${pick('Hobgrot Slittaz')} ${CHAIN} If it is picked to do so, add 1 to wound rolls for the target's attacks for the rest of the turn.`;
const names = ['Swampcalla Shaman', 'Gutrippaz', 'Hobgrot Slittaz'];
const read = (effect: string, known: string[] = ['KRULEBOYZ', 'INFANTRY', 'HERO'], t = reaction) => parseEffect({ declare: null, effect, timing: t, knownKeywords: known, unitNames: names });

describe('fight chains read from the Effect (real texts)', () => {
  it('Kompany Taktikz (kb-001): the pick (warscroll name, within 3", not fought), fightNext, the +1 to wound kept for the chained fight', () => {
    expect(read(KOMPANY)).toEqual({
      picks: [{ kind: 'friendlyUnit', within: 3, warscroll: 'Hobgrot Slittaz', cond: { fought: false } }],
      resolves: [
        { fightNext: true, targets: 'targets' },
        { modify: 'wound', by: 1, attacks: 'all', targets: 'targets', duration: 'turn', if: { pickedToFight: true } },
      ],
    });
  });

  it("Executioner's Entourage (fec-001): Crit (2 Hits) on the target's melee weapons; Lead da Brutes (ij-001): \"that unit's\" melee weapons' Attacks", () => {
    const ee = read(`${pick('Serfs')} ${CHAIN} If it is picked to do so, the target's melee weapons have Crit (2 Hits) for the rest of the turn.`, ['SERFS', 'FLESH-EATER COURTS']);
    expect(ee.picks).toEqual([{ kind: 'friendlyUnit', within: 3, keyword: 'SERFS', cond: { fought: false } }]);
    expect(ee.resolves?.[1]).toEqual({ weaponAbility: 'crit-2-hits', attacks: 'melee', targets: 'targets', duration: 'turn', if: { pickedToFight: true } });
    const lb = read(`${pick('Brute')} ${CHAIN} If it is picked to do so, add 1 to the Attacks characteristic of that unit's melee weapons for the rest of the turn.`, ['BRUTE', 'IRONJAWZ']);
    expect(lb.resolves?.[1]).toEqual({ modify: 'attacks', by: 1, attacks: 'melee', targets: 'targets', duration: 'turn', if: { pickedToFight: true } });
  });

  it('Heroic Retribution (sce-002): no bonus sentence; Cavalry Overseer (nh-001): "non-Hero Nighthaunt Cavalry or War Machine"', () => {
    expect(read(`${pick('Hobgrot Slittaz')} ${CHAIN}`).resolves).toEqual([{ fightNext: true, targets: 'targets' }]);
    const co = read(`${pick('non-Hero Nighthaunt Cavalry or War Machine')} ${CHAIN} If it is picked to do so, add 1 to hit rolls for the target's attacks for the rest of the turn.`, ['NIGHTHAUNT', 'CAVALRY', 'WAR MACHINE', 'HERO']);
    expect(co.picks).toEqual([{ kind: 'friendlyUnit', within: 3, keyword: 'NIGHTHAUNT', notKeyword: 'HERO', anyKeyword: ['CAVALRY', 'WAR MACHINE'], cond: { fought: false } }]);
  });

  it("fall-back twins stay by hand: two warscroll names (Jump 'Em, Ladz, Or Else!), a unit the army lacks (Knightly Exemplar), a bonus that does not last or has a condition, another sentence, another trigger", () => {
    expect(read(`${pick('Gutrippaz or Hobgrot Slittaz')} ${CHAIN}`).resolves).toBeNull();
    expect(read(`${pick('Crypt Horrors')} ${CHAIN}`).resolves).toBeNull();
    expect(read(`${pick('Hobgrot Slittaz')} ${CHAIN} If it is picked to do so, heal (D3) the target.`).resolves).toBeNull();
    expect(read(`${pick('Hobgrot Slittaz')} ${CHAIN} If it is picked to do so, add 1 to wound rolls for the target's attacks for the rest of the phase.`).resolves).toBeNull();
    expect(read(`${pick('Hobgrot Slittaz')} ${CHAIN} If it is picked to do so, add 1 to wound rolls for the target's attacks for the rest of the turn if it charged this turn.`).resolves).toBeNull();
    expect(read(`${KOMPANY} Then, this unit has Strike-last for the rest of the turn.`).resolves).toBeNull();
    expect(read(`${pick('Hobgrot Slittaz')} The target can use a Fight ability after this unit.`).resolves).toBeNull();
    const shoot = 'You declared a Shoot ability for this unit';
    expect(read(KOMPANY, undefined, timing(`Reaction: ${shoot}`, 'reaction', 'your', undefined, shoot)).resolves).toBeNull();
    expect(read(KOMPANY, undefined, timing('Your Combat Phase', 'combat', 'your')).resolves).toBeNull();
  });
});

describe('Kompany Taktikz resolved by the engine (kit table)', () => {
  const parsed = read(KOMPANY);
  const kompany: Ability = ability({ name: 'Kompany Taktikz', timing: reaction, effect: KOMPANY, picks: parsed.picks, resolves: parsed.resolves });
  // The Shaman and its Hobgrots in combat with p2's Gutrippaz; p1's Gutrippaz in combat with p2's hero far away.
  const port = tablePortAt({ 'p1-hero': [10, 20], 'p1-gits': [10, 21.4], 'p2-boyz': [11.4, 20], 'p1-boyz': [30, 5], 'p2-hero': [31.4, 5] });
  // Dice: the Shaman's 3 hit rolls miss (1 1 1); the Slittaz' 3 hits (4 4 4), 3 wound rolls of 4 (5+ to wound: only with +1), 3 saves of 1.
  const dice = [1, 1, 1, 4, 4, 4, 4, 4, 4, 1, 1, 1];
  const start = (script = dice): GameState => toPhase(gameAtHero(roster('p1', [kompany]), roster('p2'), port, script), port, 'combat');

  function reacted(script = dice): GameState {
    return play(start(script), port, [
      { type: 'fight', player: 'p1', unitId: 'p1-hero', target: 'p2-boyz' },
      { type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Kompany Taktikz', targets: ['p1-gits'] },
      { type: 'pass', player: 'p2' },
      { type: 'pass', player: 'p1' },
    ]).s;
  }

  it('the engine grants the chained fight; picked, the Slittaz fight with +1 to wound: 4 + 1 = 5 wounds on 5+, 3 damage points', () => {
    const s = reacted();
    expect(s.combat?.next).toMatchObject({ player: 'p1', unitId: 'p1-gits', after: 'p1-hero', then: [{ effect: { modify: 'wound', by: 1, duration: 'turn' } }] });
    const f = play(s, port, [{ type: 'fight', player: 'p1', unitId: 'p1-gits', target: 'p2-boyz' }, { type: 'pass', player: 'p1' }, { type: 'pass', player: 'p2' }]);
    expect(f.events.find((e) => e.type === 'abilityEffect' && (e as { chained?: boolean }).chained)).toMatchObject({ units: ['p1-gits'], duration: 'turn' });
    expect(f.events.find((e) => e.type === 'attacksResolved' && e.unitId === 'p1-gits')).toMatchObject({ hits: [4, 4, 4], wounds: [4, 4, 4], woundModifier: 1, damage: 3 });
  });

  it('passed up: no bonus; the Slittaz fight later in the alternation with their 5+ to wound and wound nothing', () => {
    // Dice: the Shaman's 3 misses, p2's hero's 3 misses (1 1 1), then the Slittaz' 3 hits (4 4 4) and 3 wound rolls of 4.
    const d = play(reacted([1, 1, 1, 1, 1, 1, 4, 4, 4, 4, 4, 4]), port, [{ type: 'pass', player: 'p1' }]);
    expect(d.events.find((e) => e.type === 'fightNextDeclined')).toMatchObject({ unitId: 'p1-gits' });
    // p2's pick: its hero fights p1's Gutrippaz; then p1's pick: the Slittaz.
    const g = play(d.s, port, [{ type: 'fight', player: 'p2', unitId: 'p2-hero', target: 'p1-boyz' }, { type: 'pass', player: 'p1' }, { type: 'pass', player: 'p2' }]);
    const f = play(g.s, port, [{ type: 'fight', player: 'p1', unitId: 'p1-gits', target: 'p2-boyz' }, { type: 'pass', player: 'p1' }, { type: 'pass', player: 'p2' }]);
    expect(f.events.some((e) => e.type === 'abilityEffect')).toBe(false);
    const atk = f.events.find((e) => e.type === 'attacksResolved' && e.unitId === 'p1-gits') as unknown as { wounds: number[]; woundModifier?: number; damage: number };
    expect(atk.woundModifier ?? 0).toBe(0);
    expect(atk.damage).toBe(0);
  });

  it('the pick is checked: a unit out of combat range, or one that already fought this turn, is refused with the pick\'s rule', () => {
    const s0 = play(start(), port, [{ type: 'fight', player: 'p1', unitId: 'p1-hero', target: 'p2-boyz' }]).s;
    expect(refused(s0, port, { type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Kompany Taktikz', targets: ['p1-boyz'] }).rule).toBe('Kompany Taktikz: Declare');
    const fought = structuredClone(s0);
    fought.combat!.fought.push('p1-gits');
    expect(refused(fought, port, { type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Kompany Taktikz', targets: ['p1-gits'] })).toMatchObject({ rule: 'Kompany Taktikz: Declare' });
  });
});
