/**
 * Bases and model heights. Rosters carry neither (ANCHORS.md), so each unit's base comes from,
 * in order: the `--bases` file (unit name → base), the bases the player set in the app before
 * (remembered), then {@link defaultBase}: a default by keywords. The same order gives the model
 * height. Every base or height not from the first two is reported as a warning by the caller.
 *
 * @module
 */

import { z } from 'zod';
import { keywordsMatch } from '../rules/damage';
import { BaseSchema } from '../rules/engine/roster';
import { refuse } from './errors';

/** A base in the army format (`round` diameterMm, `oval` / `rect` lengthMm × widthMm). */
export type Base = z.input<typeof BaseSchema>;

/** A base with an optional model height in inches, as given in a bases file. */
export interface BaseEntry {
  readonly base: Base;
  readonly heightInches?: number;
}

/** Unit name → base (and height). */
export type BaseTable = ReadonlyMap<string, BaseEntry>;

/** One row of the default table: the first row whose keywords the unit has all of applies. */
export interface DefaultBaseRow {
  readonly keywords: readonly string[];
  readonly base: Base;
  /** Model height in inches (top of the model above the battlefield). */
  readonly heightInches: number;
  /** Label used in warnings, e.g. "MONSTER HERO". */
  readonly label: string;
}

/**
 * Default bases and heights by keywords, first match wins (documented in docs/army-import.md).
 * Sizes are the common Citadel bases of each class; heights are typical model heights.
 */
export const DEFAULT_BASES: readonly DefaultBaseRow[] = [
  { keywords: ['MANIFESTATION'], base: { shape: 'round', diameterMm: 60 }, heightInches: 3, label: 'MANIFESTATION' },
  { keywords: ['MONSTER', 'HERO'], base: { shape: 'oval', lengthMm: 120, widthMm: 92 }, heightInches: 6, label: 'MONSTER HERO' },
  { keywords: ['MONSTER'], base: { shape: 'round', diameterMm: 100 }, heightInches: 5, label: 'MONSTER' },
  { keywords: ['WAR MACHINE'], base: { shape: 'round', diameterMm: 60 }, heightInches: 2.5, label: 'WAR MACHINE' },
  { keywords: ['CAVALRY'], base: { shape: 'oval', lengthMm: 60, widthMm: 35 }, heightInches: 2.5, label: 'CAVALRY' },
  { keywords: ['BEAST'], base: { shape: 'round', diameterMm: 40 }, heightInches: 1.5, label: 'BEAST' },
  { keywords: ['HERO'], base: { shape: 'round', diameterMm: 40 }, heightInches: 1.5, label: 'HERO' },
  { keywords: ['INFANTRY'], base: { shape: 'round', diameterMm: 32 }, heightInches: 1.25, label: 'INFANTRY' },
  { keywords: [], base: { shape: 'round', diameterMm: 32 }, heightInches: 1.25, label: 'no INFANTRY, CAVALRY, BEAST, MONSTER or WAR MACHINE keyword' },
];

/** The default base row for a unit's keywords (the last row always matches). */
export function defaultBase(keywords: readonly string[]): DefaultBaseRow {
  return DEFAULT_BASES.find((row) => row.keywords.every((k) => keywords.some((x) => keywordsMatch(x, k))))!;
}

/** A base in words for warnings: `32 mm round`, `60×35 mm oval`. */
export function describeBase(b: Base): string {
  return b.shape === 'round' ? `${b.diameterMm} mm round` : `${b.lengthMm}x${b.widthMm} mm ${b.shape}`;
}

const BaseFileEntry = z.union([
  BaseSchema,
  z.strictObject({ base: BaseSchema, heightInches: z.number().positive().max(100).optional() }),
]);

/**
 * Parse a bases file: a JSON object, unit name → a base in the army format
 * (`{"shape":"round","diameterMm":32}`) or `{"base": <base>, "heightInches": 1.5}`.
 * @param text The file's text.
 * @param where The file name, for errors.
 * @throws ArmyImportError naming the file and the entry that is wrong.
 */
export function parseBasesFile(text: string, where: string): BaseTable {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch (e) {
    refuse(`${where}: the bases file is not valid JSON (${e instanceof Error ? e.message : String(e)})`);
  }
  if (v === null || typeof v !== 'object' || Array.isArray(v)) refuse(`${where}: the bases file must be a JSON object, unit name -> base`);
  const out = new Map<string, BaseEntry>();
  for (const [name, entry] of Object.entries(v as Record<string, unknown>)) {
    const r = BaseFileEntry.safeParse(entry);
    if (!r.success) {
      const i = r.error.issues[0];
      refuse(`${where}: entry "${name}": not a base (${i.path.join('.') || 'value'}: ${i.message}); expected e.g. {"shape":"round","diameterMm":32} or {"base":{...},"heightInches":1.5}`);
    }
    const d = r.data;
    out.set(name, 'base' in d ? { base: d.base, ...(d.heightInches !== undefined ? { heightInches: d.heightInches } : {}) } : { base: d });
  }
  return out;
}

/**
 * The entry of a table for a unit name: the exact name, else the name without a trailing
 * parenthesised variant (`"Megaboss (Scourge of Aqshy)"` → `"Megaboss"`).
 */
export function lookupBase(table: BaseTable | undefined, unitName: string): { entry: BaseEntry; key: string } | undefined {
  if (!table) return undefined;
  const exact = table.get(unitName);
  if (exact) return { entry: exact, key: unitName };
  const plain = unitName.replace(/\s*\([^()]*\)\s*$/, '');
  const e = table.get(plain);
  return e ? { entry: e, key: plain } : undefined;
}
