/**
 * Where the dice of a throw start and where they are gathered, on the battlefield. Pure: table
 * space (inches, x along the width, y along the depth, z up), seeded (same throw, same start).
 *
 * - A throw starts just inside the south edge, the groups side by side along it, each die a few
 *   inches up with a push towards the north and a spin; physics (`TableDiceThrow`) does the rest.
 * - The tray lies off the table along its south edge: one row per throw (the newest nearest the
 *   table), the groups of a throw in order along the row, a gap between groups.
 */
import { mulberry32 } from '../../rules/dice';
import type { DiceGroup } from './diceKinds';

/** Edge of a die, inches (a 16 mm die is 0.63"; a little larger, to read from across the table). */
export const DIE_INCHES = 0.7;

/** Height of the invisible rim round the table that keeps thrown dice on it, inches. */
export const RIM_INCHES = 4;

/**
 * The rim round the table (table space): four walls just outside its edges, each
 * `[x, y, halfX, halfY]` (a wall is 1" thick and {@link RIM_INCHES} tall, standing on z = 0).
 */
export function tableRim(width: number, depth: number): [number, number, number, number][] {
  const t = 0.5;
  return [
    [width / 2, -t, width / 2 + 2 * t, t],
    [width / 2, depth + t, width / 2 + 2 * t, t],
    [-t, depth / 2, t, depth / 2],
    [width + t, depth / 2, t, depth / 2],
  ];
}

/** Start of one die: position (table space), rotation (unit quaternion, table space), velocities (table space). */
export interface DieStart {
  position: [number, number, number];
  quaternion: [number, number, number, number];
  /** Inches per second. */
  velocity: [number, number, number];
  /** Radians per second. */
  spin: [number, number, number];
}

/** Options of {@link throwStarts}. */
export interface ThrowStartOptions {
  /** Seed of the motion. */
  seed: number;
}

/** Start states for every die of `groups` (group by group, die by die) on a `width` x `depth` table. */
export function throwStarts(groups: readonly DiceGroup[], width: number, depth: number, { seed }: ThrowStartOptions): DieStart[] {
  const rand = mulberry32(seed);
  const total = groups.reduce((n, g) => n + g.faces.length, 0);
  const out: DieStart[] = [];
  // Lanes along the south edge, one per group, as wide as its share of the dice.
  const span = Math.min(width - 6, Math.max(8, total * 0.9));
  let x0 = width / 2 - span / 2;
  for (const g of groups) {
    const lane = (span * g.faces.length) / Math.max(1, total);
    const cols = Math.max(1, Math.floor(lane / (DIE_INCHES * 1.6)));
    g.faces.forEach((_, i) => {
      const c = i % cols;
      const r = Math.floor(i / cols);
      const x = x0 + ((c + 0.5) * lane) / cols + (rand() - 0.5) * 0.2;
      const y = 1.5 + (r % 3) * DIE_INCHES * 1.5 + rand() * 0.3;
      const z = 3 + Math.floor(r / 3) * DIE_INCHES * 1.6 + rand() * 0.8;
      out.push({
        position: [x, y, z],
        quaternion: randomQuaternion(rand),
        velocity: [(rand() - 0.5) * 6, 16 + rand() * 10, 2 + rand() * 3],
        spin: [(rand() - 0.5) * 24, (rand() - 0.5) * 24, (rand() - 0.5) * 24],
      });
    });
    x0 += lane;
  }
  return out;
}

/** Where a die lies in the tray: its centre (table space) and the face it shows up. */
export interface TraySlot {
  x: number;
  y: number;
  z: number;
  face: number;
  /** Index of the group in its throw. */
  group: number;
}

/** Rows the tray keeps (the last throws). */
export const TRAY_ROWS = 3;
/** Dice per row at most before it wraps onto a second line of the same row. */
const PER_LINE = 60;

/**
 * The tray's slots for the last throws (`throws[0]` newest): off the table's south edge (y < 0),
 * row `r` at `y = -(0.8 + r * pitch)`, left to right from the table's west edge, a gap between the
 * groups of a throw. A row longer than the table wraps (a second line beyond the first).
 */
export function traySlots(throws: readonly (readonly DiceGroup[])[], width: number): TraySlot[][] {
  const step = DIE_INCHES * 1.25;
  const perLine = Math.min(PER_LINE, Math.floor((width - 1) / step));
  let y = -0.8;
  return throws.slice(0, TRAY_ROWS).map((groups) => {
    const row: TraySlot[] = [];
    let col = 0;
    let line = 0;
    groups.forEach((g, gi) => {
      if (gi > 0 && col > 0) col += 1; // a gap between groups
      for (const face of g.faces) {
        if (col >= perLine) {
          col = 0;
          line++;
        }
        row.push({ x: 0.5 + DIE_INCHES / 2 + col * step, y: y - line * step, z: DIE_INCHES / 2, face, group: gi });
        col++;
      }
    });
    y -= (line + 1) * step + 0.35;
    return row;
  });
}

function randomQuaternion(rand: () => number): [number, number, number, number] {
  // Shoemake's uniform random rotation.
  const u1 = rand();
  const u2 = rand() * 2 * Math.PI;
  const u3 = rand() * 2 * Math.PI;
  const a = Math.sqrt(1 - u1);
  const b = Math.sqrt(u1);
  return [a * Math.sin(u2), a * Math.cos(u2), b * Math.sin(u3), b * Math.cos(u3)];
}
