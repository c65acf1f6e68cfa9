/**
 * The Shouty Boss (session 40, sh40e; `abilities/parseShoutyBoss40e.ts`, `engine/shoutyBoss40e.ts`): Up We Go! and
 * I'm Off! of the Skaregob Totem (kb-001) and the Bossrokk Tower (ij-001), read from their real texts and played on a
 * real `worldPort` over a 6" x 4" x 3" box (x 27-33, y 8-12); distances computed by hand from the box's edges and the
 * 32 mm (1.26") bases. Fall-back twins stay by hand; Man da Tower! and Aggressively Bossy stay by hand (Sinister Stare: session 41, sh41a).
 */

import { describe, expect, it } from 'vitest';
import { makeWorld } from '../../../tests/scenario/geomKit';
import { parseTiming } from '../abilities/parseTiming';
import { parseEffect } from '../abilities/parseEffect';
import { readAbility, roster, gameAtHero, play, refused, toPhase, DEFAULT_PLACEMENT, type Placement } from './abilityKit.test-helpers';
import { worldPort } from './worldPort';
import type { GeometryPort } from './geometryPort';
import type { RosterInput } from './roster';
import type { GameState } from './state';

const BOX = { center: [30, 10] as [number, number], size: [6, 4, 3] as [number, number, number] };
const R = 32 / 25.4 / 2;
const COUNTS: Record<string, number> = { hero: 1, boyz: 5, gits: 3 };
const KNOWN = ['KRULEBOYZ', 'IRONJAWZ', 'INFANTRY', 'HERO'];

function portWith(place: Placement, featureId: string | null): GeometryPort {
  const units = Object.entries({ ...DEFAULT_PLACEMENT, ...place }).map(([id, at]) => ({
    id,
    army: id.slice(0, 2),
    models: Array.from({ length: COUNTS[id.split('-')[1]] }, (_, i) => ({ id: `${id}-m${i + 1}`, base: { round: 32 }, pos: [at[0], at[1] + i * 1.3] as [number, number], height: 1.2 })),
  }));
  const terrain = featureId === null ? [] : [{ id: featureId, type: 'obstacle' as const, abilities: ['cover' as const], boxes: [BOX] }];
  return worldPort(makeWorld({ units, terrain }));
}

/** Real texts (kb-001 Skaregob Totem; ij-001 Bossrokk Tower differs in the keyword and "no longer a Shouty Boss"). */
const TEXT = {
  upDeclare: (k: string) => `If this terrain feature does not have a Shouty Boss , pick a friendly **^^${k} Infantry Hero^^** that is not in combat and is within 3" of it  to be the target.`,
  upEffect: "Place the target on this terrain feature. The target is now a Shouty Boss (see 'Man da Tower').",
  offEffect: (art: string) => `If this terrain feature has a Shouty Boss that was not placed on it this turn, set up the Shouty Boss on the battlefield wholly within 6" of this terrain feature and not in combat. That unit is no longer ${art} Shouty Boss.`,
};
const HERO_PHASE = parseTiming('Your Hero Phase', false);
const MOVE_PHASE = parseTiming('Your Movement Phase', false);
const read = (declare: string | null, effect: string, timing = HERO_PHASE) => parseEffect({ declare, effect, timing, knownKeywords: KNOWN });

describe('reading Up We Go! and I\'m Off! (real texts, kb-001 and ij-001)', () => {
  it('Up We Go!: the pick within 3" of the feature, not in combat, of a KRULEBOYZ / IRONJAWZ INFANTRY HERO; {shoutyBoss: "place"}', () => {
    for (const k of ['Kruleboyz', 'Ironjawz']) {
      const r = read(TEXT.upDeclare(k), TEXT.upEffect);
      expect(r.resolves).toEqual([{ shoutyBoss: 'place', targets: 'targets' }]);
      expect(r.picks).toEqual([{ kind: 'friendlyUnit', within: 3, inCombat: false, keyword: `${k.toUpperCase()} INFANTRY HERO`, from: 'terrain' }]);
    }
  });
  it('I\'m Off!: {shoutyBoss: "leave", within: 6} ("the" and "a" Shouty Boss)', () => {
    for (const art of ['the', 'a']) expect(read(null, TEXT.offEffect(art), MOVE_PHASE).resolves).toEqual([{ shoutyBoss: 'leave', within: 6, targets: 'self' }]);
  });
  it('twins stay by hand: no "not in combat", a second sentence, another phase, "wholly within" dropped, a Declare', () => {
    expect(read(TEXT.upDeclare('Kruleboyz').replace(' that is not in combat and', ' that'), TEXT.upEffect).resolves).toBeNull();
    expect(read(TEXT.upDeclare('Kruleboyz'), `${TEXT.upEffect} Heal (3) the target.`).resolves).toBeNull();
    expect(read(TEXT.upDeclare('Kruleboyz'), TEXT.upEffect, MOVE_PHASE).resolves).toBeNull();
    expect(read(null, TEXT.offEffect('the').replace('wholly within', 'within'), MOVE_PHASE).resolves).toBeNull();
    expect(read(null, TEXT.offEffect('the'), HERO_PHASE).resolves).toBeNull();
    expect(read('Pick a friendly unit wholly within 6" of this terrain feature to be the target.', TEXT.offEffect('the'), MOVE_PHASE).resolves).toBeNull();
  });
  it('Man da Tower! and Aggressively Bossy stay by hand (attacks on the feature, visibility from the feature)', () => {
    const passive = parseTiming('Passive', true);
    expect(read(null, 'While this terrain feature has a Shouty Boss:\n• The Shouty Boss cannot use **^^Move^^** abilities.\n• Instead of measuring range or visibility to the Shouty Boss, measure to this terrain feature instead.', passive).resolves).toBeNull();
    // Sinister Stare is read since session 41 (sh41a): parseDirtyTricks41a.test.ts, engine/dirtyTricks41a.test.ts.
    expect(read('Pick a visible enemy unit within 18" of this terrain feature to be the target.', 'Roll a dice. Add 1 to the roll if this terrain feature has a Shouty Boss. On a 4+, subtract 3 from the target\'s control score until the start of your next turn.').resolves).toBeNull();
  });
});

describe('Up We Go! then I\'m Off! on the table (Skaregob Totem)', () => {
  const up = readAbility({ name: 'Up We Go!', timing: HERO_PHASE, declare: TEXT.upDeclare('Kruleboyz'), effect: TEXT.upEffect }, KNOWN);
  const off = { ...readAbility({ name: "I'm Off!", timing: MOVE_PHASE, declare: '', effect: TEXT.offEffect('the') }, KNOWN), declare: null };
  const p1: RosterInput = { ...roster('p1'), factionTerrain: [{ id: 'skaregob-totem', name: 'Skaregob Totem' }], abilities: [{ ...up, id: 'skaregob-totem:up-we-go' }, { ...off, id: 'skaregob-totem:i-m-off' }] };
  // The hero 1" from the box's x = 33 edge (centre 33 + 1 + R = 34.63, y 10); p2's gits in a column from (40.8, 12.5):
  // hypot(6.17, 2.5) - 2R = 5.40" from the hero, not in combat.
  const port = portWith({ 'p1-hero': [33 + 1 + R, 10], 'p2-gits': [40.8, 12.5] }, 'skaregob-totem');
  const placed = () => play(gameAtHero(p1, roster('p2'), port), port, [{ type: 'useAbility', player: 'p1', ability: 'skaregob-totem:up-we-go', target: 'p1-hero' }]);
  /** End phases until p1's movement phase of battle round 2 (p1 takes the first turn again). */
  function nextOwnMovement(s: GameState): GameState {
    for (let guard = 0; guard < 40 && !(s.round === 2 && s.active === 'p1' && s.phase === 'movement'); guard++) {
      s = s.active === null ? play(s, port, [{ type: 'chooseFirstTurn', player: s.decider, first: 'p1' }]).s : play(s, port, [{ type: 'endPhase', player: s.active }]).s;
    }
    return s;
  }

  it('the hero 1" from the feature becomes its Shouty Boss: off the table (no positions), recorded with the turn', () => {
    const r = placed();
    expect(r.events.find((e) => e.type === 'removedToReserve')).toMatchObject({ unitId: 'p1-hero', ability: 'Up We Go!', shoutyBossOf: 'skaregob-totem' });
    expect(r.s.units['p1-hero'].status).toBe('removed');
    expect(r.s.positions['p1-hero-m1']).toBeUndefined();
    expect(r.s.shoutyBoss).toEqual({ 'skaregob-totem': { unitId: 'p1-hero', round: 1, turnInRound: 0 } });
  });
  it('refused: a second Shouty Boss; a unit that is no HERO; a hero 3.5" away', () => {
    const r = placed();
    expect(refused(r.s, port, { type: 'useAbility', player: 'p1', ability: 'skaregob-totem:up-we-go', target: 'p1-boyz' }).reason).toMatch(/already has a Shouty Boss \("p1-hero"\)/);
    const s = gameAtHero(p1, roster('p2'), port);
    expect(refused(s, port, { type: 'useAbility', player: 'p1', ability: 'skaregob-totem:up-we-go', target: 'p1-boyz' }).rule).toBe('Up We Go!: Declare');
    const far = portWith({ 'p1-hero': [33 + 3.5 + R, 10] }, 'skaregob-totem');
    expect(refused(gameAtHero(p1, roster('p2'), far), far, { type: 'useAbility', player: 'p1', ability: 'skaregob-totem:up-we-go', target: 'p1-hero' }).reason).toMatch(/not within 3" of the terrain feature "skaregob-totem" \(3\.50"\)/);
  });
  it('I\'m Off! is refused with no Shouty Boss, and in the turn it was placed', () => {
    const s0 = toPhase(gameAtHero(p1, roster('p2'), port), port, 'movement');
    expect(refused(s0, port, { type: 'useAbility', player: 'p1', ability: 'skaregob-totem:i-m-off' }).reason).toMatch(/has no Shouty Boss/);
    const s1 = toPhase(placed().s, port, 'movement');
    expect(refused(s1, port, { type: 'useAbility', player: 'p1', ability: 'skaregob-totem:i-m-off' }).reason).toMatch(/was placed on "skaregob-totem" this turn/);
  });
  it('next turn: set up with its far base edge 5" from the feature (wholly within 6"): back on the table, no longer the Shouty Boss', () => {
    const s = nextOwnMovement(placed().s);
    expect([s.round, s.active, s.phase]).toEqual([2, 'p1', 'movement']);
    // At x 33 + 6.5 - R the far edge is 6.5" away (the near edge 6.5 - 2R = 5.24"): within, not wholly.
    const no = refused(s, port, { type: 'useAbility', player: 'p1', ability: 'skaregob-totem:i-m-off', positions: { 'p1-hero-m1': [33 + 6.5 - R, 10] } });
    expect(no).toEqual({ reason: '"p1-hero" must be set up wholly within 6" of the terrain feature "skaregob-totem" (5.24" to its closest point)', rule: "I'm Off!: Effect" });
    // At (33 + 5 - R, 11) = (37.37, 11), wholly within 6" (far edge 5"), but hypot(3.43, 1.5) - 2R = 2.48" from p2's gits: in combat (Core 14.3).
    expect(refused(s, port, { type: 'useAbility', player: 'p1', ability: 'skaregob-totem:i-m-off', positions: { 'p1-hero-m1': [33 + 5 - R, 11] } }).reason).toBe('"p1-hero" must be set up not in combat');
    // At (37.37, 9): far edge 5" from the box, hypot(3.43, 3.5) - 2R = 3.64" from the gits.
    const r = play(s, port, [{ type: 'useAbility', player: 'p1', ability: 'skaregob-totem:i-m-off', positions: { 'p1-hero-m1': [33 + 5 - R, 9] } }]);
    expect(r.events.find((e) => e.type === 'setUpByAbility')).toMatchObject({ unitId: 'p1-hero', ability: "I'm Off!" });
    expect(r.s.units['p1-hero'].status).toBeUndefined();
    expect(r.s.positions['p1-hero-m1']).toEqual([33 + 5 - R, 9]);
    expect(r.s.shoutyBoss).toBeUndefined();
  });
});
