/**
 * The page's handle on the dice physics worker (`dice.worker.ts`), created on the first throw so
 * the page never loads rapier until dice are rolled.
 */
import type { DiceRecording } from './diceSim';

let worker: Worker | null = null;
let nextId = 1;
const waiting = new Map<number, { resolve: (r: DiceRecording) => void; reject: (e: Error) => void }>();

function ensure(): Worker {
  if (worker) return worker;
  const w = new Worker(new URL('./dice.worker.ts', import.meta.url), { type: 'module' });
  w.onmessage = (e: MessageEvent<{ id: number; ok: boolean; recording?: DiceRecording; error?: string }>) => {
    const p = waiting.get(e.data.id);
    if (!p) return;
    waiting.delete(e.data.id);
    if (e.data.ok && e.data.recording) p.resolve(e.data.recording);
    else p.reject(new Error(e.data.error ?? 'dice simulation failed'));
  };
  w.onerror = (e) => {
    for (const p of waiting.values()) p.reject(new Error(`dice worker failed: ${e.message}`));
    waiting.clear();
    w.terminate();
    worker = null;
  };
  worker = w;
  return w;
}

/** Simulates a throw of `count` dice (same seed, same throw). */
export function throwDice(count: number, seed: number): Promise<DiceRecording> {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    ensure().postMessage({ id, count, seed });
  });
}
