/**
 * Reading an army file for a new game, so the page never parses it: Sightline's army format,
 * `import-army`'s own output (`{"army": ..., "warnings": [...]}`, ARMY.md) or a roster export the
 * army importer reads (ARMY.md). The campaign reads its armies the same way (src/campaign/armyFile.ts).
 */
import { importArmy } from '../../army/importArmy';
import type { BaseEntry } from '../../army/bases';
import { parseRoster, type RosterInput } from '../../rules/engine/roster';

/** Answer of {@link readArmyFile} (and of `GameSession.readArmy`). */
export type ArmyFileResult = { ok: true; army: RosterInput; warnings: string[]; source: 'army' | 'roster' } | { ok: false; problems: string[] };

/** Whether `v` looks like Sightline's army format (an object whose `units` carry warscrolls). */
function looksLikeArmy(v: unknown): v is { units: unknown[] } {
  const units = v && typeof v === 'object' ? (v as { units?: unknown }).units : undefined;
  return Array.isArray(units) && units.some((u) => !!u && typeof u === 'object' && 'warscroll' in u);
}

/**
 * The army in a parsed army JSON: Sightline's army format as it is, or the `army` of
 * `import-army`'s output `{"army": <army>, "warnings": ["..."]}` (ARMY.md), with those warnings.
 * @returns `null` when `json` is neither (a roster export, then); otherwise the army checked with
 *   `parseRoster`, or its problems named `FILE: path: message` (`army.` leads the paths inside the
 *   import output).
 */
export function armyOfJson(json: unknown, fileName: string): ({ ok: true; army: RosterInput; warnings: string[] } | { ok: false; problems: string[] }) | null {
  let army: unknown;
  let prefix = '';
  let warnings: string[] = [];
  if (looksLikeArmy(json)) army = json;
  else if (json && typeof json === 'object' && !Array.isArray(json) && looksLikeArmy((json as { army?: unknown }).army)) {
    army = (json as { army: unknown }).army;
    prefix = 'army.';
    const w = (json as { warnings?: unknown }).warnings;
    if (w !== undefined && !(Array.isArray(w) && w.every((x) => typeof x === 'string'))) return { ok: false, problems: [`${fileName}: warnings: expected a list of strings (import-army's output)`] };
    warnings = (w as string[] | undefined) ?? [];
  } else return null;
  const r = parseRoster(army);
  return r.ok ? { ok: true, army: army as RosterInput, warnings: [...warnings] } : { ok: false, problems: r.issues.map((i) => `${fileName}: ${prefix}${i.path}: ${i.message}`) };
}

/**
 * Reads an army file for a new game, here so the page never parses it: Sightline's army format
 * (docs/rules-engine.md, checked with `parseRoster`), `import-army`'s output (its `army`, its
 * `warnings` kept) or a roster export the army importer reads (ARMY.md: `.ros`, `.rosz`, New
 * Recruit `.json`).
 * @param rememberedBases Bases the player set in the app before (unit name → `{base, heightInches?}`,
 *   the `--bases` file's shape), used for a roster export where no other base is given (ARMY.md).
 * @returns the army, the importer's warnings and where it came from (`army`: Sightline's format or
 *   `import-army`'s output, its bases as written; `roster`: an import, bases remembered or default),
 *   or the problem naming the file.
 */
export function readArmyFile(
  bytes: ArrayBuffer | ArrayBufferView,
  fileName: string,
  idPrefix?: string,
  rememberedBases?: Record<string, BaseEntry>,
): ArmyFileResult {
  const data = bytes instanceof ArrayBuffer ? new Uint8Array(bytes) : new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(data));
  } catch {
    // not JSON: a roster export (.ros, .rosz)
  }
  const own = armyOfJson(json, fileName);
  if (own) return own.ok ? { ...own, source: 'army' } : own;
  try {
    const remembered = rememberedBases ? new Map(Object.entries(rememberedBases)) : undefined;
    const r = importArmy(data, fileName, { ...(idPrefix ? { idPrefix } : {}), ...(remembered?.size ? { rememberedBases: remembered } : {}) });
    return { ok: true, army: r.army, warnings: r.warnings, source: 'roster' };
  } catch (e) {
    return { ok: false, problems: [(e as Error).message] };
  }
}
