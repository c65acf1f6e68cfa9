/**
 * "The target can be picked to use a Fight ability immediately after the Fight ability used by this
 * unit has been resolved" (issue 34, session 37; `fightChain.ts`, the `fightNext` effect). Real text:
 * kb-001, Hobgrot Slittaboss, "Kompany Taktikz" (Reaction: You declared a Fight ability for this unit),
 * here on the Swampcalla Shaman; the Hobgrot Slittaz of the test army are its "friendly Hobgrot Slittaz
 * unit". The effect stays by hand (its pick is in the Effect, and "If it is picked to do so, add 1 to
 * wound rolls" hangs on the pick): the player resolves it with `fightNext` and the +1.
 *
 * Core 13.1: "... the players alternate picking units to fight, starting with the active player";
 * Core 29.0: a rule that says something can be done overrides the general rule it specifically names.
 */
import { describe, expect, it } from 'vitest';
import { ability, gameAtHero, play, refused, roster, tablePortAt, timing, toPhase } from './abilityKit.test-helpers';
import { chainedFight } from './fightChain';
import { currentPicker } from './attacks';
import type { GameState } from './state';

const text = 'You declared a Fight ability for this unit';
const kompanyTaktikz = ability({
  name: 'Kompany Taktikz',
  timing: timing(`Reaction: ${text}`, 'reaction', 'your', undefined, text),
  effect: "Pick a friendly Hobgrot Slittaz unit that has not used a Fight ability this turn and is within this unit's combat range to be the target. The target can be picked to use a Fight ability immediately after the Fight ability used by this unit has been resolved. If it is picked to do so, add 1 to wound rolls for the target's attacks for the rest of the turn.",
});
// The Shaman and its Hobgrots in combat with p2's Gutrippaz (centres 1.4" apart); p1's Gutrippaz far away.
const port = tablePortAt({ 'p1-hero': [10, 20], 'p1-gits': [10, 21.4], 'p2-boyz': [11.4, 20], 'p1-boyz': [30, 5] });

/** p1's combat phase; the Shaman fights the Gutrippaz and uses Kompany Taktikz on its Hobgrots; dice: its 3 hit rolls miss. */
function reacted(): GameState {
  const s0 = toPhase(gameAtHero(roster('p1', [kompanyTaktikz]), roster('p2'), port, [1, 1, 1]), port, 'combat');
  return play(s0, port, [
    { type: 'fight', player: 'p1', unitId: 'p1-hero', target: 'p2-boyz' },
    { type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Kompany Taktikz', targets: ['p1-gits'] },
    { type: 'resolveByHand', player: 'p1', ability: 'Kompany Taktikz', effects: [{ fightNext: true, targets: ['p1-gits'] }, { modify: 'wound', by: 1, targets: ['p1-gits'], duration: 'turn' }] },
  ]).s;
}

describe("a unit picked to fight immediately after this unit's Fight (Kompany Taktikz, kb-001)", () => {
  it('while the Fight waits for reactions the grant is recorded; after it resolves p1 picks again (not p2, Core 13.1 overridden)', () => {
    const s = reacted();
    expect(s.combat?.next).toEqual({ player: 'p1', unitId: 'p1-gits', after: 'p1-hero', ability: 'Kompany Taktikz' });
    expect(chainedFight(s)).toBeNull(); // not before the Fight ability has been resolved
    const r = play(s, port, [{ type: 'pass', player: 'p2' }, { type: 'pass', player: 'p1' }]);
    expect(r.events.find((e) => e.type === 'attacksResolved')).toMatchObject({ unitId: 'p1-hero', hits: [1, 1, 1] });
    expect(chainedFight(r.s)).toMatchObject({ unitId: 'p1-gits' });
    expect(currentPicker({ s: r.s, port, events: [] })).toBe('p1');
    expect(refused(r.s, port, { type: 'fight', player: 'p2', unitId: 'p2-boyz', target: 'p1-hero' })).toMatchObject({ rule: 'Core 13.1', reason: expect.stringContaining('p1 may first pick "p1-gits" to fight') });
    const f = play(r.s, port, [{ type: 'fight', player: 'p1', unitId: 'p1-gits', target: 'p2-boyz' }, { type: 'pass', player: 'p1' }, { type: 'pass', player: 'p2' }]);
    // The +1 to wound rolls the player applied with it (Slitta: 5+ to wound).
    expect(f.events.find((e) => e.type === 'attacksResolved' && e.unitId === 'p1-gits')).toMatchObject({ woundModifier: 1 });
    expect(f.s.combat?.next).toBeUndefined();
    // Then the alternation goes on: p2's pick (Core 13.1).
    expect(currentPicker({ s: f.s, port, events: [] })).toBe('p2');
  });

  it('p1 passes it up (`pass`): the alternation resumes with p2', () => {
    const r = play(reacted(), port, [{ type: 'pass', player: 'p2' }, { type: 'pass', player: 'p1' }]);
    expect(refused(r.s, port, { type: 'pass', player: 'p2' }).rule).toBe('Core 5.2');
    const d = play(r.s, port, [{ type: 'pass', player: 'p1' }]);
    expect(d.events.find((e) => e.type === 'fightNextDeclined')).toMatchObject({ player: 'p1', unitId: 'p1-gits' });
    expect(currentPicker({ s: d.s, port, events: [] })).toBe('p2');
    play(d.s, port, [{ type: 'fight', player: 'p2', unitId: 'p2-boyz', target: 'p1-hero' }]);
  });

  it('refused for an enemy unit', () => {
    const s0 = toPhase(gameAtHero(roster('p1', [kompanyTaktikz]), roster('p2'), port, [1, 1, 1]), port, 'combat');
    const used = play(s0, port, [
      { type: 'fight', player: 'p1', unitId: 'p1-hero', target: 'p2-boyz' },
      { type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Kompany Taktikz', targets: ['p2-boyz'] },
    ]).s;
    expect(refused(used, port, { type: 'resolveByHand', player: 'p1', ability: 'Kompany Taktikz', effects: [{ fightNext: true, targets: ['p2-boyz'] }] })).toMatchObject({ rule: 'Kompany Taktikz: Effect', reason: expect.stringContaining('not a friendly unit') });
  });
});
