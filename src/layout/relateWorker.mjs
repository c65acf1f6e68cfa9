// Node worker-thread entry of the layout relation pool: tsx compiles the TypeScript it imports.
import { register } from 'tsx/esm/api';

register();
await import('./relateThread.ts');
