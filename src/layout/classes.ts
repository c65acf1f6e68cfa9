import { footprintFromBase, type BaseMm, type Footprint } from '../geometry/footprint';
import { DEFAULT_BASE_THICKNESS_MM, mmToInches } from '../geometry/units';

/**
 * A model class of the layout analysis (LAYOUT.md "Model classes"): a model the analysis imagines
 * standing on the table, given by its base (millimetres, as printed on Citadel bases) and its height
 * (inches, the height of its volume above the underside of its base, base included, as a scenario
 * model's `height`). Its visibility volume is the base footprint extruded by that height (Core 6.0,
 * SCENARIO volume rule); ovals keep their long axis along +x (facing 0 deg) on every spot.
 */
export interface ModelClass {
  id: string;
  base: BaseMm;
  heightInches: number;
  baseThicknessInches: number;
}

/** The contract's classes: infantry (32 mm round, 1.25"), cavalry (60x35 mm oval, 2.5"), monster (100 mm round, 4.5"). */
export const MODEL_CLASSES: readonly ModelClass[] = [
  { id: 'infantry', base: { round: 32 }, heightInches: 1.25, baseThicknessInches: mmToInches(DEFAULT_BASE_THICKNESS_MM) },
  { id: 'cavalry', base: { oval: [60, 35] }, heightInches: 2.5, baseThicknessInches: mmToInches(DEFAULT_BASE_THICKNESS_MM) },
  { id: 'monster', base: { round: 100 }, heightInches: 4.5, baseThicknessInches: mmToInches(DEFAULT_BASE_THICKNESS_MM) },
];

/** The class analysed when none is asked for. */
export const DEFAULT_CLASS_ID = 'infantry';

/** The class with this id, or undefined. */
export function modelClass(id: string): ModelClass | undefined {
  return MODEL_CLASSES.find((c) => c.id === id);
}

/** The footprint of a model of the class centred at (x, y), inches (facing 0). */
export function classFootprint(c: ModelClass, x: number, y: number): Footprint {
  return footprintFromBase(c.base, [x, y], 0);
}

/** Height of the class's visibility volume above the underside of its base, inches (never below the base's thickness). */
export function classVolumeHeight(c: ModelClass): number {
  return Math.max(c.heightInches, c.baseThicknessInches);
}
