/**
 * The bases and heights table of the new-battle dialog, as pure data: one row per unit (and
 * manifestation) of an army with its base (mm) and model height (inches) and where each value comes
 * from (a default by keywords, the bases the player set before, a bases file, the army file, or
 * confirmed now). Rows are edited and confirmed here, applied to the army used for the game
 * ({@link applyBases}: every model of the unit), remembered per unit name ({@link rememberedEntries})
 * and written and read as a bases file, the `--bases` format of `npm run import-army`
 * (`src/army/bases.ts`, docs/army-import.md).
 *
 * @module
 */

import { defaultBase, lookupBase, parseBasesFile, type Base, type BaseEntry, type BaseTable } from '../../army/bases';
import { BaseSchema, DEFAULT_MODEL_HEIGHT_INCHES, type RosterInput } from '../../rules/engine/roster';

/** Where a base or a height in the table comes from. */
export type ValueSource =
  /**
   * The importer's default for the unit's keywords: `keywords` the default row's keywords (e.g.
   * `["INFANTRY"]`; none for the last row), `label` its description.
   */
  | { readonly kind: 'default'; readonly keywords: readonly string[]; readonly label: string }
  /** The value the player confirmed before for a unit of this name (IndexedDB). */
  | { readonly kind: 'remembered' }
  /** A bases file the player loaded into the table (`file`: its name). */
  | { readonly kind: 'file'; readonly file: string }
  /** Written in the army file (Sightline's army format). */
  | { readonly kind: 'army' }
  /** Confirmed or edited by the player in this dialog. */
  | { readonly kind: 'confirmed' };

/** One unit of the table. */
export interface BasesRow {
  /** The unit's (or manifestation's) id in the army. */
  readonly unitId: string;
  /** Its name as in the roster (the key of remembered bases and of a bases file). */
  readonly name: string;
  readonly kind: 'unit' | 'manifestation';
  /** Number of models (every one gets the row's base and height). */
  readonly models: number;
  readonly base: Base;
  /** Model height, base to top, inches. */
  readonly heightInches: number;
  readonly baseFrom: ValueSource;
  readonly heightFrom: ValueSource;
}

/** Where an army came from: Sightline's army format (bases as written) or a roster export (imported). */
export type ArmySource = 'army' | 'roster';

type ArmyUnitInput = RosterInput['units'][number];

function unitsOf(army: RosterInput): { u: ArmyUnitInput; kind: 'unit' | 'manifestation' }[] {
  return [...army.units.map((u) => ({ u, kind: 'unit' as const })), ...(army.manifestations ?? []).map((u) => ({ u: u as ArmyUnitInput, kind: 'manifestation' as const }))];
}

/**
 * The table of an army. For a roster export the values are the importer's (docs/army-import.md,
 * "Bases and heights"): the remembered entry of the unit's name (exact, else without a trailing
 * parenthesised variant), else the default by keywords (manifestations as MANIFESTATION), each
 * marked with its source. For Sightline's army format: the first model's base and height as
 * written (a missing height is the default 1.25", marked as a default).
 * @param army The army as read (`GameApi.readArmy`).
 * @param source Where it came from.
 * @param remembered Unit name → the base (and height) the player confirmed before.
 */
export function basesRows(army: RosterInput, source: ArmySource, remembered?: BaseTable): BasesRow[] {
  return unitsOf(army).map(({ u, kind }) => {
    const first = u.models[0];
    const common = { unitId: u.id, name: u.name, kind, models: u.models.length };
    if (source === 'army') {
      const h = first.heightInches;
      return {
        ...common,
        base: first.base,
        heightInches: h ?? DEFAULT_MODEL_HEIGHT_INCHES,
        baseFrom: { kind: 'army' },
        heightFrom: h !== undefined ? { kind: 'army' } : { kind: 'default', keywords: [], label: 'no height in the army file' },
      };
    }
    const keywords = kind === 'manifestation' && !u.warscroll.keywords.includes('MANIFESTATION') ? [...u.warscroll.keywords, 'MANIFESTATION'] : u.warscroll.keywords;
    const def = defaultBase(keywords);
    const hit = lookupBase(remembered, u.name);
    const rememberedHeight = hit?.entry.heightInches;
    return {
      ...common,
      base: hit ? hit.entry.base : def.base,
      heightInches: rememberedHeight ?? def.heightInches,
      baseFrom: hit ? { kind: 'remembered' } : { kind: 'default', keywords: def.keywords, label: def.label },
      heightFrom: rememberedHeight !== undefined ? { kind: 'remembered' } : { kind: 'default', keywords: def.keywords, label: def.label },
    };
  });
}

/** Whether a value is still a default the player has not confirmed. */
export function isDefault(s: ValueSource): boolean {
  return s.kind === 'default';
}

/** The source of a value in words, as the table shows it: "default by keyword INFANTRY", "confirmed". */
export function describeSource(s: ValueSource): string {
  switch (s.kind) {
    case 'default':
      return s.keywords.length === 0 ? `default (${s.label})` : `default by keyword${s.keywords.length > 1 ? 's' : ''} ${s.keywords.join(' + ')}`;
    case 'remembered':
      return 'remembered';
    case 'file':
      return `from ${s.file}`;
    case 'army':
      return 'from the army file';
    case 'confirmed':
      return 'confirmed';
  }
}

/** The rows an edit of `unitId` sets: every unit of that name (a name has one base, as in a bases file). */
function sameName(rows: readonly BasesRow[], unitId: string): (r: BasesRow) => boolean {
  const name = rows.find((r) => r.unitId === unitId)?.name;
  return (r) => r.unitId === unitId || (name !== undefined && r.name === name);
}

/**
 * The rows with a new base for a unit and every other unit of the same name (confirmed by the
 * edit: remembered bases and bases files are per unit name).
 * @throws when the army format cannot hold the base (BaseSchema: more than 0 and at most 500 mm).
 */
export function setRowBase(rows: readonly BasesRow[], unitId: string, base: Base): BasesRow[] {
  const b = BaseSchema.parse(base);
  const hit = sameName(rows, unitId);
  return rows.map((r) => (hit(r) ? { ...r, base: b, baseFrom: { kind: 'confirmed' } } : r));
}

/** Largest model height accepted, inches (the army format's limit). */
export const MAX_HEIGHT_INCHES = 50;

/**
 * The rows with a new model height for a unit and every other unit of the same name (confirmed by the edit).
 * @throws RangeError unless 0 < height <= {@link MAX_HEIGHT_INCHES}.
 */
export function setRowHeight(rows: readonly BasesRow[], unitId: string, heightInches: number): BasesRow[] {
  if (!(heightInches > 0 && heightInches <= MAX_HEIGHT_INCHES)) throw new RangeError(`a model height is more than 0" and at most ${MAX_HEIGHT_INCHES}" (got ${heightInches})`);
  const hit = sameName(rows, unitId);
  return rows.map((r) => (hit(r) ? { ...r, heightInches, heightFrom: { kind: 'confirmed' } } : r));
}

/** Rows with the given units' values (and those of units of the same names) confirmed as they are; every row when `unitIds` is omitted. */
export function confirmRows(rows: readonly BasesRow[], unitIds?: readonly string[]): BasesRow[] {
  const names = new Set(rows.filter((r) => unitIds?.includes(r.unitId)).map((r) => r.name));
  const pick = (r: BasesRow) => !unitIds || names.has(r.name);
  const c = (s: ValueSource): ValueSource => (s.kind === 'default' ? { kind: 'confirmed' } : s);
  return rows.map((r) => (pick(r) ? { ...r, baseFrom: c(r.baseFrom), heightFrom: c(r.heightFrom) } : r));
}

/**
 * The army with the table applied: every model of each row's unit (or manifestation) gets the
 * row's base and height. Rows whose values both come from the army file are left as written (a
 * unit of Sightline's format may give its models different bases). The input is not changed.
 */
export function applyBases(army: RosterInput, rows: readonly BasesRow[]): RosterInput {
  const byId = new Map(rows.filter((r) => !(r.baseFrom.kind === 'army' && r.heightFrom.kind === 'army')).map((r) => [r.unitId, r]));
  const fix = <U extends ArmyUnitInput>(u: U): U => {
    const r = byId.get(u.id);
    return r ? { ...u, models: u.models.map((m) => ({ ...m, base: { ...r.base }, heightInches: r.heightInches })) } : u;
  };
  return { ...army, units: army.units.map(fix), ...(army.manifestations ? { manifestations: army.manifestations.map(fix) } : {}) };
}

/**
 * What to remember from the table, unit name → entry (the bases file's shape): every row with a
 * value the player confirmed, edited or loaded from a bases file; its base, and its height unless
 * the height is still a default (then the next import defaults it again, and says so).
 */
export function rememberedEntries(rows: readonly BasesRow[]): Record<string, BaseEntry> {
  const given = (s: ValueSource) => s.kind === 'confirmed' || s.kind === 'file';
  const out: Record<string, BaseEntry> = {};
  for (const r of rows) {
    if (!given(r.baseFrom) && !given(r.heightFrom)) continue;
    out[r.name] = { base: r.base, ...(r.heightFrom.kind !== 'default' ? { heightInches: r.heightInches } : {}) };
  }
  return out;
}

/**
 * Remembered bases as stored (IndexedDB, any JSON): the valid entries only, as a table for the
 * importer. A damaged entry is dropped (the unit then gets its default again, and a warning).
 */
export function rememberedTable(stored: Record<string, unknown>): BaseTable {
  const out = new Map<string, BaseEntry>();
  for (const [name, v] of Object.entries(stored)) {
    const e = v as { base?: unknown; heightInches?: unknown } | null;
    if (!e || typeof e !== 'object') continue;
    const b = BaseSchema.safeParse(e.base);
    if (!b.success) continue;
    const h = e.heightInches;
    const okHeight = typeof h === 'number' && h > 0 && h <= MAX_HEIGHT_INCHES;
    out.set(name, { base: b.data, ...(okHeight ? { heightInches: h } : {}) });
  }
  return out;
}

/**
 * The table as a bases file (`npm run import-army -- FILE --bases THIS`): unit name →
 * `{"base": ..., "heightInches": ...}`, every row (the first row of a name when several units
 * share it), pretty-printed.
 */
export function basesFileText(rows: readonly BasesRow[]): string {
  const out: Record<string, BaseEntry> = {};
  for (const r of rows) if (!(r.name in out)) out[r.name] = { base: r.base, heightInches: r.heightInches };
  return JSON.stringify(out, null, 2) + '\n';
}

/** Largest bases file read in the page, bytes (a bases file of 200 units is about 20 KB). */
export const MAX_BASES_FILE_BYTES = 1024 * 1024;

/**
 * Loads a bases file into the table: each row whose unit name the file gives (exact, else without
 * a trailing parenthesised variant, as the importer looks it up) takes its base, and its height
 * when the file gives one, marked as from the file.
 * @param text The file's text.
 * @param fileName For the marks and errors.
 * @returns the rows and the file's names that match no unit of the table.
 * @throws ArmyImportError naming the file and the entry that is wrong (parseBasesFile).
 */
export function loadBasesFile(rows: readonly BasesRow[], text: string, fileName: string): { rows: BasesRow[]; unused: string[] } {
  const table = parseBasesFile(text, fileName);
  const used = new Set<string>();
  const next = rows.map((r) => {
    const hit = lookupBase(table, r.name);
    if (!hit) return r;
    used.add(hit.key);
    const from: ValueSource = { kind: 'file', file: fileName };
    const h = hit.entry.heightInches;
    return { ...r, base: hit.entry.base, baseFrom: from, ...(h !== undefined ? { heightInches: h, heightFrom: from } : {}) };
  });
  return { rows: next, unused: [...table.keys()].filter((k) => !used.has(k)) };
}

/** A base in the table's words: "32 mm round", "60 × 35 mm oval". */
export function baseLabel(b: Base): string {
  return b.shape === 'round' ? `${b.diameterMm} mm round` : `${b.lengthMm} × ${b.widthMm} mm ${b.shape}`;
}
