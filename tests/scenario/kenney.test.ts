import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { distanceBetween } from '../../src/geometry/distance';
import { modelVisible } from '../../src/geometry/visibility';
import type { World } from '../../src/geometry/world';
import { answerAll } from '../../src/scenario/answer';
import { loadScenarioFile } from '../../src/scenario/loadNode';
import type { Scenario } from '../../src/scenario/schema';
import { rad, segmentHitsSoup, T4, witnessProblems, type Cyl, type P3 } from './geomKit';

/**
 * A scenario with real Kenney glTF terrain, loaded headless (tests/fixtures/kenney-tower.json):
 * - archive-tower-base.glb: in file units a 1 x 1 slab (y 0..0.28), a chamfer up to a 0.93 x 0.93
 *   square at y = 0.45, and a 0.93 x 0.93 block up to y = 1.01 (glTF is y-up). Scaled by
 *   [4, 4, 6/1.01] along table x, y, z and placed at (20, 20, 0): a 6" tall tower whose slab is
 *   x, y in [18, 22] (z 0..1.663), whose block is x, y in [18.14, 21.86] up to z = 6, and whose
 *   every horizontal section contains the square x, y in [18.14, 21.86] from z = 0 to 6.
 * - vault-gate.glb: 0.9103385 tall in file units, scaled 6 -> 5.462" at (40, 20).
 * Models: 32 mm bases (r = 0.629921"), 2" tall: "front" (10, 20), "behind" (30, 20), "side"
 * (10, 30) on the table and "top" at (20, 20) with no elevation (it must stand on the tower top).
 */
const FIXTURE = fileURLToPath(new URL('../fixtures/kenney-tower.json', import.meta.url));
const R = rad(32);

let world: World;
let scenario: Scenario;
let towerSoup: ArrayLike<number>;
let gateSoup: ArrayLike<number>;

beforeAll(async () => {
  const r = await loadScenarioFile(FIXTURE);
  if (!r.ok) throw new Error(r.problems.join('\n'));
  world = r.world;
  scenario = r.scenario;
  const f = (id: string) => world.terrain.features.find((x) => x.id === id)!;
  towerSoup = f('tower').geometry.getAttribute('position').array as ArrayLike<number>;
  gateSoup = f('gate').geometry.getAttribute('position').array as ArrayLike<number>;
});

const vol = (id: string): Cyl => {
  const m = world.models.get(id)!;
  return { x: m.footprint.x, y: m.footprint.y, a: R, b: R, facingDeg: 0, z0: m.elevation, z1: m.elevation + 2 };
};

/** Ray parity with this file's own segment/triangle test: is the point inside the closed mesh? */
function insideMesh(soup: ArrayLike<number>, p: P3): boolean {
  // an irrational-ish direction avoids grazing shared edges
  const far: P3 = [p[0] + 100 * 0.5377, p[1] + 100 * 0.6123, p[2] + 100 * 0.5797];
  let n = 0;
  for (let i = 0; i < soup.length; i += 9) {
    const one = Array.prototype.slice.call(soup, i, i + 9) as number[];
    if (segmentHitsSoup(p, far, one)) n++;
  }
  return n % 2 === 1;
}

describe('Kenney glTF terrain, headless', () => {
  it('loads, with the tower 6" +- 0.01 tall and the gate 5.462" (0.9103385 x 6)', () => {
    const tower = world.terrain.features.find((x) => x.id === 'tower')!;
    const gate = world.terrain.features.find((x) => x.id === 'gate')!;
    expect(Math.abs(tower.maxHeightInches - 6)).toBeLessThanOrEqual(0.01);
    expect(tower.bounds[0]).toBeCloseTo(18, 5);
    expect(tower.bounds[3]).toBeCloseTo(22, 5);
    expect(tower.bounds[1]).toBeCloseTo(18, 5);
    expect(tower.bounds[4]).toBeCloseTo(22, 5);
    expect(tower.bounds[2]).toBeCloseTo(0, 6);
    expect(Math.abs(gate.maxHeightInches - 0.9103385 * 6)).toBeLessThanOrEqual(0.01);
  });

  it('the square x, y in [18.14, 21.86], z in [0, 6] is inside the tower mesh (own ray-parity check)', () => {
    const pts: P3[] = [];
    for (const x of [18.2, 19.1, 20.03, 21.8]) for (const y of [18.21, 20.07, 21.79]) for (const z of [0.05, 1.0, 2.2, 4.1, 5.95]) pts.push([x, y, z]);
    for (const p of pts) expect(insideMesh(towerSoup, p), JSON.stringify(p)).toBe(true);
    // and points outside are outside
    expect(insideMesh(towerSoup, [17.9, 20, 1])).toBe(false);
    expect(insideMesh(towerSoup, [20, 20, 6.05])).toBe(false);
    expect(insideMesh(towerSoup, [18.05, 20, 4])).toBe(false); // beside the block, above the slab
  });

  it('a model placed without elevation on the tower stands on its top (z = 6 +- 0.01)', () => {
    expect(Math.abs(world.models.get('top')!.elevation - 6)).toBeLessThanOrEqual(0.01);
    expect(world.models.get('front')!.elevation).toBe(0);
    // standing on it: touching, distance ~0
    expect(distanceBetween(world, 'top', 'tower').distanceInches).toBeLessThan(1e-4);
  });

  it('distances: front to the tower slab face x = 18 is 18 - (10 + r) = 7.370079; front to top is hypot(10 - 2r, 6 - T4)', () => {
    expect(distanceBetween(world, 'front', 'tower').distanceInches).toBeCloseTo(18 - 10 - R, 5);
    const top = world.models.get('top')!.elevation;
    // plan gap 10 - 2r = 8.740157; vertical gap between front's base top (T4) and top's base underside
    expect(distanceBetween(world, 'front', 'top').distanceInches).toBeCloseTo(Math.hypot(10 - 2 * R, top - T4), 6);
    expect(Math.hypot(10 - 2 * R, 6 - T4)).toBeCloseTo(10.5133, 3);
  });

  it('front cannot see behind through the solid tower (independent proof + random segments all hit the mesh)', () => {
    // Proof: any segment from front (x <= 10.63, |y - 20| <= 0.63, 0 <= z <= 2) to behind
    // (x >= 29.37, same y and z ranges) crosses x = 20 with |y - 20| <= 0.63 < 1.86 and z in
    // [0, 2]: a point of the inner square column, which is inside the tower (checked above). A
    // segment from outside to inside crosses the surface, so every such segment hits a triangle.
    expect(modelVisible(world, 'front', 'behind').visible).toBe(false);
    expect(modelVisible(world, 'behind', 'front').visible).toBe(false);
    let seed = 12345;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    const inVol = (k: Cyl): P3 => {
      const t = 2 * Math.PI * rnd();
      const s = Math.sqrt(rnd()) * k.a;
      return [k.x + s * Math.cos(t), k.y + s * Math.sin(t), k.z0 + (k.z1 - k.z0) * rnd()];
    };
    for (let i = 0; i < 200; i++) {
      expect(segmentHitsSoup(inVol(vol('front')), inVol(vol('behind')), towerSoup)).toBe(true);
    }
  });

  it('front sees side (nothing between): the witness touches no mesh triangle and no other model', () => {
    const r = modelVisible(world, 'front', 'side');
    expect(r.visible).toBe(true);
    expect(witnessProblems(r.witness as [P3, P3], { observer: vol('front'), target: vol('side'), blockers: [vol('top'), vol('behind')], soups: [towerSoup, gateSoup] })).toEqual([]);
  });

  it('the model on the tower sees front over the tower edge; the witness is checked against the real triangles', () => {
    // e.g. from (19.37, 20, 8) to (10.63, 20, 2): z at the block edge x = 18.14 is 8 - 6 (1.23/8.74) = 7.16 > 6
    const r = modelVisible(world, 'top', 'front');
    expect(r.visible).toBe(true);
    expect(witnessProblems(r.witness as [P3, P3], { observer: vol('top'), target: vol('front'), blockers: [vol('behind'), vol('side')], soups: [towerSoup, gateSoup] })).toEqual([]);
  });

  it('the adjudicator answers agree', () => {
    const answers = answerAll(world, scenario);
    const by = Object.fromEntries(answers.map((a) => [a.id, a]));
    expect(by['d-front-tower'].value as number).toBeCloseTo(18 - 10 - R, 5);
    expect(by['v-front-behind'].value).toBe(false);
    expect(by['v-front-side'].value).toBe(true);
    expect(by['v-top-front'].value).toBe(true);
  });
});
