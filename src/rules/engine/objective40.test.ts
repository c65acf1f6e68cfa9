/**
 * Session 40 (sh40d; docs/abilities.md "Objective picks ..., session 40 (sh40d)"): Ordained Quest and His Will Be Done
 * (sce-002 Knight-Questor) read from their real texts and played on a real table (`worldPort` over placed models,
 * objective markers and territories), with the answers computed by hand:
 * - Ordained Quest (Once Per Battle (Army), Deployment Phase): "Pick an objective wholly outside friendly territory.
 *   That objective is considered by you to be questmarked." → `useAbility` with `objectiveId` (contract extension);
 *   refused for an objective with any part within p1's territory (Core 9.1.2), accepted otherwise; the mark is p1's.
 * - His Will Be Done (Passive): "While this unit is contesting a questmarked objective: • Add 3 to this unit's control
 *   score. • This unit has Ward (5+)." (Core 32.1 contesting: within 3" of the objective).
 */

import { describe, expect, it } from 'vitest';
import { readAbility, roster, DEFAULT_PLACEMENT, play, refused } from './abilityKit.test-helpers';
import { parseTiming } from '../abilities/parseTiming';
import { abilityWard, modified } from '../abilities/passives';
import { createGame, type GameState } from './state';
import { worldPort } from './worldPort';
import { makeWorld } from '../../../tests/scenario/geomKit';
import { unitAbilityOptions } from '../../game/abilityOptions';

const KNOWN = ['STORMCAST ETERNALS', 'HERO', 'INFANTRY'];
const quest = readAbility({ name: 'Ordained Quest', timing: parseTiming('Once Per Battle (Army), Deployment Phase', false), declare: '', effect: 'Pick an objective wholly outside friendly territory. That objective is considered by you to be questmarked.' }, KNOWN);
const will = readAbility({ name: 'His Will Be Done', timing: parseTiming('Passive', true), declare: '', effect: "While this unit is contesting a questmarked objective:\n• Add 3 to this unit's control score.\n• This unit has Ward (5+)." }, KNOWN);

/**
 * The 60" × 44" table, p1's territory x ≤ 20", p2's x ≥ 40", four 40 mm objectives (radius 0.787"): `home` (10, 22.5)
 * wholly in p1's territory, `edge` (20, 17) on its edge (half of the disk inside), `mid` (30, 22) in no territory,
 * `deep` (50, 30) in p2's. Heroes (one 32 mm base, radius 0.63") where given.
 */
function table(place: Record<string, [number, number]> = {}) {
  const counts: Record<string, number> = { hero: 1, boyz: 5, gits: 3 };
  const units = Object.entries({ ...DEFAULT_PLACEMENT, ...place }).map(([id, at]) => ({
    id,
    army: id.slice(0, 2),
    models: Array.from({ length: counts[id.split('-')[1]] }, (_, i) => ({ id: `${id}-m${i + 1}`, base: { round: 32 }, pos: [at[0], at[1] + i * 1.3] as [number, number], height: 1.2 })),
  }));
  return worldPort(makeWorld({
    units,
    objectives: [{ id: 'home', pos: [10, 22.5] }, { id: 'edge', pos: [20, 17] }, { id: 'mid', pos: [30, 22] }, { id: 'deep', pos: [50, 30] }],
    territories: { t1: [[0, 0], [20, 0], [20, 44], [0, 44]], t2: [[40, 0], [60, 0], [60, 44], [40, 44]] },
  }));
}

/** Step 3 of the deployment phase (Core 10.0: before the first battle round's first turn is chosen), both heroes with the two abilities. */
function atDeployment(): GameState {
  const g = createGame({ seed: 7, rosters: { p1: roster('p1', [quest, will]), p2: roster('p2', [quest, will]) }, finishedDeployingFirst: 'p1' });
  if (!g.ok) throw new Error(JSON.stringify(g.issues));
  return { ...g.state, objectives: { home: null, edge: null, mid: null, deep: null }, territories: { p1: 't1', p2: 't2' } };
}

const use = (objectiveId?: string) => ({ type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Ordained Quest', ...(objectiveId !== undefined ? { objectiveId } : {}) }) as const;

describe('Ordained Quest: "Pick an objective wholly outside friendly territory" (objectiveId, Core 9.1.2)', () => {
  const port = table();
  it('refused: home (wholly within p1\'s territory), edge (half of its disk within it), none named, an unknown id', () => {
    const s = atDeployment();
    expect(refused(s, port, use('home'))).toEqual({ reason: 'objective "home" is not wholly outside p1\'s territory', rule: 'Ordained Quest: Declare' });
    expect(refused(s, port, use('edge')).reason).toBe('objective "edge" is not wholly outside p1\'s territory');
    expect(refused(s, port, use()).reason).toContain('pick an objective');
    expect(refused(s, port, use('nowhere')).reason).toBe('"nowhere" is not an objective of the battle');
  });
  it('mid (no territory) is marked for p1 only; the options offer mid and deep, not home nor edge', () => {
    const s = atDeployment();
    const offered = unitAbilityOptions(s, port, 'p1-hero').filter((o) => o.ability.name === 'Ordained Quest');
    expect(offered.map((o) => [o.available, (o.action as { objectiveId?: string }).objectiveId])).toEqual([[true, 'mid'], [true, 'deep']]);
    const r = play(s, port, [use('mid')]);
    expect(r.s.objectiveMarks).toEqual([{ player: 'p1', objective: 'mid', mark: 'questmarked' }]);
    expect(r.events.find((e) => e.type === 'objectiveMarked')).toMatchObject({ player: 'p1', objectiveId: 'mid', mark: 'questmarked' });
    expect(r.events.find((e) => e.type === 'abilityUsed')).toMatchObject({ name: 'Ordained Quest', objectiveId: 'mid' });
    // Once Per Battle (Army): the second use is refused (Core 28.2).
    expect(refused(r.s, port, use('deep')).rule).toBe('Core 28.2');
  });
});

describe('His Will Be Done: "While this unit is contesting a questmarked objective" (Core 32.1)', () => {
  const marked = (): GameState => play(atDeployment(), table(), [use('mid')]).s;
  it('p1\'s hero 1.08" from mid (marked by p1): control +3 and Ward (5+)', () => {
    // Hero at (30, 19.5): edge to edge 2.5 − 0.63 − 0.787 = 1.08" ≤ 3" (contests mid).
    const port = table({ 'p1-hero': [30, 19.5] });
    expect(port.contests('p1-hero', 'mid')).toBe(true);
    expect(modified(marked(), port, 'p1-hero', 'control').add).toBe(3);
    expect(abilityWard(marked(), port, 'p1-hero')).toBe(5);
  });
  it('no mark yet, or contesting home while mid is marked: nothing', () => {
    const port = table({ 'p1-hero': [30, 19.5] });
    expect(modified(atDeployment(), port, 'p1-hero', 'control').add).toBe(0);
    expect(abilityWard(atDeployment(), port, 'p1-hero')).toBeNull();
    const home = table(); // hero at (10, 20): 1.08" from home, 20" from mid
    expect(home.contests('p1-hero', 'home')).toBe(true);
    expect(modified(marked(), home, 'p1-hero', 'control').add).toBe(0);
    expect(abilityWard(marked(), home, 'p1-hero')).toBeNull();
  });
  it('p2\'s hero (same ability) contesting mid, which p1 marked ("considered by you"): nothing', () => {
    // p2's hero at (30, 24.5): 2.5 − 1.42 = 1.08" from mid.
    const port = table({ 'p2-hero': [30, 24.5] });
    expect(port.contests('p2-hero', 'mid')).toBe(true);
    expect(modified(marked(), port, 'p2-hero', 'control').add).toBe(0);
    expect(abilityWard(marked(), port, 'p2-hero')).toBeNull();
  });
});
