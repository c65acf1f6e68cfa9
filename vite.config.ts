import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * react-three-fiber 9 makes a `THREE.Clock` for every canvas, and three r183+ warns once per Clock
 * made ("THREE.Clock: This module has been deprecated", issue 28: logged 18 times). The same clock
 * is made from the Clock prototype with the constructor's fields (autoStart true, times 0, not
 * running) without calling the constructor: no warning, the same methods r3f calls.
 */
const quietR3fClock = {
  name: 'quiet-r3f-clock',
  transform(code: string, id: string) {
    if (!/@react-three[\\/]fiber[\\/]dist[\\/]events-/.test(id) || !/new THREE(?:__namespace)?\.Clock\(\)/.test(code)) return null;
    return code.replace(/new (THREE(?:__namespace)?)\.Clock\(\)/g, 'Object.assign(Object.create($1.Clock.prototype), { autoStart: true, startTime: 0, oldTime: 0, elapsedTime: 0, running: false })');
  },
};

// Worker bundles are ES modules (comlink + three-mesh-bvh run inside them).
export default defineConfig({
  plugins: [react(), quietR3fClock],
  worker: { format: 'es' },
  optimizeDeps: { include: ['comlink', 'three-mesh-bvh', 'zod'], rolldownOptions: { plugins: [quietR3fClock] } },
  server: { port: 5173 },
  test: {
    include: ['src/**/*.test.ts', 'tests/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
