/**
 * The saved game (`sightline-game/2`): the set-up (seed, battleplan, deployment, reserves), both
 * armies with the scenario army each plays, the **table** (a scenario whose units are the game's
 * units at set-up, and its meshes carried: see `table.ts`) and the accepted actions in order.
 * Self-contained: it loads from any folder (GAME.md).
 *
 * ```jsonc
 * { "format": "sightline-game/2", "seed": 2024, "finishedDeployingFirst": "p1",
 *   "armies": { "p1": "south", "p2": "north" },
 *   "territories": { "p1": "south", "p2": "north" },
 *   "battleplan": { "objectives": ["obj-centre", ...] },
 *   "rosters": { "p1": { ...army }, "p2": { ...army } },
 *   "table": { "scenario": { ...SCENARIO.md }, "meshes": { "../kenney/castle/vault-gate.glb": { "bundled": "assets/kenney/castle/vault-gate.glb" } } },
 *   "actions": [ ... ] }
 * ```
 *
 * Games saved in the first format (`sightline-game/1`, a `battlefield` of boxes and cylinders) are
 * converted on load by {@link upgradeSavedGame}; their replays keep their state hashes.
 *
 * @module
 */
import { z } from 'zod';
import { SavedBattleplanSchema, SavedGameSchema as SavedGameV1Schema } from '../rules/engine/savedGame';
import { parseRoster, type Roster } from '../rules/engine/roster';
import type { Scenario } from '../scenario/schema';
import { battlefieldToTable } from './legacy';
import { MeshRefSchema } from './table';

const Player = z.enum(['p1', 'p2']);
const PerPlayerIds = z.strictObject({ p1: z.array(z.string()).optional(), p2: z.array(z.string()).optional() });

/** Strict schema of a saved game (`sightline-game/2`); rosters, table and actions are validated by their own parsers. */
export const SavedGameV2Schema = z.strictObject({
  format: z.literal('sightline-game/2'),
  seed: z.union([z.number().finite(), z.string().max(200)]),
  /** Required unless `deployment` is given (then the deployment phase decides, Core 12.0). */
  finishedDeployingFirst: Player.optional(),
  /** The scenario army each player plays (its territory key and the `army` of its units on the table). */
  armies: z.strictObject({ p1: z.string().min(1), p2: z.string().min(1) }),
  /** Each player's territory key (Core 9.1.2). */
  territories: z.strictObject({ p1: z.string(), p2: z.string() }).optional(),
  /** Play the deployment phase (Core 10.0); `setUp`: units the table already places. */
  deployment: z
    .strictObject({
      beginsDeployment: Player,
      factionTerrain: PerPlayerIds.optional(),
      setUp: PerPlayerIds.optional(),
    })
    .optional(),
  reserves: PerPlayerIds.optional(),
  battleplan: SavedBattleplanSchema,
  rosters: z.strictObject({ p1: z.unknown(), p2: z.unknown() }),
  table: z.strictObject({ scenario: z.unknown(), meshes: z.record(z.string(), MeshRefSchema).default({}) }),
  actions: z.array(z.unknown()),
});

/** A saved game. */
export type SavedGameV2 = z.infer<typeof SavedGameV2Schema>;
/** A saved game's set-up (everything but the actions). */
export type GameSetupV2 = Omit<SavedGameV2, 'actions'>;

/** Result of {@link upgradeSavedGame}. */
export type UpgradeResult = { ok: true; saved: SavedGameV2; upgraded: boolean } | { ok: false; problems: string[] };

const issuesOf = (e: z.ZodError, prefix = '') => e.issues.map((i) => `${[prefix, ...i.path.map(String)].filter(Boolean).join('.') || '(file)'}: ${i.message}`);

/**
 * Reads a saved game of either format: `sightline-game/2` as is; `sightline-game/1` converted (its
 * battlefield becomes the table with `battlefieldToTable`, the armies are named `p1` and `p2`).
 * Never throws: problems come back with their paths.
 */
export function upgradeSavedGame(json: unknown): UpgradeResult {
  const format = (json as { format?: unknown } | null)?.format;
  if (format === 'sightline-game/2') {
    const r = SavedGameV2Schema.safeParse(json);
    return r.success ? { ok: true, saved: r.data, upgraded: false } : { ok: false, problems: issuesOf(r.error) };
  }
  if (format !== 'sightline-game/1') return { ok: false, problems: [`format: expected "sightline-game/2" (or the older "sightline-game/1"), got ${JSON.stringify(format ?? null)}`] };
  const r = SavedGameV1Schema.safeParse(json);
  if (!r.success) return { ok: false, problems: issuesOf(r.error) };
  const v1 = r.data;
  const rosters: Partial<Record<'p1' | 'p2', Roster>> = {};
  const problems: string[] = [];
  for (const p of ['p1', 'p2'] as const) {
    const pr = parseRoster(v1.rosters[p], `rosters.${p}`);
    if (pr.ok) rosters[p] = pr.roster;
    else problems.push(...pr.issues.map((i) => `${i.path}: ${i.message}`));
  }
  if (problems.length) return { ok: false, problems };
  let scenario: Scenario;
  try {
    scenario = battlefieldToTable(v1.battlefield, rosters as Record<'p1' | 'p2', Roster>);
  } catch (e) {
    return { ok: false, problems: e instanceof z.ZodError ? issuesOf(e, 'battlefield') : [`battlefield: ${(e as Error).message}`] };
  }
  const { battlefield: _bf, format: _f, ...rest } = v1;
  return { ok: true, upgraded: true, saved: { ...rest, format: 'sightline-game/2', armies: { p1: 'p1', p2: 'p2' }, table: { scenario, meshes: {} } } };
}
