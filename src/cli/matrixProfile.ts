/**
 * Developer tool: the bench table's 20x20 matrix (north -> south) on a fresh World per round,
 * CPU time per round (the minimum is the figure to compare between code changes on a noisy
 * machine), and optionally the slowest pairs and a CPU profile.
 *
 *   ROUNDS=5 npx tsx src/cli/matrixProfile.ts          # CPU ms per round
 *   TOP=20 npx tsx src/cli/matrixProfile.ts            # + the 20 slowest pairs (ms, verdict, method, segment tests)
 *   PROF=/tmp/m.cpuprofile npx tsx src/cli/matrixProfile.ts   # + a CPU profile of rounds 2..ROUNDS
 */
import { Session } from 'node:inspector/promises';
import fs from 'node:fs';
import { World } from '../geometry/world';
import { unitVisible, DEFAULT_SAMPLE_SPACING_INCHES } from '../geometry/visibility';
import { benchArmies, loadBenchTable } from './benchTable';
async function main() {
  const input = await loadBenchTable(Number(process.env.BENCH_SEED ?? 22));
  const opts = { spacingInches: DEFAULT_SAMPLE_SPACING_INCHES };
  const { north, south } = benchArmies(input);
  const rounds = Number(process.env.ROUNDS ?? 4);
  const cpus: number[] = [];
  let perPair: { o: string; t: string; ms: number; v: boolean; method: string; tests: number }[] = [];
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  for (let r = 0; r < rounds; r++) {
    const world = new World(input);
    if (r === 1 && process.env.PROF) await session.post('Profiler.start');
    world.prepareVisibility(opts.spacingInches);
    const c0 = process.cpuUsage();
    perPair = [];
    for (const o of north) for (const t of south) {
      const q = performance.now();
      const res = unitVisible(world, o, t, opts);
      perPair.push({ o, t, ms: performance.now() - q, v: res.visible, method: res.method, tests: res.segmentsTested });
    }
    const c = process.cpuUsage(c0);
    cpus.push((c.user + c.system) / 1000);
    // As the engine does with a replaced world: its trees' storage goes to the next round's.
    world.dropVisibilityCaches();
  }
  if (process.env.PROF) {
    const { profile } = await session.post('Profiler.stop');
    fs.writeFileSync(process.env.PROF, JSON.stringify(profile));
    console.log(`CPU profile of rounds 2..${rounds}: ${process.env.PROF} (open in Chrome DevTools)`);
  }
  console.log('cpu ms per round', cpus.map((x) => x.toFixed(0)).join(' '), 'min', Math.min(...cpus).toFixed(0));
  perPair.sort((a, b) => b.ms - a.ms);
  const tot = perPair.reduce((s, p) => s + p.ms, 0);
  const sum = (v: boolean) => perPair.filter((p) => p.v === v).reduce((s, p) => s + p.ms, 0).toFixed(0);
  console.log('visible', perPair.filter((p) => p.v).length, 'total ms', tot.toFixed(0), '(visible pairs', sum(true), 'ms, blocked pairs', sum(false), 'ms)');
  if (process.env.TOP) for (const p of perPair.slice(0, Number(process.env.TOP))) console.log(p.o, p.t, p.ms.toFixed(1), p.v, p.method, p.tests);
}
main();
