/**
 * Reading an army file for a new game, so the page never parses it: Sightline's army format or a
 * roster export the army importer reads (ARMY.md).
 */
import { importArmy } from '../../army/importArmy';
import type { BaseEntry } from '../../army/bases';
import { parseRoster, type RosterInput } from '../../rules/engine/roster';

/** Answer of {@link readArmyFile} (and of `GameSession.readArmy`). */
export type ArmyFileResult = { ok: true; army: RosterInput; warnings: string[]; source: 'army' | 'roster' } | { ok: false; problems: string[] };

/**
 * Reads an army file for a new game, here so the page never parses it: Sightline's army format
 * (docs/rules-engine.md, checked with `parseRoster`) or a roster export the army importer reads
 * (ARMY.md: `.ros`, `.rosz`, New Recruit `.json`).
 * @param rememberedBases Bases the player set in the app before (unit name → `{base, heightInches?}`,
 *   the `--bases` file's shape), used for a roster export where no other base is given (ARMY.md).
 * @returns the army, the importer's warnings and where it came from (`army`: Sightline's format,
 *   its bases as written; `roster`: an import, bases remembered or default), or the problem naming the file.
 */
export function readArmyFile(
  bytes: ArrayBuffer | ArrayBufferView,
  fileName: string,
  idPrefix?: string,
  rememberedBases?: Record<string, BaseEntry>,
): ArmyFileResult {
  const data = bytes instanceof ArrayBuffer ? new Uint8Array(bytes) : new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  try {
    const json = JSON.parse(new TextDecoder().decode(data)) as { units?: unknown[] };
    if (json && Array.isArray(json.units) && json.units.some((u) => !!u && typeof u === 'object' && 'warscroll' in u)) {
      const r = parseRoster(json);
      return r.ok ? { ok: true, army: json as unknown as RosterInput, warnings: [], source: 'army' } : { ok: false, problems: r.issues.map((i) => `${fileName}: ${i.path}: ${i.message}`) };
    }
  } catch {
    // not Sightline's JSON: a roster export
  }
  try {
    const remembered = rememberedBases ? new Map(Object.entries(rememberedBases)) : undefined;
    const r = importArmy(data, fileName, { ...(idPrefix ? { idPrefix } : {}), ...(remembered?.size ? { rememberedBases: remembered } : {}) });
    return { ok: true, army: r.army, warnings: r.warnings, source: 'roster' };
  } catch (e) {
    return { ok: false, problems: [(e as Error).message] };
  }
}
