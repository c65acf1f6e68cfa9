/**
 * The sample battle of the Play mode: the two sample armies (assets/armies; p1 Stormcast in the
 * south territory, p2 Skaven in the north) on the default battlefield (assets/scenarios/default.json)
 * with its real Kenney meshes: the rules decide everything on that table (GAME.md), exactly as on
 * any other.
 *
 * The sample set-up places each army in rows along its front line ({@link hotseatPlacement}); the
 * units are given to the game as scenario units (so they start where the set-up puts them, GAME.md
 * `start`). The set-up keeps its blocks clear of the plan rectangles in {@link SAMPLE_KEEP_OUT}: the
 * footprints of the default battlefield's features as measured from its meshes. They only steer
 * where the sample set-up puts units; they are never used by the rules.
 *
 * On any other battlefield the Play mode sets armies up with the engine's automatic deployment
 * (`src/game/deploy.ts`) or in the deployment phase.
 *
 * Pure data: no DOM, no geometry (runs in the worker, in Node tests and in the page).
 */
import defaultScenario from '../assets/scenarios/default.json';
import skaven from '../assets/armies/skaven-clawlord.json';
import stormcast from '../assets/armies/stormcast-liberators.json';
import type { BattlefieldInput } from '../src/rules/engine/battlefield';
import type { RosterInput } from '../src/rules/engine/roster';
import { repoPathOf } from '../src/game/table';
import type { TableGameInput } from './gameApi';

type Pair = [number, number];
type Box = { center: Pair; size: [number, number, number]; rotationDeg?: number; elevation?: number };
type Cyl = { center: Pair; radius: number; height: number; elevation?: number };

const MM = 25.4;

/** Repository path of the default scenario (its mesh `src` paths are relative to it). */
export const DEFAULT_SCENARIO_PATH = 'assets/scenarios/default.json';

/**
 * Plan footprints of the default battlefield's mesh features (from the meshes' measured bounds),
 * which the sample set-up keeps clear of. Layout data for {@link hotseatPlacement} only.
 */
export const SAMPLE_KEEP_OUT: Record<string, { boxes?: Box[]; cylinders?: Cyl[] }> = {
  'archive-tower': { boxes: [{ center: [24, 31], size: [1.96, 1.96, 6.05] }] },
  'command-tower': { boxes: [{ center: [36, 13], size: [1.5, 1.7, 6.0], rotationDeg: 30 }] },
  'west-gate': { boxes: [{ center: [5, 22], size: [0.76, 3.32, 4.55] }] },
  'grove-north': {
    cylinders: [
      { center: [38.3, 30.1], radius: 0.35, height: 5.05, elevation: 0.25 },
      { center: [40.7, 31.5], radius: 0.3, height: 4.0, elevation: 0.25 },
      { center: [40.3, 29.2], radius: 0.25, height: 3.27, elevation: 0.25 },
    ],
  },
  'grove-south': {
    cylinders: [
      { center: [21.7, 13.9], radius: 0.35, height: 5.05, elevation: 0.25 },
      { center: [19.3, 12.5], radius: 0.3, height: 4.0, elevation: 0.25 },
      { center: [19.7, 14.8], radius: 0.25, height: 3.27, elevation: 0.25 },
    ],
  },
  'realmgate-fountain': { cylinders: [{ center: [54, 22], radius: 1.6, height: 0.77 }] },
};

interface ScenarioPiece {
  shape: string;
  center?: Pair;
  size?: [number, number, number];
  rotation?: number;
  radius?: number;
  height?: number;
  elevation?: number;
}
interface ScenarioFile {
  name?: string;
  battlefield: { width: number; depth: number };
  terrain: { id: string; type: string; pieces: ScenarioPiece[] }[];
  objectives: { id: string; position: Pair }[];
  territories?: Record<string, Pair[]>;
}

/** The two sample rosters (p1: Stormcast, p2: Skaven). */
export function sampleRosters(): Record<'p1' | 'p2', RosterInput> {
  return structuredClone({ p1: stormcast as unknown as RosterInput, p2: skaven as unknown as RosterInput });
}

/** The default scenario's terrain as the sample set-up's keep-out shapes (see the module comment). */
export function sampleSetUpTerrain(): { width: number; depth: number; terrain: BattlefieldInput['terrain']; objectives: { id: string; x: number; y: number }[]; territories: Record<string, Pair[]> } {
  const sc = defaultScenario as unknown as ScenarioFile;
  const terrain = sc.terrain.map((t) => {
    const boxes: Box[] = [];
    const cylinders: Cyl[] = [];
    for (const p of t.pieces) {
      if (p.shape === 'box' && p.center && p.size) boxes.push({ center: p.center, size: p.size, rotationDeg: p.rotation ?? 0, ...(p.elevation ? { elevation: p.elevation } : {}) });
      else if (p.shape === 'cylinder' && p.center && p.radius && p.height) cylinders.push({ center: p.center, radius: p.radius, height: p.height, ...(p.elevation ? { elevation: p.elevation } : {}) });
    }
    const proxy = SAMPLE_KEEP_OUT[t.id];
    if (proxy) {
      boxes.push(...(proxy.boxes ?? []));
      cylinders.push(...(proxy.cylinders ?? []));
    }
    return { id: t.id, type: t.type as 'obstacle', ...(boxes.length ? { boxes } : {}), ...(cylinders.length ? { cylinders } : {}) };
  });
  return {
    width: sc.battlefield.width,
    depth: sc.battlefield.depth,
    terrain,
    objectives: sc.objectives.map((o) => ({ id: o.id, x: o.position[0], y: o.position[1] })),
    territories: sc.territories ?? {},
  };
}

function baseDiameter(b: { shape: string; diameterMm?: number; lengthMm?: number }): number {
  return (b.shape === 'round' ? (b.diameterMm ?? 32) : (b.lengthMm ?? 32)) / MM;
}

/** Plan-view rectangles set-up blocks keep clear of: every terrain piece's footprint, + margin. */
function keepOut(terrain: BattlefieldInput['terrain']): [number, number, number, number][] {
  const out: [number, number, number, number][] = [];
  for (const t of terrain ?? []) {
    if (t.type === 'area') continue; // models may stand in Area terrain
    for (const b of t.boxes ?? []) {
      const r = Math.hypot(b.size[0], b.size[1]) / 2;
      const half = b.rotationDeg ? [r, r] : [b.size[0] / 2, b.size[1] / 2];
      out.push([b.center[0] - half[0], b.center[1] - half[1], b.center[0] + half[0], b.center[1] + half[1]]);
    }
    for (const c of t.cylinders ?? []) out.push([c.center[0] - c.radius, c.center[1] - c.radius, c.center[0] + c.radius, c.center[1] + c.radius]);
  }
  return out;
}

/**
 * Set-up positions: each unit a block of rows (≤ 5 models per row, bases 0.3" apart), the blocks
 * side by side from the west edge along the army's front line (p1: y = 10.5 growing south; p2:
 * y = 33.5 growing north), skipping past any terrain footprint the block would touch.
 */
export function hotseatPlacement(rosters: Record<'p1' | 'p2', RosterInput>, terrain: BattlefieldInput['terrain'], width = 60): Record<string, Pair> {
  const out: Record<string, Pair> = {};
  const blocks = keepOut(terrain);
  const lines = { p1: { y: 10.5, dir: -1 }, p2: { y: 33.5, dir: 1 } } as const;
  for (const p of ['p1', 'p2'] as const) {
    const { y, dir } = lines[p];
    let x = 1.5;
    for (const u of (rosters[p] as unknown as { units: { models: { id: string; base: { shape: string; diameterMm?: number; lengthMm?: number } }[] }[] }).units) {
      const d = Math.max(...u.models.map((m) => baseDiameter(m.base)));
      const perRow = Math.min(5, u.models.length);
      const rows = Math.ceil(u.models.length / perRow);
      const w = perRow * (d + 0.3);
      const h = rows * (d + 0.3);
      const yLo = dir < 0 ? y - h + d / 2 : y - d / 2;
      const yHi = dir < 0 ? y + d / 2 : y + h - d / 2;
      for (let guard = 0; guard < 50; guard++) {
        const hit = blocks.find((r) => x < r[2] + 0.3 && x + w > r[0] - 0.3 && yLo < r[3] + 0.3 && yHi > r[1] - 0.3);
        if (!hit) break;
        x = hit[2] + 0.6;
      }
      if (x + w > width - 0.5) throw new Error(`hot-seat set-up: no room for ${p}'s units along the front line`);
      u.models.forEach((m, i) => {
        const col = i % perRow;
        const row = Math.floor(i / perRow);
        out[m.id] = [Math.round((x + d / 2 + col * (d + 0.3)) * 1000) / 1000, Math.round((y + dir * row * (d + 0.3)) * 1000) / 1000];
      });
      x += w + 1.2;
    }
  }
  return out;
}

/** The bundled asset of every mesh the default scenario names (`src` → `assets/kenney/...`). */
export function defaultBundledMeshes(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const t of (defaultScenario as unknown as { terrain: { pieces: { src?: string }[] }[] }).terrain) {
    for (const p of t.pieces) if (p.src) out[p.src] = repoPathOf(p.src, DEFAULT_SCENARIO_PATH);
  }
  return out;
}

/** The scenario army each sample player plays on the default battlefield. */
export const SAMPLE_ARMIES = { p1: 'south', p2: 'north' } as const;

/**
 * The default scenario with the sample armies' units placed at `placement` (model ids → centre),
 * as scenario units of the south (p1) and north (p2) armies; the scenario's own units are left out.
 * Models stand 1.25" tall (the army format's default height).
 */
export function sampleTable(placement: Record<string, Pair>, rosters = sampleRosters()): unknown {
  const sc = structuredClone(defaultScenario) as unknown as Record<string, unknown>;
  const units: unknown[] = [];
  for (const p of ['p1', 'p2'] as const) {
    for (const u of (rosters[p] as unknown as { units: { id: string; name: string; models: { id: string; base: { shape: string; diameterMm?: number; lengthMm?: number; widthMm?: number } }[] }[] }).units) {
      const models = u.models
        .filter((m) => placement[m.id])
        .map((m) => ({ id: m.id, base: m.base.shape === 'round' ? { round: m.base.diameterMm } : { oval: [m.base.lengthMm, m.base.widthMm] }, height: 1.25, position: placement[m.id] }));
      if (models.length) units.push({ id: u.id, army: SAMPLE_ARMIES[p], name: u.name, models });
    }
  }
  sc.units = units;
  delete sc.queries;
  return sc;
}

/** The sample battle on the default battlefield (5 objectives, Take and Hold), armies set up in rows. */
export function hotseatSetup(seed: number | string = 2024): TableGameInput {
  const rosters = sampleRosters();
  const placement = hotseatPlacement(rosters, sampleSetUpTerrain().terrain);
  return {
    seed,
    scenario: sampleTable(placement, rosters),
    bundled: defaultBundledMeshes(),
    armies: { p1: { army: SAMPLE_ARMIES.p1, roster: rosters.p1 }, p2: { army: SAMPLE_ARMIES.p2, roster: rosters.p2 } },
  };
}

/**
 * The sample battle with the deployment phase (Core 10.0-10.1): p1 (south) begins deployment; no
 * faction terrain. Every unit starts undeployed, shown where the engine's automatic deployment
 * would set it up (inside its territory), for the player to drag it where it is deployed.
 */
export function deploymentSetup(seed: number | string = 2024): TableGameInput {
  const s = hotseatSetup(seed);
  return { ...s, scenario: sampleTable({}), deploy: 'manual' };
}

/**
 * The sample battle with p2's Rat Ogors set up 3" in front of p1's Liberators, in combat from the
 * start: a short way to the combat phase (pile-in, fight, dice) for tests and demonstrations.
 */
export function engagedSetup(seed: number | string = 2024): TableGameInput {
  const rosters = sampleRosters();
  const pl = hotseatPlacement(rosters, sampleSetUpTerrain().terrain);
  ['sk-ratogors-1', 'sk-ratogors-2', 'sk-ratogors-3'].forEach((id, i) => {
    const lib = pl[`sce-liberators-${i + 1}`];
    if (lib && pl[id]) pl[id] = [Math.round((lib[0] + i * 0.7) * 1000) / 1000, Math.round((lib[1] + 3) * 1000) / 1000];
  });
  return { ...hotseatSetup(seed), scenario: sampleTable(pl, rosters) };
}

/** Where a set-up's table places each model (plan-view centre), from its scenario units. */
export function placementOf(setup: TableGameInput): Record<string, Pair> {
  const out: Record<string, Pair> = {};
  for (const u of (setup.scenario as { units?: { models: { id: string; position: Pair }[] }[] }).units ?? []) for (const m of u.models) out[m.id] = m.position;
  return out;
}
