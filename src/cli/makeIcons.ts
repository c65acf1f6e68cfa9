/**
 * `npx tsx src/cli/makeIcons.ts`: draws the installable app's icons (public/icons/*.png, the web
 * app manifest's 192 and 512 px icons and a maskable 512 px one) from the favicon's design: a
 * dark tile, a green battlefield, a blue and a red model and the yellow sight line between them.
 * The PNGs are committed; run this again only to change them.
 */
import { writeFileSync } from 'node:fs';
import { PNG } from 'pngjs';

type Rgb = [number, number, number];
const hex = (h: string): Rgb => [parseInt(h.slice(1, 3), 16), parseInt(h.slice(3, 5), 16), parseInt(h.slice(5, 7), 16)];

/** Inside a rounded rectangle (x, y, w, h, radius r), all in the 32-unit design's coordinates. */
function inRoundRect(px: number, py: number, x: number, y: number, w: number, h: number, r: number): boolean {
  if (px < x || py < y || px > x + w || py > y + h) return false;
  const cx = Math.min(Math.max(px, x + r), x + w - r);
  const cy = Math.min(Math.max(py, y + r), y + h - r);
  return (px - cx) ** 2 + (py - cy) ** 2 <= r * r;
}

/** The colour of design point (u, v) in [0, 32), or null outside the tile. `maskable` fills the whole square. */
function colourAt(u: number, v: number, maskable: boolean): Rgb | null {
  const m = maskable ? 5 : 0; // maskable icons keep their content in the middle 80%
  const s = (32 - 2 * m) / 32;
  const x = (u - m) / s;
  const y = (v - m) / s;
  let c: Rgb | null = maskable || inRoundRect(u, v, 0, 0, 32, 32, 6) ? hex('#15191f') : null;
  if (c === null) return null;
  if (inRoundRect(x, y, 4, 8, 24, 16, 2)) c = hex('#4f5f3c');
  if (y > 15.25 && y < 16.75 && x > 11 && x < 21 && Math.floor((x - 11) / 1.75) % 2 === 0) c = hex('#ffe066');
  if ((x - 11) ** 2 + (y - 16) ** 2 <= 9) c = hex('#3d7fe6');
  if ((x - 21) ** 2 + (y - 16) ** 2 <= 9) c = hex('#e0532f');
  return c;
}

/** Writes one icon of `size` px, 4x4 supersampled. */
function drawIcon(file: string, size: number, maskable: boolean): void {
  const png = new PNG({ width: size, height: size });
  const n = 4;
  for (let j = 0; j < size; j++) {
    for (let i = 0; i < size; i++) {
      let r = 0, g = 0, b = 0, a = 0;
      for (let sj = 0; sj < n; sj++) {
        for (let si = 0; si < n; si++) {
          const c = colourAt(((i + (si + 0.5) / n) / size) * 32, ((j + (sj + 0.5) / n) / size) * 32, maskable);
          if (c) { r += c[0]; g += c[1]; b += c[2]; a++; }
        }
      }
      const k = (j * size + i) * 4;
      png.data[k] = a ? Math.round(r / a) : 0;
      png.data[k + 1] = a ? Math.round(g / a) : 0;
      png.data[k + 2] = a ? Math.round(b / a) : 0;
      png.data[k + 3] = Math.round((a / (n * n)) * 255);
    }
  }
  writeFileSync(file, PNG.sync.write(png));
}

drawIcon('public/icons/icon-192.png', 192, false);
drawIcon('public/icons/icon-512.png', 512, false);
drawIcon('public/icons/maskable-512.png', 512, true);
drawIcon('public/icons/apple-touch-180.png', 180, true);
console.log('public/icons: icon-192.png, icon-512.png, maskable-512.png, apple-touch-180.png');
