/** The visibility helper in a Node worker thread (comlink's node adapter). Loaded by `visibilityHelper.node.mjs`. */
import { parentPort } from 'node:worker_threads';
import * as Comlink from 'comlink';
import nodeEndpoint from 'comlink/dist/esm/node-adapter.mjs';
import { VisibilityHelper } from '../visibilityHelper';

if (!parentPort) throw new Error('visibilityHelperThread: not in a worker thread');
Comlink.expose(new VisibilityHelper(), nodeEndpoint(parentPort));
