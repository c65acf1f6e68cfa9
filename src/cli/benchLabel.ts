/**
 * `npx tsx src/cli/benchLabel.ts`: the whole unit's live drag label at the engine (issue 35 item 6).
 * The bench's 20 Clanrats north of the command tower ({@link towerGame}) dragged 7.1" south in 12
 * steps, as the Play page asks while dragging: per step one `GameSession.shortestPaths` call with
 * every model's drop point (the dragged point's offset applied to each model, `dropPoints`), its
 * unit-mates not obstacles, keeping out of the enemy's combat ranges. Figures: the median call per
 * step (wall and CPU), its p90, the slowest step, and the same steps across open ground (7.1" east)
 * as the baseline in the same process. Each round's steps are shifted by a few thousandths of an
 * inch so no goal repeats. The label's call asks
 * `orStraight` (a model with no path answered by its straight line when the engine would accept it),
 * as the page does. `BENCH_LABEL_PROFILE=1` runs the tower steps only (for `node --cpu-prof`).
 */
import { performance } from 'node:perf_hooks';
import { RANKS, towerGame } from './benchGame';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const cpuMs = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};
const fmt = (n: number) => Number(n.toFixed(n < 10 ? 2 : 1));
const r3 = (v: number) => Math.round(v * 1000) / 1000;

/** The drop points of the unit when the drag has moved it by (dx, dy). */
export function unitGoals(ids: readonly string[], dx: number, dy: number): Record<string, [number, number]> {
  return Object.fromEntries(ids.map((id, i) => [id, [r3(RANKS[i][0] + dx), r3(RANKS[i][1] + dy)] as [number, number]]));
}

/** The label's figures (see the module comment). */
export async function labelFigures(rounds = 5): Promise<Record<string, unknown>> {
  const api = await towerGame();
  const ids = api.summary().units.find((u) => u.id === 'sk-clanrats')!.aliveModelIds;
  const profile = process.env.BENCH_LABEL_PROFILE === '1';
  const steps = (dx: number, dy: number, shift: number) => Array.from({ length: 12 }, (_, k) => [(dx * (k + 1)) / 12 + shift, (dy * (k + 1)) / 12 - shift] as const);
  type Times = { ms: number[]; cpu: number[] };
  const times = (): Times => ({ ms: [], cpu: [] });
  /** One step's call, timed; the answers' values (null: blocked). */
  const step = (goals: Record<string, [number, number]>, into: Times) => {
    const c0 = cpuMs();
    const t0 = performance.now();
    const r = api.shortestPaths(goals, { ignoreUnit: true, avoidCombat: true, orStraight: { kind: 'normal' } });
    into.ms.push(performance.now() - t0);
    into.cpu.push(cpuMs() - c0);
    if (!r.ok) throw new Error(r.problems.join('; '));
    return ids.map((id) => {
      const a = r.answers[id];
      return a.ok && typeof a.answer.value === 'number' ? a.answer.value : null;
    });
  };
  const tower = times();
  const open = times();
  for (const [sx, sy] of steps(0, -7.1, 0.5)) step(unitGoals(ids, sx, sy), times()); // warm-up, elsewhere
  let last: (number | null)[] = [];
  for (let k = 0; k < rounds; k++) {
    for (const [sx, sy] of steps(0, -7.1, 0.003 * k)) last = step(unitGoals(ids, sx, sy), tower);
    if (!profile) for (const [sx, sy] of steps(7.1, 0, 0.003 * k)) step(unitGoals(ids, sx, sy), open);
  }
  const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
  return {
    note: '20 Clanrats dragged 7.1" south round the command tower in 12 steps, one shortestPaths call of the whole unit per step (the live label, orStraight as the page asks); baseline the same steps 7.1" east on open ground, same process',
    towerStepMs: fmt(median(tower.ms)),
    towerStepCpuMs: fmt(median(tower.cpu)),
    towerStepP90Ms: fmt(sorted(tower.ms)[Math.floor(tower.ms.length * 0.9)]),
    towerStepP90CpuMs: fmt(sorted(tower.cpu)[Math.floor(tower.cpu.length * 0.9)]),
    towerStepMaxCpuMs: fmt(sorted(tower.cpu)[tower.cpu.length - 1]),
    openStepMs: open.ms.length ? fmt(median(open.ms)) : null,
    openStepCpuMs: open.cpu.length ? fmt(median(open.cpu)) : null,
    ratioToOpen: open.ms.length ? fmt(median(tower.ms) / median(open.ms)) : null,
    lastStepInches: last,
  };
}

if (process.argv[1] && /benchLabel\.(ts|mjs)$/.test(process.argv[1])) {
  labelFigures(Number(process.env.BENCH_LABEL_ROUNDS ?? 5)).then(
    (f) => console.log(JSON.stringify(f, null, 2)),
    (e) => {
      console.error(e);
      process.exitCode = 1;
    },
  );
}
