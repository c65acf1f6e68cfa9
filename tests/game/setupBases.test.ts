/**
 * Issue 35, item 3: no automatic set-up overlaps two bases, for any base. Every real roster of
 * `tests/fixtures/rosters` (player 1, read as the page reads it: `GameApi.readArmy`) against the
 * Skaven sample (player 2), set up automatically on the default
 * battlefield (`startOnTable`, Core 10.1: the same call the page's "Start the battle" makes), with
 * the bases as imported and with every single-model unit on the largest base of all the fixtures
 * (an oval of the largest area: the Mega-Gargants' 120 x 92 mm). Checked twice with the exact
 * ellipse gaps (`footprintGap`):
 * - the game's own table (the saved game's scenario: positions and facings), and
 * - the table the page draws (`gameScenario` over that table, `src/ui/play/gameScenario.ts`): the
 *   page once dropped the facing, so ovals the set-up had turned towards the enemy were drawn
 *   side-on, overlapping, where the game had them apart.
 * Core 1.2 / 10.1: models are set up on the battlefield, and bases never overlap (Core 15.0: "a
 * model cannot move through ... other models").
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { footprintFromBase, type BaseMm } from '../../src/geometry/footprint';
import { footprintGap } from '../../src/geometry/footprintGap';
import { readBundledNode } from '../../src/game/node';
import { GameApi } from '../../src/game/session';
import { drawnModels, gameScenario } from '../../src/ui/play/gameScenario';
import { defaultBundledMeshes, sampleRosters, sampleTable } from '../../workers/gameSetup';

const ROSTERS = new URL('../fixtures/rosters/new-recruit/', import.meta.url).pathname;
const LISTS = readdirSync(ROSTERS, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();

type RosterBase = { shape: 'round'; diameterMm: number } | { shape: 'oval'; lengthMm: number; widthMm: number };
interface Roster {
  units: { id: string; models: { id: string; base: RosterBase }[] }[];
}
interface TableModel {
  id: string;
  base: BaseMm;
  position: [number, number];
  facing?: number;
}
interface Table {
  units?: { id: string; models: TableModel[] }[];
}

const area = (b: RosterBase) => (b.shape === 'round' ? b.diameterMm * b.diameterMm : b.lengthMm * b.widthMm);

const readOnce = new Map<string, Roster>();

/**
 * The roster as the page reads it, read once per list in this file (the largest base, then both
 * variants); each call returns its own copy, which the caller may change.
 */
function read(list: string): Roster {
  let army = readOnce.get(list);
  if (!army) {
    const r = new GameApi({ readBundled: readBundledNode }).readArmy(readFileSync(`${ROSTERS}${list}/list.ros`), 'list.ros');
    if (!r.ok) throw new Error(`${list}: ${r.problems.join('; ')}`);
    army = r.army as unknown as Roster;
    readOnce.set(list, army);
  }
  return structuredClone(army);
}

/** The largest base of every fixture roster (by area). */
function largestBase(): RosterBase {
  let best: RosterBase = { shape: 'round', diameterMm: 25 };
  for (const list of LISTS) for (const u of read(list).units) for (const m of u.models) if (area(m.base) > area(best)) best = m.base;
  return best;
}

/** Pairs of models whose bases overlap (exact gaps), as "a / b (gap)". */
function overlaps(models: readonly TableModel[]): string[] {
  const fps = models.map((m) => ({ id: m.id, f: footprintFromBase(m.base, m.position, m.facing ?? 0) }));
  const out: string[] = [];
  for (let i = 0; i < fps.length; i++) {
    for (let j = i + 1; j < fps.length; j++) {
      const [a, b] = [fps[i], fps[j]];
      if (Math.hypot(a.f.x - b.f.x, a.f.y - b.f.y) > a.f.semiMajor + b.f.semiMajor) continue;
      const g = footprintGap(a.f, b.f);
      if (g.overlapping || g.signedInches < 0) out.push(`${a.id} / ${b.id} (${g.signedInches.toFixed(3)}")`);
    }
  }
  return out;
}

/** Starts the roster (p1) against the Skaven sample as the page does; returns the game's table and the page's drawing of it. */
async function setUp(p1: Roster): Promise<{ game: TableModel[]; page: TableModel[] } | string> {
  const api = new GameApi({ readBundled: readBundledNode });
  const rosters = { p1: p1 as never, p2: sampleRosters().p2 };
  const started = await api.startOnTable({ seed: 7, scenario: sampleTable({}, rosters), bundled: defaultBundledMeshes(), armies: { p1: { army: 'south', roster: rosters.p1 }, p2: { army: 'north', roster: rosters.p2 } } });
  if (!started.ok) return started.problems.join('; ');
  const table = api.save().table.scenario as Table;
  const game = (table.units ?? []).flatMap((u) => u.models);
  const drawn = gameScenario({ ...table, units: [] }, api.state(), api.summary(), drawnModels(table as never)) as Table;
  return { game, page: (drawn.units ?? []).flatMap((u) => u.models) };
}

describe('automatic set-up of every fixture roster: no two bases overlap (issue 35, item 3)', () => {
  const largest = largestBase();
  /** The set-ups refused for want of room (a clear reason, never an overlap). */
  const refused: string[] = [];
  it('the largest base of the fixtures is an oval (the Mega-Gargants\' 120 x 92 mm)', () => {
    expect(largest).toEqual({ shape: 'oval', lengthMm: 120, widthMm: 92 });
  });
  for (const list of LISTS) {
    for (const variant of ['as imported', 'largest bases'] as const) {
      it(`${list}, ${variant}: the game's table and the page's drawing of it`, { timeout: 240_000 }, async () => {
        const roster = read(list);
        let ovals = 0;
        if (variant === 'largest bases') {
          for (const u of roster.units) if (u.models.length === 1) u.models[0].base = { ...largest };
        }
        for (const u of roster.units) for (const m of u.models) if (m.base.shape === 'oval') ovals++;
        const r = await setUp(roster);
        // A roster too big for its territory is refused with a clear reason (never set up overlapping).
        if (typeof r === 'string') {
          expect(r).toMatch(/no room to set up unit/);
          refused.push(`${list}, ${variant}`);
          return;
        }
        expect(r.game.length).toBeGreaterThan(0);
        expect(overlaps(r.game)).toEqual([]);
        expect(r.page.length).toBe(r.game.length);
        expect(overlaps(r.page)).toEqual([]);
        // The page draws every base at its size and facing as the game has it.
        const byId = new Map(r.game.map((m) => [m.id, m]));
        for (const m of r.page) {
          const g = byId.get(m.id)!;
          expect([m.base, m.position, m.facing ?? 0]).toEqual([g.base, g.position, g.facing ?? 0]);
        }
        if (variant === 'largest bases') expect(ovals).toBeGreaterThan(0);
      });
    }
  }
  it('the Sons of Behemat list (seven Mega-Gargants on 120 x 92 mm ovals) and most rosters are set up, not refused', () => {
    expect(refused.filter((r) => r.startsWith('sob-'))).toEqual([]);
    // "All units" lists larger than a territory are refused with a reason; most rosters as imported are set up.
    expect(refused.filter((r) => r.endsWith('as imported')).length, refused.join('; ')).toBeLessThanOrEqual(LISTS.length / 2);
  });
});
