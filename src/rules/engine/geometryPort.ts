/**
 * The geometry port: every question the rules engine asks about positions on the battlefield.
 *
 * The engine (`src/rules/engine`) never imports three.js, React or `src/geometry`; the caller
 * injects an implementation of {@link GeometryPort} into {@link reduce}. The real adapter over
 * `src/geometry` lives in `worldPort.ts`; tests use {@link FakeGeometryPort}-style tables.
 *
 * Every method must be a pure function of the battlefield the caller holds (the engine relies on
 * it for replays: the same positions must give the same answers).
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

/** Questions the engine asks the battlefield. Ids are the roster's unit / model / objective ids. */
export interface GeometryPort {
  /** Are units `a` and `b` (of opposing armies) in combat with each other (Core 7.0)? */
  unitsInCombat(a: string, b: string): boolean;
  /** Closest distance between two entities (units, models, objectives), inches (Core 2.1). */
  distance(a: string, b: string): number;
  /** Is unit/model `b` visible to unit/model `a` (Core 6.0)? */
  visible(a: string, b: string): boolean;
  /** Move spent by a model following a plan-view path (Core 15.0-15.4). */
  movePathCost(modelId: string, path: readonly Point2[], opts: { readonly fly: boolean }): PortMoveResult;
  /** Is the unit in coherency (Core 15.1)? */
  coherent(unitId: string): PortCoherency;
  /** Does any model of the unit contest the objective (Core 32.1)? */
  contests(unitId: string, objectiveId: string): boolean;
  /**
   * Optional: the ids of the unit's models contesting the objective (Core 32.2 counts only
   * those). When absent, every model of a contesting unit that is not slain is counted.
   */
  contestingModels?(unitId: string, objectiveId: string): readonly string[];
  /** Is the unit on the battlefield (not in reserve / not yet deployed)? Absent = always true. */
  onBattlefield?(unitId: string): boolean;
}
