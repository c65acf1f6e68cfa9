/**
 * The layout picture drawn in the page (a 2D canvas), as the headless `--png` picture
 * (`src/layout/picture.ts`, which needs Node's pngjs) draws it: one panel per territory of the
 * class, a plan of the table north up, terrain in grey (darker = taller, each triangle by its
 * highest corner, taller ones drawn last), the territory's fire lanes as an orange wash, its
 * outline, its standing spots coloured by the heatmap's measure (seen, targetable, or targetable
 * within a range: blue = none, yellow to red = a growing share of the threat zone), hiding places ringed green, objectives with their 3" ring.
 * Independent of the camera. Drawing only: every number is the report's.
 */
import type { BattlefieldData } from '../../scene/types';
import { heatColor, heatMeasures, heatValue, percent, reportRanges, type ClassLayout, type HeatMeasure } from './layoutReport';

/** Pixels per inch. */
const SCALE = 10;
const HEAD = 22;
/** Caption line height, px. */
const LINE = 16;
const TITLE_FONT = '600 13px system-ui, sans-serif';
const CAPTION_FONT = '600 12px system-ui, sans-serif';

/** `text` broken into lines no wider than `maxWidth` px in the context's font (at spaces; a word wider than that stays whole). */
export function wrapText(g: { measureText(t: string): { width: number } }, text: string, maxWidth: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (line && g.measureText(next).width > maxWidth) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * Draws the plan picture of one class of a report on the battlefield `data`.
 * @returns the canvas (call `toDataURL('image/png')` for the file).
 */
export function drawLayoutPlan(data: BattlefieldData, cls: ClassLayout, grid: number, title: string, measure: HeatMeasure = 'seen'): HTMLCanvasElement {
  const W = Math.ceil(data.width * SCALE);
  const H = Math.ceil(data.depth * SCALE);
  const names = Object.keys(cls.territories);
  const gap = 8;
  const canvas = document.createElement('canvas');
  canvas.width = W;
  const g = canvas.getContext('2d');
  if (!g) throw new Error('no 2D canvas');
  // Captions wrap at the picture's width (issue 39: never cut at its edge).
  const graded = typeof cls.asymmetryTargetable === 'number';
  const label = heatMeasures(cls).find((m) => m.id === measure)?.label ?? 'seen by (line of sight)';
  g.font = TITLE_FONT;
  const titleLines = wrapText(g, `${title} · ${cls.id}, grid ${grid}", threat ${cls.threat}" · asymmetry ${percent(cls.asymmetry)}${graded ? `, targetable ${percent(cls.asymmetryTargetable)}` : ''} · spots: ${label}`, W - 8);
  g.font = CAPTION_FONT;
  const captions = names.map((name) => {
    const t = cls.territories[name];
    const grades = graded ? `, targetable ${percent(t.targetable)}, mean seen ${percent(t.meanSeen)} / targetable ${percent(t.meanTargetable)}, ${reportRanges(cls).map((r) => `≤${r}" ${percent(t.within[String(r)])}`).join(' ')}` : '';
    return wrapText(g, `${name}: ${t.spots} spots, exposure ${percent(t.exposure)}${grades}, hiding ${t.hidingCapacity}`, W - 8);
  });
  const titleHead = Math.max(HEAD, titleLines.length * LINE + 7);
  const heads = captions.map((c) => Math.max(HEAD, c.length * LINE + 7));
  const tops: number[] = [];
  let y = titleHead;
  for (const h of heads) {
    tops.push(y);
    y += h + H + gap;
  }
  canvas.height = y;
  g.fillStyle = '#ffffff';
  g.fillRect(0, 0, canvas.width, canvas.height);
  g.fillStyle = '#111';
  g.font = TITLE_FONT;
  titleLines.forEach((line, i) => g.fillText(line, 4, 15 + i * LINE));
  // Terrain triangles, lowest first, each by its highest corner.
  const tris: { z: number; p: number[] }[] = [];
  let top = 1;
  for (const t of data.terrain) {
    const a = t.positions;
    for (let k = 0; k + 8 < a.length; k += 9) {
      const z = Math.max(a[k + 2], a[k + 5], a[k + 8]);
      tris.push({ z, p: [a[k], a[k + 1], a[k + 3], a[k + 4], a[k + 6], a[k + 7]] });
      top = Math.max(top, z);
    }
  }
  tris.sort((a, b) => a.z - b.z);
  names.forEach((name, n) => {
    const t = cls.territories[name];
    const oy = tops[n] + heads[n] - HEAD;
    const px = (x: number) => x * SCALE;
    const py = (y: number) => oy + HEAD + (data.depth - y) * SCALE;
    g.fillStyle = '#111';
    g.font = CAPTION_FONT;
    captions[n].forEach((line, i) => g.fillText(line, 4, tops[n] + 15 + i * LINE));
    g.fillStyle = '#f5f5f5';
    g.fillRect(0, oy + HEAD, W, H);
    for (const { z, p } of tris) {
      if (z <= 0.01) continue;
      const v = Math.round(200 - 150 * Math.min(1, z / top));
      g.fillStyle = `rgb(${v},${v},${v})`;
      g.beginPath();
      g.moveTo(px(p[0]), py(p[1]));
      g.lineTo(px(p[2]), py(p[3]));
      g.lineTo(px(p[4]), py(p[5]));
      g.closePath();
      g.fill();
    }
    const L = t.fireLanes;
    let max = 0;
    for (const s of L.share) max = Math.max(max, s);
    for (let j = 0; j < L.ny; j++) {
      for (let i = 0; i < L.nx; i++) {
        const s = L.share[j * L.nx + i];
        if (!(s > 0)) continue;
        g.fillStyle = `rgba(255,140,0,${(0.45 * s) / Math.max(1e-9, max)})`;
        g.fillRect(px(i * L.cellInches), py((j + 1) * L.cellInches), L.cellInches * SCALE, L.cellInches * SCALE);
      }
    }
    const poly = data.territories[name] ?? [];
    g.strokeStyle = '#000';
    g.lineWidth = 1;
    g.beginPath();
    poly.forEach(([x, y], k) => (k ? g.lineTo(px(x), py(y)) : g.moveTo(px(x), py(y))));
    g.closePath();
    g.stroke();
    const side = Math.max(2, grid * SCALE - 2);
    for (const h of t.heatmap) {
      const [x, y] = h;
      const [r, gg, b] = heatColor(heatValue(h, measure));
      g.fillStyle = `rgba(${Math.round(r * 255)},${Math.round(gg * 255)},${Math.round(b * 255)},0.9)`;
      g.fillRect(px(x) - side / 2, py(y) - side / 2, side, side);
    }
    g.strokeStyle = '#00a000';
    g.lineWidth = 2;
    for (const [x, y] of t.hidingPlaces) {
      g.beginPath();
      g.arc(px(x), py(y), side / 2 + 2, 0, 2 * Math.PI);
      g.stroke();
    }
    for (const o of data.objectives) {
      g.beginPath();
      g.arc(px(o.x), py(o.y), (o.diameter / 2) * SCALE, 0, 2 * Math.PI);
      g.fillStyle = '#fff';
      g.fill();
      g.strokeStyle = '#000';
      g.lineWidth = 1.5;
      g.stroke();
      g.beginPath();
      g.arc(px(o.x), py(o.y), (o.diameter / 2 + 3) * SCALE, 0, 2 * Math.PI);
      g.strokeStyle = '#505050';
      g.lineWidth = 1;
      g.stroke();
    }
  });
  return canvas;
}
