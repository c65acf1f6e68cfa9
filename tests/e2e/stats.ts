/** Median, 95th percentile, maximum and count of a sample (ms), rounded to 0.01, for the browser benches. */
export const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p: number) => (s.length ? s[Math.min(s.length - 1, Math.floor(p * s.length))] : 0);
  const r = (v: number) => Math.round(v * 100) / 100;
  return { median: r(q(0.5)), p95: r(q(0.95)), max: r(s[s.length - 1] ?? 0), n: s.length };
};
