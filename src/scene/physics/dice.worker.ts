/**
 * Dice physics off the main thread: loads rapier (`@dimforge/rapier3d-compat`, its wasm inlined,
 * so nothing is fetched) on the first throw and answers `{id, count, seed}` with a recording
 * (see `diceSim.ts`), its pose buffer transferred; and `{id, kind: 'rest', snapshot, handles}` (a
 * throw on the battlefield: the live world's snapshot) with where those dice come to rest
 * (`../dice/restPrediction.ts`).
 */
import { predictRest, type RestPrediction } from '../dice/restPrediction';
import { simulateDice, type DiceRecording } from './diceSim';

type Request = { id: number; count: number; seed: number; kind?: undefined } | { id: number; kind: 'rest'; snapshot: Uint8Array; handles: number[]; gravity?: number };
type Reply = { id: number; ok: true; recording?: DiceRecording; rest?: RestPrediction } | { id: number; ok: false; error: string };

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
  const req = e.data;
  const { id } = req;
  let reply: Reply;
  try {
    const R = await load();
    reply = req.kind === 'rest' ? { id, ok: true, rest: predictRest(R, req.snapshot, req.handles, req.gravity) } : { id, ok: true, recording: simulateDice(R, req.count, { seed: req.seed }) };
  } catch (err) {
    reply = { id, ok: false, error: (err as Error).message };
  }
  const transfer = !reply.ok ? [] : reply.recording ? [reply.recording.poses.buffer] : reply.rest ? [reply.rest.rotations.buffer, reply.rest.positions.buffer] : [];
  (self as unknown as Worker).postMessage(reply, transfer);
};
