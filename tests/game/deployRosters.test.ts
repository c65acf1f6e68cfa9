/**
 * Issue 28, item 1: the automatic set-up (Core 10.1, `src/game/deploy.ts`) sets every unit up in
 * coherency (Core 15.1), for any unit size and base. Every unit of every real roster in
 * `tests/fixtures/rosters` is set up on its own on the default battlefield, in the south territory,
 * and checked with the geometry.
 *
 * Core 15.1: "If a unit has 2 to 6 models, each model in the unit must be within 1/2" horizontally
 * of at least 1 other model in that unit. If a unit has 7 or more models, each model in the unit
 * must be within 1/2" horizontally of at least 2 other models in that unit." (with: "all the
 * models in the unit must form a single group").
 * Core 10.1: "set up ... wholly within friendly territory and more than 9" from enemy territory".
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { importArmy } from '../../src/army/importArmy';
import { coherencyOf } from '../../src/geometry/coherency';
import { footprintFromBase, type BaseMm } from '../../src/geometry/footprint';
import { footprintGap } from '../../src/geometry/footprintGap';
import { footprintInsidePolygon, footprintPolygonDistance, type Polygon } from '../../src/geometry/polygon';
import { buildTerrainIndex } from '../../src/geometry/world';
import { autoDeploy, Deployment, formation } from '../../src/game/deploy';
import { highestSurfaceUnder } from '../../src/geometry/standing';
import type { TerrainIndex } from '../../src/geometry/world';
import { rosterBaseMm } from '../../src/game/gameWorld';
import { loadScenarioMeshesNode } from '../../src/game/node';
import { scenarioToWorldInputSync } from '../../src/scenario/build';
import { parseScenario } from '../../src/scenario/validate';

const SCENARIO_PATH = new URL('../../assets/scenarios/default.json', import.meta.url).pathname;
const ROSTERS = new URL('../fixtures/rosters/new-recruit/', import.meta.url).pathname;

type Fp = ReturnType<typeof footprintFromBase>;
/** Could the bases be closer than `d`? (centres nearer than both long semi-axes plus d; else surely not). */
const near = (f: Fp, g: Fp, d: number) => Math.hypot(f.x - g.x, f.y - g.y) <= f.semiMajor + g.semiMajor + d;
/** Neighbours of each model within `range` (plan gap, Core 15.1), counted by hand from the gaps. */
function neighbourCounts(fps: Fp[], range: number): number[] {
  return fps.map((f, i) => fps.filter((g, j) => j !== i && near(f, g, range + 0.001) && footprintGap(f, g).gapInches <= range + 0.001).length);
}
/** The smallest gap between two bases of the unit (Infinity for one model). */
function closest(fps: Fp[]): number {
  let best = Infinity;
  for (let i = 0; i < fps.length; i++) for (let j = i + 1; j < fps.length; j++) if (near(fps[i], fps[j], 1)) best = Math.min(best, footprintGap(fps[i], fps[j]).gapInches);
  return best;
}

/** The default battlefield with its meshes: the scenario, its terrain index and the two territories. */
async function defaultTable() {
  const parsed = parseScenario(JSON.parse(readFileSync(SCENARIO_PATH, 'utf8')));
  if (!parsed.ok) throw new Error(parsed.problems.join('\n'));
  const sc = parsed.scenario;
  const loaded = await loadScenarioMeshesNode(sc, SCENARIO_PATH);
  if (!loaded.ok) throw new Error(loaded.problems.join('\n'));
  const terrain = buildTerrainIndex(scenarioToWorldInputSync({ ...sc, units: [] }, loaded.meshes).terrain);
  return { sc, terrain, south: sc.territories!.south as Polygon, north: sc.territories!.north as Polygon };
}

describe('automatic set-up keeps every unit coherent (Core 10.1, 15.1)', () => {
  it('every unit of every real roster, set up alone in the south territory of the default battlefield, is coherent, wholly within, more than 9" from the north', { timeout: 240_000 }, async () => {
    const { sc, terrain, south, north } = await defaultTable();
    const sizes = new Map<number, number>();
    let units = 0;
    for (const list of readdirSync(ROSTERS).sort()) {
      const { army } = importArmy(new Uint8Array(readFileSync(`${ROSTERS}${list}/list.ros`)), `${list}/list.ros`);
      for (const u of army.units as { id: string; warscroll: { coherencyRange?: number }; models: { id: string; base: Parameters<typeof rosterBaseMm>[0] }[] }[]) {
        const models = u.models.map((m) => ({ id: m.id, base: rosterBaseMm(m.base) }));
        const r = autoDeploy(terrain, south, [north], [{ id: u.id, models }], [], sc.battlefield);
        if (!r.ok) throw new Error(`${list}: ${r.reason}`);
        const fps = models.map((m) => footprintFromBase(m.base, r.positions[m.id], r.facingDeg));
        const range = u.warscroll.coherencyRange ?? 0.5;
        const need = fps.length >= 7 ? 2 : 1;
        const counts = neighbourCounts(fps, range);
        expect(counts.every((c) => c >= need) || fps.length === 1, `${list} ${u.id} (${fps.length} models): neighbours ${counts.join(' ')}`).toBe(true);
        expect(coherencyOf(fps, range).coherent, `${list} ${u.id} one group`).toBe(true);
        for (const f of fps) {
          expect(footprintInsidePolygon(f, south), `${u.id} wholly within`).toBe(true);
          expect(footprintPolygonDistance(f, north)).toBeGreaterThan(9);
        }
        expect(closest(fps)).toBeGreaterThan(0.29);
        sizes.set(fps.length, (sizes.get(fps.length) ?? 0) + 1);
        units++;
      }
    }
    // The rosters reach the sizes that matter: single models, 2-6, and 7 or more (up to 40).
    expect(units).toBeGreaterThan(250);
    expect([...sizes.keys()].some((n) => n >= 7 && n % 5 !== 0)).toBe(true);
    expect(Math.max(...sizes.keys())).toBeGreaterThanOrEqual(20);
  });

  it('any unit of 2-21 models forms staggered ranks (7: 4 and 3), each model 0.3" from its neighbours (32 mm, 60x35 mm ovals facing the enemy, 100 mm bases; ranks along x, y and a diagonal)', () => {
    for (const base of [{ round: 32 }, { oval: [60, 35] }, { round: 100 }] as BaseMm[]) {
      for (const [side, front] of [[[1, 0], [0, 1]], [[0, 1], [-1, 0]], [[Math.SQRT1_2, -Math.SQRT1_2], [Math.SQRT1_2, Math.SQRT1_2]]] as [number, number][][]) {
        for (const n of [2, 6, 7, 8, 11, 16, 21]) {
          const at = formation(Array.from({ length: n }, () => base), side as [number, number], front as [number, number]);
          const facing = (Math.atan2(front[1], front[0]) * 180) / Math.PI;
          const fps = at.map((p) => footprintFromBase(base, p, facing));
          const counts = neighbourCounts(fps, 0.5);
          expect(Math.min(...counts), `${JSON.stringify(base)} × ${n}`).toBeGreaterThanOrEqual(n >= 7 ? 2 : 1);
          expect(coherencyOf(fps, 0.5).coherent).toBe(true);
          expect(closest(fps)).toBeGreaterThan(0.299);
        }
      }
    }
    // Seven 32 mm models: ranks of 4 and 3, the 3 between the 4 (half a file back from the front rank).
    const seven = formation(Array.from({ length: 7 }, () => ({ round: 32 }) as BaseMm), [1, 0], [0, 1]);
    const ys = seven.map((p) => Math.round(p[1] * 1000) / 1000);
    expect(ys.filter((y) => y === 0)).toHaveLength(4);
    expect(ys.filter((y) => y < 0)).toHaveLength(3);
  });
});

/**
 * The plain first fit the Deployment must reproduce (its cheap bounds only skip exact measures):
 * anchors on a 0.5" grid, front-most first, then nearest the middle of the territory, then x, y;
 * at each, the unit's formation tested base by base with the exact measures only.
 */
function firstFitExact(terrain: TerrainIndex, own: Polygon, enemy: Polygon, units: { id: string; models: { id: string; base: BaseMm }[] }[], table: { width: number; depth: number }): Record<string, [number, number]> {
  const centroid = (poly: Polygon) => poly.reduce((a, p) => [a[0] + p[0] / poly.length, a[1] + p[1] / poly.length], [0, 0]);
  const [ox, oy] = centroid(own);
  const [ex, ey] = centroid(enemy);
  const l = Math.hypot(ex - ox, ey - oy);
  const front: [number, number] = [(ex - ox) / l, (ey - oy) / l];
  const side: [number, number] = [-front[1], front[0]];
  const facing = Math.round(((Math.atan2(front[1], front[0]) * 180) / Math.PI) * 1e6) / 1e6;
  const xs = own.map((p) => p[0]);
  const ys = own.map((p) => p[1]);
  const anchors: { x: number; y: number; f: number; s: number }[] = [];
  for (let x = Math.ceil(Math.max(0, Math.min(...xs)) / 0.5) * 0.5; x <= Math.min(table.width, Math.max(...xs)); x += 0.5) {
    for (let y = Math.ceil(Math.max(0, Math.min(...ys)) / 0.5) * 0.5; y <= Math.min(table.depth, Math.max(...ys)); y += 0.5) {
      anchors.push({ x, y, f: Math.round((x * front[0] + y * front[1]) / 0.5), s: Math.abs((x - ox) * side[0] + (y - oy) * side[1]) });
    }
  }
  anchors.sort((a, b) => b.f - a.f || a.s - b.s || a.x - b.x || a.y - b.y);
  const taken: Fp[] = [];
  const out: Record<string, [number, number]> = {};
  for (const u of units) {
    const offsets = formation(u.models.map((m) => m.base), side, front, facing);
    for (const a of anchors) {
      const trial: Fp[] = [];
      const fits = u.models.every((m, i) => {
        const f = footprintFromBase(m.base, [Math.round((a.x + offsets[i][0]) * 1000) / 1000, Math.round((a.y + offsets[i][1]) * 1000) / 1000], facing);
        const ok =
          f.x - f.semiMajor >= 0 && f.y - f.semiMajor >= 0 && f.x + f.semiMajor <= table.width && f.y + f.semiMajor <= table.depth &&
          footprintInsidePolygon(f, own) && footprintPolygonDistance(f, enemy) > 9 &&
          [...taken, ...trial].every((t) => !near(f, t, 0.298) || footprintGap(f, t).gapInches >= 0.298) &&
          highestSurfaceUnder(terrain, f).featureIndex === -1;
        trial.push(f);
        return ok;
      });
      if (fits && coherencyOf(trial, 0.5).coherent) {
        trial.forEach((f, i) => (out[u.models[i].id] = [f.x, f.y]));
        taken.push(...trial);
        break;
      }
    }
  }
  return out;
}

describe('a Deployment reproduces the exact first fit (its bounds decide nothing the exact measures would not)', () => {
  it('every unit of the 104-model Nighthaunt list and the Lumineth list (round and oval bases) set up one after another in the south territory: the same positions', { timeout: 240_000 }, async () => {
    const { sc, terrain, south, north } = await defaultTable();
    let ovals = 0;
    for (const list of ['nh-001-all-units', 'lrl-001-all-units']) {
      const { army } = importArmy(new Uint8Array(readFileSync(`${ROSTERS}${list}/list.ros`)), `${list}/list.ros`);
      const units = (army.units as { id: string; models: { id: string; base: Parameters<typeof rosterBaseMm>[0] }[] }[]).map((u) => ({ id: u.id, models: u.models.map((m) => ({ id: m.id, base: rosterBaseMm(m.base) })) }));
      ovals += units.flatMap((u) => u.models).filter((m) => 'oval' in m.base).length;
      const deployment = new Deployment(terrain, south, [north], [], sc.battlefield);
      const got: Record<string, [number, number]> = {};
      for (const u of units) {
        const r = deployment.place(u);
        if (!r.ok) throw new Error(`${list}: ${r.reason}`);
        Object.assign(got, r.positions);
      }
      expect(got, list).toEqual(firstFitExact(terrain, south, north, units, sc.battlefield));
      expect(Object.keys(got).length).toBe(units.reduce((n, u) => n + u.models.length, 0));
    }
    expect(ovals).toBeGreaterThan(5);
  });
});
