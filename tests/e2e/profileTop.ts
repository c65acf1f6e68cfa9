/**
 * A CPU profile's summary (Chrome's `.cpuprofile`, e.g. `PLAY_BENCH_DRAG_PROFILE=1 npm run
 * bench:play`): the functions with the most self time and the most total time (a function counted
 * once per sample however often it recurs), ms, and the share per script file. Build the app with
 * `--minify false` for readable names. NOT a test.
 *
 *   npx tsx tests/e2e/profileTop.ts tests/e2e/__output__/play-bench-drag-<id>.cpuprofile [rows]
 */
import { readFileSync } from 'node:fs';

interface Frame { functionName: string; url: string; lineNumber: number; columnNumber: number }
interface Node { id: number; callFrame: Frame; children?: number[]; parent?: number }
interface Profile { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number }

const [file, rowsArg] = process.argv.slice(2);
if (!file) throw new Error('usage: profileTop.ts <file.cpuprofile> [rows]');
const rows = Number(rowsArg ?? 40);
const p = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(p.nodes.map((n) => [n.id, n]));
for (const n of p.nodes) for (const c of n.children ?? []) byId.get(c)!.parent = n.id;
const key = (f: Frame) => `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber + 1}`;
const self = new Map<string, number>();
const total = new Map<string, number>();
const files = new Map<string, number>();
let all = 0;
for (let i = 0; i < p.samples.length; i++) {
  const dt = (p.timeDeltas[i + 1] ?? 0) / 1000; // the time until the next sample, ms
  const leaf = byId.get(p.samples[i])!;
  all += dt;
  self.set(key(leaf.callFrame), (self.get(key(leaf.callFrame)) ?? 0) + dt);
  const f = leaf.callFrame.url.split('/').pop() || leaf.callFrame.functionName;
  files.set(f, (files.get(f) ?? 0) + dt);
  const seen = new Set<string>();
  for (let n: Node | undefined = leaf; n; n = n.parent === undefined ? undefined : byId.get(n.parent)) {
    const k = key(n.callFrame);
    if (seen.has(k)) continue;
    seen.add(k);
    total.set(k, (total.get(k) ?? 0) + dt);
  }
}
const top = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]).slice(0, rows).map(([k, v]) => `${v.toFixed(0).padStart(7)}  ${k}`).join('\n');
console.log(`profile ${((p.endTime - p.startTime) / 1000).toFixed(0)} ms, sampled ${all.toFixed(0)} ms`);
console.log(`\n-- by file (self ms)\n${top(files)}`);
console.log(`\n-- self ms\n${top(self)}`);
console.log(`\n-- total ms\n${top(total)}`);
