/**
 * Saved game format (headless replay): the setup (seed, rosters, battleplan, who finished
 * deploying first), the battlefield (battlefield.ts) and the accepted actions in order.
 *
 * ```jsonc
 * { "format": "sightline-game/1", "seed": 2024, "finishedDeployingFirst": "p1",
 *   "battleplan": { "objectives": ["o1", "o2", "o3"] },
 *   "rosters": { "p1": { ...roster }, "p2": { ...roster } },
 *   "battlefield": { "width": 60, "depth": 44, "terrain": [...], "objectives": [...], "placement": {...} },
 *   "actions": [ { "type": "chooseFirstTurn", "player": "p1", "first": "p1" }, ... ] }
 * ```
 *
 * @module
 */

import { z } from 'zod';
import { AscensionSetupSchema } from './ascension';

/** A battleplan as a saved game carries it (both formats). */
export const SavedBattleplanSchema = z.strictObject({
  objectives: z.array(z.string()),
  battleRounds: z.number().int().optional(),
  vpPerObjective: z.number().int().optional(),
  name: z.string().optional(),
  terrainFeatures: z.array(z.string()).optional(),
  /** A Path to Glory battleplan (Ascension; `ascension.ts`). */
  ascension: AscensionSetupSchema.optional(),
});

/** Strict schema of a saved game (rosters and actions are validated by the engine itself). */
export const SavedGameSchema = z.strictObject({
  format: z.literal('sightline-game/1'),
  seed: z.union([z.number().finite(), z.string()]),
  /** Required unless `deployment` is given (then the deployment phase decides, Core 12.0). */
  finishedDeployingFirst: z.enum(['p1', 'p2']).optional(),
  /** Each player's territory key in the battlefield (Core 9.1.2). */
  territories: z.strictObject({ p1: z.string(), p2: z.string() }).optional(),
  /** Play the deployment phase (Core 10.0); see `GameSetup.deployment`. */
  deployment: z
    .strictObject({
      beginsDeployment: z.enum(['p1', 'p2']),
      factionTerrain: z.strictObject({ p1: z.array(z.string()).optional(), p2: z.array(z.string()).optional() }).optional(),
    })
    .optional(),
  /** Units placed in reserve before the battle (Core 24.1); see `GameSetup.reserves`. */
  reserves: z.strictObject({ p1: z.array(z.string()).optional(), p2: z.array(z.string()).optional() }).optional(),
  battleplan: SavedBattleplanSchema,
  rosters: z.strictObject({ p1: z.unknown(), p2: z.unknown() }),
  battlefield: z.unknown(),
  actions: z.array(z.unknown()),
});

/** A saved game. */
export type SavedGame = z.infer<typeof SavedGameSchema>;
