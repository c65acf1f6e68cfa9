/**
 * The page's handle on the dice physics worker (`dice.worker.ts`), created on the first throw so
 * the page never loads rapier until dice are rolled.
 */
import type { RestPrediction } from '../dice/restPrediction';
import type { DiceRecording } from './diceSim';

type Answer = { recording?: DiceRecording; rest?: RestPrediction };

let worker: Worker | null = null;
let nextId = 1;
const waiting = new Map<number, { resolve: (r: Answer) => void; reject: (e: Error) => void }>();

function ensure(): Worker {
  if (worker) return worker;
  const w = new Worker(new URL('./dice.worker.ts', import.meta.url), { type: 'module' });
  w.onmessage = (e: MessageEvent<{ id: number; ok: boolean; recording?: DiceRecording; rest?: RestPrediction; error?: string }>) => {
    const p = waiting.get(e.data.id);
    if (!p) return;
    waiting.delete(e.data.id);
    if (e.data.ok) p.resolve(e.data);
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

function ask(message: Record<string, unknown>, transfer: Transferable[] = []): Promise<Answer> {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    ensure().postMessage({ id, ...message }, transfer);
  });
}

/** Simulates a throw of `count` dice (same seed, same throw). */
export async function throwDice(count: number, seed: number): Promise<DiceRecording> {
  const a = await ask({ count, seed });
  if (!a.recording) throw new Error('dice simulation failed: no recording');
  return a.recording;
}

/**
 * Where the dice `handles` of a physics world come to rest: the world's snapshot
 * (`world.takeSnapshot()`, transferred) is restored and stepped in the worker
 * (`../dice/restPrediction.ts`); `gravityDown` (units/s²) is the live world's gravity.
 */
export async function predictDiceRest(snapshot: Uint8Array, handles: number[], gravityDown?: number): Promise<RestPrediction> {
  const a = await ask({ kind: 'rest', snapshot, handles, ...(gravityDown !== undefined ? { gravity: -gravityDown } : {}) }, [snapshot.buffer as ArrayBuffer]);
  if (!a.rest) throw new Error('dice rest prediction failed: no answer');
  return a.rest;
}
