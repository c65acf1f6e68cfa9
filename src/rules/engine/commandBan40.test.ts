/**
 * "Roll a dice. On a 2+, the target cannot use the 'All-out Defence' command in the following combat phase."
 * (Overwhelming Volleystorm, sce-002 ×2; issue 34, session 40, sh40c; Commands 1.2, 7.0): read whole
 * (`abilities/parseCommandBan40.ts`), applied as `{noCommand, inPhase: "combat"}` for the rest of the turn
 * (`abilities/commandBan40.ts`, checked by `payCommand`). On the kit's table: p1's Gutrippaz shoot the Shaman with
 * their Bows (the Declare's named weapon is the kit's Bow), then the ability; in the combat phase p1's Shaman fights
 * p2's, and p2's All-out Defence for it is refused.
 */
import { describe, expect, it } from 'vitest';
import { gameAtHero, play, readAbility, refused, roster, tablePortAt, timing, toPhase } from './abilityKit.test-helpers';
import { parseEffect } from '../abilities/parseEffect';
import { commandBanned } from '../abilities/commandBan40';
import type { Ability } from '../abilities/schema';
import type { Action, GameState } from './state';

const SHOOTING = timing('Any Shooting Phase', 'shooting', 'any');
const DECLARE = (weapon: string) => `Pick an enemy unit that had any damage points allocated to it this turn by attacks made with this unit's ${weapon} to be the target.`;
const EFFECT = "Roll a dice. On a 2+, the target cannot use the 'All-out Defence' command in the following combat phase.";
const read = (effect: string, t = SHOOTING, declare = DECLARE('Volleystorm Crossbows')) => parseEffect({ declare, effect, timing: t, knownKeywords: ['STORMCAST ETERNALS'] });

describe('Overwhelming Volleystorm, read (real text)', () => {
  it('one pick (damaged by the Volleystorm Crossbows this turn), the ban on a 2+ for the rest of the turn, in the combat phase', () => {
    const p = read(EFFECT);
    expect(p.resolves).toEqual([{ noCommand: 'allOutDefence', inPhase: 'combat', duration: 'turn', targets: 'targets', if: { roll: '2+' } }]);
    expect(p.picks).toEqual([{ kind: 'enemyUnit', cond: { attackedBy: { what: 'damaged', weapon: 'Volleystorm Crossbows' } } }]);
  });

  it('fall-back twins stay by hand: used in the combat phase (the following one is next turn\'s), a command not in the rules, a second sentence, up to 3 targets', () => {
    expect(read(EFFECT, timing('Any Combat Phase', 'combat', 'any')).resolves).toBeNull();
    expect(read(EFFECT.replace('All-out Defence', 'Inspiring Presence')).resolves).toBeNull();
    expect(read(`${EFFECT} In addition, inflict 1 mortal damage on the target.`).resolves).toBeNull();
    expect(read(EFFECT, SHOOTING, 'Pick up to 3 enemy units within 12" of this unit to be the targets.').resolves).toBeNull();
  });
});

describe('Overwhelming Volleystorm on the kit (p1\'s Gutrippaz at (30, 15) shoot p2\'s Shaman at (40, 30); p1\'s Shaman at (38.7, 30) in combat with it)', () => {
  const volleystorm = (): Ability => readAbility({ name: 'Overwhelming Volleystorm', timing: SHOOTING, declare: DECLARE('Bow'), effect: EFFECT }, ['KRULEBOYZ']);
  const port = tablePortAt({ 'p1-boyz': [30, 15], 'p1-hero': [38.7, 30], 'p2-hero': [40, 30], 'p2-gits': [55, 40], 'p2-boyz': [55, 5] });
  const use: Action = { type: 'useAbility', player: 'p1', unitId: 'p1-boyz', ability: 'Overwhelming Volleystorm', targets: ['p2-hero'] };
  const defence: Action = { type: 'command', player: 'p2', command: 'allOutDefence', unitId: 'p2-hero' };
  /** p1's shooting: the Bows hit 4 4 1 1 1, wound 4 4, the Shaman (Save 5+) saves 2 2 → 2 damage points; then the ability's dice. */
  function afterVolleystorm(gate: number): GameState {
    const sh = toPhase(gameAtHero(roster('p1', [], [volleystorm()]), roster('p2'), port), port, 'shooting');
    const shot = play({ ...sh, diceScript: [4, 4, 1, 1, 1, 4, 4, 2, 2] } as GameState, port, [{ type: 'shoot', player: 'p1', unitId: 'p1-boyz', target: 'p2-hero' }, { type: 'pass', player: 'p1' }, { type: 'pass', player: 'p2' }]).s;
    expect(shot.units['p2-hero'].damage).toBe(2);
    return play({ ...shot, diceScript: [gate] } as GameState, port, [use]).s;
  }
  /** The combat phase: p1's Shaman fights p2's; p1 passes its reaction, p2 may react. */
  const fought = (s: GameState) => play(toPhase(s, port, 'combat'), port, [{ type: 'fight', player: 'p1', unitId: 'p1-hero', target: 'p2-hero' }, { type: 'pass', player: 'p1' }]).s;

  it('a 2 on the dice: still allowed in this shooting phase, refused in the combat phase (Commands 1.2, naming the ability)', () => {
    const s = afterVolleystorm(2);
    expect(commandBanned(s, port, 'p2-hero', 'allOutDefence')).toBeNull();
    const r = refused(fought(s), port, defence);
    expect(r.rule).toBe('Commands 1.2');
    expect(r.reason).toContain('Overwhelming Volleystorm');
    expect(commandBanned(fought(s), port, 'p2-hero', 'allOutAttack')).toBeNull();
  });

  it('a 1 on the dice: no ban, All-out Defence accepted in the combat phase', () => {
    const s = afterVolleystorm(1);
    const r = play(fought(s), port, [defence]);
    expect(r.s.effects).toContainEqual({ kind: 'allOutDefence', unitId: 'p2-hero', until: 'endOfPhase' });
  });

  it('refused on a unit the Bows did not damage (the Declare\'s condition)', () => {
    const sh = toPhase(gameAtHero(roster('p1', [], [volleystorm()]), roster('p2'), port), port, 'shooting');
    refused(sh, port, use);
  });
});
