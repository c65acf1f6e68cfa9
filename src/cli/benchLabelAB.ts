/**
 * `AB_OLD=<dir> npx tsx src/cli/benchLabelAB.ts`: the live drag label's engine step (as
 * `benchLabel.ts`: the 20 Clanrats dragged 7.1" south round the command tower in 12 steps, one
 * `shortestPaths` call of the whole unit per step, `orStraight` as the page asks) on this checkout
 * and on an older one in the SAME process, step by step in alternating order, so the load of the
 * machine weighs on both alike. `<dir>` holds the older checkout's `src`, `workers` and `assets`
 * (e.g. `mkdir .old && git archive <commit> src workers assets | tar -x -C .old`). Prints each
 * side's CPU per step (median, p90, max, total), the ratios new/old, the tail's (steps 9-12) ratio,
 * and whether every answer (paths and inches) is the same on both. `AB_ROUNDS` (default 5) rounds,
 * each round's goals shifted by 0.003".
 */
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { towerGame } from './benchGame';
import { unitGoals } from './benchLabel';
import { runIfEntryPoint } from './io';

const cpuMs = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};

async function main(): Promise<number> {
  const oldDir = process.env.AB_OLD;
  if (!oldDir) {
    console.error('AB_OLD: the folder of the older checkout (its src, workers and assets) is required');
    return 2;
  }
  const older = (await import(pathToFileURL(join(resolve(oldDir), 'src/cli/benchGame.ts')).href)) as { towerGame: typeof towerGame };
  const apis = { new: await towerGame(), old: await older.towerGame() };
  const ids = apis.new.summary().units.find((u) => u.id === 'sk-clanrats')!.aliveModelIds;
  const opts = { ignoreUnit: true, avoidCombat: true, orStraight: { kind: 'normal' as const } };
  // Warm-up elsewhere (the JIT), both sides.
  for (const api of Object.values(apis)) for (let k = 1; k <= 12; k++) api.shortestPaths(unitGoals(ids, 0.5, (-7.1 * k) / 12 - 0.5), opts);
  const times: Record<'new' | 'old', number[]> = { new: [], old: [] };
  const rounds = Number(process.env.AB_ROUNDS ?? 5);
  let same = true;
  for (let r = 0; r < rounds; r++) {
    for (let k = 1; k <= 12; k++) {
      const goals = unitGoals(ids, 0.003 * r, (-7.1 * k) / 12 - 0.003 * r);
      const order: ('new' | 'old')[] = (r + k) % 2 ? ['new', 'old'] : ['old', 'new'];
      const answers: Record<string, string> = {};
      for (const side of order) {
        const c0 = cpuMs();
        const res = apis[side].shortestPaths(goals, opts);
        times[side].push(cpuMs() - c0);
        answers[side] = JSON.stringify(res);
      }
      if (answers.new !== answers.old) same = false;
    }
  }
  const at = (xs: number[], f: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * f))];
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  const tail = (xs: number[]) => sum(xs.filter((_, i) => i % 12 >= 8));
  const fig = (xs: number[]) => ({ medianMs: +at(xs, 0.5).toFixed(1), p90Ms: +at(xs, 0.9).toFixed(1), maxMs: +at(xs, 1).toFixed(1), totalMs: Math.round(sum(xs)) });
  console.log(
    JSON.stringify(
      {
        note: 'CPU per label step, this checkout (new) and AB_OLD (old) alternating in one process',
        old: fig(times.old),
        new: fig(times.new),
        ratio: { median: +(at(times.new, 0.5) / at(times.old, 0.5)).toFixed(2), p90: +(at(times.new, 0.9) / at(times.old, 0.9)).toFixed(2), total: +(sum(times.new) / sum(times.old)).toFixed(2), tailSteps9to12: +(tail(times.new) / tail(times.old)).toFixed(2) },
        answersIdentical: same,
      },
      null,
      2,
    ),
  );
  return 0;
}

runIfEntryPoint(import.meta.url, main);
