import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Median, 95th percentile, maximum and count of a sample (ms), rounded to 0.01, for the browser benches. */
export const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p: number) => (s.length ? s[Math.min(s.length - 1, Math.floor(p * s.length))] : 0);
  const r = (v: number) => Math.round(v * 100) / 100;
  return { median: r(q(0.5)), p95: r(q(0.95)), max: r(s[s.length - 1] ?? 0), n: s.length };
};

/** Prints a bench's summary and writes it to `<outputDir>/<file>` (JSON). */
export function writeSummary(outputDir: string, file: string, summary: unknown): void {
  const text = JSON.stringify(summary, null, 2);
  writeFileSync(join(outputDir, file), `${text}\n`);
  console.log(text);
}

/** Runs a browser bench's `main`: exit 0 when it ends, 1 (with the error) when it throws. */
export function runBench(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
}
