/**
 * Measure (issue 34, session 36): for every by-hand ability of the fixture rosters, which Effect
 * sentences the parser cannot read, and which unread sentences would complete the most abilities
 * (an ability completes only when every sentence is read). Run: `npx tsx bench/effectShapes.ts [--all]`.
 * The sentence test is approximate: each sentence is parsed alone with the ability's Declare and timing.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { importArmy } from '../src/army/importArmy';
import { abilityRows } from '../src/army/abilityReport';
import { parseEffect } from '../src/rules/abilities/parseEffect';
import { plainRulesText } from '../src/rules/abilities/parseTiming';

const DIR = 'tests/fixtures/rosters/new-recruit';
const known = new Set<string>();
let total = 0;
let auto = 0;
const single = new Map<string, { n: number; names: Set<string> }>(); // the only unread sentence of an ability
const any = new Map<string, number>();
let declareOnly = 0;
const rowsOut: string[] = [];
for (const list of readdirSync(DIR).filter((d) => !d.startsWith('.')).sort()) {
  const r = importArmy(new Uint8Array(readFileSync(join(DIR, list, 'list.json'))), list);
  const kws = new Set<string>();
  for (const u of r.army.units) for (const k of (u as { keywords?: string[] }).keywords ?? []) kws.add(k);
  for (const k of (r.army as { faction?: string }).faction ? [(r.army as { faction?: string }).faction!] : []) kws.add(k.toUpperCase());
  for (const row of abilityRows(r.army)) {
    total++;
    const a = row.ability;
    if (a.resolves !== null) { auto++; continue; }
    if (a.timing.parsed === false) continue;
    const knownKeywords = [...kws, ...known];
    // Declare alone (with a trivially read effect).
    const dOk = parseEffect({ declare: a.declare, effect: a.timing.when === 'passive' ? 'This unit has Ward (6+).' : 'Heal (1) this unit.', timing: a.timing, knownKeywords }).resolves !== null;
    const ss = plainRulesText(a.effect.replace(/\s*[•\u2022]\s*/g, ' \u2022 ')).split(/(?<=[.:])\s+|\s*\u2022\s*/).map((s) => s.trim()).filter((s) => s !== '');
    const unread: string[] = [];
    // When the Declare is not read, test the sentences with a read one (targets of the same side).
    const declare = dOk ? a.declare : /enemy/i.test(a.declare ?? '') ? 'Pick an enemy unit within 12" of this unit to be the target.' : a.declare && /pick/i.test(a.declare) ? 'Pick a friendly unit within 12" of this unit to be the target.' : null;
    // A roll and the sentences that read it ("Roll a dice. On a 2+, ...") are one step.
    const steps: string[] = [];
    for (let i = 0; i < ss.length; i++) {
      if (/:$/.test(ss[i])) continue;
      if (/^(?:then, )?roll (?:a dice|a D3|2D6)/i.test(ss[i]) && i + 1 < ss.length) {
        let step = ss[i];
        while (i + 1 < ss.length && /^(?:on a|if the roll|for each|otherwise)/i.test(ss[i + 1])) step += ' ' + ss[++i];
        steps.push(step);
      } else steps.push(ss[i]);
    }
    for (const s of steps) {
      const ok = parseEffect({ declare, effect: s, timing: a.timing, knownKeywords }).resolves !== null;
      if (!ok) unread.push(s);
    }
    if (!dOk) unread.unshift(`DECLARE: ${a.declare}`);
    if (unread.length === 0) declareOnly++;
    for (const u of unread) any.set(u, (any.get(u) ?? 0) + 1);
    if (unread.length === 1) {
      const e = single.get(unread[0]) ?? { n: 0, names: new Set() };
      e.n++; e.names.add(a.name); single.set(unread[0], e);
    }
    rowsOut.push(`${list} | ${a.name} | ${a.timing.text} | ${unread.length} unread: ${unread.join(' // ')}`);
  }
}
console.log(`${total} abilities, ${auto} auto (${((100 * auto) / total).toFixed(1)}%); by hand with every sentence read alone: ${declareOnly}`);
const top = [...single.entries()].sort((a, b) => b[1].n - a[1].n);
const limit = process.argv.includes('--all') ? top.length : 150;
console.log(`\nUnread sentences that alone keep an ability by hand (${top.length} distinct, ${top.reduce((s, x) => s + x[1].n, 0)} abilities):`);
for (const [s, e] of top.slice(0, limit)) console.log(`${String(e.n).padStart(3)}  ${s.slice(0, 260)}   [${[...e.names].slice(0, 3).join('; ')}]`);
if (process.argv.includes('--rows')) console.log(rowsOut.join('\n'));
if (process.argv.includes('--any')) {
  console.log('\nUnread sentences, counted over every by-hand ability:');
  for (const [s, n] of [...any.entries()].sort((a, b) => b[1] - a[1]).slice(0, 120)) console.log(`${String(n).padStart(3)}  ${s.slice(0, 220)}`);
}
