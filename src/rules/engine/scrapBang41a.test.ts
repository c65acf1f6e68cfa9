/**
 * Scrap-bang (session 41, sh41a; `abilities/parseDirtyTricks41a.ts`, kb-001 Hobgrot Slittaz, End of Any Turn): "Pick an
 * enemy unit in combat with this unit to be the target." / "Roll a dice. On a 3+: • Inflict 1 mortal damage on the
 * target. • This unit can immediately use the 'Retreat' ability as if it were your movement phase without any mortal
 * damage being inflicted on it." Read from the real text; played on the kit's Hobgrot Slittaz (p1's gits) in combat with
 * p2's Gutrippaz, at the end of p1's turn and of p2's; dice scripted.
 */

import { describe, expect, it } from 'vitest';
import { parseEffect } from '../abilities/parseEffect';
import { parseTiming } from '../abilities/parseTiming';
import { readAbility, roster, gameAtHero, play, refused, tablePortAt, toPhase } from './abilityKit.test-helpers';
import { aliveModels } from './core';
import type { GameState } from './state';

const KNOWN = ['KRULEBOYZ', 'INFANTRY', 'HERO', 'WIZARD'];
const END = parseTiming('End of Any Turn');
const DECLARE = 'Pick an enemy unit in combat with this unit to be the target.';
const EFFECT = "Roll a dice. On a 3+:\n• Inflict 1 mortal damage on the target.\n• This unit can immediately use the 'Retreat' ability as if it were your movement phase without any mortal damage being inflicted on it.";
const read = (effect: string, timing = END, declare: string | null = DECLARE) => parseEffect({ declare, effect, timing, knownKeywords: KNOWN });

describe('reading Scrap-bang', () => {
  it('one dice for the use gating 1 mortal damage on the target and a Retreat now without its mortal damage', () => {
    const gate = { roll: '3+', rollOnce: 'use' };
    const r = read(EFFECT);
    expect(r.resolves).toEqual([{ mortal: 1, targets: 'targets', if: gate }, { retreatNow: true, noDamage: true, targets: 'self', if: gate }]);
    expect(r.picks).toEqual([{ kind: 'enemyUnit', within: 3, visible: true }]);
  });
  it('twins by hand: the Retreat with its mortal damage, the target retreating, no Declare, a passive', () => {
    expect(read(EFFECT.replace(' without any mortal damage being inflicted on it', '')).resolves).toBeNull();
    expect(read(EFFECT.replace('This unit can immediately', 'The target can immediately')).resolves).toBeNull();
    expect(read(EFFECT, END, null).resolves).toBeNull();
    expect(read(EFFECT, parseTiming('Passive', true)).resolves).toBeNull();
  });
});

describe('Scrap-bang on the table', () => {
  const scrap = readAbility({ name: 'Scrap-bang', timing: END, declare: DECLARE, effect: EFFECT }, KNOWN);
  const base = roster('p1');
  const p1 = { ...base, units: base.units.map((u) => (u.id === 'p1-gits' ? { ...u, warscroll: { ...u.warscroll, abilities: [scrap] } } : u)) };
  // p2's Gutrippaz 1" from p1's Hobgrot Slittaz (x 30 and 30 + 2R + 1), the rest far away.
  const R = 32 / 25.4 / 2;
  const port = tablePortAt({ 'p1-gits': [30, 30], 'p2-boyz': [30 + 2 * R + 1, 30] });
  /** The combat phase of the turn: both units fight (the active player's first), every hit roll a 1 (13 dice). */
  const fightOut = (s: GameState): GameState => {
    const order = s.active === 'p1' ? [['p1', 'p1-gits', 'p2-boyz'], ['p2', 'p2-boyz', 'p1-gits']] : [['p2', 'p2-boyz', 'p1-gits'], ['p1', 'p1-gits', 'p2-boyz']];
    const other = s.active === 'p1' ? 'p2' : 'p1';
    // Each Fight, then its reactions window: the active player passes first (Core 5.2).
    const acts = order.flatMap(([player, unitId, target]) => [{ type: 'fight', player, unitId, target }, { type: 'pass', player: s.active }, { type: 'pass', player: other }]);
    return play(toPhase(s, port, 'combat'), port, acts as never).s;
  };
  const ones = Array(13).fill(1);
  const atEnd = (dice: number[], turns: 1 | 2): GameState => {
    let s = toPhase(fightOut(gameAtHero(p1, roster('p2'), port, [...ones, ...(turns === 2 ? ones : []), ...dice])), port, 'endOfTurn');
    if (turns === 2) s = toPhase(fightOut(play(s, port, [{ type: 'endPhase', player: 'p1' }]).s), port, 'endOfTurn');
    return s;
  };
  const use = (s: GameState) => play(s, port, [{ type: 'useAbility', player: 'p1', unitId: 'p1-gits', ability: 'Scrap-bang', target: 'p2-boyz' }]);

  for (const turns of [1, 2] as const) {
    it(`a 3 at the end of ${turns === 1 ? "p1's" : "p2's"} turn: 1 of 5 Gutrippaz slain; the Slittaz retreat with no mortal damage`, () => {
      const s = atEnd([3], turns);
      expect(s.active).toBe(turns === 1 ? 'p1' : 'p2');
      const r = use(s);
      expect(aliveModels(r.s, 'p2-boyz')).toHaveLength(4);
      const back = play(r.s, port, [{ type: 'retreat', player: 'p1', unitId: 'p1-gits' }]);
      expect(back.events.find((e) => e.type === 'retreat')).toMatchObject({ unitId: 'p1-gits', mortal: 0 });
      expect(back.s.units['p1-gits'].turn.pendingMove).toMatchObject({ kind: 'retreat' });
    });
  }
  it('a 2: nothing (no mortal damage, the Retreat refused)', () => {
    const r = use(atEnd([2], 1));
    expect(aliveModels(r.s, 'p2-boyz')).toHaveLength(5);
    expect(refused(r.s, port, { type: 'retreat', player: 'p1', unitId: 'p1-gits' }).rule).toBe('Core 14.1');
  });
});
