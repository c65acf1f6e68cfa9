import { z } from 'zod';

/**
 * The scenario file format of `shared/contract/SCENARIO.md`, as strict zod schemas: every object
 * rejects unknown keys, so typos never pass silently. Lengths in inches, base sizes in mm, angles
 * in degrees counter-clockwise seen from above (0 = +x), z up.
 */

const finite = z.number().refine(Number.isFinite, 'must be a finite number');
const positive = finite.refine((n) => n > 0, 'must be greater than 0');
const nonNegative = finite.refine((n) => n >= 0, 'must be 0 or more');
const id = z.string().min(1, 'must be a non-empty string');
const xy = z.tuple([finite, finite]);
const xyz = z.tuple([finite, finite, finite]);

export const TerrainTypeSchema = z.enum(['obstacle', 'obscuring', 'area', 'placeOfPower', 'faction']);
export const TerrainAbilitySchema = z.enum(['cover', 'obscuring', 'impassable', 'unstable', 'placeOfPower']);

const BoxPieceSchema = z.strictObject({
  shape: z.literal('box'),
  center: xy,
  /** [x-extent, y-extent, height], inches. */
  size: z.tuple([positive, positive, positive]),
  rotation: finite.optional(),
  elevation: finite.optional(),
});

const CylinderPieceSchema = z.strictObject({
  shape: z.literal('cylinder'),
  center: xy,
  radius: positive,
  height: positive,
  elevation: finite.optional(),
});

const meshPlacement = {
  position: xyz.optional(),
  rotation: finite.optional(),
  scale: z.union([positive, z.tuple([positive, positive, positive])]).optional(),
  /** Extension: the file's up axis; default y for glTF (its spec), z for STL, OBJ and inline meshes. */
  upAxis: z.enum(['y', 'z']).optional(),
};

const MeshFilePieceSchema = z.strictObject({
  shape: z.literal('mesh'),
  src: z.string().min(1, 'must name a mesh file'),
  ...meshPlacement,
});

const MeshInlinePieceSchema = z.strictObject({
  shape: z.literal('mesh'),
  vertices: z.array(xyz).min(3, 'needs at least 3 vertices'),
  triangles: z.array(z.tuple([z.number().int().nonnegative(), z.number().int().nonnegative(), z.number().int().nonnegative()])).min(1, 'needs at least 1 triangle'),
  ...meshPlacement,
});

export const PieceSchema = z.union([BoxPieceSchema, CylinderPieceSchema, MeshFilePieceSchema, MeshInlinePieceSchema]);

export const TerrainFeatureSchema = z.strictObject({
  id,
  type: TerrainTypeSchema,
  abilities: z.array(TerrainAbilitySchema).optional(),
  /** Extension: a display name. */
  name: z.string().optional(),
  pieces: z.array(PieceSchema).min(1, 'a terrain feature needs at least one piece'),
});

export const BaseSchema = z.union([
  z.strictObject({ round: positive }),
  z.strictObject({ oval: z.tuple([positive, positive]) }),
]);

const ModelMeshSchema = z.union([
  z.strictObject({ src: z.string().min(1), ...meshPlacement }),
  z.strictObject({ vertices: z.array(xyz).min(3), triangles: z.array(z.tuple([z.number().int().nonnegative(), z.number().int().nonnegative(), z.number().int().nonnegative()])).min(1), ...meshPlacement }),
]);

export const ModelSchema = z.strictObject({
  id,
  base: BaseSchema,
  /** Height of the model's volume above the underside of its base, base included, inches. */
  height: positive,
  position: xy,
  facing: finite.optional(),
  elevation: finite.optional(),
  baseThicknessMm: positive.optional(),
  mesh: ModelMeshSchema.optional(),
});

export const UnitSchema = z.strictObject({
  id,
  army: id,
  name: z.string().optional(),
  keywords: z.array(z.string()).optional(),
  coherencyRange: positive.optional(),
  models: z.array(ModelSchema).min(1, 'a unit needs at least one model'),
});

export const ObjectiveSchema = z.strictObject({
  id,
  position: xy,
  diameterMm: positive.optional(),
});

const polygon = z.array(xy).min(3, 'a territory needs at least 3 points');

const qid = { id };

export const QuerySchema = z.discriminatedUnion('kind', [
  z.strictObject({ ...qid, kind: z.literal('distance'), from: id, to: id, horizontal: z.boolean().optional() }),
  z.strictObject({ ...qid, kind: z.literal('visible'), observer: id, target: id, mode: z.enum(['fast', 'exhaustive']).optional() }),
  z.strictObject({ ...qid, kind: z.literal('inCombat'), a: id, b: id }),
  z.strictObject({ ...qid, kind: z.literal('coherent'), unit: id }),
  z.strictObject({ ...qid, kind: z.literal('within'), subject: id, object: id, distance: nonNegative }),
  z.strictObject({ ...qid, kind: z.literal('whollyWithin'), subject: id, object: id, distance: nonNegative }),
  z.strictObject({ ...qid, kind: z.literal('contests'), unit: id.optional(), model: id.optional(), objective: id }),
  z.strictObject({ ...qid, kind: z.literal('movePath'), model: id, path: z.array(xy).min(1, 'a path needs at least its start point'), fly: z.boolean().optional() }),
  z.strictObject({ ...qid, kind: z.literal('damage'), attacker: z.unknown(), target: z.unknown() }),
]);

export const ScenarioSchema = z.strictObject({
  /** Extension: a display name. */
  name: z.string().optional(),
  battlefield: z.strictObject({ width: positive, depth: positive }),
  terrain: z.array(TerrainFeatureSchema).optional(),
  objectives: z.array(ObjectiveSchema).optional(),
  territories: z.record(z.string(), polygon).optional(),
  units: z.array(UnitSchema).optional(),
  queries: z.array(QuerySchema).optional(),
});

export type Scenario = z.infer<typeof ScenarioSchema>;
export type ScenarioQuery = z.infer<typeof QuerySchema>;
export type ScenarioPiece = z.infer<typeof PieceSchema>;
export type ScenarioModel = z.infer<typeof ModelSchema>;
export type ScenarioUnit = z.infer<typeof UnitSchema>;
