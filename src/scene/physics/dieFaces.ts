/**
 * A six-sided die's faces: which face number sits on which side of the cube (opposite faces sum
 * to 7), their pip textures (drawn on a canvas, no font or image file), and reading which face is
 * up from an orientation. Three's y-up space; a die is a unit cube.
 */
import { CanvasTexture, MeshStandardMaterial, Quaternion, SRGBColorSpace, Vector3 } from 'three';

/** Face number on each side, in BoxGeometry's material order: +x, -x, +y, -y, +z, -z. */
export const FACE_ORDER = [2, 5, 1, 6, 3, 4] as const;

/** The outward normal (die space) of face `n` (1..6). */
export function faceNormal(n: number, out = new Vector3()): Vector3 {
  switch (n) {
    case 1:
      return out.set(0, 1, 0);
    case 6:
      return out.set(0, -1, 0);
    case 2:
      return out.set(1, 0, 0);
    case 5:
      return out.set(-1, 0, 0);
    case 3:
      return out.set(0, 0, 1);
    default:
      return out.set(0, 0, -1);
  }
}

const _n = new Vector3();
const _up = new Vector3(0, 1, 0);

/** The face number pointing most nearly up for a die whose world orientation is `q`. */
export function faceUp(q: Quaternion): number {
  let best = 1;
  let bestY = -Infinity;
  for (let n = 1; n <= 6; n++) {
    const y = faceNormal(n, _n).applyQuaternion(q).y;
    if (y > bestY) {
      bestY = y;
      best = n;
    }
  }
  return best;
}

/**
 * The turn to give a die's mesh inside its body so that face `want` is up once the body rests at
 * `bodyRest`: it maps `want`'s normal onto the body axis that points up. A symmetry of the cube,
 * so the die looks the same during the whole throw; only the numbers move.
 */
export function faceCorrection(bodyRest: Quaternion, want: number, out = new Quaternion()): Quaternion {
  const upInBody = _up.clone().applyQuaternion(bodyRest.clone().invert());
  const ax = Math.abs(upInBody.x);
  const ay = Math.abs(upInBody.y);
  const az = Math.abs(upInBody.z);
  const axis = ax >= ay && ax >= az ? new Vector3(Math.sign(upInBody.x), 0, 0) : ay >= az ? new Vector3(0, Math.sign(upInBody.y), 0) : new Vector3(0, 0, Math.sign(upInBody.z));
  return out.setFromUnitVectors(faceNormal(want, _n).clone(), axis);
}

/** Pip centres of each face, in face units (0..1). */
export const PIPS: Record<number, [number, number][]> = {
  1: [[0.5, 0.5]],
  2: [[0.27, 0.27], [0.73, 0.73]],
  3: [[0.25, 0.25], [0.5, 0.5], [0.75, 0.75]],
  4: [[0.27, 0.27], [0.73, 0.27], [0.27, 0.73], [0.73, 0.73]],
  5: [[0.25, 0.25], [0.75, 0.25], [0.5, 0.5], [0.25, 0.75], [0.75, 0.75]],
  6: [[0.27, 0.23], [0.73, 0.23], [0.27, 0.5], [0.73, 0.5], [0.27, 0.77], [0.73, 0.77]],
};

let materials: MeshStandardMaterial[] | null = null;

/** The six face materials in BoxGeometry order (built once per page). */
export function dieMaterials(): MeshStandardMaterial[] {
  if (materials) return materials;
  materials = FACE_ORDER.map((n) => {
    const size = 128;
    const c = document.createElement('canvas');
    c.width = c.height = size;
    const g = c.getContext('2d')!;
    g.fillStyle = '#f3ead8';
    g.fillRect(0, 0, size, size);
    g.strokeStyle = 'rgba(0,0,0,0.18)';
    g.lineWidth = 6;
    g.strokeRect(3, 3, size - 6, size - 6);
    g.fillStyle = n === 1 ? '#b3261e' : '#1d1a16';
    for (const [x, y] of PIPS[n]) {
      g.beginPath();
      g.arc(x * size, y * size, n === 1 ? 17 : 11.5, 0, Math.PI * 2);
      g.fill();
    }
    const tex = new CanvasTexture(c);
    tex.colorSpace = SRGBColorSpace;
    tex.anisotropy = 4;
    return new MeshStandardMaterial({ map: tex, roughness: 0.45, metalness: 0 });
  });
  return materials;
}
