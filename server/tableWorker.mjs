// The table pool's worker thread (tablePool.ts): loads tableWorker.ts through tsx, whose loader
// hooks a worker thread does not inherit from `node --import tsx`.
import { register } from 'tsx/esm/api';

register();
await import('./tableWorker.ts');
