/**
 * `npm run bench:game` (also part of `npm run bench`): the game on the default battlefield's real
 * Kenney meshes (issue 16 targets), each figure beside a baseline measured in the same process:
 * the same game on a table of boxes, each the axis-aligned bounding box of one piece of the real
 * table (measured from the built World), so the ratio is the price of the real meshes.
 *
 * - starting a game (sample armies, auto set-up; the GLB files parsed once per process, as a
 *   worker does), target 1.5 s;
 * - a shoot declaration (`reduce`: visibility and range checked, attacks rolled), target 20 ms median;
 * - `options` for a unit with 10 enemy units, target 100 ms.
 */
import { performance } from 'node:perf_hooks';
import { readBundledNode } from '../game/node';
import type { RosterInput } from '../rules/engine/roster';
import { reduce } from '../rules/engine/reduce';
import { GameSession as GameApi, type TableGameInput } from '../game/session';
import { hotseatSetup } from '../../workers/gameSetup';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (n: number) => n.toFixed(n < 10 ? 2 : 1);

/** The armies: 200" rifles everywhere (so every visible pair is a candidate), and p2 with 10 units (4 cloned). */
function armies(): TableGameInput['armies'] {
  const base = hotseatSetup(1);
  const rifles = (roster: unknown, extra = 0): RosterInput => {
    const r = structuredClone(roster) as { units: { id: string; name: string; weapons: { range: unknown }[]; models: { id: string; weapons?: string[] }[] }[]; regiments?: { leader: string; units: string[] }[] };
    const clones = r.units.filter((u) => !(u as { warscroll?: { keywords?: string[] } }).warscroll?.keywords?.includes('HERO')).slice(0, extra).map((u) => ({ ...structuredClone(u), id: `${u.id}-b`, name: `${u.name} B`, models: u.models.map((m) => ({ ...m, id: `${m.id}-b` })) }));
    r.units.push(...clones);
    // The clones join as auxiliary units (ArmyComp 2.0).
    if (clones.length) (r as { auxiliaries?: string[] }).auxiliaries = [...((r as { auxiliaries?: string[] }).auxiliaries ?? []), ...clones.map((c) => c.id)];
    for (const u of r.units) {
      u.weapons = [...u.weapons.filter((w) => w.range === 'melee'), { name: 'Long rifle', range: 200, attacks: 1, hit: 4, wound: 4, rend: 0, damage: 1 } as never];
      for (const m of u.models) delete m.weapons;
    }
    return r as unknown as RosterInput;
  };
  return { p1: { ...base.armies.p1, roster: rifles(base.armies.p1.roster) }, p2: { ...base.armies.p2, roster: rifles(base.armies.p2.roster, 4) } };
}

/**
 * The same game on boxes: the same set-up positions, every terrain piece replaced by the
 * axis-aligned bounding box of its triangles in the real game's World (the first battlefield
 * format, which has boxes and cylinders only).
 */
async function boxGame(real: GameApi, input: TableGameInput): Promise<GameApi> {
  const table = real.tableScenario()!;
  const world = (real as unknown as { opened: { world: { terrain: { features: { id: string; type: string; abilities: string[]; pieces: { positions: Float32Array }[] }[] } } } }).opened.world;
  const placement: Record<string, [number, number]> = {};
  for (const u of table.units ?? []) for (const m of u.models) placement[m.id] = [m.position[0], m.position[1]];
  const terrain = world.terrain.features.map((f) => ({
    id: f.id,
    type: f.type as 'obstacle',
    abilities: f.abilities as ('cover' | 'obscuring' | 'impassable' | 'unstable' | 'placeOfPower')[],
    boxes: f.pieces.map((p) => {
      const lo = [Infinity, Infinity, Infinity];
      const hi = [-Infinity, -Infinity, -Infinity];
      for (let i = 0; i < p.positions.length; i++) {
        lo[i % 3] = Math.min(lo[i % 3], p.positions[i]);
        hi[i % 3] = Math.max(hi[i % 3], p.positions[i]);
      }
      return { center: [(lo[0] + hi[0]) / 2, (lo[1] + hi[1]) / 2] as [number, number], size: [hi[0] - lo[0], hi[1] - lo[1], Math.max(1e-3, hi[2] - lo[2])] as [number, number, number], elevation: lo[2] };
    }),
  }));
  const api = new GameApi();
  const r = await api.newGame({
    seed: input.seed,
    rosters: { p1: input.armies.p1.roster, p2: input.armies.p2.roster },
    battlefield: { width: table.battlefield.width, depth: table.battlefield.depth, terrain, objectives: (table.objectives ?? []).map((o) => ({ id: o.id, x: o.position[0], y: o.position[1] })), territories: table.territories, placement },
    territories: { p1: 'south', p2: 'north' },
  });
  if (!r.ok) throw new Error(r.problems.join('\n'));
  return api;
}

async function toShooting(api: GameApi): Promise<void> {
  for (const a of [{ type: 'chooseFirstTurn', player: 'p1', first: 'p1' }, ...Array.from({ length: 3 }, () => ({ type: 'endPhase', player: 'p1' }))]) {
    const r = api.act(a);
    if (!r.ok) throw new Error(r.reason);
  }
}

/**
 * Times of every available shoot declaration of p1 (each from the same state), ms. With `cold`,
 * the World's memo of answers is emptied before each one, as after a model has moved.
 */
function shootTimes(api: GameApi, rounds: number, cold = false): { ms: number[]; declarations: number } {
  const memo = (api as unknown as { opened: { world: { memo: Map<string, unknown> } } }).opened.world.memo;
  const s = api.state();
  const port = (api as unknown as { port: Parameters<typeof reduce>[2] }).port;
  const actions = api.summary().units.filter((u) => u.owner === 'p1').flatMap((u) => {
    const o = api.options(u.id);
    return o.ok ? o.entries.filter((e) => e.group === 'shoot' && e.available).map((e) => e.action) : [];
  });
  const ms: number[] = [];
  for (let k = 0; k < rounds; k++) {
    for (const a of actions) {
      if (cold) memo.clear();
      const t0 = performance.now();
      const r = reduce(s, a, port);
      ms.push(performance.now() - t0);
      if (!r.ok) throw new Error(`${JSON.stringify(a)}: ${r.reason}`);
    }
  }
  return { ms, declarations: actions.length };
}

/** `options` of every p1 unit, `rounds` times: each unit's median, ms. */
function optionsTimes(api: GameApi, rounds: number): Record<string, number> {
  const ids = api.summary().units.filter((u) => u.owner === 'p1').map((u) => u.id);
  const ms: Record<string, number[]> = Object.fromEntries(ids.map((id) => [id, []]));
  for (let k = 0; k < rounds; k++) {
    for (const id of ids) {
      const t0 = performance.now();
      api.options(id);
      ms[id].push(performance.now() - t0);
    }
  }
  return Object.fromEntries(ids.map((id) => [id, Number(fmt(median(ms[id])))]));
}

export async function gameFigures(): Promise<Record<string, unknown>> {
  const input: TableGameInput = { ...hotseatSetup(7), scenario: { ...(hotseatSetup(7).scenario as object), units: [] }, armies: armies() };
  const starts: number[] = [];
  let real = new GameApi({ readBundled: readBundledNode });
  for (let i = 0; i < 4; i++) {
    real = new GameApi({ readBundled: readBundledNode });
    const t0 = performance.now();
    const r = await real.startOnTable(input);
    starts.push(performance.now() - t0);
    if (!r.ok) throw new Error(r.problems.join('\n'));
  }
  const proxyStarts: number[] = [];
  let proxy = await boxGame(real, input);
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    proxy = await boxGame(real, input);
    proxyStarts.push(performance.now() - t0);
  }
  await toShooting(real);
  await toShooting(proxy);
  const enemies = real.summary().units.filter((u) => u.owner === 'p2').length;
  // Warm both (JIT), then measure.
  shootTimes(real, 1);
  shootTimes(proxy, 1);
  const shootReal = shootTimes(real, 5, true);
  const shootProxy = shootTimes(proxy, 5, true);
  const shootRepeated = shootTimes(real, 5);
  optionsTimes(real, 1);
  optionsTimes(proxy, 1);
  const optReal = optionsTimes(real, 7);
  const optProxy = optionsTimes(proxy, 7);
  return {
    table: 'default battlefield (Kenney meshes), sample armies with 200" rifles, p2 with 10 units',
    startMs: { first: Math.round(starts[0]), warmMedian: Math.round(median(starts.slice(1))), boxTableMedian: Math.round(median(proxyStarts)), target: 1500, met: starts[0] <= 1500 },
    shootDeclarationMs: { note: 'each declaration with the memo of answers emptied first (as after a move); repeatedMedian: the same declarations again from unchanged positions', repeatedMedian: Number(fmt(median(shootRepeated.ms))), median: Number(fmt(median(shootReal.ms))), p95: Number(fmt([...shootReal.ms].sort((a, b) => a - b)[Math.floor(shootReal.ms.length * 0.95)])), declarations: shootReal.declarations, boxTableMedian: Number(fmt(median(shootProxy.ms))), ratioToBoxTable: Number(fmt(median(shootReal.ms) / median(shootProxy.ms))), target: 20, met: median(shootReal.ms) <= 20 },
    optionsMs: {
      enemyUnits: enemies,
      perUnitMedian: optReal,
      slowestUnitMedian: Math.max(...Object.values(optReal)),
      boxTablePerUnitMedian: optProxy,
      ratioToBoxTable: Number(fmt(Math.max(...Object.values(optReal)) / Math.max(...Object.values(optProxy)))),
      target: 100,
      met: Math.max(...Object.values(optReal)) <= 100,
    },
  };
}

if (process.argv[1] && /benchGame\.ts$/.test(process.argv[1])) {
  gameFigures().then(
    (f) => console.log(JSON.stringify(f, null, 2)),
    (e) => {
      console.error(e);
      process.exitCode = 1;
    },
  );
}
