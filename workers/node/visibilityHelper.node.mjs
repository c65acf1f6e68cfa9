// Node worker-thread entry of the visibility helper: tsx compiles the TypeScript it imports.
import { register } from 'tsx/esm/api';

register();
await import('./visibilityHelperThread.ts');
