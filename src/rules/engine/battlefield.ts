/**
 * Battlefield file format for headless games (replay, bench, tests): the table size, terrain as
 * boxes/cylinders, objectives and where each model is set up. Validated with strict zod; the
 * World is built from it by `buildWorld` in `worldPort.ts` (the only file that imports geometry).
 *
 * @module
 */

import { z } from 'zod';

const Pair = z.tuple([z.number().finite(), z.number().finite()]);

/** A box scenery piece: footprint centre, [x-extent, y-extent, height], rotation (degrees). */
export const BoxPieceSchema = z.strictObject({
  center: Pair,
  size: z.tuple([z.number().positive(), z.number().positive(), z.number().positive()]),
  rotationDeg: z.number().finite().optional(),
  elevation: z.number().finite().optional(),
});

/** A cylinder scenery piece. */
export const CylinderPieceSchema = z.strictObject({
  center: Pair,
  radius: z.number().positive(),
  height: z.number().positive(),
  elevation: z.number().finite().optional(),
});

/** A terrain feature (Terrain 1.4 type; abilities default to the type's, Terrain 1.4). */
export const TerrainSchema = z.strictObject({
  id: z.string().min(1),
  type: z.enum(['obstacle', 'obscuring', 'area', 'placeOfPower', 'faction']),
  abilities: z.array(z.enum(['cover', 'obscuring', 'impassable', 'unstable', 'placeOfPower'])).optional(),
  boxes: z.array(BoxPieceSchema).optional(),
  cylinders: z.array(CylinderPieceSchema).optional(),
});

/** The battlefield. `placement`: model id → plan-view centre [x, y] at set-up (every model of both rosters). */
export const BattlefieldSchema = z.strictObject({
  width: z.number().positive().max(200).default(60),
  depth: z.number().positive().max(200).default(44),
  terrain: z.array(TerrainSchema).default([]),
  objectives: z.array(z.strictObject({ id: z.string().min(1), x: z.number().finite(), y: z.number().finite() })).default([]),
  territories: z.record(z.string(), z.array(Pair)).optional(),
  placement: z.record(z.string(), Pair),
  /** Height of each unit's models (volume for visibility), inches; default 1.25. */
  unitHeights: z.record(z.string(), z.number().positive()).optional(),
});

/** A battlefield as written in a file. */
export type BattlefieldInput = z.input<typeof BattlefieldSchema>;
/** A validated battlefield. */
export type Battlefield = z.output<typeof BattlefieldSchema>;

/** Default abilities of each terrain type (Terrain 1.4). */
export const TERRAIN_TYPE_ABILITIES: Record<Battlefield['terrain'][number]['type'], ('cover' | 'obscuring' | 'impassable' | 'unstable' | 'placeOfPower')[]> = {
  obstacle: ['cover', 'unstable'],
  obscuring: ['cover', 'obscuring', 'unstable'],
  area: ['cover'],
  placeOfPower: ['cover', 'placeOfPower', 'unstable'],
  faction: [],
};
