/**
 * Layout analysis bench (issue 19): `npx tsx src/cli/benchLayout.ts [SCENARIO] [--class ID]... [--sample N] [--threads N]`.
 * On the default battlefield at a 1" grid, threat 0, it prints per class:
 * - the whole analysis (fast mode; `analyseLayout` in this thread, or with `--threads N`
 *   `analyseLayoutParallel` on N threads) in seconds, against the targets (one class 3 s,
 *   three classes 8 s);
 * - the baseline, measured in the same process: the exhaustive mode on the same spots (north's spots
 *   against south's, every pair), extrapolated from N evenly spaced north spots (default 6; each
 *   against all of south's), and the fast search on the same relation in this thread alone, with
 *   their ratio (target >= 50x).
 */
import { analyseLayout } from '../layout/analyse';
import { analyseLayoutParallel } from '../layout/parallel';
import { classFootprint, modelClass, MODEL_CLASSES } from '../layout/classes';
import { relateSpots, SpotSamples } from '../layout/spotVisibility';
import { standingSpots, terrainRules } from '../layout/standingSpots';
import { footprintInsidePolygon } from '../geometry/polygon';
import { loadScenarioFile } from '../scenario/loadNode';

async function main(argv: string[]): Promise<void> {
  const args = argv.filter((a) => a !== '--');
  const classes: string[] = [];
  let sample = 6;
  let threads = 1;
  let file = 'assets/scenarios/default.json';
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--class') classes.push(args[++i]);
    else if (args[i] === '--sample') sample = Number(args[++i]);
    else if (args[i] === '--threads') threads = Number(args[++i]);
    else file = args[i];
  }
  const ids = classes.length ? classes : MODEL_CLASSES.map((c) => c.id);
  const loaded = await loadScenarioFile(file);
  if (!loaded.ok) throw new Error(loaded.problems.join('\n'));
  const world = loaded.world;
  const [nName, sName] = Object.keys(world.territories);
  console.log(`layout bench: ${file}, grid 1", threat 0, classes ${ids.join(', ')}, ${threads} thread(s) for the whole analysis`);
  let total = 0;
  for (const id of ids) {
    const cls = modelClass(id)!;
    let t = performance.now();
    const report = threads > 1 ? await analyseLayoutParallel(world, { grid: 1, classes: [id] }, threads) : analyseLayout(world, { grid: 1, classes: [id] });
    const whole = (performance.now() - t) / 1000;
    total += whole;
    const c = report.classes[0];
    const exp = Object.entries(c.territories).map(([k, v]) => `${k} ${v.exposure.toFixed(3)} (${v.spots} spots, hiding ${v.hidingCapacity})`).join(', ');
    console.log(`${id}: whole analysis ${whole.toFixed(2)} s (target 3 s: ${(whole / 3).toFixed(2)}x of it); exposure ${exp}; asymmetry ${c.asymmetry.toFixed(3)}`);
    // Baseline on the same relation: north's spots against south's.
    const spots = standingSpots(terrainRules(world), cls, 1);
    const f = classFootprint(cls, 0, 0);
    const inside = (name: string) => Int32Array.from([...Array(spots.count).keys()].filter((i) => ((f.x = spots.x[i]), (f.y = spots.y[i]), footprintInsidePolygon(f, world.territories[name]))));
    const N = inside(nName);
    const S = inside(sName);
    const samples = new SpotSamples(spots, cls);
    samples.tree(N[0], false, false);
    t = performance.now();
    const fast = relateSpots(samples, world.terrain.occluders, N, S);
    const fastMs = performance.now() - t;
    const pick = Int32Array.from({ length: Math.min(sample, N.length) }, (_, k) => N[Math.floor(((k + 0.5) * N.length) / Math.min(sample, N.length))]);
    t = performance.now();
    const ex = relateSpots(samples, world.terrain.occluders, pick, S, { mode: 'exhaustive' });
    const exMs = ((performance.now() - t) / pick.length) * N.length;
    // The sample's rows agree with the fast search's.
    let agree = true;
    for (let r = 0; r < pick.length; r++) {
      const row = N.indexOf(pick[r]);
      for (let c2 = 0; c2 < S.length; c2++) if (ex.seen[r * S.length + c2] !== fast.seen[row * S.length + c2]) agree = false;
    }
    console.log(
      `  every pair ${nName} x ${sName} (${N.length} x ${S.length}), one thread: fast ${(fastMs / 1000).toFixed(2)} s (${fast.nodePairs} node pairs, ${fast.segmentTests} segment tests); ` +
        `exhaustive ~${(exMs / 1000).toFixed(1)} s (extrapolated from ${pick.length} spots x ${S.length}; rows ${agree ? 'agree' : 'DISAGREE'}); ratio ${(exMs / fastMs).toFixed(1)}x (target 50x)`,
    );
  }
  console.log(`all classes: ${total.toFixed(2)} s (target 8 s)`);
}

main(process.argv.slice(2)).catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
