/** Worker-thread side of `RelatePool` (see `parallel.ts`). Loaded by `relateWorker.mjs`. */
import { parentPort, workerData } from 'node:worker_threads';
import { serveRelations, type TerrainWire } from './parallel';

if (!parentPort) throw new Error('relateThread: not in a worker thread');
serveRelations(parentPort as never, (workerData as { terrain: TerrainWire }).terrain);
