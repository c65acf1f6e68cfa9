import { PNG } from 'pngjs';
import { surfaceHeightAt } from '../geometry/standing';
import type { World } from '../geometry/world';
import type { LayoutReport } from './analyse';

/** Pixels per inch of the picture. */
const SCALE = 10;

/**
 * The layout picture (PNG bytes): two panels per class and territory (the spots coloured by the
 * share of the threat zone that sees them, then by the share that could target them: Obscuring
 * counted, LAYOUT.md `targetable`), each a plan of the table
 * (north up: y grows upward) with the terrain's footprints in grey (darker = taller, from the
 * highest surface at each pixel), the territory's outline, its fire lanes as a faint orange wash
 * (share of lines of sight crossing each cell), its spots coloured by the heatmap (blue = seen by
 * none of the threat zone, yellow to red = seen by a growing share), hidden spots ringed in green
 * where the hiding capacity's bases stand, and the objectives as white discs with their 3"
 * contesting ring.
 */
export function layoutPicture(world: World, report: LayoutReport): Buffer {
  const W = Math.ceil(world.widthInches * SCALE);
  const H = Math.ceil(world.depthInches * SCALE);
  // Per class and territory: a panel coloured by the share that sees each spot, then one by the share that could target it.
  const panels: { cls: string; territory: string; targetable: boolean }[] = [];
  for (const c of report.classes) for (const t of Object.keys(c.territories)) for (const targetable of [false, true]) panels.push({ cls: c.id, territory: t, targetable });
  const gap = 8;
  const png = new PNG({ width: W, height: panels.length * (H + gap) });
  png.data.fill(255);
  // Terrain plan, once.
  const plan = new Float32Array(W * H);
  let top = 0;
  for (let py = 0; py < H; py++) {
    for (let px = 0; px < W; px++) {
      const z = surfaceHeightAt(world.terrain, (px + 0.5) / SCALE, world.depthInches - (py + 0.5) / SCALE);
      plan[py * W + px] = z;
      top = Math.max(top, z);
    }
  }
  panels.forEach((p, n) => {
    const oy = n * (H + gap);
    const cls = report.classes.find((c) => c.id === p.cls)!;
    const t = cls.territories[p.territory];
    const set = (x: number, y: number, r: number, g: number, b: number, a = 1) => {
      if (x < 0 || y < 0 || x >= W || y >= H) return;
      const k = 4 * ((oy + y) * W + x);
      png.data[k] = Math.round(png.data[k] * (1 - a) + r * a);
      png.data[k + 1] = Math.round(png.data[k + 1] * (1 - a) + g * a);
      png.data[k + 2] = Math.round(png.data[k + 2] * (1 - a) + b * a);
      png.data[k + 3] = 255;
    };
    for (let py = 0; py < H; py++) {
      for (let px = 0; px < W; px++) {
        const z = plan[py * W + px];
        const v = z > 0.01 ? Math.round(200 - 150 * Math.min(1, z / Math.max(1, top))) : 245;
        set(px, py, v, v, v);
      }
    }
    const toPx = (x: number, y: number): [number, number] => [Math.round(x * SCALE), Math.round((world.depthInches - y) * SCALE)];
    // Fire lanes.
    const L = t.fireLanes;
    let maxShare = 0;
    for (const s of L.share) maxShare = Math.max(maxShare, s);
    for (let j = 0; j < L.ny; j++) {
      for (let i = 0; i < L.nx; i++) {
        const s = L.share[j * L.nx + i];
        if (s <= 0) continue;
        const [x0, y1] = toPx(i * L.cellInches, j * L.cellInches);
        const [x1, y0] = toPx((i + 1) * L.cellInches, (j + 1) * L.cellInches);
        for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) set(x, y, 255, 140, 0, 0.45 * (s / Math.max(1e-9, maxShare)));
      }
    }
    // Territory outline.
    const poly = world.territories[p.territory];
    for (let e = 0; e < poly.length; e++) {
      const [ax, ay] = poly[e];
      const [bx, by] = poly[(e + 1) % poly.length];
      const n = Math.ceil(Math.hypot(bx - ax, by - ay) * SCALE);
      for (let k = 0; k <= n; k++) {
        const [x, y] = toPx(ax + ((bx - ax) * k) / n, ay + ((by - ay) * k) / n);
        set(x, y, 0, 0, 0);
      }
    }
    // Heatmap spots.
    const half = Math.max(1, Math.floor((report.grid * SCALE) / 2) - 1);
    for (const h of t.heatmap) {
      const [x, y] = h;
      const share = p.targetable ? h[4] : h[3];
      const [cx, cy] = toPx(x, y);
      const [r, g, b] = share === 0 ? [40, 90, 220] : [255, Math.round(230 * (1 - share)), 0];
      for (let dy = -half; dy <= half; dy++) for (let dx = -half; dx <= half; dx++) set(cx + dx, cy + dy, r, g, b, 0.9);
    }
    for (const [x, y] of t.hidingPlaces) {
      const [cx, cy] = toPx(x, y);
      for (let a = 0; a < 24; a++) set(Math.round(cx + (half + 2) * Math.cos((a * Math.PI) / 12)), Math.round(cy + (half + 2) * Math.sin((a * Math.PI) / 12)), 0, 160, 0);
    }
    // Objectives and their contesting ring.
    for (const o of world.objectives.values()) {
      const [cx, cy] = toPx(o.x, o.y);
      const r0 = (o.diameterInches / 2) * SCALE;
      const r1 = (o.diameterInches / 2 + 3) * SCALE;
      for (let dy = -Math.ceil(r1); dy <= Math.ceil(r1); dy++) {
        for (let dx = -Math.ceil(r1); dx <= Math.ceil(r1); dx++) {
          const d = Math.hypot(dx, dy);
          if (d <= r0) set(cx + dx, cy + dy, 255, 255, 255);
          else if (d <= r0 + 1.5) set(cx + dx, cy + dy, 0, 0, 0);
          else if (Math.abs(d - r1) <= 0.7) set(cx + dx, cy + dy, 80, 80, 80);
        }
      }
    }
  });
  return PNG.sync.write(png);
}
