/**
 * Reads an army for the campaign from a file's bytes: Sightline's army JSON (checked),
 * `import-army`'s output (`{"army": ..., "warnings": [...]}`) or any roster export the army
 * importer reads (ARMY.md: `.ros`, `.rosz`, New Recruit `.json`). The same reading as the game's
 * (`readArmyFile`, src/game/session/armyFile.ts). Pure (bytes in, no file system).
 *
 * @module
 */
import { readArmyFile } from '../game/session/armyFile';
import type { RosterInput } from '../rules/engine/roster';

/** Result of {@link readArmyBytes}: the army (and the importer's warnings) or every problem. */
export type ArmyFileResult = { ok: true; army: RosterInput; warnings: string[] } | { ok: false; problems: string[] };

/**
 * The army in `bytes` (`where` names the file in messages). Never throws.
 */
export function readArmyBytes(bytes: Uint8Array, where: string): ArmyFileResult {
  const r = readArmyFile(bytes, where);
  return r.ok ? { ok: true, army: r.army, warnings: r.warnings } : r;
}
