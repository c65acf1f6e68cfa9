/**
 * Issue 28, item 10: no internal ids or engine words reach players. A scripted battle between an
 * imported real roster (tests/fixtures/rosters, Stormcast Eternals "sce-001-minimal", .ros) and
 * the sample Skaven on the default battlefield, through battle round 1: every log line, every
 * option label and every refusal is scanned for the game's ids (units, models, terrain,
 * objectives' and faction terrain ids, spells, prayers, commands, battle tactics) and for
 * camelCase engine words ("forwardToVictory", "arcaneBolt").
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { importArmy } from '../../src/army/importArmy';
import { readBundledNode } from '../../src/game/node';
import { playerDictionary, playerWords } from '../../src/game/playerWords';
import { COMMANDS } from '../../src/rules/engine/state';
import { PRAYERS, SPELLS } from '../../src/rules/engine/magic';
import { TACTICS } from '../../src/rules/engine/tactics';
import { GameApi, type OptionEntry } from '../../src/game/session';
import { defaultBundledMeshes, sampleRosters } from '../../workers/gameSetup';

const DEFAULT = JSON.parse(readFileSync(new URL('../../assets/scenarios/default.json', import.meta.url), 'utf8'));
const ROSTER = new URL('../fixtures/rosters/new-recruit/sce-001-minimal/list.ros', import.meta.url);

const TOKEN = /[A-Za-z0-9_](?:[A-Za-z0-9_.:/-]*[A-Za-z0-9_])?/g;

describe('players read names, not ids (issue 28)', () => {
  it('the words of a text: unit "id" → its name; ids, commands, spells and tactics in words', () => {
    const api = new GameApi({ readBundled: readBundledNode });
    return api.startOnTable({ scenario: structuredClone(DEFAULT), bundled: defaultBundledMeshes(), armies: { p1: { army: 'south', roster: sampleRosters().p1 }, p2: { army: 'north', roster: sampleRosters().p2 } }, seed: 3 }).then((r) => {
      if (!r.ok) throw new Error(r.problems.join('\n'));
      const d = playerDictionary(api.state());
      expect(playerWords('unit "sk-clawlord" has not declared a run this phase', d)).toBe('Clawlord has not declared a run this phase');
      expect(playerWords('p1 spends 1 CP on forwardToVictory', d)).toBe('p1 spends 1 CP on Forward to Victory');
      expect(playerWords('Battle tactic: Slay the Entourage (sk-clawlord)', d)).toBe('Battle tactic: Slay the Entourage (Clawlord)');
      expect(playerWords('p2 attempts slayTheEntourage:sk-clawlord', d)).toBe('p2 attempts Slay the Entourage (Clawlord)');
      expect(playerWords('cast arcaneBolt', d)).toBe('cast Arcane Bolt (generic)');
    });
  });

  it('a scripted battle with an imported roster: no log line, option or refusal carries an id or engine word', { timeout: 300_000 }, async () => {
    const { army } = importArmy(new Uint8Array(readFileSync(ROSTER)), 'sce-001-minimal/list.ros');
    const api = new GameApi({ readBundled: readBundledNode });
    const r = await api.startOnTable({ scenario: structuredClone(DEFAULT), bundled: defaultBundledMeshes(), armies: { p1: { army: 'south', roster: army }, p2: { army: 'north', roster: sampleRosters().p2 } }, seed: 11 });
    if (!r.ok) throw new Error(r.problems.join('\n'));
    const s0 = api.state();
    const table = api.tableScenario()!;
    const ids = new Set<string>([
      ...Object.keys(s0.units),
      ...(['p1', 'p2'] as const).flatMap((p) => s0.players[p].roster.units.flatMap((u) => u.models.map((m) => m.id))),
      ...(table.terrain ?? []).map((t) => t.id),
      ...Object.keys(SPELLS),
      ...Object.keys(PRAYERS),
      ...Object.keys(COMMANDS).filter((c) => /[A-Z]/.test(c)),
      ...TACTICS,
    ]);
    const texts: string[] = [];
    const scan = (where: string, text: string) => {
      texts.push(text);
      for (const t of text.match(TOKEN) ?? []) {
        expect(ids.has(t), `${where}: "${text}" names "${t}"`).toBe(false);
        expect(/^[a-z]+[A-Z][A-Za-z]*$/.test(t), `${where}: "${text}" has the engine word "${t}"`).toBe(false);
      }
    };
    const scanEntries = (where: string, es: OptionEntry[]) => es.forEach((e) => { scan(`${where} label`, e.label); if (e.reason) scan(`${where} reason`, e.reason); });
    const done = new Set<string>();
    const GROUPS = /^(shoot|shootProfile|fight|cast:|command:|charge|run$|rollMove|placeOfPower|tactic|unbind)/;
    for (let step = 0; step < 150; step++) {
      const sum = api.summary();
      if (sum.stage === 'ended' || sum.round > 1) break;
      const general = api.generalOptions();
      scanEntries('general', general);
      const pass = general.find((e) => e.available && ['pass', 'firstTurn', 'spendRally'].includes(e.group));
      let act: OptionEntry | undefined = pass;
      if (!act) {
        for (const u of Object.keys(api.state().units)) {
          const o = api.options(u);
          if (!o.ok) continue;
          scanEntries(`options(${u})`, [...o.entries, ...o.general]);
          const key = (e: OptionEntry) => `${sum.round}|${sum.active}|${sum.phase}|${u}|${e.group}`;
          act ??= o.entries.find((e) => e.available && !e.drag && GROUPS.test(e.group) && !done.has(key(e)) && o.player === sum.active);
          if (act) done.add(key(act));
        }
        // A refused action: its reason is read too.
        const refused = api.act({ type: 'charge', player: sum.active === 'p1' ? 'p2' : 'p1', unitId: Object.keys(api.state().units)[0] });
        if (!refused.ok) scan('refusal', refused.reason);
        act ??= general.find((e) => e.available && e.group === 'endPhase');
      }
      if (!act) break;
      const res = api.act(act.action);
      if (!res.ok) scan('refusal', res.reason);
      else res.lines.forEach((l) => scan('log', l.text));
    }
    api.log().forEach((l) => scan('log', l.text));
    // The battle went somewhere: a round, phases, the imported units by name.
    expect(api.summary().round).toBe(2); // battle round 1 played through
    const all = texts.join('\n');
    for (const u of army.units) expect(all).toContain(u.name);
    expect(texts.length).toBeGreaterThan(200);
  });
});
