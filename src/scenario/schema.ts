import { z } from 'zod';

/**
 * The scenario file format of `shared/contract/SCENARIO.md`, as strict zod schemas: every object
 * rejects unknown keys, so typos never pass silently. Lengths in inches, base sizes in mm, angles
 * in degrees counter-clockwise seen from above (0 = +x), z up.
 */

/**
 * What a table can hold (issue 16: every file is bounded, so no answer can overflow or hang).
 * Positions are further checked against the battlefield's own size (`TABLE_MARGIN_INCHES` around
 * it) in `validate.ts`, once the battlefield is known.
 */
export const SCENARIO_LIMITS = {
  /**
   * Bytes of a scenario's JSON text: a file opened in the page or the CLI, and what a share link
   * may inflate to (checked while inflating, before any parsing: issue 39). The default battlefield
   * is 15 KB; meshes this large travel as mesh files, not inline.
   */
  fileBytes: 16 * 1024 * 1024,
  /** Battlefield width and depth, inches. */
  tableInches: 200,
  /** Any coordinate, inches (a first bound; `validate.ts` then bounds it by the table). */
  coordinateInches: 1000,
  /** A round base's diameter or an oval's axis, mm (the largest Citadel bases are 280 mm). */
  baseMm: 500,
  /** A model's height, a piece's height, inches. */
  heightInches: 50,
  /** A box's plan extent or a cylinder's radius, inches. */
  pieceInches: 200,
  /** Distances asked in queries (`within`), inches. */
  queryDistanceInches: 1000,
  /** Vertices and triangles of one inline mesh. */
  inlineVertices: 200_000,
  inlineTriangles: 400_000,
  /** Mesh scale factor. */
  scale: 10_000,
  /** Entries of the file's arrays: terrain features, pieces per feature, units, models per unit, territory points, path points, queries. */
  terrainFeatures: 500,
  piecesPerFeature: 200,
  units: 1000,
  modelsPerUnit: 500,
  polygonPoints: 1000,
  pathPoints: 1000,
  queries: 10_000,
} as const;

/** Margin around the battlefield inside which every position must lie, inches. */
export const TABLE_MARGIN_INCHES = 24;

const L = SCENARIO_LIMITS;
const finite = z.number().refine(Number.isFinite, 'must be a finite number');
const coordinate = finite.refine((n) => Math.abs(n) <= L.coordinateInches, `must be within ${L.coordinateInches}" of the origin`);
const positive = finite.refine((n) => n > 0, 'must be greater than 0');
const nonNegative = finite.refine((n) => n >= 0, 'must be 0 or more');
const atMost = (max: number, unit: string) => positive.refine((n) => n <= max, `must be at most ${max}${unit}`);
const id = z.string().min(1, 'must be a non-empty string').max(200, 'must be at most 200 characters');
const xy = z.tuple([coordinate, coordinate]);
const xyz = z.tuple([coordinate, coordinate, coordinate]);
const baseMm = atMost(L.baseMm, ' mm');
const heightInches = atMost(L.heightInches, '"');
const pieceInches = atMost(L.pieceInches, '"');

export const TerrainTypeSchema = z.enum(['obstacle', 'obscuring', 'area', 'placeOfPower', 'faction']);
export const TerrainAbilitySchema = z.enum(['cover', 'obscuring', 'impassable', 'unstable', 'placeOfPower']);

const BoxPieceSchema = z.strictObject({
  shape: z.literal('box'),
  center: xy,
  /** [x-extent, y-extent, height], inches. */
  size: z.tuple([pieceInches, pieceInches, heightInches]),
  rotation: finite.optional(),
  elevation: coordinate.optional(),
});

const CylinderPieceSchema = z.strictObject({
  shape: z.literal('cylinder'),
  center: xy,
  radius: pieceInches,
  height: heightInches,
  elevation: coordinate.optional(),
});

const meshPlacement = {
  position: xyz.optional(),
  rotation: finite.optional(),
  scale: z.union([atMost(L.scale, ''), z.tuple([atMost(L.scale, ''), atMost(L.scale, ''), atMost(L.scale, '')])]).optional(),
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
  vertices: z.array(xyz).min(3, 'needs at least 3 vertices').max(L.inlineVertices, `at most ${L.inlineVertices} vertices`),
  triangles: z.array(z.tuple([z.number().int().nonnegative(), z.number().int().nonnegative(), z.number().int().nonnegative()])).min(1, 'needs at least 1 triangle').max(L.inlineTriangles, `at most ${L.inlineTriangles} triangles`),
  ...meshPlacement,
});

export const PieceSchema = z.union([BoxPieceSchema, CylinderPieceSchema, MeshFilePieceSchema, MeshInlinePieceSchema]);

export const TerrainFeatureSchema = z.strictObject({
  id,
  type: TerrainTypeSchema,
  abilities: z.array(TerrainAbilitySchema).optional(),
  /** Extension: a display name. */
  name: z.string().optional(),
  pieces: z.array(PieceSchema).min(1, 'a terrain feature needs at least one piece').max(L.piecesPerFeature, `at most ${L.piecesPerFeature} pieces`),
});

export const BaseSchema = z.union([
  z.strictObject({ round: baseMm }),
  z.strictObject({ oval: z.tuple([baseMm, baseMm]) }),
]);

const ModelMeshSchema = z.union([
  z.strictObject({ src: z.string().min(1), ...meshPlacement }),
  z.strictObject({ vertices: z.array(xyz).min(3).max(L.inlineVertices), triangles: z.array(z.tuple([z.number().int().nonnegative(), z.number().int().nonnegative(), z.number().int().nonnegative()])).min(1).max(L.inlineTriangles), ...meshPlacement }),
]);

export const ModelSchema = z.strictObject({
  id,
  base: BaseSchema,
  /** Height of the model's volume above the underside of its base, base included, inches. */
  height: heightInches,
  position: xy,
  facing: finite.optional(),
  elevation: coordinate.optional(),
  baseThicknessMm: baseMm.optional(),
  mesh: ModelMeshSchema.optional(),
});

export const UnitSchema = z.strictObject({
  id,
  army: id,
  name: z.string().optional(),
  keywords: z.array(z.string()).optional(),
  coherencyRange: atMost(12, '"').optional(),
  models: z.array(ModelSchema).min(1, 'a unit needs at least one model').max(L.modelsPerUnit, `at most ${L.modelsPerUnit} models`),
});

export const ObjectiveSchema = z.strictObject({
  id,
  position: xy,
  diameterMm: baseMm.optional(),
});

const polygon = z.array(xy).min(3, 'a territory needs at least 3 points').max(L.polygonPoints, `at most ${L.polygonPoints} points`);
const queryDistance = nonNegative.refine((n) => n <= L.queryDistanceInches, `must be at most ${L.queryDistanceInches}"`);

const qid = { id };

export const QuerySchema = z.discriminatedUnion('kind', [
  z.strictObject({ ...qid, kind: z.literal('distance'), from: id, to: id, horizontal: z.boolean().optional() }),
  /**
   * `show` (extension, issue 29): the query is a line-of-sight dispute; the app opens it in the
   * line-of-sight tool, the camera at the observer's eye (`eye`) or over the table (`table`), and
   * the adjudicator adds `eye` and, when not visible, `blockers` to its answer.
   */
  z.strictObject({ ...qid, kind: z.literal('visible'), observer: id, target: id, mode: z.enum(['fast', 'exhaustive']).optional(), show: z.enum(['eye', 'table']).optional() }),
  z.strictObject({ ...qid, kind: z.literal('inCombat'), a: id, b: id }),
  z.strictObject({ ...qid, kind: z.literal('coherent'), unit: id }),
  z.strictObject({ ...qid, kind: z.literal('within'), subject: id, object: id, distance: queryDistance }),
  z.strictObject({ ...qid, kind: z.literal('whollyWithin'), subject: id, object: id, distance: queryDistance }),
  z.strictObject({ ...qid, kind: z.literal('contests'), unit: id.optional(), model: id.optional(), objective: id }),
  z.strictObject({ ...qid, kind: z.literal('movePath'), model: id, path: z.array(xy).min(1, 'a path needs at least its start point').max(L.pathPoints, `at most ${L.pathPoints} points`), fly: z.boolean().optional(), ignoreUnit: z.boolean().optional() }),
  /**
   * Extension (issue 18): the shortest legal path of a model to a point (`shortestMovePath`). `ignoreUnit` (here and, also an
   * extension, on `movePath`): the model's unit-mates are not obstacles (they move with it, as the engine counts a unit's move), default false.
   * `avoidCombat`: the path keeps out of every other army's models' combat range (Core 14.1: what a Normal Move or a Run may not enter), default false.
   */
  z.strictObject({ ...qid, kind: z.literal('shortestPath'), model: id, to: xy, fly: z.boolean().optional(), ignoreUnit: z.boolean().optional(), avoidCombat: z.boolean().optional() }),
  z.strictObject({ ...qid, kind: z.literal('damage'), attacker: z.unknown(), target: z.unknown() }),
]);

export const ScenarioSchema = z.strictObject({
  /** Extension: a display name. */
  name: z.string().optional(),
  battlefield: z.strictObject({ width: atMost(L.tableInches, '"'), depth: atMost(L.tableInches, '"') }),
  terrain: z.array(TerrainFeatureSchema).max(L.terrainFeatures, `at most ${L.terrainFeatures} terrain features`).optional(),
  objectives: z.array(ObjectiveSchema).max(L.terrainFeatures).optional(),
  territories: z.record(z.string(), polygon).optional(),
  units: z.array(UnitSchema).max(L.units, `at most ${L.units} units`).optional(),
  queries: z.array(QuerySchema).max(L.queries, `at most ${L.queries} queries`).optional(),
});

export type Scenario = z.infer<typeof ScenarioSchema>;
export type ScenarioQuery = z.infer<typeof QuerySchema>;
export type ScenarioPiece = z.infer<typeof PieceSchema>;
export type ScenarioModel = z.infer<typeof ModelSchema>;
export type ScenarioUnit = z.infer<typeof UnitSchema>;
