/**
 * Reads an army for the campaign from a file's bytes: Sightline's army JSON (checked), or any
 * roster export the army importer reads (ARMY.md: `.ros`, `.rosz`, New Recruit `.json`). The same
 * reading as the game's new-battle dialog. Pure (bytes in, no file system).
 *
 * @module
 */
import { importArmy } from '../army/importArmy';
import { parseRoster, type RosterInput } from '../rules/engine/roster';

/** Result of {@link readArmyBytes}: the army (and the importer's warnings) or every problem. */
export type ArmyFileResult = { ok: true; army: RosterInput; warnings: string[] } | { ok: false; problems: string[] };

/**
 * The army in `bytes` (`where` names the file in messages). Never throws.
 */
export function readArmyBytes(bytes: Uint8Array, where: string): ArmyFileResult {
  try {
    const json = JSON.parse(new TextDecoder().decode(bytes)) as { units?: unknown[] };
    if (json && Array.isArray(json.units) && json.units.some((u) => !!u && typeof u === 'object' && 'warscroll' in u)) {
      const r = parseRoster(json);
      return r.ok ? { ok: true, army: json as unknown as RosterInput, warnings: [] } : { ok: false, problems: r.issues.map((i) => `${where}: ${i.path}: ${i.message}`) };
    }
  } catch {
    // not Sightline's JSON: a roster export
  }
  try {
    const r = importArmy(bytes, where);
    return { ok: true, army: r.army, warnings: r.warnings };
  } catch (e) {
    return { ok: false, problems: [(e as Error).message] };
  }
}
