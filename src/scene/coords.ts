/**
 * Conversions between TABLE space (inches, x along the width, y along the depth, z up; SCENARIO.md)
 * and three's SCENE space (y up, the table centre at the origin), matching {@link TableSpace}:
 * table (x, y, z) -> scene (x - width/2, z, depth/2 - y).
 */
import { Vector3 } from 'three';

/** A table-space point, inches. */
export type TablePoint = readonly [number, number, number];

/** The scene-space point of a table-space point. */
export function tableToScene(p: TablePoint, width: number, depth: number, out = new Vector3()): Vector3 {
  return out.set(p[0] - width / 2, p[2], depth / 2 - p[1]);
}

/** The table-space point of a scene-space point. */
export function sceneToTable(v: Vector3, width: number, depth: number): [number, number, number] {
  return [v.x + width / 2, depth / 2 - v.z, v.y];
}
