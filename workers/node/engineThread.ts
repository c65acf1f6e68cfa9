/**
 * The engine in a Node worker thread (comlink's node adapter), as the browser runs it in a Web
 * Worker: its own isolate and heap, and (when `workerData.helper` is true) its visibility helper in
 * a nested worker thread. Loaded by `engine.node.mjs`; used by the bench.
 */
import { parentPort, workerData } from 'node:worker_threads';
import * as Comlink from 'comlink';
import nodeEndpoint from 'comlink/dist/esm/node-adapter.mjs';
import { EngineApi } from '../engineApi';
import { nodeThreadHelper } from './nodeHelper';

if (!parentPort) throw new Error('engineThread: not in a worker thread');
const withHelper = (workerData as { helper?: boolean } | undefined)?.helper === true;
Comlink.expose(new EngineApi({}, withHelper ? nodeThreadHelper : undefined), nodeEndpoint(parentPort));
