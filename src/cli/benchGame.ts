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
 *
 * Moves near terrain (issue 28), {@link moveFigures}: 20 Clanrats (25 mm bases) in two ranks of
 * ten north of the command tower (a 6" tall mesh, 1.9" x 2.1"), the whole unit dropped 7.1" south
 * so that it ends round the tower, as the Play page sends it: every model's shortest path in one
 * `shortestPaths` call (its unit-mates not obstacles, keeping out of the enemy's combat ranges),
 * then the engine's verdict on the `move` with those paths (`reduce`, from the same state each
 * time). Baselines in the same process and state: the old per-model path (one `shortestPath`
 * query per model, the table validated with each, {@link DropMode}), and the same unit dropped
 * 7.1" east across open ground (every path the straight line). Targets: the drop 150 ms median, a live drag update (one
 * model's `shortestPath` while it is dragged across the tower) 16 ms median. Then starting a
 * battle with a 100-model imported army (automatic set-up), target 2 s, and reading a roster
 * export, target 1 s after the first.
 */
import { performance } from 'node:perf_hooks';
import { readBundledNode } from '../game/node';
import type { RosterInput } from '../rules/engine/roster';
import { reduce } from '../rules/engine/reduce';
import { GameSession as GameApi, type TableGameInput } from '../game/session';
import { answerQuery } from '../scenario/answer';
import { parseScenario } from '../scenario/validate';
import { portView } from '../rules/engine/core';
import { TerrainCache } from '../game/terrainCache';
import { defaultBundledMeshes, hotseatSetup, sampleRosters } from '../../workers/gameSetup';
import defaultScenario from '../../assets/scenarios/default.json';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
/** This process's CPU time, ms (user + system): with the machine shared, a figure that waiting for a core does not inflate. */
const cpuMs = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};
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

/** The clanrats' formation: two ranks of ten, 1.1" apart, north of the command tower (x 35.07-36.93, y 11.93-14.07). */
export const RANKS: [number, number][] = Array.from({ length: 20 }, (_, i) => [36 + ((i % 10) - 4.5) * 1.1, 17 + Math.floor(i / 10) * 1.1]);

/**
 * The sample battle with the Skaven Clanrats (20 models) in {@link RANKS} and Move 10 (so the
 * whole drop is one Normal Move), two Stormcast units moved out of the way, in p2's movement phase.
 */
export async function towerGame(): Promise<GameApi> {
  const api = new GameApi({ readBundled: readBundledNode });
  const r = await api.startOnTable(towerSetup());
  if (!r.ok) throw new Error(r.problems.join('\n'));
  for (const a of [{ type: 'chooseFirstTurn', player: 'p1', first: 'p2' }, { type: 'endPhase', player: 'p2' }, { type: 'endPhase', player: 'p2' }]) {
    const x = api.act(a);
    if (!x.ok) throw new Error(x.reason);
  }
  return api;
}

/** The set-up of {@link towerGame} (before the first-turn choice): the sample battle (seed 7) with the Clanrats in {@link RANKS}, Move 10. */
export function towerSetup(): TableGameInput {
  const input = hotseatSetup(7);
  const sc = input.scenario as { units: { id: string; models: { position: [number, number] }[] }[] };
  for (const u of sc.units) {
    if (u.id === 'sk-clanrats') u.models.forEach((m, i) => (m.position = RANKS[i]));
    if (u.id === 'sce-judicators' || u.id === 'sce-prosecutors') u.models.forEach((m, i) => (m.position = [20 + 2 * i, u.id === 'sce-judicators' ? 1.5 : 4]));
  }
  const p2 = input.armies.p2.roster as unknown as { units: { id: string; warscroll: { move: number } }[] };
  p2.units.find((u) => u.id === 'sk-clanrats')!.warscroll.move = 10;
  return input;
}

type Route = { ok: true; answer: { value: number | null; path?: [number, number][]; straight?: boolean } } | { ok: false; problems: string[] };

/**
 * How a drop asks for its paths: `batch`, the whole unit in one `shortestPaths` call (the Play page
 * since issue 28's batch); `perModel`, one `shortestPath` query per model as the page asked before
 * it, each query validating the whole table again as the session's `query` did before then
 * (commit 4cd0c2f: `parseScenario` of the table scenario with the query, then `answerQuery`).
 */
export type DropMode = 'batch' | 'perModel';

/** The session's `query` before issue 28's batch: the table scenario built and validated with every query. */
function queryValidatingTable(api: GameApi, q: unknown): Route {
  const opened = (api as unknown as { opened: { world: Parameters<typeof answerQuery>[0] } }).opened;
  const port = (api as unknown as { port: { sync: (v: ReturnType<typeof portView>) => void } }).port;
  port.sync(portView(api.state()));
  const v = parseScenario({ ...api.tableScenario()!, queries: [q] });
  if (!v.ok) return v;
  return { ok: true, answer: answerQuery(opened.world, v.scenario, v.scenario.queries![0]) as Route extends { answer: infer A } ? A : never };
}

/**
 * One whole-unit drop by (dx, dy), as the Play page sends it: every model's shortest path (in one
 * batch, or one query per model), then the engine's verdict on the move (from the current state;
 * nothing is committed). Returns its time, ms, the verdict and the paths' costs.
 */
export function drop(api: GameApi, ids: string[], dx: number, dy: number, mode: DropMode = 'batch'): { ms: number; cpu: number; ok: boolean; reason?: string; inches: (number | null)[]; detours: number } {
  const port = (api as unknown as { port: Parameters<typeof reduce>[2] }).port;
  const c0 = cpuMs();
  const t0 = performance.now();
  const goals: Record<string, [number, number]> = {};
  ids.forEach((id, i) => (goals[id] = [Math.round((RANKS[i][0] + dx) * 1000) / 1000, Math.round((RANKS[i][1] + dy) * 1000) / 1000]));
  let routes: Record<string, Route>;
  if (mode === 'batch') {
    const b = api.shortestPaths(goals, { ignoreUnit: true, avoidCombat: true });
    if (!b.ok) throw new Error(b.problems.join('\n'));
    routes = b.answers as Record<string, Route>;
  } else {
    routes = Object.fromEntries(ids.map((id) => [id, queryValidatingTable(api, { id: 'route', kind: 'shortestPath', model: id, to: goals[id], ignoreUnit: true, avoidCombat: true })]));
  }
  const paths: Record<string, [number, number][]> = {};
  const inches: (number | null)[] = [];
  let detours = 0;
  for (const id of ids) {
    const r = routes[id];
    const value = r.ok ? r.answer.value : null;
    inches.push(value);
    if (r.ok && r.answer.straight === false) detours++;
    paths[id] = r.ok && value !== null ? r.answer.path!.slice(1) : [goals[id]];
  }
  const v = reduce(api.state(), { type: 'move', player: 'p2', unitId: 'sk-clanrats', kind: 'normal', paths }, port);
  const ms = performance.now() - t0;
  const cpu = cpuMs() - c0;
  // reduce worked on the port: put it back at the state's positions.
  api.query({ id: 'sync', kind: 'distance', from: ids[0], to: ids[1] });
  return { ms, cpu, ok: v.ok, ...(v.ok ? {} : { reason: v.reason }), inches, detours };
}

/** Issue 28's move figures (see the module comment). */
export async function moveFigures(rounds = 7): Promise<Record<string, unknown>> {
  const api = await towerGame();
  const ids = api.summary().units.find((u) => u.id === 'sk-clanrats')!.aliveModelIds;
  const first = drop(api, ids, 0, -7.1);
  drop(api, ids, 0, -7.1, 'perModel');
  const tower: number[] = [];
  const towerCpu: number[] = [];
  const perModel: number[] = [];
  const perModelCpu: number[] = [];
  const open: number[] = [];
  const openCpu: number[] = [];
  let last = first;
  let lastPerModel = first;
  for (let k = 0; k < rounds; k++) {
    last = drop(api, ids, 0, -7.1);
    tower.push(last.ms);
    towerCpu.push(last.cpu);
    lastPerModel = drop(api, ids, 0, -7.1, 'perModel');
    perModel.push(lastPerModel.ms);
    perModelCpu.push(lastPerModel.cpu);
    const o = drop(api, ids, 7.1, 0);
    open.push(o.ms);
    openCpu.push(o.cpu);
  }
  if (!last.ok) throw new Error(`the drop round the tower was refused: ${last.reason}`);
  if (JSON.stringify(last.inches) !== JSON.stringify(lastPerModel.inches)) throw new Error(`the batch's paths differ from the per-model queries': ${last.inches} vs ${lastPerModel.inches}`);
  // A live drag: model 5 (the west end of the tower's column) pulled from its place to its goal
  // south of the tower in 24 pointer positions (some inside the tower: refused at once), each
  // answered by one shortestPath query; the same pull east across open ground as the baseline.
  const dragCpu: number[] = [];
  const drag = (dx: number, dy: number, cpu?: number[]): number[] =>
    Array.from({ length: 24 }, (_, k) => {
      const f = (k + 1) / 24;
      const to: [number, number] = [Math.round((RANKS[4][0] + f * dx) * 1000) / 1000, Math.round((RANKS[4][1] + f * dy) * 1000) / 1000];
      const c0 = cpuMs();
      const t0 = performance.now();
      api.query({ id: 'drag', kind: 'shortestPath', model: ids[4], to, ignoreUnit: true, avoidCombat: true });
      cpu?.push(cpuMs() - c0);
      return performance.now() - t0;
    });
  drag(0, -7.1);
  drag(7.1, 0);
  const dragTower: number[] = [];
  const dragOpen: number[] = [];
  for (let k = 0; k < Math.min(3, rounds); k++) {
    dragTower.push(...drag(0, -7.1, dragCpu));
    dragOpen.push(...drag(7.1, 0));
  }
  return {
    unitDropMs: {
      note: '20 Clanrats dropped 7.1" south round the command tower: every model\'s path in one shortestPaths call, then the engine verdict (reduce of the move); baseline: the old per-model path (one shortestPath query per model, the table validated with each), same process and state',
      first: Number(fmt(first.ms)),
      median: Number(fmt(median(tower))),
      cpuMedian: Number(fmt(median(towerCpu))),
      perModelMedian: Number(fmt(median(perModel))),
      perModelCpuMedian: Number(fmt(median(perModelCpu))),
      ratioToPerModel: Number(fmt(median(perModel) / median(tower))),
      openGroundMedian: Number(fmt(median(open))),
      openGroundCpuMedian: Number(fmt(median(openCpu))),
      detours: last.detours,
      pathInches: last.inches,
      verdict: last.ok ? 'accepted' : last.reason,
      target: 150,
      met: median(tower) <= 150,
      metOnCpuTime: median(towerCpu) <= 150,
    },
    dragUpdateMs: {
      note: 'one model pulled across the tower in 24 pointer positions, one shortestPath query each',
      median: Number(fmt(median(dragTower))),
      cpuMedian: Number(fmt(median(dragCpu))),
      p95: Number(fmt([...dragTower].sort((a, b) => a - b)[Math.floor(dragTower.length * 0.95)])),
      openGroundMedian: Number(fmt(median(dragOpen))),
      ratioToOpenGround: Number(fmt(median(dragTower) / median(dragOpen))),
      target: 16,
      met: median(dragTower) <= 16,
      metOnCpuTime: median(dragCpu) <= 16,
    },
  };
}

/** The real roster export the start and import figures use: 104 models (Nighthaunt, every unit). */
const BIG_ROSTER = 'tests/fixtures/rosters/new-recruit/nh-001-all-units/list.ros';

/**
 * Starting a battle with a 100-model imported army (issue 28): the roster export read by the game
 * (`readArmy`, as the page's worker does) and started on the default battlefield against the
 * sample Skaven, every unit set up automatically (Core 10.1). Baselines in the same process: the
 * sample battle's start (its units placed by the scenario, no automatic set-up), and the same
 * 100-model start on a cold table (a session with its own empty `TerrainCache`, so the table's
 * terrain index is built again, as every start did before the index was shared). CPU times
 * (`process.cpuUsage`) beside the wall times: the machine is shared.
 */
export async function startFigures(rounds = 3): Promise<Record<string, unknown>> {
  const bytes = new Uint8Array(readFileSync(fileURLToPath(new URL(`../../${BIG_ROSTER}`, import.meta.url))));
  const reads: number[] = [];
  const starts: number[] = [];
  const startsCpu: number[] = [];
  const coldStarts: number[] = [];
  const coldStartsCpu: number[] = [];
  const samples: number[] = [];
  const preparedStarts: number[] = [];
  let models = 0;
  for (let k = 0; k <= rounds; k++) {
    const api = new GameApi({ readBundled: readBundledNode });
    let t0 = performance.now();
    const army = api.readArmy(bytes, 'list.ros');
    reads.push(performance.now() - t0);
    if (!army.ok) throw new Error(army.problems.join('\n'));
    models = (army.army as unknown as { units: { models: unknown[] }[] }).units.reduce((n, u) => n + u.models.length, 0);
    const input = () => ({ seed: 3, scenario: { ...(structuredClone(defaultScenario) as object), units: [] }, bundled: defaultBundledMeshes(), armies: { p1: { army: 'south', roster: army.army }, p2: { army: 'north', roster: sampleRosters().p2 } } });
    let c0 = cpuMs();
    t0 = performance.now();
    const r = await api.startOnTable(input());
    starts.push(performance.now() - t0);
    startsCpu.push(cpuMs() - c0);
    if (!r.ok) throw new Error(r.problems.join('\n'));
    const cold = new GameApi({ readBundled: readBundledNode, terrainCache: new TerrainCache() });
    c0 = cpuMs();
    t0 = performance.now();
    const rc = await cold.startOnTable(input());
    coldStarts.push(performance.now() - t0);
    coldStartsCpu.push(cpuMs() - c0);
    if (!rc.ok || cold.hash() !== api.hash()) throw new Error('the cold-table start differs');
    // The battlefield built ahead (`prepareTable`, as the New battle dialog asks while the armies
    // are chosen), then the start on it: the start's own part (session 38).
    const ahead = new GameApi({ readBundled: readBundledNode, terrainCache: new TerrainCache() });
    const { armies: _a, seed: _s, ...table } = input();
    await ahead.prepareTable(table);
    t0 = performance.now();
    const rp = await ahead.startOnTable(input());
    preparedStarts.push(performance.now() - t0);
    if (!rp.ok || ahead.hash() !== api.hash()) throw new Error('the start on a table built ahead differs');
    const sample = new GameApi({ readBundled: readBundledNode });
    t0 = performance.now();
    const s = await sample.startOnTable(hotseatSetup(3));
    samples.push(performance.now() - t0);
    if (!s.ok) throw new Error(s.problems.join('\n'));
  }
  const warm = median(starts.slice(1));
  return {
    roster: `${BIG_ROSTER} (${models} models), automatic set-up on the default battlefield`,
    startMs: {
      first: Math.round(starts[0]),
      warmMedian: Math.round(warm),
      warmCpuMedian: Math.round(median(startsCpu.slice(1))),
      sampleBattleMedian: Math.round(median(samples.slice(1))),
      ratioToSampleBattle: Number(fmt(warm / median(samples.slice(1)))),
      coldTableMedian: Math.round(median(coldStarts.slice(1))),
      coldTableCpuMedian: Math.round(median(coldStartsCpu.slice(1))),
      ratioToColdTable: Number(fmt(warm / median(coldStarts.slice(1)))),
      /** The start on a battlefield built ahead (`prepareTable`), median, and its ratio to the cold-table start. */
      preparedTableMedian: Math.round(median(preparedStarts.slice(1))),
      ratioPreparedToColdTable: Number(fmt(median(preparedStarts.slice(1)) / median(coldStarts.slice(1)))),
      target: 2000,
      met: starts[0] <= 2000,
    },
    readArmyMs: { first: Math.round(reads[0]), afterFirstMedian: Math.round(median(reads.slice(1))), target: 1000, met: median(reads.slice(1)) <= 1000 },
  };
}

if (process.argv[1] && /benchGame\.ts$/.test(process.argv[1])) {
  const only = process.env.BENCH_GAME_ONLY;
  (only === 'move' ? moveFigures(Number(process.env.BENCH_GAME_ROUNDS ?? 7)) : only === 'start' ? startFigures() : gameFigures().then(async (f) => ({ ...f, moves: await moveFigures(), armyStart: await startFigures() }))).then(
    (f) => console.log(JSON.stringify(f, null, 2)),
    (e) => {
      console.error(e);
      process.exitCode = 1;
    },
  );
}
