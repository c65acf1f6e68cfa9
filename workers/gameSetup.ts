/**
 * The hot-seat set-up of the Play mode: the two sample armies (assets/armies) on the default
 * battlefield (assets/scenarios/default.json).
 *
 * The rules engine's battlefield format (src/rules/engine/battlefield.ts) has boxes and cylinders
 * only, so the battlefield the rules see is derived from the scenario file:
 * - every `box` / `cylinder` piece is taken as is (same centre, size, rotation);
 * - every `mesh` piece is replaced by a PROXY solid at the same position, sized from the mesh's
 *   measured bounds (towers and the gate: boxes; trees: trunks as thin cylinders, since models may
 *   stand under the canopy of an Area feature; the fountain: a low cylinder);
 * - objectives: same ids and positions; territories: the same polygons.
 * The page draws the real meshes (and its live drag preview measures over them); every move, attack
 * and control decision is taken by the rules engine over the proxies.
 *
 * Each army is set up by {@link hotseatPlacement} in its territory (p1 south, p2 north), in rows of
 * up to 5 models, keeping clear of terrain; with {@link deploymentSetup} the game starts with the
 * deployment phase instead, and those positions are only where the units are first shown.
 *
 * Pure data: no DOM, no geometry (runs in the worker, in Node tests and in the page).
 */
import defaultScenario from '../assets/scenarios/default.json';
import skaven from '../assets/armies/skaven-clawlord.json';
import stormcast from '../assets/armies/stormcast-liberators.json';
import type { BattlefieldInput } from '../src/rules/engine/battlefield';
import type { RosterInput } from '../src/rules/engine/roster';

type Pair = [number, number];
type Box = { center: Pair; size: [number, number, number]; rotationDeg?: number; elevation?: number };
type Cyl = { center: Pair; radius: number; height: number; elevation?: number };

const MM = 25.4;

/** Proxies for the mesh pieces of the default scenario (from the meshes' measured bounds). */
const MESH_PROXIES: Record<string, { boxes?: Box[]; cylinders?: Cyl[] }> = {
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

/** The default scenario's terrain as boxes/cylinders (see the module comment). */
export function defaultBattlefieldTerrain(): { width: number; depth: number; terrain: BattlefieldInput['terrain']; objectives: { id: string; x: number; y: number }[]; territories: Record<string, Pair[]> } {
  const sc = defaultScenario as unknown as ScenarioFile;
  const terrain = sc.terrain.map((t) => {
    const boxes: Box[] = [];
    const cylinders: Cyl[] = [];
    for (const p of t.pieces) {
      if (p.shape === 'box' && p.center && p.size) boxes.push({ center: p.center, size: p.size, rotationDeg: p.rotation ?? 0, ...(p.elevation ? { elevation: p.elevation } : {}) });
      else if (p.shape === 'cylinder' && p.center && p.radius && p.height) cylinders.push({ center: p.center, radius: p.radius, height: p.height, ...(p.elevation ? { elevation: p.elevation } : {}) });
    }
    const proxy = MESH_PROXIES[t.id];
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

/** Everything `GameApi.newGame` needs for the hot-seat game. */
export interface GameSetupInput {
  seed: number | string;
  rosters: Record<'p1' | 'p2', unknown>;
  battlefield: BattlefieldInput;
  finishedDeployingFirst?: 'p1' | 'p2';
  battleplan?: { objectives: string[]; battleRounds?: number; vpPerObjective?: number; name?: string };
  /** Each player's territory (a key of `battlefield.territories`); needed with `deployment`. */
  territories?: { p1: string; p2: string };
  /** Play the deployment phase (Core 10.0): every unit starts undeployed (see docs/rules-engine.md, Deployment). */
  deployment?: { beginsDeployment: 'p1' | 'p2'; factionTerrain?: { p1?: string[]; p2?: string[] } };
}

/** The hot-seat game: sample armies on the default battlefield (5 objectives, Take and Hold). */
export function hotseatSetup(seed: number | string = 2024): GameSetupInput {
  const rosters = sampleRosters();
  const bf = defaultBattlefieldTerrain();
  const battlefield: BattlefieldInput = { ...bf, placement: hotseatPlacement(rosters, bf.terrain) };
  return { seed, rosters, battlefield, finishedDeployingFirst: 'p1', battleplan: { objectives: bf.objectives.map((o) => o.id) } };
}

/**
 * The hot-seat game with the deployment phase (Core 10.0-10.1): p1's territory is the south one,
 * p2's the north one; p1 begins deployment; no faction terrain. Every unit starts undeployed; the
 * battlefield's placement ({@link hotseatPlacement}) is only where the page first shows each unit
 * (inside its territory), for the player to drag it where it is deployed.
 */
export function deploymentSetup(seed: number | string = 2024): GameSetupInput {
  return { ...hotseatSetup(seed), territories: { p1: 'south', p2: 'north' }, deployment: { beginsDeployment: 'p1' } };
}

/**
 * The hot-seat game with p2's Rat Ogors set up 3" in front of p1's Liberators, in combat from the
 * start: a short way to the combat phase (pile-in, fight, dice) for tests and demonstrations.
 */
export function engagedSetup(seed: number | string = 2024): GameSetupInput {
  const s = hotseatSetup(seed);
  const pl = s.battlefield.placement;
  ['sk-ratogors-1', 'sk-ratogors-2', 'sk-ratogors-3'].forEach((id, i) => {
    const lib = pl[`sce-liberators-${i + 1}`];
    if (lib && pl[id]) pl[id] = [Math.round((lib[0] + i * 0.7) * 1000) / 1000, Math.round((lib[1] + 3) * 1000) / 1000];
  });
  return s;
}
