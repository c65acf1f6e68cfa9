/**
 * Where the observer's-eye view puts the camera for a line-of-sight verdict (issue 29; Core 6.0):
 * for "Visible", at the witness's observer end looking along the witness (the eye sees exactly the
 * clear line the verdict rests on); for "Not visible", at the observer end of the most favourable
 * line tested (the engine's `losBlockers`), looking along it at what blocks it. Table space, inches.
 */
import type { Point3, Segment3 } from './types';

/** A camera pose in table space: the eye and the point it looks at. */
export interface EyePose {
  eye: Point3;
  target: Point3;
}

/**
 * The observer's-eye pose of a verdict.
 * @param result - the verdict (`witness` when visible).
 * @param favourite - the most favourable line tested when not visible (observer end first), or null while unknown.
 * @returns null when there is no line to look along yet (or it has no length).
 */
export function eyeView(result: { visible: boolean; witness?: Segment3 }, favourite: Segment3 | null): EyePose | null {
  const line = result.visible ? (result.witness ?? null) : favourite;
  if (!line) return null;
  const [a, b] = line;
  if (Math.hypot(b[0] - a[0], b[1] - a[1], b[2] - a[2]) < 1e-6) return null;
  return { eye: [a[0], a[1], a[2]], target: [b[0], b[1], b[2]] };
}
