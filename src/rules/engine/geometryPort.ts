/**
 * The geometry port: every question the rules engine asks about positions on the battlefield.
 *
 * The engine (`src/rules/engine`) never imports three.js, React or `src/geometry`; the caller
 * injects an implementation of {@link GeometryPort} into {@link reduce}. The real adapter over
 * `src/geometry` lives in `worldPort.ts`; tests use table-driven ports (`testkit.ts`).
 *
 * **Positions.** The engine state is the source of truth for where models are: the battlefield
 * the port was built on gives every model's set-up position, and `state.positions` the models
 * that have moved since (`state.units[*].slain` the models removed). At the start of every
 * `reduce` the engine calls {@link GeometryPort.sync} with that view, and again at the end with
 * the view of the state it returns (or of the input state when it rejects), so a port may hold a
 * mutable world: after `reduce` it always shows the state that `reduce` returned / kept. While
 * checking a move the engine syncs the *proposed* positions, asks the end-of-move questions, then
 * syncs back. Every method must be a pure function of the synced view (replays rely on it).
 *
 * @module
 */

/** Plan-view point in inches, table coordinates. */
export type Point2 = readonly [number, number];

/** Answer of {@link GeometryPort.movePathCost}. */
export type PortMoveResult =
  | { readonly ok: true; readonly inches: number }
  | { readonly ok: false; readonly reason: string; readonly rule: string };

/** Answer of {@link GeometryPort.coherent}. */
export interface PortCoherency {
  readonly coherent: boolean;
  /** Model ids that break coherency (empty when coherent). */
  readonly breaking?: readonly string[];
}

/** The engine's view of the battlefield, pushed with {@link GeometryPort.sync}. */
export interface PortView {
  /** Models moved since set-up: model id → plan-view centre. Others stand where they were set up. */
  readonly positions: Readonly<Record<string, Point2>>;
  /**
   * Models not on the battlefield: slain, or of a unit not deployed / a manifestation not summoned.
   * Any other model of the battlefield is present: at `positions[id]`, else at its set-up position
   * (a model with no set-up position and no entry in `positions` is not on the battlefield).
   */
  readonly removed: readonly string[];
  /**
   * Objective markers added during the battle (Ascension › Relics of Myth › Spied Treasure), absent
   * when none: the port answers for them as for the battlefield's own objectives from then on. A
   * marker the port learned from an earlier view and missing from this one is taken off again.
   */
  readonly addedObjectives?: readonly { readonly id: string; readonly at: Point2; readonly diameterInches: number }[];
}

/** Answer of {@link GeometryPort.lineToUnit}. */
export interface PortLine {
  /** Is the point on the battlefield (inside the table's plan rectangle)? */
  readonly onBattlefield: boolean;
  /** Plan distance from the point to the closest point of the unit's bases, inches (Infinity: the unit has no model on the battlefield). */
  readonly distanceInches: number;
  /** Ids of the other units (not `unitId`) whose models' bases the line meets, in the battlefield's unit order. */
  readonly crossed: readonly string[];
}

/** Questions the engine asks the battlefield. Ids are the roster's unit / model / objective ids. */
export interface GeometryPort {
  /** Are units `a` and `b` (of opposing armies) in combat with each other (Core 7.0)? */
  unitsInCombat(a: string, b: string): boolean;
  /** Closest distance between two entities (units, models, objectives), inches (Core 2.1). */
  distance(a: string, b: string): number;
  /** Is unit/model `b` visible to unit/model `a` (Core 6.0)? Any mix of unit and model ids. */
  visible(a: string, b: string): boolean;
  /**
   * Move spent by a model following a plan-view path (Core 15.0-15.4) that starts at the
   * model's position. `ignoreModels`: models that are not obstacles (unit-mates moving in the
   * same move; their end poses are checked with {@link GeometryPort.overlapping}).
   */
  movePathCost(
    modelId: string,
    path: readonly Point2[],
    opts: { readonly fly: boolean; readonly ignoreModels?: readonly string[]; readonly passBelowInches?: number },
  ): PortMoveResult;
  /** Is the unit in coherency (Core 15.1)? */
  coherent(unitId: string): PortCoherency;
  /** Would these models of the unit (a subset, at their positions) be one coherent group (Core 15.1, 18.3)? */
  coherentSubset(unitId: string, modelIds: readonly string[]): boolean;
  /** Does any model of the unit contest the objective (Core 32.1)? */
  contests(unitId: string, objectiveId: string): boolean;
  /**
   * Optional: the ids of the unit's models contesting the objective (Core 32.2 counts only
   * those). When absent, every model of a contesting unit that is not slain is counted.
   */
  contestingModels?(unitId: string, objectiveId: string): readonly string[];
  /**
   * Is the unit on the battlefield (not in reserve / not yet deployed)? Absent = always true. The
   * engine also keeps units off the battlefield by the state (`UnitState.status`: undeployed,
   * unsummoned) and lists their models as `removed` in {@link PortView}.
   */
  onBattlefield?(unitId: string): boolean;

  /** Push the engine's view of positions and removed models (see the module notes). */
  sync(view: PortView): void;
  /** Plan-view centre of a model on the battlefield, or null when it is not there. */
  modelPosition(modelId: string): Point2 | null;
  /**
   * Does the model, following the path, come within combat range (3" horizontally, Core 7.0) of a
   * model of one of `enemyUnits` at any point of it? With `visibility`, only positions from which
   * the two models see each other count ("move into combat", Core 7.0 / 14.1); without, any
   * position counts (Redeploy, Commands 3.0).
   */
  pathEntersCombatRange(modelId: string, path: readonly Point2[], enemyUnits: readonly string[], opts: { readonly visibility: boolean }): boolean;
  /**
   * The units of `otherUnits` whose bases the model's base passes across following the path (session 40, sh40f;
   * `geometry/passedAcross40f.ts`: the base footprints overlap in plan view at some point, Core 1.0). Optional: a
   * port without it makes no "passed across" ability resolvable (the engine refuses the move's sentence).
   */
  unitsPassedAcross?(modelId: string, path: readonly Point2[], otherUnits: readonly string[]): string[];
  /** Is any model of `a` within 3" horizontally of any model of `b`, visibility ignored (Core 7.0 range)? Unit or model ids. */
  withinCombatRange(a: string, b: string): boolean;
  /** A model of the unit whose base overlaps another model's base (Core 15.0 end pose), or null. */
  overlapping(unitId: string): string | null;
  /** Is every model of `unitId` wholly within `inches` of `otherId` (Core 2.1.1)? */
  whollyWithin(unitId: string, otherId: string, inches: number): boolean;
  /**
   * Terrain 1.1/1.2 for an attack by `attackerUnit` on `targetUnit`: the abilities of the terrain
   * features the target is behind or wholly on (`cover`, `obscuring`). FLY and "charged" are the
   * engine's business. `extraObscuring`: ids of terrain features that have the Obscuring ability
   * for now besides their own abilities (Ascension › The Ruined Settlement › Wild Fire: "Those
   * terrain features gain the 'Obscuring' terrain ability"); absent = none.
   */
  terrainProtection(targetUnit: string, attackerUnit: string, extraObscuring?: readonly string[]): { readonly cover: boolean; readonly obscuring: boolean };
  /** Is any model of the unit within `inches` of a Place of Power feature (Terrain 1.2)? */
  nearPlaceOfPower(unitId: string, inches: number): boolean;

  /**
   * Is any part of the entity (unit, model or terrain feature) within `inches` of the territory
   * whose polygon is `territory` in the battlefield (Core 9.1.2; plan view, A-G15)? `inches` 0 =
   * "within the territory" (any part of a base / of the feature's footprint inside it). Unknown
   * territory or entity → false.
   */
  withinTerritory(id: string, territory: string, inches: number): boolean;
  /** Is every part of the entity (every base of a unit; a terrain feature's footprint; an objective marker's disk, session 37) inside the territory (Core 9.1.2)? */
  whollyWithinTerritory(id: string, territory: string): boolean;
  /**
   * Plan distance (A-G17) from the closest base of the unit to a battlefield landmark: `centre`
   * (the centre of the battlefield), `shortEdge0` / `shortEdge1` (the two short battlefield edges:
   * x = 0 / x = width when the battlefield is at least as wide as deep, else y = 0 / y = depth).
   * Infinity when the unit has no model on the battlefield.
   */
  landmarkDistance(unitId: string, landmark: 'centre' | 'shortEdge0' | 'shortEdge1'): number;
  /** Models of the unit contesting a terrain feature (Core 32.3: within 3" horizontally of it, A-G17b). */
  terrainContestingModels(unitId: string, terrainId: string): readonly string[];
  /** Ids of the battlefield's terrain features, in a fixed order. */
  terrainFeatures(): readonly string[];
  /**
   * Ids of the terrain features the unit is wholly on (every model standing on the feature,
   * Terrain 1.1 "wholly on"), for Terrain 1.6 (charging units on terrain). Optional: a port
   * without it never offers the Terrain 1.6 charge end.
   */
  whollyOnTerrain?(unitId: string): readonly string[];
  /**
   * The line "between that point and the closest point on this WIZARD's base" (Sunder the Earth,
   * Ascension › Path of the Mage; INVENTORY A-G26: plan view; a unit is crossed when the segment
   * meets any of its models' footprints; `unitId`'s own unit is never listed).
   */
  lineToUnit(unitId: string, point: Point2): PortLine;
  /**
   * Optional (Ascension › Relics of Myth › Spied Treasure): a new objective marker, a disk of
   * `diameterInches` lying on the battlefield centred at `at`, measured before it is placed:
   * `distanceInches(id)` is the closest distance (Core 2.1, A-G1) from the marker to a unit, model
   * or objective (Infinity for an unknown id or a unit with no model on the battlefield);
   * `inTerritory(territory)` whether any part of the marker is within the territory polygon of
   * that key (Core 9.1.2; false for an unknown key); `onBattlefield` whether the whole marker lies
   * on the battlefield. A port without it cannot place a new objective.
   */
  markerSite?(at: Point2, diameterInches: number): PortMarkerSite;
}

/** Answer of {@link GeometryPort.markerSite}. */
export interface PortMarkerSite {
  distanceInches(id: string): number;
  inTerritory(territory: string): boolean;
  readonly onBattlefield: boolean;
}
