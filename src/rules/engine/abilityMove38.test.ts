/**
 * Moves an ability grants with their own rule (issue 34, session 38, ab38c; `abilities/parseMove38.ts`,
 * `engine/abilityMove38.ts`). Real texts: Relentless as the Driving Current (lrl-001, Ydrilan Riverblades),
 * Mighty Destroyers (ij-001, an army ability). In play on the kit's table (32 mm bases, 1.26"; Core 15.0
 * distance and models, Core 13.0 combat: within 3" and visible).
 */
import { describe, expect, it } from 'vitest';
import { ability, gameAtHero, play, refused, roster, tablePortAt, timing, toPhase } from './abilityKit.test-helpers';
import { parseEffect } from '../abilities/parseEffect';
import type { GameState } from './state';

const RELENTLESS = 'If this unit is in combat, it can move 2D6". It can pass through models in enemy units but must end that move in combat.';
const DESTROYERS = 'The target can move up to 3". It can move into combat. If it was in combat at the start of the move, it must end that move in combat.';
const DESTROYERS_DECLARE = 'Pick a friendly Ironjawz unit that was not set up this turn to be the target.';
const combat = timing('Once Per Turn (Army), Any Combat Phase', 'combat', 'any', { per: 'turn', army: true });
const hero = timing('Once Per Turn (Army), Any Hero Phase', 'hero', 'any', { per: 'turn', army: true });

describe('moves with their rule, read (real texts)', () => {
  it('Relentless as the Driving Current (lrl-001): 2D6", through enemy models, must end in combat, if in combat', () => {
    expect(parseEffect({ declare: null, effect: RELENTLESS, timing: combat, knownKeywords: [] }).resolves).toEqual([
      { move: 'free', inches: '2D6', through: 'enemyModels', end: 'inCombat', targets: 'self', if: { inCombat: true, unit: 'self' } },
    ]);
  });

  it('Mighty Destroyers (ij-001): up to 3", may move into combat, must end in combat if it began in combat', () => {
    const p = parseEffect({ declare: DESTROYERS_DECLARE, effect: DESTROYERS, timing: hero, knownKeywords: ['IRONJAWZ'] });
    expect(p.resolves).toEqual([{ move: 'free', inches: 3, end: 'inCombatIfStarted', targets: 'targets' }]);
    expect(p.picks).toEqual([{ kind: 'friendlyUnit', cond: { setUp: false }, keyword: 'IRONJAWZ' }]);
  });

  it('"... pass through the combat ranges of enemy units and can end that move in combat": end anywhere', () => {
    expect(parseEffect({ declare: null, effect: 'This unit can move D6". It can pass through the combat ranges of enemy units and can end that move in combat.', timing: combat, knownKeywords: [] }).resolves).toEqual([{ move: 'free', inches: 'D6', end: 'any', targets: 'self' }]);
  });

  it('fall-back twins stay by hand: the damage on units "passed across" (Destructive Bulk; session 40 reads Draconic Onslaught and Soaring Terror), "cannot move into combat during any part of that move" (Fire and Flight), a Shoot condition (Spirit of the Wind), a bare "it", a passive', () => {
    const read = (effect: string, t = combat) => parseEffect({ declare: null, effect, timing: t, knownKeywords: [] }).resolves;
    // Session 40 (sh40f): Draconic Onslaught and Soaring Terror are read (passedAcross40f.test.ts); session 41 (sh41d) reads Destructive
    // Bulk (passedAcross41d.test.ts): its twin with the damage "equal to the 2D6 roll" stays by hand.
    expect(read('If this unit charged this turn, roll a D3. On a 2+, this unit can move 2D6". It can move through the combat range of enemy units and can end that move in combat. Then, pick an enemy unit that this unit passed across during that move. Inflict an amount of mortal damage on the target equal to the 2D6 roll. If the target is Infantry, double the mortal damage inflicted.')).toBeNull();
    expect(read('This unit can move 2D6". It can pass through the combat ranges of enemy units and can end that move in combat. Then, pick an enemy unit that this unit passed across during that move. Inflict D3 mortal damage on that enemy unit.')).toBeNull();
    expect(read('After that Shoot ability has been resolved, this unit can move 2D6". It cannot move into combat during any part of that move.')).toBeNull();
    expect(read('If this unit used a Shoot ability this phase, this unit can move D6". Add 2 to the roll for each instance of Oreali, Rune of the Wind depicted on your battle scripture. It cannot end that move in combat.')).toBeNull();
    expect(read('It can move 2D6". It can pass through models in enemy units but must end that move in combat.')).toBeNull();
    expect(read('This unit can move 3". It can move into combat.', timing('Passive', 'passive', 'any'))).toBeNull();
    expect(read('This unit can move 2D6". It can pass through models but must end that move in combat.')).toBeNull();
  });
});

const boyz = (x: number, y = 15) => Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`p1-boyz-m${i + 1}`, [[x, y + i * 1.3] as [number, number]]]));

describe('Relentless as the Driving Current on the kit (p1\'s Gutrippaz in combat with p2\'s Hobgrots, centres 1.4" apart)', () => {
  const relentless = ability({ name: 'Relentless as the Driving Current', timing: combat, effect: RELENTLESS, resolves: parseEffect({ declare: null, effect: RELENTLESS, timing: combat, knownKeywords: [] }).resolves });
  const port = tablePortAt({ 'p1-hero': [4, 40], 'p1-boyz': [14, 15], 'p2-gits': [15.4, 15] });
  // 2D6 = 3 + 4 = 7".
  const used = (): GameState => play(toPhase(gameAtHero(roster('p1', [], [relentless]), roster('p2'), port, [3, 4]), port, 'combat'), port, [{ type: 'useAbility', player: 'p1', unitId: 'p1-boyz', ability: 'Relentless as the Driving Current' }]).s;

  it('rolls 2D6 = 7"; through the Hobgrots to x = 16.8 (2.8", past their bases at 15.4, 1.4" from them: in combat): accepted', () => {
    const s = used();
    expect(s.units['p1-boyz'].turn.pendingMove).toMatchObject({ kind: 'ability', maxInches: 7, as: 'free', end: 'inCombat', through: 'enemyModels' });
    const r = play(s, port, [{ type: 'move', player: 'p1', unitId: 'p1-boyz', kind: 'ability', paths: boyz(16.8) }]);
    expect(r.s.positions['p1-boyz-m1']).toEqual([16.8, 15]);
    expect(r.events.find((e) => e.type === 'moved')).toMatchObject({ kind: 'free', maxInches: 7 });
  });

  it('back to x = 7 (7", 8.4" - 1.26" = 7.14" from the Hobgrots: out of combat): refused, must end in combat', () => {
    expect(refused(used(), port, { type: 'move', player: 'p1', unitId: 'p1-boyz', kind: 'ability', paths: boyz(7) })).toMatchObject({ rule: 'Relentless as the Driving Current: Effect', reason: expect.stringContaining('must end this move in combat') });
  });

  it('8" (x = 22) is more than the 7" rolled: refused (Core 15.0)', () => {
    expect(refused(used(), port, { type: 'move', player: 'p1', unitId: 'p1-boyz', kind: 'ability', paths: boyz(22) }).rule).toBe('Core 15.0');
  });

  it('without "pass through models in enemy units" the same path through the Hobgrots is refused', () => {
    const text = 'If this unit is in combat, it can move 2D6". It can pass through the combat ranges of enemy units but must end that move in combat.';
    const other = ability({ name: 'Ranges Only', timing: combat, effect: text, resolves: parseEffect({ declare: null, effect: text, timing: combat, knownKeywords: [] }).resolves });
    const s = play(toPhase(gameAtHero(roster('p1', [], [other]), roster('p2'), port, [3, 4]), port, 'combat'), port, [{ type: 'useAbility', player: 'p1', unitId: 'p1-boyz', ability: 'Ranges Only' }]).s;
    expect(refused(s, port, { type: 'move', player: 'p1', unitId: 'p1-boyz', kind: 'ability', paths: boyz(16.8) }).reason).toMatch(/p1-boyz-m1/);
  });
});

describe('Mighty Destroyers on the kit (an army ability; the target a friendly Kruleboyz unit not set up this turn)', () => {
  const declare = DESTROYERS_DECLARE.replace('Ironjawz', 'Kruleboyz');
  const p = parseEffect({ declare, effect: DESTROYERS, timing: hero, knownKeywords: ['KRULEBOYZ'] });
  const destroyers = ability({ name: 'Mighty Destroyers', timing: hero, declare, effect: DESTROYERS, picks: p.picks, resolves: p.resolves });
  const use = { type: 'useAbility', player: 'p1', ability: 'Mighty Destroyers', targets: ['p1-boyz'] } as const;

  it('not in combat at the start: 3" into combat with p2\'s Hobgrots at x = 19.4 (to x = 17: 2.4" - 1.26" = 1.14"): accepted, as no Normal Move could', () => {
    const port = tablePortAt({ 'p1-hero': [4, 40], 'p1-boyz': [14, 15], 'p2-gits': [19.4, 15] });
    const s = play(gameAtHero(roster('p1', [], [], [destroyers]), roster('p2'), port), port, [use]).s;
    const r = play(s, port, [{ type: 'move', player: 'p1', unitId: 'p1-boyz', kind: 'ability', paths: boyz(17) }]);
    expect(r.s.positions['p1-boyz-m1']).toEqual([17, 15]);
  });

  it('in combat at the start (Hobgrots 1.4" away): 3" back to x = 11 (4.4" - 1.26" = 3.14", out of combat) refused; 2.5" to x = 11.5 (2.64", still in combat) accepted', () => {
    const port = tablePortAt({ 'p1-hero': [4, 40], 'p1-boyz': [14, 15], 'p2-gits': [15.4, 15] });
    const s = play(gameAtHero(roster('p1', [], [], [destroyers]), roster('p2'), port), port, [use]).s;
    expect(refused(s, port, { type: 'move', player: 'p1', unitId: 'p1-boyz', kind: 'ability', paths: boyz(11) })).toMatchObject({ rule: 'Mighty Destroyers: Effect', reason: expect.stringContaining('it was in combat when the move began') });
    expect(play(s, port, [{ type: 'move', player: 'p1', unitId: 'p1-boyz', kind: 'ability', paths: boyz(11.5) }]).s.positions['p1-boyz-m1']).toEqual([11.5, 15]);
  });
});

describe('"each time this unit makes a pile-in move, add 3\\" to the distance it can move" (Unerring Hunters, nh-001 Glaivewraith Stalkers)', () => {
  const UNERRING = 'For the rest of the turn, each time this unit makes a pile-in move, add 3" to the distance it can move.';
  const parsed = parseEffect({ declare: null, effect: UNERRING, timing: combat, knownKeywords: [] });

  it('read as +3 to the pile-in distance for the rest of the turn; twins without the duration (activated) or with another distance word stay by hand', () => {
    expect(parsed.resolves).toEqual([{ modify: 'pileIn', by: 3, targets: 'self', duration: 'turn' }]);
    expect(parseEffect({ declare: null, effect: 'Each time this unit makes a pile-in move, add 3" to the distance it can move.', timing: combat, knownKeywords: [] }).resolves).toBeNull();
    expect(parseEffect({ declare: null, effect: 'For the rest of the turn, each time this unit makes a pile-in move, it can move 6".', timing: combat, knownKeywords: [] }).resolves).toBeNull();
  });

  const unerring = ability({ name: 'Unerring Hunters', timing: combat, effect: UNERRING, resolves: parsed.resolves });
  const port = tablePortAt({ 'p1-hero': [4, 40], 'p1-boyz': [8, 15], 'p2-gits': [15.4, 15] });
  // p1's Gutrippaz at x = 8 (6.14" from the Hobgrots: not in combat, so they must have charged to fight; give them charged).
  const start = (abilities = [unerring]): GameState => {
    const s = toPhase(gameAtHero(roster('p1', [], abilities), roster('p2'), port, Array.from({ length: 20 }, () => 1)), port, 'combat');
    s.units['p1-boyz'].turn.charged = true;
    return s;
  };

  it('with it, a charged unit not in combat piles in 5.5" (x 8 -> 13.5, 1.9" - 1.26" = 0.64" from the Hobgrots): accepted; 6.5" (straight along -y) refused (Core 15.3, 6")', () => {
    const s = play(start(), port, [{ type: 'useAbility', player: 'p1', unitId: 'p1-boyz', ability: 'Unerring Hunters' }]).s;
    const ok = play(s, port, [{ type: 'fight', player: 'p1', unitId: 'p1-boyz', target: 'p2-gits', pileIn: { paths: boyz(13.5) } }]);
    expect(ok.events.find((e) => e.type === 'moved')).toMatchObject({ kind: 'pileIn', maxInches: 6 });
    expect(refused(s, port, { type: 'fight', player: 'p1', unitId: 'p1-boyz', target: 'p2-gits', pileIn: { paths: boyz(8, 8.5) } })).toMatchObject({ rule: 'Core 15.3', reason: expect.stringContaining('this move allows 6"') });
  });

  it('without it the same 5.5" pile-in is refused (3")', () => {
    expect(refused(start([]), port, { type: 'fight', player: 'p1', unitId: 'p1-boyz', target: 'p2-gits', pileIn: { paths: boyz(13.5) } })).toMatchObject({ rule: 'Core 15.3', reason: expect.stringContaining('this move allows 3"') });
  });
});
