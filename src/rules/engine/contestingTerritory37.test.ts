/**
 * Session 37 (tail37a; docs/abilities.md "Second pass, session 37 (tail37a)"): "while it is contesting an objective
 * [wholly within friendly territory]" (Core 32.1, 9.1.2) read by the parser from the real roster text and applied by
 * the engine on a real table (`worldPort` over placed models, objective markers and territories), with the
 * answers computed by hand:
 * - Stalwart Defenders (sce-002 Liberators): "Add 3 to this unit's control score while it is contesting an objective
 *   wholly within friendly territory." → `{modify: control, by: 3, while: {contesting: friendlyTerritory}}`;
 * - Gather the Aether (sce-002 Stormcoven, WIZARD (1)): "Add 1 to this unit's power level while it is contesting an
 *   objective." → `{modify: power, by: 1, while: {contesting: any}}` (Magic 1.1), on the kit's WIZARD (2) hero.
 */

import { describe, expect, it } from 'vitest';
import { ability, DEFAULT_PLACEMENT, gameAtHero, KB, refused, roster, tablePortAt } from './abilityKit.test-helpers';
import { powerLevel } from './magic';
import { parseEffect } from '../abilities/parseEffect';
import { parseTiming } from '../abilities/parseTiming';
import { modified } from '../abilities/passives';
import type { Ability } from '../abilities/schema';
import type { GameState } from './state';
import { worldPort } from './worldPort';
import { makeWorld } from '../../../tests/scenario/geomKit';

const STALWART = "Add 3 to this unit's control score while it is contesting an objective wholly within friendly territory.";

function passive(name: string, effect: string): Ability {
  const t = parseTiming('Passive', true);
  const r = parseEffect({ declare: null, effect, timing: t, knownKeywords: [] });
  if (r.resolves === null) throw new Error(`${name} not read: ${r.unparsed}`);
  return ability({ name, timing: t, declare: null, effect, resolves: r.resolves });
}

/**
 * The 60" × 44" table with p1's territory x ≤ 20" (p2's x ≥ 40") and two 40 mm objectives: `home` at (10, 22.5),
 * its disk (radius 0.787") wholly inside p1's territory; `edge` at (20, 17) on the territory's edge (half of its
 * disk outside). p1's hero (one 32 mm base, radius 0.63") at `heroAt`.
 */
function table(heroAt: [number, number]) {
  const place = { ...DEFAULT_PLACEMENT, 'p1-hero': heroAt };
  const counts: Record<string, number> = { hero: 1, boyz: 5, gits: 3 };
  const units = Object.entries(place).map(([id, at]) => ({
    id,
    army: id.slice(0, 2),
    models: Array.from({ length: counts[id.split('-')[1]] }, (_, i) => ({ id: `${id}-m${i + 1}`, base: { round: 32 }, pos: [at[0], at[1] + i * 1.3] as [number, number], height: 1.2 })),
  }));
  return worldPort(makeWorld({
    units,
    objectives: [{ id: 'home', pos: [10, 22.5] }, { id: 'edge', pos: [20, 17] }],
    territories: { t1: [[0, 0], [20, 0], [20, 44], [0, 44]], t2: [[40, 0], [60, 0], [60, 44], [40, 44]] },
  }));
}

function game(territories: GameState['territories'], abilities: Ability[] = [passive('Stalwart Defenders', STALWART)]): GameState {
  // The army knows Choking Mist (a lore spell, CV 7) for the power-level test.
  const s = gameAtHero(roster('p1', abilities, [], [KB.chokingMist]), roster('p2'), tablePortAt());
  return { ...s, objectives: { home: null, edge: null }, territories };
}

describe('"while it is contesting an objective wholly within friendly territory" (Stalwart Defenders, sce-002; Core 32.1, 9.1.2)', () => {
  it('the parser reads the real text and its plain twin; fall-back twins stay by hand', () => {
    const read = (e: string) => parseEffect({ declare: null, effect: e, timing: parseTiming('Passive', true), knownKeywords: [] }).resolves;
    expect(read(STALWART)).toEqual([{ modify: 'control', by: 3, targets: 'self', while: { contesting: 'friendlyTerritory', unit: 'self' } }]);
    expect(read("Add 3 to this unit's control score while it is contesting an objective.")).toEqual([{ modify: 'control', by: 3, targets: 'self', while: { contesting: 'any', unit: 'self' } }]);
    // Enemy territory: not read.
    expect(read("Add 3 to this unit's control score while it is contesting an objective wholly within enemy territory.")).toBeNull();
    // The trailing condition stands only on a modifier: a permission asked without geometry (Unbind) stays by hand.
    expect(read('This unit can use Unbind abilities as if it had Wizard (1) while it is contesting an objective wholly within friendly territory.')).toBeNull();
  });

  it('hero 1.08" from `home` (wholly in p1\'s territory): +3 control; 0.58" from `edge` (half outside): +0', () => {
    // Hero at (10, 20): edge-to-edge to home 2.5 − 0.63 − 0.787 = 1.08" ≤ 3" (contests, Core 32.1); to edge √(10² + 3²) − 1.42 = 9.02" (not).
    const near = table([10, 20]);
    expect(near.contests('p1-hero', 'home')).toBe(true);
    expect(near.whollyWithinTerritory('home', 't1')).toBe(true);
    expect(modified(game({ p1: 't1', p2: 't2' }), near, 'p1-hero', 'control').add).toBe(3);
    // Hero at (18, 17): to edge 2 − 1.42 = 0.58" (contests); to home √(8² + 5.5²) − 1.42 = 8.29" (not). edge is not wholly within t1.
    const atEdge = table([18, 17]);
    expect(atEdge.contests('p1-hero', 'edge')).toBe(true);
    expect(atEdge.contests('p1-hero', 'home')).toBe(false);
    expect(atEdge.whollyWithinTerritory('edge', 't1')).toBe(false);
    expect(modified(game({ p1: 't1', p2: 't2' }), atEdge, 'p1-hero', 'control').add).toBe(0);
  });

  it('p2\'s territory is not friendly to p1, and a game without territories has none: +0', () => {
    const near = table([10, 20]);
    expect(modified(game({ p1: 't2', p2: 't1' }), near, 'p1-hero', 'control').add).toBe(0);
    expect(modified(game(null), near, 'p1-hero', 'control').add).toBe(0);
  });
});

const GATHER = "Add 1 to this unit's power level while it is contesting an objective.";

describe('"Add 1 to this unit\'s power level while it is contesting an objective" (Gather the Aether, sce-002; Magic 1.1)', () => {
  it('the parser reads it; another unit\'s power level, or more than 3, stays by hand', () => {
    const read = (e: string) => parseEffect({ declare: null, effect: e, timing: parseTiming('Passive', true), knownKeywords: [] }).resolves;
    expect(read(GATHER)).toEqual([{ modify: 'power', by: 1, targets: 'self', while: { contesting: 'any', unit: 'self' } }]);
    expect(read("Add 1 to the power level of friendly Wizards while they are contesting an objective.")).toBeNull();
    expect(read("Add 4 to this unit's power level while it is contesting an objective.")).toBeNull();
  });

  it('the WIZARD (2) hero contesting `home` (1.08"): power level 3, a third spell in the phase is not refused for the power level; away: 2', () => {
    const s = game({ p1: 't1', p2: 't2' }, [passive('Gather the Aether', GATHER)]);
    const near = table([10, 20]);
    const away = table([10, 30]); // 7.5 − 1.42 = 6.08" from home, 12.4" from edge: contests neither
    expect(away.contests('p1-hero', 'home')).toBe(false);
    expect(powerLevel(s, 'p1-hero', near)).toBe(3);
    expect(powerLevel(s, 'p1-hero', away)).toBe(2);
    expect(powerLevel(s, 'p1-hero')).toBe(2); // no geometry: the warscroll's level
    // Two spells used this phase (Magic 1.1: as many as the power level).
    const used = { ...s, magic: { ...s.magic, used: { ...s.magic.used, 'p1-hero': 2 } } };
    const cast = { type: 'cast', player: 'p1', unitId: 'p1-hero', spell: 'choking-mist', target: 'p2-boyz' } as const;
    expect(refused(used, away, cast).reason).toContain('already used 2 SPELL/PRAYER/BANISH');
    expect(refused(used, near, cast).reason).not.toContain('already used');
    const three = { ...s, magic: { ...s.magic, used: { ...s.magic.used, 'p1-hero': 3 } } };
    expect(refused(three, near, cast).reason).toContain('already used 3 SPELL/PRAYER/BANISH');
  });
});
