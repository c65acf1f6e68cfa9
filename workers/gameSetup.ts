/**
 * The sample battle of the Play mode: the two sample armies (assets/armies; p1 Stormcast in the
 * south territory, p2 Skaven in the north) on the default battlefield with its real Kenney meshes,
 * set up in rows along their front lines. The set-up is a scenario file,
 * `assets/scenarios/sample-battle.json` (the default battlefield with the sample armies' units
 * placed): the game is started on it as on any other table (GAME.md `start`: units the scenario
 * places start there). On other battlefields the Play mode sets armies up with the engine's
 * automatic deployment (`src/game/deploy.ts`) or in the deployment phase.
 *
 * Pure data: no DOM, no geometry (runs in the worker, in Node tests and in the page).
 */
import defaultScenario from '../assets/scenarios/default.json';
import sampleBattle from '../assets/scenarios/sample-battle.json';
import skaven from '../assets/armies/skaven-clawlord.json';
import stormcast from '../assets/armies/stormcast-liberators.json';
import type { RosterInput } from '../src/rules/engine/roster';
import { repoPathOf } from '../src/game/table';
import type { TableGameInput } from '../src/game/session';

type Pair = [number, number];

/** Repository path of the default scenario (its mesh `src` paths are relative to it). */
export const DEFAULT_SCENARIO_PATH = 'assets/scenarios/default.json';

/** The two sample rosters (p1: Stormcast, p2: Skaven). */
export function sampleRosters(): Record<'p1' | 'p2', RosterInput> {
  return structuredClone({ p1: stormcast as unknown as RosterInput, p2: skaven as unknown as RosterInput });
}

/** Where the sample battle sets up every model of the sample armies (plan-view centre, inches). */
export function samplePlacement(): Record<string, Pair> {
  const out: Record<string, Pair> = {};
  for (const u of (sampleBattle as unknown as { units: { models: { id: string; position: Pair }[] }[] }).units) for (const m of u.models) out[m.id] = [m.position[0], m.position[1]];
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

/** The sample battle (assets/scenarios/sample-battle.json: 5 objectives, Take and Hold), armies set up in rows. */
export function hotseatSetup(seed: number | string = 2024): TableGameInput {
  const rosters = sampleRosters();
  return {
    seed,
    scenario: structuredClone(sampleBattle),
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
  const pl = samplePlacement();
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
