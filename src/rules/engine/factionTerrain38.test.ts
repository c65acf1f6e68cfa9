/**
 * Faction terrain abilities on the real table (session 38, ab38a; `abilities/thisTerrain38.ts`): an ability
 * of a faction terrain feature's warscroll, held by the army with the importer's id `<terrain id>:<name>`,
 * measures "this terrain feature" to that feature as the battlefield has it (a real `worldPort` over a 6" x 4"
 * x 3" box; Core 1.0-1.1, 2.1), with the real texts of nh-001 (Screams of the Penitent) and sce-002 (Step Into
 * the Storm). Distances are computed by hand from the box's edges and the 32 mm (1.26") bases.
 */

import { describe, expect, it } from 'vitest';
import { makeWorld } from '../../../tests/scenario/geomKit';
import { parseTiming } from '../abilities/parseTiming';
import { readAbility, roster, gameAtHero, play, refused, toPhase, type Placement, DEFAULT_PLACEMENT } from './abilityKit.test-helpers';
import { worldPort } from './worldPort';
import type { GeometryPort } from './geometryPort';
import type { RosterInput } from './roster';
import type { Ability } from '../abilities/schema';

/** The feature: a 6" x 4" x 3" box, x 27-33, y 8-12. */
const BOX = { center: [30, 10] as [number, number], size: [6, 4, 3] as [number, number, number] };
const R = 32 / 25.4 / 2; // a 32 mm base's radius, inches

const COUNTS: Record<string, number> = { hero: 1, boyz: 5, gits: 3 };

/** A second feature: the same box at x 27-33, y 32-36. */
const BOX2 = { center: [30, 34] as [number, number], size: [6, 4, 3] as [number, number, number] };

/** A real worldPort over a 60" x 44" table with the units placed (as `tablePortAt`) and the feature `featureId` (none: null), and `second` at BOX2. */
function portWith(place: Placement, featureId: string | null, second?: string): GeometryPort {
  const units = Object.entries({ ...DEFAULT_PLACEMENT, ...place }).map(([id, at]) => ({
    id,
    army: id.slice(0, 2),
    models: Array.from({ length: COUNTS[id.split('-')[1]] }, (_, i) => ({ id: `${id}-m${i + 1}`, base: { round: 32 }, pos: [at[0], at[1] + i * 1.3] as [number, number], height: 1.2 })),
  }));
  const terrain = [...(featureId === null ? [] : [{ id: featureId, type: 'obstacle' as const, abilities: ['cover' as const], boxes: [BOX] }]), ...(second === undefined ? [] : [{ id: second, type: 'obstacle' as const, abilities: ['cover' as const], boxes: [BOX2] }])];
  return worldPort(makeWorld({ units, terrain }));
}

/** p1's roster with a faction terrain feature and its abilities on the army, ids as the importer gives them. */
function withFeature(r: RosterInput, feature: { id: string; name: string }, abilities: Ability[]): RosterInput {
  return { ...r, factionTerrain: [feature], abilities: abilities.map((a) => ({ ...a, id: `${feature.id}:${a.name.toLowerCase().replace(/[^a-z]+/g, '-')}` })) };
}

function real(name: string, timingText: string, effect: string, declare: string | null, known: string[]): Ability {
  const timing = parseTiming(timingText, timingText === 'Passive');
  return declare === null
    ? readAbility({ name, timing, effect, declare: '' } as never, known)
    : readAbility({ name, timing, effect, declare }, known);
}

describe('Screams of the Penitent (nh-001 Nexus of Grief): "Enemy units cannot use commands while they are within 3" of this terrain feature." (Commands 1.2)', () => {
  const screams = { ...real('Screams of the Penitent', 'Passive', 'Enemy units cannot use commands while they are within 3" of this terrain feature.', null, []), declare: null };
  const p1 = withFeature(roster('p1'), { id: 'nexus-of-grief', name: 'Nexus of Grief' }, [screams]);
  it('p2\'s WIZARD 2" from the feature (base edge at y 14, the box\'s edge at y 12) cannot use Magical Intervention', () => {
    const port = portWith({ 'p2-hero': [30, 12 + 2 + R] }, 'nexus-of-grief');
    expect(port.distance('p2-hero', 'nexus-of-grief')).toBeCloseTo(2, 3);
    const s = gameAtHero(p1, roster('p2'), port);
    expect(refused(s, port, { type: 'command', player: 'p2', command: 'magicalIntervention', unitId: 'p2-hero' })).toEqual({ reason: 'unit "p2-hero" cannot use commands (Screams of the Penitent (warscroll))', rule: 'Commands 1.2' });
  });
  it('3.5" from it, or with the feature not on the battlefield, the command is used (1 CP)', () => {
    const cases: [Placement, string | null][] = [[{ 'p2-hero': [30, 12 + 3.5 + R] }, 'nexus-of-grief'], [{ 'p2-hero': [30, 12 + 2 + R] }, null]];
    for (const [place, feature] of cases) {
      const port = portWith(place, feature);
      const s = gameAtHero(p1, roster('p2'), port);
      const r = play(s, port, [{ type: 'command', player: 'p2', command: 'magicalIntervention', unitId: 'p2-hero' }]);
      expect(r.events.find((e) => e.type === 'commandUsed')).toMatchObject({ unitId: 'p2-hero', cost: 1 });
    }
  });
  it('friendly units near the feature are not affected (enemy units only)', () => {
    const port = portWith({ 'p1-hero': [30, 12 + 1 + R] }, 'nexus-of-grief');
    const s = gameAtHero(p1, roster('p2'), port);
    const r = play(s, port, [{ type: 'command', player: 'p1', command: 'rally', unitId: 'p1-hero' }]);
    expect(r.events.some((e) => e.type === 'commandUsed')).toBe(true);
  });
});

describe('Step Into the Storm (sce-002 Stormreach Portal): a pick wholly within 6" of this terrain feature, set up more than 9" from all enemy units (Core 1.1, 24.0)', () => {
  const known = ['STORMCAST ETERNALS', 'MONSTER', 'KRULEBOYZ', 'INFANTRY'];
  const step = real('Step Into the Storm', 'Your Movement Phase', 'Remove the target from the battlefield and set it up again on the battlefield more than 9" from all enemy units.', 'Pick a friendly non-**^^Monster Stormcast Eternals^^** unit that is not in combat and is wholly within 6" of this terrain feature to be the target.', known);
  const sce = (r: RosterInput): RosterInput => ({ ...r, units: r.units.map((u) => ({ ...u, warscroll: { ...u.warscroll, keywords: [...(u.warscroll.keywords ?? []), 'STORMCAST ETERNALS'] } })) });
  const p1 = withFeature(sce(roster('p1')), { id: 'stormreach-portal', name: 'Stormreach Portal' }, [step]);
  const id = p1.abilities![0].id;
  // Boyz beside the box's x = 33 edge, 1" off, in a line y 8 to 13.2: the farthest point of the last base,
  // (33 + 1 + 2R, 13.2 + R), is hypot(1 + 2R, 1.2 + R) = hypot(3.52, 1.83) = 3.97" from the box's corner: wholly within 6".
  // Gits at x 38.5 (y 8 to 10.6, beside the box): the nearest base edge 4.87" from it, the farthest point 6.13": within, not wholly.
  const place: Placement = { 'p1-boyz': [33 + 1 + R, 8], 'p1-gits': [38.5, 8] };
  const port = portWith(place, 'stormreach-portal');
  const atMove = () => toPhase(gameAtHero(p1, roster('p2'), port), port, 'movement');
  it('the gits (within 6", not wholly) cannot be picked; the boyz can, and are set up more than 9" from every enemy unit', () => {
    const s = atMove();
    const no = refused(s, port, { type: 'useAbility', player: 'p1', ability: id, target: 'p1-gits' });
    expect(no.rule).toBe('Step Into the Storm: Declare');
    expect(no.reason).toMatch(/"p1-gits" is not wholly within 6" of the terrain feature "stormreach-portal" \(4\.87"\)/);
    const positions = Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`p1-boyz-m${i + 1}`, [20, 30 + i * 1.3] as [number, number]]));
    const r = play(s, port, [{ type: 'useAbility', player: 'p1', ability: id, target: 'p1-boyz', positions }]);
    expect(r.events.find((e) => e.type === 'setUpByAbility')).toMatchObject({ unitId: 'p1-boyz', ability: 'Step Into the Storm' });
    expect(r.s.positions['p1-boyz-m1']).toEqual([20, 30]);
  });
  it('set up 8" from p2\'s gits (at 50, 35): refused, more than 9" is needed', () => {
    const s = atMove();
    const positions = Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`p1-boyz-m${i + 1}`, [50 - 8 - 2 * R, 33 + i * 1.3] as [number, number]]));
    const no = refused(s, port, { type: 'useAbility', player: 'p1', ability: id, target: 'p1-boyz', positions });
    expect(no.reason).toMatch(/more than 9" from every enemy unit/);
  });
  it('without the feature on the battlefield, nothing can be picked', () => {
    const bare = portWith(place, null);
    const s = toPhase(gameAtHero(p1, roster('p2'), bare), bare, 'movement');
    expect(refused(s, bare, { type: 'useAbility', player: 'p1', ability: id, target: 'p1-boyz' }).reason).toMatch(/faction terrain feature "stormreach-portal" is not on the battlefield/);
  });
});

describe('Tunnels Through Reality (skv-001 Gnawhole ×2): "set it up again wholly within 6" of another friendly Gnawhole and more than 9" from all enemy units" (Core 24.0)', () => {
  const known = ['SKAVEN', 'KRULEBOYZ', 'INFANTRY'];
  const tunnels = real('Tunnels Through Reality', 'Your Movement Phase', 'Remove the target from the battlefield and set it up again wholly within 6" of another friendly **^^Gnawhole^^** and more than 9" from all enemy units.', 'Pick a friendly **^^Skaven^^** unit that is not in combat and is wholly within 6" of this terrain feature to be the target.', known);
  const skv = (r: RosterInput): RosterInput => ({ ...r, units: r.units.map((u) => ({ ...u, warscroll: { ...u.warscroll, keywords: [...(u.warscroll.keywords ?? []), 'SKAVEN'] } })) });
  const base = skv(roster('p1'));
  // Two Gnawholes, each with its own copy of the ability (the importer's ids).
  const p1: RosterInput = { ...base, factionTerrain: [{ id: 'gnawhole', name: 'Gnawhole' }, { id: 'gnawhole-2', name: 'Gnawhole' }], abilities: [{ ...tunnels, id: 'gnawhole:tunnels-through-reality' }, { ...tunnels, id: 'gnawhole-2:tunnels-through-reality' }] };
  // The boyz beside the first Gnawhole (x 27-33, y 8-12) as in Step Into the Storm: wholly within 6" of it.
  const port = portWith({ 'p1-boyz': [33 + 1 + R, 8] }, 'gnawhole', 'gnawhole-2');
  const atMove = () => toPhase(gameAtHero(p1, roster('p2'), port), port, 'movement');
  // Beside the second Gnawhole (x 27-33, y 32-36), 1" off its x = 33 edge, y 30 to 35.2: the farthest point of the
  // first base, (35.26, 29.37), is hypot(2.26, 2.63) = 3.47" from the corner (33, 32); p2's gits at (50, 35) are 14.1" off.
  const nearSecond = Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`p1-boyz-m${i + 1}`, [33 + 1 + R, 30 + i * 1.3] as [number, number]]));
  it('used through the first Gnawhole: set up beside the second', () => {
    const r = play(atMove(), port, [{ type: 'useAbility', player: 'p1', ability: 'gnawhole:tunnels-through-reality', target: 'p1-boyz', positions: nearSecond }]);
    expect(r.events.find((e) => e.type === 'setUpByAbility')).toMatchObject({ unitId: 'p1-boyz', ability: 'Tunnels Through Reality' });
  });
  it('set up beside the same Gnawhole: refused, it must be another; through the second Gnawhole the boyz cannot be picked', () => {
    const s = atMove();
    const same = Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`p1-boyz-m${i + 1}`, [27 - 1 - R, 8 + i * 1.3] as [number, number]]));
    const no = refused(s, port, { type: 'useAbility', player: 'p1', ability: 'gnawhole:tunnels-through-reality', target: 'p1-boyz', positions: same });
    expect(no.rule).toBe('Tunnels Through Reality: set-up');
    expect(no.reason).toMatch(/^"p1-boyz" must be set up wholly within 6" of another friendly Gnawhole \("gnawhole-2" /);
    expect(refused(s, port, { type: 'useAbility', player: 'p1', ability: 'gnawhole-2:tunnels-through-reality', target: 'p1-boyz', positions: nearSecond }).reason).toMatch(/is not wholly within 6" of the terrain feature "gnawhole-2"/);
  });
  it('with one Gnawhole on the battlefield there is no other to go to', () => {
    const one = portWith({ 'p1-boyz': [33 + 1 + R, 8] }, 'gnawhole');
    const s = toPhase(gameAtHero(p1, roster('p2'), one), one, 'movement');
    expect(refused(s, one, { type: 'useAbility', player: 'p1', ability: 'gnawhole:tunnels-through-reality', target: 'p1-boyz', positions: nearSecond }).reason).toMatch(/no other friendly Gnawhole on the battlefield/);
  });
});
