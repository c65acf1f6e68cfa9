/**
 * Dice physics off the main thread: loads rapier (`@dimforge/rapier3d-compat`, its wasm inlined,
 * so nothing is fetched) on the first throw and answers `{id, count, seed}` with a recording
 * (see `diceSim.ts`), its pose buffer transferred.
 */
import { simulateDice, type DiceRecording } from './diceSim';

type Request = { id: number; count: number; seed: number };
type Reply = { id: number; ok: true; recording: DiceRecording } | { id: number; ok: false; error: string };

let rapier: Promise<typeof import('@dimforge/rapier3d-compat')> | null = null;

function load() {
  if (!rapier) {
    rapier = import('@dimforge/rapier3d-compat').then(async (m) => {
      await m.init();
      return m;
    });
  }
  return rapier;
}

self.onmessage = async (e: MessageEvent<Request>) => {
  const { id, count, seed } = e.data;
  let reply: Reply;
  try {
    const R = await load();
    reply = { id, ok: true, recording: simulateDice(R, count, { seed }) };
  } catch (err) {
    reply = { id, ok: false, error: (err as Error).message };
  }
  (self as unknown as Worker).postMessage(reply, reply.ok ? [reply.recording.poses.buffer] : []);
};
