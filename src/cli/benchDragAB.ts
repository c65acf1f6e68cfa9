/**
 * `npx tsx src/cli/benchDragAB.ts [save.json]`: the live drag label's engine part for a drag the Play
 * probe recorded (`PLAY_BENCH_SAVE=1 npm run bench:play` writes the game before its drag; default
 * `tests/fixtures/bench/gutrippaz-drag.json`: the Kruleboyz `kb-001` export's 10 Gutrippaz v the
 * Skaven sample, p1's movement phase, dragged 3" east in 12 steps). Per step the page asks twice
 * (two pointer moves: half way, then the step's point): one `shortestPaths` call of the whole unit
 * (every model's drop point offset as the dragged one's, unit-mates not obstacles, out of combat
 * ranges, `orStraight` as the page asks), timed in CPU ms. With `AB_OLD=<dir>` (an older checkout's
 * `src`, `workers`, `assets`) both run in the SAME process, alternating per call, and the answers are
 * compared; `AB_ROUNDS` rounds (default 4), each shifted by 0.003". `BENCH_DRAG_PROFILE=1`: this
 * checkout only (for `node --cpu-prof`).
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { GameApi } from '../game/session';
import { readBundledNode } from '../game/node';
import { runIfEntryPoint } from './io';

interface DragSave { save: unknown; models: string[]; positions: Record<string, [number, number]>; dir: [number, number]; steps: number }
type Api = Pick<GameApi, 'shortestPaths' | 'load'>;

const cpuMs = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};
const r3 = (v: number) => Math.round(v * 1000) / 1000;

/** The drop points of every model of the unit when the drag has moved it by (dx, dy) inches. */
export function dragGoals(d: DragSave, dx: number, dy: number): Record<string, [number, number]> {
  return Object.fromEntries(d.models.map((id) => [id, [r3(d.positions[id][0] + dx), r3(d.positions[id][1] + dy)] as [number, number]]));
}

async function loaded(Ctor: new (o: { readBundled: typeof readBundledNode }) => Api, read: typeof readBundledNode, save: unknown): Promise<Api> {
  const api = new Ctor({ readBundled: read });
  const r = await api.load(save);
  if (!r.ok) throw new Error(r.problems.join('; '));
  return api;
}

async function main(): Promise<number> {
  const file = process.argv[2] ?? 'tests/fixtures/bench/gutrippaz-drag.json';
  const d = JSON.parse(readFileSync(file, 'utf8')) as DragSave;
  const oldDir = process.env.AB_OLD;
  const apis: Partial<Record<'new' | 'old', Api>> = { new: await loaded(GameApi, readBundledNode, d.save) };
  if (oldDir && !process.env.BENCH_DRAG_PROFILE) {
    const o = resolve(oldDir);
    const s = (await import(pathToFileURL(join(o, 'src/game/session.ts')).href)) as { GameApi: typeof GameApi };
    const n = (await import(pathToFileURL(join(o, 'src/game/node.ts')).href)) as { readBundledNode: typeof readBundledNode };
    apis.old = await loaded(s.GameApi, n.readBundledNode, d.save);
  }
  const sides = Object.keys(apis) as ('new' | 'old')[];
  const opts = { ignoreUnit: true, avoidCombat: true, orStraight: { kind: 'normal' as const } };
  // Warm-up elsewhere (the JIT): the same drag mirrored.
  for (const side of sides) for (let k = 1; k <= d.steps; k++) apis[side]!.shortestPaths(dragGoals(d, (-d.dir[0] * k) / d.steps, (-d.dir[1] * k) / d.steps), opts);
  const times: Record<'new' | 'old', number[]> = { new: [], old: [] };
  const rounds = Number(process.env.AB_ROUNDS ?? 4);
  let same = true;
  let calls = 0;
  for (let r = 0; r < rounds; r++) {
    for (let k = 1; k <= d.steps * 2; k++) {
      const f = k / (d.steps * 2);
      const goals = dragGoals(d, d.dir[0] * f + 0.003 * r, d.dir[1] * f - 0.003 * r);
      const order = (r + k) % 2 ? sides : [...sides].reverse();
      const answers: Record<string, string> = {};
      for (const side of order) {
        const c0 = cpuMs();
        const res = apis[side]!.shortestPaths(goals, opts);
        times[side].push(cpuMs() - c0);
        answers[side] = JSON.stringify(res);
      }
      calls++;
      if (sides.length === 2 && answers.new !== answers.old) same = false;
    }
  }
  const at = (xs: number[], f: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * f))];
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  const fig = (xs: number[]) => ({ medianMs: +at(xs, 0.5).toFixed(1), p90Ms: +at(xs, 0.9).toFixed(1), maxMs: +at(xs, 1).toFixed(1), totalMs: Math.round(sum(xs)) });
  const tail = (xs: number[]) => sum(xs.filter((_, i) => i % (d.steps * 2) >= d.steps));
  const out: Record<string, unknown> = { note: `CPU per label call, ${d.models.length} models dragged (${d.dir}) in ${d.steps * 2} pointer moves, ${rounds} rounds`, calls, new: fig(times.new) };
  if (apis.old) {
    out.old = fig(times.old);
    out.ratio = { median: +(at(times.new, 0.5) / at(times.old, 0.5)).toFixed(2), p90: +(at(times.new, 0.9) / at(times.old, 0.9)).toFixed(2), total: +(sum(times.new) / sum(times.old)).toFixed(2), secondHalf: +(tail(times.new) / tail(times.old)).toFixed(2) };
    out.answersIdentical = same;
  }
  out.perCallNew = times.new.slice(0, d.steps * 2).map((x) => Math.round(x));
  console.log(JSON.stringify(out, null, 1));
  return 0;
}

runIfEntryPoint(import.meta.url, main);
