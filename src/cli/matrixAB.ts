/**
 * Developer tool: this checkout's visibility against another's on the bench matrix, in one process,
 * rounds alternating (A, B, A, B, ...), each on a fresh World. The machine's speed for memory-bound
 * work drifts by up to 1.6x within minutes, so whole-round times of separate runs cannot show a
 * change of a few percent. The figure here is, per variant, the sum over the 400 unit pairs of each
 * pair's fastest time over the rounds (a pair takes about a millisecond, so a slow spell of the
 * machine rarely covers all rounds of one pair); the first two rounds warm the JIT and are not
 * counted. Throws if the two ever disagree on a verdict.
 *
 *   git worktree add /tmp/base <rev> && ln -s "$PWD/node_modules" /tmp/base/node_modules
 *   BASE=/tmp/base ROUNDS=10 node --expose-gc --import tsx src/cli/matrixAB.ts
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { benchArmies, loadBenchTable } from './benchTable';
import * as thisWorld from '../geometry/world';
import * as thisVisibility from '../geometry/visibility';

type Variant = { world: typeof thisWorld; visibility: typeof thisVisibility };

async function main() {
  const base = process.env.BASE;
  if (!base) throw new Error('matrixAB: set BASE to the root of the other checkout');
  const from = (rel: string) => import(pathToFileURL(path.resolve(base, rel)).href);
  const A: Variant = { world: await from('src/geometry/world.ts'), visibility: await from('src/geometry/visibility.ts') };
  const B: Variant = { world: thisWorld, visibility: thisVisibility };
  const input = await loadBenchTable(Number(process.env.BENCH_SEED ?? 22));
  const { north, south } = benchArmies(input);
  const opts = { spacingInches: thisVisibility.DEFAULT_SAMPLE_SPACING_INCHES };
  const round = (v: Variant, best: number[] | null): boolean[] => {
    const world = new v.world.World(input);
    world.prepareVisibility(opts.spacingInches);
    // Collect the previous round's garbage outside the timed pairs (with --expose-gc).
    (globalThis as { gc?: () => void }).gc?.();
    const verdicts: boolean[] = [];
    for (const o of north) {
      for (const t of south) {
        const q = performance.now();
        verdicts.push(v.visibility.unitVisible(world, o, t, opts).visible);
        const ms = performance.now() - q;
        if (best) best[verdicts.length - 1] = Math.min(best[verdicts.length - 1] ?? Infinity, ms);
      }
    }
    world.dropVisibilityCaches();
    return verdicts;
  };
  const bestA: number[] = [];
  const bestB: number[] = [];
  const rounds = Number(process.env.ROUNDS ?? 10);
  for (let r = 0; r < rounds; r++) {
    const a = round(A, r >= 2 ? bestA : null);
    const b = round(B, r >= 2 ? bestB : null);
    const k = a.findIndex((x, i) => x !== b[i]);
    if (k >= 0 || a.length !== b.length) throw new Error(`matrixAB: the two checkouts disagree on pair ${k}`);
  }
  const sum = (x: number[]) => x.reduce((p, q) => p + q, 0);
  console.log(`sum of per-pair fastest times over ${rounds - 2} rounds: base ${sum(bestA).toFixed(1)} ms, this ${sum(bestB).toFixed(1)} ms, this/base ${(sum(bestB) / sum(bestA)).toFixed(3)}`);
}
main();
