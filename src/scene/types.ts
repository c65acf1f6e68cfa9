/**
 * Render-side data shared by the scene components. Everything here is in TABLE space (inches,
 * x along the width, y along the depth, z up; SCENARIO.md); the scene converts to three's y-up
 * world once, in `TableSpace`.
 */
import type { BaseMm, Footprint } from '../geometry/footprint';
import type { TerrainAbility, TerrainType } from '../geometry/world';

/** One terrain feature ready to draw: all its pieces merged into one table-space triangle soup. */
export interface TerrainView {
  id: string;
  /** Display name (the scenario's `name`, else the id). */
  name: string;
  type: TerrainType;
  abilities: TerrainAbility[];
  /** Non-indexed triangle soup, 9 floats per triangle, table space. */
  positions: Float32Array;
  /** Highest point above the table, inches. */
  maxHeight: number;
  /** Number of scenery pieces in the feature. */
  pieceCount: number;
}

/** One model ready to draw, with its resolved elevation. */
export interface ModelView {
  id: string;
  unitId: string;
  army: string;
  /** The base as written in the scenario (mm). */
  base: BaseMm;
  footprint: Footprint;
  /** z of the underside of the base, inches (resolved: given, or the surface it stands on). */
  elevation: number;
  /** True when the scenario gave no elevation and the model stands on a surface. */
  elevationResolved: boolean;
  /** Name of the terrain feature the model stands on, or null for the table / explicit elevation. */
  standingOn: string | null;
  /** Height of the model's volume above the underside of its base, inches. */
  height: number;
  /** Base thickness, inches. */
  baseThickness: number;
}

/** A unit, for labels and whole-unit selection. */
export interface UnitView {
  id: string;
  name: string;
  army: string;
  keywords: string[];
  modelIds: string[];
}

/** An objective marker (table space). */
export interface ObjectiveView {
  id: string;
  x: number;
  y: number;
  diameter: number;
}

/** Everything the scene draws. */
export interface BattlefieldData {
  name: string;
  width: number;
  depth: number;
  terrain: TerrainView[];
  objectives: ObjectiveView[];
  territories: Record<string, [number, number][]>;
  units: UnitView[];
  models: ModelView[];
  /** Army names in order of first appearance (units, then territories). */
  armies: string[];
}

/** What the pointer is over. */
export type HoverTarget = { kind: 'model'; id: string } | { kind: 'terrain'; id: string } | { kind: 'objective'; id: string };

/**
 * A camera request; bump `seq` to re-apply the same mode.
 * - `oblique` / `top`: frame the whole table (or, with `restore`, go back to the pose the camera
 *   had before the last `eye` view, when there is one);
 * - `eye`: the observer's-eye view (Core 6.0: "stoop down and look from behind the model"): the
 *   camera at `eye` looking at `target`, both TABLE space (inches, z up); orbiting is disabled.
 */
export type CameraView =
  | { mode: 'oblique' | 'top'; seq: number; restore?: boolean }
  | { mode: 'eye'; seq: number; eye: [number, number, number]; target: [number, number, number] };
