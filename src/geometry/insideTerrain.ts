/**
 * A model standing inside terrain (issue 39): its volume (SCENARIO.md: the base footprint from its
 * elevation to elevation + height) meeting a scenery piece's solid. Models move over terrain, never
 * through it, and end a move resting on a surface (Core 15.2, A-G28), so such a pose is not one the
 * rules allow: the callers refuse it (or warn, for terrain 1" tall or less; docs/interpretations.md).
 *
 * The test is exact on a slightly shrunk volume, so a base that only touches a wall, or stands on a
 * terrain top, is not "inside": the footprint at 90% of its size and the heights from 0.05" above the
 * underside of the base to 0.05" below the top. Vertical segments at its centre and 8 rim points,
 * and 4 diameters at the bottom, the middle and the top, are tested against every scenery piece
 * (`segmentHitsOccluder`: exact for boxes, cylinders and meshes; a segment wholly inside a closed
 * mesh touches it). A piece thinner than the gaps between those segments (under about 40% of the
 * base's radius) inside the volume can be missed.
 * @module
 */
import { footprintBounds } from './footprint';
import { segmentHitsOccluder } from './occluders';
import type { World } from './world';

/** A terrain feature a model stands inside. */
export interface TerrainInsideModel {
  featureIndex: number;
  featureId: string;
  /** The feature's highest point above the table, inches (Core 15.2's "1" tall or less" reads it). */
  featureHeightInches: number;
}

/** The share of the footprint the test keeps (its rim points lie at 90% of the base's radii). */
const SHRINK = 0.9;
/** Inches trimmed off the bottom and the top of the volume. */
const INSET_INCHES = 0.05;
const RIM_POINTS = 8;

/**
 * Every terrain feature whose pieces meet a model's (shrunk) volume, by feature index; empty when
 * the model stands clear of terrain.
 * @throws Error for an unknown model id.
 */
export function terrainInsideModel(world: World, modelId: string): TerrainInsideModel[] {
  const m = world.models.get(modelId);
  if (!m) throw new Error(`unknown model "${modelId}"`);
  const f = m.volume.footprint;
  let z0 = m.volume.zMin + INSET_INCHES;
  let z1 = m.volume.zMax - INSET_INCHES;
  if (z1 < z0) z0 = z1 = (m.volume.zMin + m.volume.zMax) / 2;
  const zm = (z0 + z1) / 2;
  const c = Math.cos(f.facingRad);
  const s = Math.sin(f.facingRad);
  const pts: [number, number][] = [[f.x, f.y]];
  for (let k = 0; k < RIM_POINTS; k++) {
    const t = (2 * Math.PI * k) / RIM_POINTS;
    const u = SHRINK * f.semiMajor * Math.cos(t);
    const v = SHRINK * f.semiMinor * Math.sin(t);
    pts.push([f.x + c * u - s * v, f.y + s * u + c * v]);
  }
  const fb = footprintBounds(f);
  const hit = new Set<number>();
  for (const o of world.terrain.occluders) {
    if (hit.has(o.featureIndex)) continue;
    const b = o.bounds;
    if (b[0] > fb[2] || b[3] < fb[0] || b[1] > fb[3] || b[4] < fb[1] || b[2] > z1 || b[5] < z0) continue;
    let meets = pts.some(([x, y]) => segmentHitsOccluder(o, x, y, z0, x, y, z1));
    for (let k = 0; !meets && k < RIM_POINTS / 2; k++) {
      const [ax, ay] = pts[1 + k];
      const [bx, by] = pts[1 + k + RIM_POINTS / 2];
      meets = [z0, zm, z1].some((z) => segmentHitsOccluder(o, ax, ay, z, bx, by, z));
    }
    if (meets) hit.add(o.featureIndex);
  }
  return [...hit]
    .sort((a, b) => a - b)
    .map((i) => ({ featureIndex: i, featureId: world.terrain.features[i].id, featureHeightInches: world.terrain.features[i].maxHeightInches }));
}
