import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Worker bundles are ES modules (comlink + three-mesh-bvh run inside them).
export default defineConfig({
  plugins: [react()],
  worker: { format: 'es' },
  optimizeDeps: { include: ['comlink', 'three-mesh-bvh', 'zod'] },
  server: { port: 5173 },
  test: {
    include: ['src/**/*.test.ts', 'tests/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
