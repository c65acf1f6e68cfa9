// Node worker-thread entry of the engine: tsx compiles the TypeScript it imports.
import { register } from 'tsx/esm/api';

register();
await import('./engineThread.ts');
