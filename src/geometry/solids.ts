import { degToRad } from './units';

/**
 * An analytic convex terrain solid (a box or cylinder scenery piece, Terrain 1.7). Kept beside its
 * triangles so closure proofs (a single solid that closes a whole shaft) can test containment exactly.
 * Lengths in inches, table coordinates (z up).
 */
export type ConvexSolid =
  | {
      kind: 'box';
      /** Footprint centre [x, y]. */
      center: [number, number];
      /** [x-extent, y-extent, height] before rotation. */
      size: [number, number, number];
      /** Rotation about the vertical axis, degrees counter-clockwise. */
      rotationDeg: number;
      /** z of the underside. */
      elevation: number;
    }
  | { kind: 'cylinder'; center: [number, number]; radius: number; height: number; elevation: number };

/** Number of sides used to triangulate cylinders: the polygon stays within radius*(1-cos(pi/128)) (< 0.0003 r) of the circle. */
export const CYLINDER_SIDES = 128;

/**
 * True when the point lies in the closed solid, with a tolerance `eps` (inches) that shrinks the
 * solid (so `true` is conservative: the point is at least `eps` inside).
 */
export function convexSolidContains(s: ConvexSolid, x: number, y: number, z: number, eps = 0): boolean {
  if (s.kind === 'box') {
    if (z < s.elevation + eps || z > s.elevation + s.size[2] - eps) return false;
    const r = degToRad(s.rotationDeg);
    const c = Math.cos(r);
    const sn = Math.sin(r);
    const dx = x - s.center[0];
    const dy = y - s.center[1];
    const u = c * dx + sn * dy;
    const v = -sn * dx + c * dy;
    return Math.abs(u) <= s.size[0] / 2 - eps && Math.abs(v) <= s.size[1] / 2 - eps;
  }
  if (z < s.elevation + eps || z > s.elevation + s.height - eps) return false;
  // The triangulated cylinder is inscribed: test against its inscribed circle so `true` stays exact.
  const inner = s.radius * Math.cos(Math.PI / CYLINDER_SIDES) - eps;
  return Math.hypot(x - s.center[0], y - s.center[1]) <= inner;
}

/** Triangle soup (xyz per vertex, inches, z up) of a convex solid's surface. */
export function convexSolidTriangles(s: ConvexSolid): Float32Array {
  if (s.kind === 'box') {
    const r = degToRad(s.rotationDeg);
    const c = Math.cos(r);
    const sn = Math.sin(r);
    const hx = s.size[0] / 2;
    const hy = s.size[1] / 2;
    const z0 = s.elevation;
    const z1 = s.elevation + s.size[2];
    const corner = (i: number, z: number): [number, number, number] => {
      const u = i === 0 || i === 3 ? -hx : hx;
      const v = i < 2 ? -hy : hy;
      return [s.center[0] + c * u - sn * v, s.center[1] + sn * u + c * v, z];
    };
    const bottom = [0, 1, 2, 3].map((i) => corner(i, z0));
    const top = [0, 1, 2, 3].map((i) => corner(i, z1));
    const tris: [number, number, number][] = [];
    const quad = (a: number[], b: number[], cc: number[], d: number[]) => {
      tris.push(a as [number, number, number], b as [number, number, number], cc as [number, number, number]);
      tris.push(a as [number, number, number], cc as [number, number, number], d as [number, number, number]);
    };
    quad(bottom[0], bottom[3], bottom[2], bottom[1]);
    quad(top[0], top[1], top[2], top[3]);
    for (let i = 0; i < 4; i++) {
      const j = (i + 1) % 4;
      quad(bottom[i], bottom[j], top[j], top[i]);
    }
    return Float32Array.from(tris.flat());
  }
  const n = CYLINDER_SIDES;
  const out: number[] = [];
  const z0 = s.elevation;
  const z1 = s.elevation + s.height;
  const [cx, cy] = s.center;
  for (let i = 0; i < n; i++) {
    const a0 = (2 * Math.PI * i) / n;
    const a1 = (2 * Math.PI * (i + 1)) / n;
    const x0 = cx + s.radius * Math.cos(a0);
    const y0 = cy + s.radius * Math.sin(a0);
    const x1 = cx + s.radius * Math.cos(a1);
    const y1 = cy + s.radius * Math.sin(a1);
    out.push(cx, cy, z1, x0, y0, z1, x1, y1, z1);
    out.push(cx, cy, z0, x1, y1, z0, x0, y0, z0);
    out.push(x0, y0, z0, x1, y1, z0, x1, y1, z1);
    out.push(x0, y0, z0, x1, y1, z1, x0, y0, z1);
  }
  return Float32Array.from(out);
}
