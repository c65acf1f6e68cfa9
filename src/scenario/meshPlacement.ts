/**
 * Placing mesh triangles on the table (`meshToTable`), their bounds, and scenario inline meshes.
 * Part of `meshLoader.ts` (which re-exports these); pure, no three.js.
 */
import type { MeshBounds, MeshToTableOptions, MeshTriangles } from './meshTypes';

// ---------------------------------------------------------------------------------------------
// Placement, bounds, inline meshes
// ---------------------------------------------------------------------------------------------

/** cos/sin of an angle in degrees, exact for multiples of 90. */
function cosSinDeg(deg: number): [number, number] {
  const r = ((deg % 360) + 360) % 360;
  if (r === 0) return [1, 0];
  if (r === 90) return [0, 1];
  if (r === 180) return [-1, 0];
  if (r === 270) return [0, -1];
  const rad = (deg * Math.PI) / 180;
  return [Math.cos(rad), Math.sin(rad)];
}

/**
 * Places a loaded mesh on the table: returns a new triangle soup (9 floats per triangle) in table
 * space, inches, x along the width, y along the depth, z up.
 *
 * Convention, in order:
 * 1. Axes. `upAxis: 'y'` (glTF files: the glTF spec is Y-up, +Z forward): a file point (x, y, z)
 *    becomes (x, -z, y), a proper rotation (handedness and winding kept). `upAxis: 'z'` (STL and
 *    OBJ unless said otherwise): (x, y, z) is taken as is.
 * 2. Units and scale. One file unit is taken as one inch times `scale` (so an STL in millimetres
 *    needs `scale = 1/25.4`); a per-axis `[sx, sy, sz]` scales along table x, y, z.
 * 3. Rotation about the vertical axis through the file origin by `rotationDeg`, counter-clockwise
 *    seen from above (90 maps +x to +y); exact for multiples of 90.
 * 4. Translation by `position`, so `position` is where the file's origin lands.
 *
 * With an odd number of negative scale factors the mesh is mirrored; vertices 1 and 2 of every
 * triangle are then swapped so each face keeps its outward side.
 *
 * @param tri triangles from `parseMeshFile` (or any 9-floats-per-triangle soup).
 * @param opts placement, see `MeshToTableOptions`.
 * @returns a new Float32Array of table-space positions; `tri` is not modified.
 * @throws RangeError when `tri.positions.length` is not a multiple of 9, or when `position`,
 *   `rotationDeg` or `scale` is not finite, `scale` has a zero factor, or `upAxis` is not 'y'/'z'.
 */
export function meshToTable(tri: MeshTriangles, opts: MeshToTableOptions): Float32Array {
  const src = tri.positions;
  if (src.length % 9 !== 0) throw new RangeError(`meshToTable: positions length ${src.length} is not a multiple of 9 (3 vertices x 3 coordinates)`);
  if (opts.upAxis !== 'y' && opts.upAxis !== 'z') throw new RangeError(`meshToTable: upAxis must be 'y' or 'z', got ${String(opts.upAxis)}`);
  const p = opts.position;
  if (!Array.isArray(p) || p.length !== 3 || !p.every(Number.isFinite)) {
    throw new RangeError('meshToTable: position must be [x, y, z], finite inches');
  }
  if (!Number.isFinite(opts.rotationDeg)) throw new RangeError('meshToTable: rotationDeg must be a finite number of degrees');
  const s: [number, number, number] = typeof opts.scale === 'number' ? [opts.scale, opts.scale, opts.scale] : opts.scale;
  if (!Array.isArray(s) || s.length !== 3 || !s.every((k) => Number.isFinite(k) && k !== 0)) {
    throw new RangeError('meshToTable: scale must be a finite non-zero number or [sx, sy, sz] of finite non-zero numbers');
  }
  const [c, sn] = cosSinDeg(opts.rotationDeg);
  const yUp = opts.upAxis === 'y';
  const mirror = s[0] * s[1] * s[2] < 0;
  const out = new Float32Array(src.length);
  for (let t = 0; t < src.length; t += 9) {
    for (let k = 0; k < 3; k++) {
      const i = t + k * 3;
      const fx = src[i];
      const fy = src[i + 1];
      const fz = src[i + 2];
      // 1. axes
      const ax = fx;
      const ay = yUp ? -fz : fy;
      const az = yUp ? fy : fz;
      // 2. scale
      const sx = ax * s[0];
      const sy = ay * s[1];
      const sz = az * s[2];
      // 3. rotate about z, 4. translate
      const ok = mirror && k > 0 ? t + (3 - k) * 3 : i; // swap vertices 1 and 2 when mirrored
      out[ok] = c * sx - sn * sy + p[0];
      out[ok + 1] = sn * sx + c * sy + p[1];
      out[ok + 2] = sz + p[2];
    }
  }
  return out;
}

/**
 * Axis-aligned bounds of a flat `[x, y, z, x, y, z, ...]` position array (any units/axes; the result
 * is in the same ones).
 * @throws RangeError when the array is empty, its length is not a multiple of 3, or a coordinate
 *   is not finite.
 */
export function meshBounds(positions: ArrayLike<number>): MeshBounds {
  const n = positions.length;
  if (n === 0 || n % 3 !== 0) throw new RangeError(`meshBounds: need a non-empty list of xyz triples, got length ${n}`);
  const min: [number, number, number] = [Infinity, Infinity, Infinity];
  const max: [number, number, number] = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < n; i += 3) {
    for (let a = 0; a < 3; a++) {
      const v = positions[i + a];
      if (!Number.isFinite(v)) throw new RangeError(`meshBounds: coordinate ${i + a} (vertex ${i / 3}) is not finite`);
      if (v < min[a]) min[a] = v;
      if (v > max[a]) max[a] = v;
    }
  }
  return { min, max };
}

/**
 * Expands a scenario inline mesh (`{ "shape": "mesh", "vertices": [[x,y,z], ...], "triangles":
 * [[i,j,k], ...] }`) into a triangle soup, 9 floats per triangle, in the same coordinates as the
 * vertices (for a scenario, table inches with z up; no transform is applied).
 *
 * @param vertices `[x, y, z]` triples of finite numbers.
 * @param triangles `[i, j, k]` triples of integer indices into `vertices` (0-based).
 * @returns `Float32Array` of length `9 * triangles.length`.
 * @throws RangeError naming the offending entry: a vertex that is not 3 finite numbers
 *   (`vertices[4]: ...`), a triangle that is not 3 integers, an index out of range
 *   (`triangles[2][1]: vertex index 7 is out of range ...`), or an empty `triangles` list.
 */
export function inlineMeshToPositions(vertices: number[][], triangles: number[][]): Float32Array {
  if (!Array.isArray(vertices)) throw new RangeError('vertices: must be an array of [x, y, z]');
  if (!Array.isArray(triangles)) throw new RangeError('triangles: must be an array of [i, j, k]');
  vertices.forEach((v, i) => {
    if (!Array.isArray(v) || v.length !== 3 || !v.every((c) => typeof c === 'number' && Number.isFinite(c))) {
      throw new RangeError(`vertices[${i}]: must be [x, y, z] with 3 finite numbers`);
    }
  });
  if (triangles.length === 0) throw new RangeError('triangles: an inline mesh needs at least one triangle');
  const out = new Float32Array(triangles.length * 9);
  triangles.forEach((t, ti) => {
    if (!Array.isArray(t) || t.length !== 3) throw new RangeError(`triangles[${ti}]: must be [i, j, k] with 3 vertex indices`);
    for (let k = 0; k < 3; k++) {
      const idx = t[k];
      if (typeof idx !== 'number' || !Number.isInteger(idx)) {
        throw new RangeError(`triangles[${ti}][${k}]: vertex index ${String(idx)} is not an integer`);
      }
      if (idx < 0 || idx >= vertices.length) {
        throw new RangeError(
          `triangles[${ti}][${k}]: vertex index ${idx} is out of range (vertices has ${vertices.length} entries, valid 0..${vertices.length - 1})`,
        );
      }
      const v = vertices[idx];
      out[ti * 9 + k * 3] = v[0];
      out[ti * 9 + k * 3 + 1] = v[1];
      out[ti * 9 + k * 3 + 2] = v[2];
    }
  });
  return out;
}
