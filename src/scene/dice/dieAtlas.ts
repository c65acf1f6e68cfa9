/**
 * One draw call per die: a cube whose six faces read from one texture (a 3 x 2 atlas of the pip
 * faces), one material per dice colour. The face on each side is `FACE_ORDER` (opposite faces sum
 * to 7), so `faceUp` / `faceCorrection` of `../physics/dieFaces` hold for these dice too.
 */
import { BoxGeometry, CanvasTexture, MeshLambertMaterial, SRGBColorSpace, type BufferGeometry } from 'three';
import { FACE_ORDER, PIPS } from '../physics/dieFaces';
import type { DiceKind } from './diceKinds';

const geometries = new Map<number, BufferGeometry>();

/** A cube of edge `edge` whose side k (BoxGeometry order +x, -x, +y, -y, +z, -z) maps to atlas cell k. */
export function dieGeometry(edge: number): BufferGeometry {
  const cached = geometries.get(edge);
  if (cached) return cached;
  const g = new BoxGeometry(edge, edge, edge);
  const uv = g.getAttribute('uv');
  // BoxGeometry: 4 vertices per side, sides in material order.
  for (let side = 0; side < 6; side++) {
    const cu = side % 3;
    const cv = Math.floor(side / 3);
    for (let k = 0; k < 4; k++) {
      const i = side * 4 + k;
      uv.setXY(i, (cu + 0.04 + uv.getX(i) * 0.92) / 3, (cv + 0.04 + uv.getY(i) * 0.92) / 2);
    }
  }
  uv.needsUpdate = true;
  g.clearGroups();
  geometries.set(edge, g);
  return g;
}

const materials = new Map<string, MeshLambertMaterial>();

/** The material of a die of `kind`: its colour, its pips (built once per page and colour). */
export function dieMaterial(kind: Pick<DiceKind, 'color' | 'pips'>): MeshLambertMaterial {
  const key = `${kind.color}|${kind.pips}`;
  const cached = materials.get(key);
  if (cached) return cached;
  const cell = 96;
  const c = document.createElement('canvas');
  c.width = cell * 3;
  c.height = cell * 2;
  const g = c.getContext('2d')!;
  FACE_ORDER.forEach((n, side) => {
    // Canvas y runs down, texture v up: row 0 of the atlas (v 0..0.5) is the canvas's lower half.
    const x0 = (side % 3) * cell;
    const y0 = (1 - Math.floor(side / 3)) * cell;
    g.fillStyle = kind.color;
    g.fillRect(x0, y0, cell, cell);
    g.strokeStyle = 'rgba(0,0,0,0.22)';
    g.lineWidth = 5;
    g.strokeRect(x0 + 4, y0 + 4, cell - 8, cell - 8);
    g.fillStyle = kind.pips;
    for (const [px, py] of PIPS[n]) {
      g.beginPath();
      g.arc(x0 + cell * (0.04 + px * 0.92), y0 + cell * (0.04 + py * 0.92), n === 1 ? 13 : 9, 0, Math.PI * 2);
      g.fill();
    }
  });
  const tex = new CanvasTexture(c);
  tex.colorSpace = SRGBColorSpace;
  const m = new MeshLambertMaterial({ map: tex });
  materials.set(key, m);
  return m;
}
