/** Text formatting for the UI. */
import type { BaseMm } from '../geometry/footprint';

/** "40 mm round" or "90 × 52 mm oval". */
export function formatBase(base: BaseMm): string {
  return 'round' in base ? `${base.round} mm round` : `${base.oval[0]} × ${base.oval[1]} mm oval`;
}

/** Inches with up to two decimals: 1.5", 0.25", 3". */
export function inches(v: number): string {
  return `${Number(v.toFixed(2))}"`;
}

/** "north" -> "North". */
export function titleCase(s: string): string {
  return s.replace(/(^|[\s_-])(\w)/g, (_, sep: string, c: string) => sep + c.toUpperCase());
}

/** A measured length with exactly two decimals, as the tools show it: 4.25". */
export function inches2(v: number): string {
  return `${v.toFixed(2)}"`;
}

/** A table point as (x, y, z) with two decimals. */
export function point3(p: readonly number[]): string {
  return `(${p.map((v) => v.toFixed(2)).join(', ')})`;
}
