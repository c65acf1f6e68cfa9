/**
 * Imported ids are unique across units, models and manifestations of an army, so an imported army
 * can be placed on a scenario (SCENARIO.md: ids unique across all ids) and played (GAME.md): a
 * second unit of the same name ("crypt-ghouls-2") once clashed with the first unit's second model.
 */
import { fileURLToPath } from 'node:url';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importArmy } from './importArmy';

const ROOT = fileURLToPath(new URL('../../tests/fixtures/rosters/new-recruit', import.meta.url));
const lists = (() => {
  try {
    return readdirSync(ROOT).filter((d) => !d.startsWith('.'));
  } catch {
    return [];
  }
})();

describe('imported ids', () => {
  it.each(lists)('%s: every unit, model and manifestation id is used once', (list) => {
    const { army } = importArmy(new Uint8Array(readFileSync(join(ROOT, list, 'list.json'))), `${list}/list.json`);
    const a = army as unknown as { units: { id: string; models: { id: string }[] }[]; manifestations?: { id: string; models: { id: string }[] }[] };
    const ids = [...a.units, ...(a.manifestations ?? [])].flatMap((u) => [u.id, ...u.models.map((m) => m.id)]);
    const seen = new Set<string>();
    const twice = ids.filter((id) => (seen.has(id) ? true : (seen.add(id), false)));
    expect(twice).toEqual([]);
    expect(ids.length).toBeGreaterThan(a.units.length);
  });
});
