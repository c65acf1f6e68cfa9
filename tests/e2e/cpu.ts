/**
 * CPU time of this process and everything it started (the vite preview server, Chromium's browser,
 * GPU and renderer processes), read from Linux's `/proc/<pid>/stat`: user + system time of each
 * live descendant plus the time of the children each has already reaped. Wall times on a shared
 * machine measure the load; CPU seconds measure the test (docs/performance.md, "The test run").
 */
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100; // USER_HZ: 100 on every Linux this runs on

/** Seconds of CPU used so far by this process tree, or null where there is no `/proc` (not Linux). */
export function treeCpuSeconds(root = process.pid): number | null {
  let dirs: string[];
  try {
    dirs = readdirSync('/proc');
  } catch {
    return null;
  }
  const parent = new Map<number, number>();
  const ticks = new Map<number, number>();
  for (const d of dirs) {
    if (!/^\d+$/.test(d)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${d}/stat`, 'utf8');
    } catch {
      continue; // exited meanwhile
    }
    // Fields after the command name "(...)": state ppid ... utime(14) stime(15) cutime(16) cstime(17).
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    parent.set(Number(d), Number(f[1]));
    ticks.set(Number(d), Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]));
  }
  const inTree = (pid: number): boolean => {
    for (let p = pid, hops = 0; p > 1 && hops < 64; p = parent.get(p) ?? 0, hops++) if (p === root) return true;
    return false;
  };
  let sum = 0;
  for (const [pid, t] of ticks) if (inTree(pid)) sum += t;
  return sum / TICKS_PER_SECOND;
}
