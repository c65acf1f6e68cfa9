/**
 * Session 40 (sh40d; docs/abilities.md "Objective picks, a point on the battlefield ..., session 40 (sh40d)"): Black
 * Horror of Ulgu (dok-001, Lore of Shadows) read from its real text and played on the kit's table (`worldPort`,
 * 32 mm bases: radius 0.63"), the answers computed by hand:
 * "Pick a friendly Daughters of Khaine Wizard to cast this spell, pick a point on the battlefield within 18" of them,
 * pick up to 3 enemy units within 3" of that point to be the targets, then make a casting roll of 2D6." / "The targets
 * cannot use Run abilities until the start of your next turn." The `cast` action carries the point (inches) and the
 * targets; the engine checks both ranges; Run, At the Double and Redeploy (RUN, INVENTORY I-1) are refused after it.
 */

import { describe, expect, it } from 'vitest';
import { ability, gameAtHero, play, refused, roster, tablePortAt, toPhase } from './abilityKit.test-helpers';
import { parseEffect } from '../abilities/parseEffect';
import { parseTiming } from '../abilities/parseTiming';
import { unitAbilityOptions } from '../../game/abilityOptions';
import type { Action } from './state';

const DECLARE = 'Pick a friendly Daughters of Khaine Wizard to cast this spell, pick a point on the battlefield within 18" of them, pick up to 3 enemy units within 3" of that point to be the targets, then make a casting roll of 2D6.';
const EFFECT = 'The targets cannot use Run abilities until the start of your next turn.';
const t = parseTiming('Your Hero Phase', false);
const r = parseEffect({ declare: DECLARE, effect: EFFECT, timing: t, knownKeywords: ['DAUGHTERS OF KHAINE', 'WIZARD', 'KRULEBOYZ', 'INFANTRY', 'HERO'] });
// Casting value 7 for the test (the roster's lore gives the spell's own).
const horror = ability({ id: 'black-horror', name: 'Black Horror of Ulgu', source: 'spell', timing: t, castingValue: 7, keywords: ['SPELL'], declare: DECLARE, effect: EFFECT, resolves: r.resolves, ...(r.picks ? { picks: r.picks } : {}) });

/**
 * p1's hero (the WIZARD) at (10, 20); p2's boyz (5 models) at (24, 15 + 1.3 i), p2's gits (3) at (26, 25 + 1.3 i),
 * p2's hero at (40, 20).
 */
const port = tablePortAt({ 'p2-boyz': [24, 15], 'p2-gits': [26, 25], 'p2-hero': [40, 20] });
const cast = (point: [number, number], targets: string[]): Action => ({ type: 'cast', player: 'p1', unitId: 'p1-hero', spell: 'black-horror', targets, point });
/** p1's hero phase with the spell known by p1's army; dice: casting roll 4 4 (8 ≥ 7), then `more`. */
const game = (more: number[] = []) => gameAtHero(roster('p1', [], [], [horror]), roster('p2'), port, [4, 4, ...more]);

describe('Black Horror of Ulgu: a point within 18" of the caster, up to 3 enemy units within 3" of that point', () => {
  it('the parser reads the real text: the point pick, the unit pick measured from the point, and "cannot use Run abilities"', () => {
    expect(r).toEqual({
      resolves: [{ noRun: true, targets: 'targets', duration: 'nextTurnStart' }],
      picks: [{ kind: 'point', within: 18 }, { kind: 'enemyUnit', count: 3, within: 3, fromPoint: true }],
    });
  });

  it('refused: the point (29, 20) is 19 − 0.63 = 18.37" from the caster; the gits are √(1² + 5²) − 0.63 = 4.47" from (25, 20)', () => {
    const s = game();
    const far = refused(s, port, cast([29, 20], ['p2-boyz']));
    expect(far.reason).toBe('the point (29, 20) is not within 18" of "p1-hero" (18.37")');
    expect(refused(s, port, cast([25, 20], ['p2-boyz', 'p2-gits'])).reason).toBe('"p2-gits" is not within 3" of the point (25, 20) (4.47")');
    // A fourth unit is more than "up to 3".
    expect(refused(s, port, cast([25, 20], ['p2-boyz', 'p2-gits', 'p2-hero', 'p1-boyz'])).rule).toBe('Black Horror of Ulgu: Declare');
  });

  it('cast at (25, 20) (14.37" from the caster) on the boyz (their model at (24, 20.2): 1.02 − 0.63 = 0.39"): they cannot Redeploy, Run nor use At the Double; p2\'s hero can Run', () => {
    let s = play(game([3]), port, [cast([25, 20], ['p2-boyz']), { type: 'pass', player: 'p2' }]).s;
    // p1's movement phase: p2's Redeploy (a RUN ability, INVENTORY I-1) for the boyz is refused with the spell's name.
    s = toPhase(s, port, 'movement');
    expect(refused(s, port, { type: 'command', player: 'p2', command: 'redeploy', unitId: 'p2-boyz' })).toEqual({ reason: 'unit "p2-boyz" cannot use Run abilities (Black Horror of Ulgu)', rule: 'Black Horror of Ulgu' });
    // p2's movement phase (the same battle round): Run and At the Double refused for the boyz; p2's hero runs (D6: 3).
    s = toPhase(toPhase(s, port, 'shooting'), port, 'movement');
    expect(s.active).toBe('p2');
    expect(refused(s, port, { type: 'run', player: 'p2', unitId: 'p2-boyz' }).rule).toBe('Black Horror of Ulgu');
    expect(refused(s, port, { type: 'run', player: 'p2', unitId: 'p2-boyz', atTheDouble: true }).rule).toBe('Black Horror of Ulgu');
    const ran = play(s, port, [{ type: 'run', player: 'p2', unitId: 'p2-hero' }]);
    expect(ran.events.find((e) => e.type === 'run')).toMatchObject({ unitId: 'p2-hero', roll: 3, maxInches: 8 });
  });

  it('the options: one cast per enemy unit with a model within 18" of the caster, the point on that model (the boyz (24, 20.2), the gits (26, 25)); not p2\'s hero (29.37")', () => {
    const offered = unitAbilityOptions(game(), port, 'p1-hero').filter((o) => o.ability.name === 'Black Horror of Ulgu');
    const actions = offered.map((o) => o.action as { targets?: string[]; point?: [number, number] });
    expect(actions.map((a) => a.targets)).toEqual([['p2-boyz'], ['p2-gits']]);
    expect(actions[0].point![0]).toBeCloseTo(24, 6);
    expect(actions[0].point![1]).toBeCloseTo(20.2, 6);
    expect(actions[1].point).toEqual([26, 25]);
    // Each offered action is accepted by the engine.
    for (const a of offered) expect(() => play(game(), port, [a.action])).not.toThrow();
  });
});
