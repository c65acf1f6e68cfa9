/**
 * Layout analysis bench (issue 19): `npx tsx src/cli/benchLayout.ts [SCENARIO] [--class ID]... [--sample N] [--threads N]`.
 * On the default battlefield at a 1" grid, threat 0, it prints per class:
 * - the whole analysis (fast mode) in seconds, against the targets (one class 3 s, three classes
 *   8 s): on one thread (`analyseLayout`), and on N threads (`analyseLayoutParallel`, as `npm run
 *   layout` runs it; default N: the machine's cores, at most 4), each class a run of its own (its
 *   worker threads started for it), then the classes in one run (one pool of threads);
 * - the baseline, measured in the same process: the exhaustive mode on the same spots (north's spots
 *   against south's, every pair), extrapolated from N evenly spaced north spots (default 6; each
 *   against all of south's), and the fast search on the same relation in this thread alone, with
 *   their ratio (target >= 50x);
 * - what the rules' graded measures (issue 29: `targetable`, `meanTargetable`, `within`) cost: the
 *   targeting pass (Obscuring, Terrain 1.2: a {@link TargetingRules} for the class and every seeing
 *   pair of north's spots against south's through {@link graded}) timed on the same relation, and
 *   its share of the fast relation's time, in the same process.
 */
import { analyseLayout, graded } from '../layout/analyse';
import { TargetingRules } from '../layout/obscuring';
import { availableParallelism } from 'node:os';
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
  let threads = Math.min(4, availableParallelism());
  let file = 'assets/scenarios/default.json';
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--class') classes.push(args[++i]);
    else if (args[i] === '--sample') sample = Number(args[++i]);
    else if (args[i] === '--threads') threads = Number(args[++i]);
    else file = args[i];
  }
  const ids = classes.length ? classes : MODEL_CLASSES.map((c) => c.id);
  const loaded = await loadScenarioFile(file, { checkModels: false });
  if (!loaded.ok) throw new Error(loaded.problems.join('\n'));
  const world = loaded.world;
  const [nName, sName] = Object.keys(world.territories);
  console.log(`layout bench: ${file}, grid 1", threat 0, classes ${ids.join(', ')}; whole analysis on 1 and on ${threads} thread(s)`);
  let total = 0;
  let totalThreads = 0;
  const untimed = (r: Awaited<ReturnType<typeof analyseLayoutParallel>>) => JSON.stringify({ ...r, classes: r.classes.map((c) => ({ ...c, work: { ...c.work, ms: 0 } })) });
  for (const id of ids) {
    const cls = modelClass(id)!;
    let t = performance.now();
    const report = analyseLayout(world, { grid: 1, classes: [id] });
    const whole = (performance.now() - t) / 1000;
    total += whole;
    t = performance.now();
    const reportN = threads > 1 ? await analyseLayoutParallel(world, { grid: 1, classes: [id] }, threads) : report;
    const wholeN = threads > 1 ? (performance.now() - t) / 1000 : whole;
    totalThreads += wholeN;
    const c = report.classes[0];
    const exp = Object.entries(c.territories).map(([k, v]) => `${k} ${v.exposure.toFixed(3)} (${v.spots} spots, hiding ${v.hidingCapacity})`).join(', ');
    const same = untimed(reportN) === untimed(report) ? 'same report' : 'REPORTS DIFFER';
    console.log(
      `${id}: whole analysis ${whole.toFixed(2)} s on one thread, ${wholeN.toFixed(2)} s on ${threads} (${same}; target 3 s: ${(wholeN / 3).toFixed(2)}x of it); exposure ${exp}; asymmetry ${c.asymmetry.toFixed(3)}`,
    );
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
    // The graded pass over the same relation (north's spots as targets, south's as shooters).
    t = performance.now();
    const targeting = new TargetingRules(world, cls, spots);
    let targetablePairs = 0;
    for (let r = 0; r < N.length; r++) targetablePairs += graded(targeting, fast.seen, r, S, N[r]).targeting;
    const gradedMs = performance.now() - t;
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
    console.log(
      `  the rules' graded measures on that relation (Obscuring, Terrain 1.2): ${gradedMs.toFixed(0)} ms for ${targetablePairs} targetable pairs, ${((100 * gradedMs) / fastMs).toFixed(1)}% of the relation's time`,
    );
  }
  console.log(`all classes, a run each: ${total.toFixed(2)} s on one thread, ${totalThreads.toFixed(2)} s on ${threads}`);
  if (ids.length > 1 && threads > 1) {
    const t = performance.now();
    await analyseLayoutParallel(world, { grid: 1, classes: ids }, threads);
    console.log(`all classes in one run (one pool of ${threads} threads, as \`npm run layout\` with every --class): ${((performance.now() - t) / 1000).toFixed(2)} s (target 8 s)`);
  }
}

main(process.argv.slice(2)).catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
