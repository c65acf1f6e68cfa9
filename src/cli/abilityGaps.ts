/**
 * What keeps abilities "by hand" (issue 34 measure): for every ability of the fixture rosters
 * (`tests/fixtures/rosters/new-recruit`) that the engine does not resolve, the first part of its
 * Declare or Effect the parser did not read, grouped into a few shapes and ranked by how many
 * abilities each blocks. `npx tsx src/cli/abilityGaps.ts [--all]` (`--all`: every unread part).
 *
 * @module
 */

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { importArmy } from '../army/importArmy';
import { abilityRows } from '../army/abilityReport';
import { parseEffect } from '../rules/abilities/parseEffect';
import { readDeclareText } from '../rules/abilities/parseDeclare';

const ROSTERS = fileURLToPath(new URL('../../tests/fixtures/rosters/new-recruit', import.meta.url));

interface Gap { list: string; holder: string; name: string; side: 'declare' | 'effect'; unparsed: string; /** The Declare is the only part not read: the Effect reads with a plain pick. */ declareOnly?: boolean }

const gaps: Gap[] = [];
let total = 0;
for (const list of readdirSync(ROSTERS).filter((d) => !d.startsWith('.')).sort()) {
  const r = importArmy(new Uint8Array(readFileSync(join(ROSTERS, list, 'list.json'))), `${list}/list.json`);
  const known = new Set<string>();
  for (const u of r.army.units) for (const k of u.warscroll.keywords ?? []) known.add(k);
  known.add(r.army.faction.toUpperCase());
  const names = [...new Set(r.army.units.map((u) => u.name))];
  for (const row of abilityRows(r.army)) {
    total++;
    const a = row.ability;
    if (a.resolves !== null) continue;
    let side: Gap['side'] = 'effect';
    try {
      readDeclareText(a.declare, known, a.timing, names);
    } catch {
      side = 'declare';
    }
    const p = parseEffect({ declare: a.declare, effect: a.effect, timing: a.timing, knownKeywords: known, unitNames: names });
    let declareOnly = false;
    if (side === 'declare') {
      const stand = ['Pick an enemy unit to be the target.', 'Pick a friendly unit to be the target.', 'Pick up to 3 enemy units to be the targets.', null];
      declareOnly = stand.some((d) => parseEffect({ declare: d, effect: a.effect, timing: a.timing, knownKeywords: known }).resolves !== null);
    }
    // Read whole, yet by hand: the timing, a lore no WIZARD / PRIEST of the army can use (kept on the army), or the importer's named-weapon check.
    const lore = row.holder === '(army)' && (a.source === 'spell' || a.source === 'prayer');
    gaps.push({ list, holder: row.holder, name: a.name, side, declareOnly, unparsed: p.unparsed ?? (a.timing.parsed === false ? '(timing)' : lore ? '(a lore spell or prayer no unit of the army can use)' : '(weapon name or other importer check)') });
  }
}

console.log(`${total} abilities, ${gaps.length} by hand; first unread part on the Declare side: ${gaps.filter((g) => g.side === 'declare').length}, of which the Effect reads with a plain pick: ${gaps.filter((g) => g.declareOnly).length}`);
console.log('count, of which only the Declare is unread, first unread part');
const bySide = new Map<string, Gap[]>();
for (const g of gaps) {
  const key = `${g.side}: ${g.unparsed.slice(0, 160)}`;
  bySide.set(key, [...(bySide.get(key) ?? []), g]);
}
const ranked = [...bySide.entries()].sort((a, b) => b[1].length - a[1].length);
for (const [k, gs] of ranked) {
  if (process.argv.includes('--all') || gs.length > 1 || k.startsWith('declare')) console.log(`${String(gs.length).padStart(3)} ${String(gs.filter((g) => g.declareOnly).length).padStart(3)}  ${k}   [${[...new Set(gs.map((g) => g.name))].slice(0, 3).join('; ')}]`);
}
