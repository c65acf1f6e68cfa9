import { footprintFromBase } from '../geometry/footprint';
import { mulberry32 } from '../rules/dice';
import { convexSolidTriangles, type ConvexSolid } from '../geometry/solids';
import { mmToInches } from '../geometry/units';
import type { ModelInput, TerrainFeatureInput, UnitInput, WorldInput } from '../geometry/world';
import { meshToTable, type MeshTriangles } from '../scenario/meshLoader';
import type { Scenario, ScenarioModel } from '../scenario/schema';

/** The seeded generator for generated tables (shared with the dice tray). */
export { mulberry32 };

/**
 * A closed, bumpy "rock": an icosphere subdivided `level` times (20 * 4^level triangles), squashed
 * and displaced by seeded noise. Table space, inches, resting on z = 0.
 */
export function rockMesh(rand: () => number, cx: number, cy: number, radius: number, height: number, level: number): Float32Array {
  const t = (1 + Math.sqrt(5)) / 2;
  let verts: number[][] = [
    [-1, t, 0], [1, t, 0], [-1, -t, 0], [1, -t, 0], [0, -1, t], [0, 1, t], [0, -1, -t], [0, 1, -t], [t, 0, -1], [t, 0, 1], [-t, 0, -1], [-t, 0, 1],
  ].map((v) => norm(v));
  let faces = [
    [0, 11, 5], [0, 5, 1], [0, 1, 7], [0, 7, 10], [0, 10, 11], [1, 5, 9], [5, 11, 4], [11, 10, 2], [10, 7, 6], [7, 1, 8],
    [3, 9, 4], [3, 4, 2], [3, 2, 6], [3, 6, 8], [3, 8, 9], [4, 9, 5], [2, 4, 11], [6, 2, 10], [8, 6, 7], [9, 8, 1],
  ];
  for (let l = 0; l < level; l++) {
    const mid = new Map<string, number>();
    const m = (a: number, b: number) => {
      const k = a < b ? `${a},${b}` : `${b},${a}`;
      let i = mid.get(k);
      if (i === undefined) {
        i = verts.length;
        verts.push(norm([(verts[a][0] + verts[b][0]) / 2, (verts[a][1] + verts[b][1]) / 2, (verts[a][2] + verts[b][2]) / 2]));
        mid.set(k, i);
      }
      return i;
    };
    const next: number[][] = [];
    for (const [a, b, c] of faces) {
      const ab = m(a, b), bc = m(b, c), ca = m(c, a);
      next.push([a, ab, ca], [b, bc, ab], [c, ca, bc], [ab, bc, ca]);
    }
    faces = next;
  }
  const bumps = Array.from({ length: 6 }, () => [rand() * 2 - 1, rand() * 2 - 1, rand() * 2 - 1, rand() * 0.15]);
  verts = verts.map(([x, y, z]) => {
    let s = 1;
    for (const [bx, by, bz, amp] of bumps) s += amp * Math.sin(3 * (x * bx + y * by + z * bz));
    return [x * s, y * s, z * s];
  });
  const out: number[] = [];
  for (const f of faces) {
    for (const i of f) {
      const [x, y, z] = verts[i];
      out.push(cx + x * radius, cy + y * radius, Math.max(0, (z + 1) * 0.5 * height));
    }
  }
  return Float32Array.from(out);
}

function norm(v: number[]): number[] {
  const l = Math.hypot(v[0], v[1], v[2]);
  return [v[0] / l, v[1] / l, v[2] / l];
}

/** Options of {@link generateTable}. */
export interface TableOptions {
  seed: number;
  /** Units per army (default 20). */
  unitsPerArmy?: number;
  /** Models per unit (default 5). */
  modelsPerUnit?: number;
  /** Kenney meshes to place, already parsed (file-space triangles, glTF y-up). */
  kenney?: { tower?: MeshTriangles; gate?: MeshTriangles; tree?: MeshTriangles };
  /** Icosphere level of the four rocks (default 5: 20,480 triangles each). */
  rockLevel?: number;
}

/**
 * A generated, seeded 60x44" battlefield for benchmarks and property tests: 12 terrain features
 * (ruin walls as boxes, a cylinder, four closed high-poly rocks, and Kenney tower, gate and tree
 * meshes when given), and two armies of `unitsPerArmy` units of `modelsPerUnit` models on 25-50 mm
 * round and 60x35 / 90x52 oval bases, in coherent clumps, not overlapping terrain or each other.
 */
/** A generated table: the world's input, and each model as a SCENARIO.md model (for {@link tableToScenario}). */
export type BenchTable = WorldInput & { scenarioModels: Map<string, ScenarioModel> };

export function generateTable(opts: TableOptions): BenchTable {
  const rand = mulberry32(opts.seed);
  const W = 60;
  const D = 44;
  const terrain: TerrainFeatureInput[] = [];
  const footprints: [number, number, number][] = []; // x, y, radius of terrain keep-out discs
  const addSolid = (id: string, type: TerrainFeatureInput['type'], solid: ConvexSolid, keep: [number, number, number]) => {
    terrain.push({ id, type, abilities: [], pieces: [{ positions: convexSolidTriangles(solid), solid }] });
    footprints.push(keep);
  };
  // Four ruin walls.
  const wallSpots: [number, number][] = [[16, 14], [44, 30], [20, 31], [41, 13]];
  wallSpots.forEach(([x, y], i) => {
    const len = 4 + rand() * 4;
    const rot = rand() * 180;
    addSolid(`wall-${i}`, 'obscuring', { kind: 'box', center: [x, y], size: [len, 0.5, 2 + rand() * 2], rotationDeg: rot, elevation: 0 }, [x, y, len / 2 + 0.5]);
  });
  addSolid('pillar', 'obstacle', { kind: 'cylinder', center: [30, 22], radius: 1.5, height: 4, elevation: 0 }, [30, 22, 2]);
  // Four rocks.
  const rockSpots: [number, number][] = [[8, 22], [52, 22], [30, 8], [30, 36]];
  rockSpots.forEach(([x, y], i) => {
    const r = 2 + rand();
    terrain.push({ id: `rock-${i}`, type: 'area', abilities: [], pieces: [{ positions: rockMesh(rand, x, y, r, 2.5 + rand() * 2, opts.rockLevel ?? 5) }] });
    footprints.push([x, y, r * 1.3]);
  });
  // Kenney meshes.
  const k = opts.kenney ?? {};
  const place = (id: string, type: TerrainFeatureInput['type'], tri: MeshTriangles | undefined, x: number, y: number, scale: number, rot: number, keep: number) => {
    footprints.push([x, y, keep]); // keep-out even without the mesh, so the armies do not depend on it
    if (!tri) return;
    terrain.push({ id, type, abilities: [], pieces: [{ positions: meshToTable(tri, { upAxis: 'y', position: [x, y, 0], rotationDeg: rot, scale }) }] });
  };
  place('tower', 'obscuring', k.tower, 12, 36, 0.6, 0, 1.5);
  place('gate', 'obstacle', k.gate, 48, 8, 6.5, 90, 3);
  place('tree', 'area', k.tree, 48, 37, 2, 0, 2.5);
  // Armies.
  const units: UnitInput[] = [];
  const models: ModelInput[] = [];
  const scenarioModels = new Map<string, ScenarioModel>();
  const bases: ({ round: number } | { oval: [number, number] })[] = [{ round: 25 }, { round: 25 }, { round: 32 }, { round: 32 }, { round: 40 }, { round: 50 }, { oval: [60, 35] }, { oval: [90, 52] }];
  const nUnits = opts.unitsPerArmy ?? 20;
  const nModels = opts.modelsPerUnit ?? 5;
  const taken: { x: number; y: number; r: number }[] = [];
  const free = (x: number, y: number, r: number) =>
    x - r >= 0.2 && x + r <= W - 0.2 && y - r >= 0.2 && y + r <= D - 0.2 && (y < 21.5 || y > 22.5) &&
    footprints.every(([fx, fy, fr]) => Math.hypot(x - fx, y - fy) > fr + r + 0.1) &&
    taken.every((t) => Math.hypot(x - t.x, y - t.y) > t.r + r + 0.05);
  for (const army of ['north', 'south']) {
    for (let u = 0; u < nUnits; u++) {
      const base = bases[Math.floor(rand() * bases.length)];
      const sizeMm = 'round' in base ? base.round : base.oval[0];
      const r = mmToInches(sizeMm) / 2;
      const height = 'round' in base ? 0.8 + sizeMm / 25 : 2 + rand() * 2;
      const unitId = `${army}-u${u}`;
      const ids: string[] = [];
      for (let attempt = 0; attempt < 3000 && ids.length === 0; attempt++) {
        const x0 = 2 + rand() * (W - 4);
        const y0 = army === 'north' ? 23 + rand() * 20 : 1 + rand() * 20;
        // A compact block, three models to a rank, bases 0.4" apart along the ranks.
        const spots: [number, number][] = [];
        for (let i = 0; i < nModels; i++) spots.push([x0 + (i % 3) * (2 * r + 0.4), y0 + Math.floor(i / 3) * (2 * r + 0.4)]);
        if (spots.every(([x, y]) => free(x, y, r))) {
          spots.forEach(([x, y], i) => {
            const id = `${unitId}-m${i}`;
            taken.push({ x, y, r });
            ids.push(id);
            models.push({ id, unitId, footprint: footprintFromBase(base, [x, y], 0), elevation: 0, heightInches: height, baseThicknessInches: mmToInches(4) });
            scenarioModels.set(id, { id, base, height, position: [x, y], elevation: 0 });
          });
        }
      }
      if (ids.length) units.push({ id: unitId, army, keywords: [], coherencyRangeInches: 0.5, modelIds: ids });
    }
  }
  return { widthInches: W, depthInches: D, terrain, objectives: [], territories: {}, units, models, scenarioModels };
}

/**
 * The same table as a SCENARIO.md file, for what goes through the engine's API (the bench's
 * two-thread matrix): boxes and cylinders as such, every mesh inline (`vertices`, `triangles`,
 * table space, z up), models with their bases in millimetres. Loading it builds the same world as
 * the table itself.
 */
export function tableToScenario(table: BenchTable): Scenario {
  return {
    battlefield: { width: table.widthInches, depth: table.depthInches },
    terrain: table.terrain.map((f) => ({
      id: f.id,
      type: f.type,
      abilities: [],
      pieces: f.pieces.map((p) => {
        const s = p.solid;
        if (s?.kind === 'box') return { shape: 'box' as const, center: s.center, size: s.size, rotation: s.rotationDeg, elevation: s.elevation };
        if (s?.kind === 'cylinder') return { shape: 'cylinder' as const, center: s.center, radius: s.radius, height: s.height, elevation: s.elevation };
        const vertices: [number, number, number][] = [];
        const triangles: [number, number, number][] = [];
        for (let i = 0; i < p.positions.length; i += 9) {
          const v = vertices.length;
          for (let k = 0; k < 9; k += 3) vertices.push([p.positions[i + k], p.positions[i + k + 1], p.positions[i + k + 2]]);
          triangles.push([v, v + 1, v + 2]);
        }
        return { shape: 'mesh' as const, vertices, triangles };
      }),
    })),
    units: table.units.map((u) => ({ id: u.id, army: u.army, keywords: [], models: u.modelIds.map((id) => table.scenarioModels.get(id)!) })),
  };
}
