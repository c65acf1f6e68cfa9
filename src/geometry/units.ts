/** Millimetres in one inch (Core 2.1: distances are in inches; bases are sized in mm). */
export const MM_PER_INCH = 25.4;

/**
 * The one global tolerance, in inches (INVENTORY 0.5): "within r" is `value <= r + EPSILON_INCHES`,
 * "more than r" is `value > r + EPSILON_INCHES`, so the two are exact complements.
 */
export const EPSILON_INCHES = 0.001;

/** Combat range: 3" horizontally from the edge of the base, any distance vertically (Core 7.0). */
export const COMBAT_RANGE_INCHES = 3;

/** Default coherency range, measured horizontally (Core 15.1). */
export const DEFAULT_COHERENCY_INCHES = 0.5;

/** Objective markers are 40 mm round (Core 32.0). */
export const OBJECTIVE_DIAMETER_MM = 40;

/** Default base thickness when a model does not say (A-G3: about 4 mm, an assumption). */
export const DEFAULT_BASE_THICKNESS_MM = 4;

/** Terrain this tall or lower is moved over as if it were not there (Core 15.2). */
export const IGNORABLE_TERRAIN_HEIGHT_INCHES = 1;

/** Converts millimetres to inches. */
export function mmToInches(mm: number): number {
  return mm / MM_PER_INCH;
}

/** Converts degrees (counter-clockwise seen from above, 0 = +x) to radians. */
export function degToRad(deg: number): number {
  return (deg * Math.PI) / 180;
}
