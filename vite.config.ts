import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

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

/**
 * Tests beside the code that are not quick unit tests (they start a process, or run for tens of
 * seconds): they run with the integration tests, not in `npm test`'s quick loop.
 */
const UNIT_EXCLUDED = [
  'src/army/hostile.test.ts', // runs the import-army CLI (npx tsx)
];

/**
 * Tests under `tests/` that are pure functions of their inputs like the unit tests (no process,
 * worker thread, server, timer or temporary file; no global changed): they share one module graph
 * per worker thread (project `shared`), so three, zod, the engine and the bundled tables load once
 * per thread instead of once per file (docs/performance.md, "The test run"). A new file under
 * `tests/` runs isolated (project `integration`) unless it is listed here.
 */
const SHARED_MODULE_TESTS = [
  'tests/campaign/{battle,battleplans,clues,outcomeSide,paths,withdrawal,wordsScan}.test.ts',
  'tests/dispute/dispute.test.ts',
  'tests/game/{abilityLog,ascensionOptions,bundledBattle,defaultTable,deployRosters,factionTerrain,labelDrop40,legacy,playerWords,rosterAbilities,setupBases,shortestPath,shortestPaths,start,stateHashKept42,surfaceShortcut,takeTheirLand,terrainCache,unitLabel}.test.ts',
  'tests/layout/{fireLanes,layoutKnownAnswers,objectiveReachRaster,spotVisibility,targetable}.test.ts',
  'tests/scenario/{adjudicatorFastPath,fuzz,kenney,modelMesh}.test.ts',
  'tests/visibility/fastVsExhaustive.test.ts',
  'tests/worker/{autoPass18,gameApi,gamePlay,play18,play18b,unbindOffers}.test.ts',
];

/**
 * Integration tests (they start processes, servers, worker threads, or write temporary files) that
 * leave no global behind them: every process, server and thread they start is stopped in the file,
 * `process.env` is restored, no global is stubbed past its test (a `WebSocket` from `ws` is set only
 * where Node 20 has none, the same everywhere). They run in forked processes like the other
 * integration tests, but one process runs several of them in turn (project `process`, isolation off):
 * the engine, three and zod load once per process, and the engine's code is warm (the default
 * table's terrain index costs 0.5-1 CPU-s in a fresh module graph, 0.1 s warm; docs/performance.md,
 * "Session 38: vitest"). `process.cpuUsage()` bounds (hostile, layoutJob) still read one file's
 * work: a forked process runs one file at a time. A spy on a shared prototype (onlineRace's on the
 * SDK's `Client.prototype`) is restored in its test, and vitest restores every spy after each file
 * whatever happens; limits and onlineRace leave every room they opened when each test ends, passed or
 * failed (`afterEach`, `onTestFinished`), before the servers stop (SDK clients left connected to a
 * stopped server reconnect and log after the file ended). Files that install the
 * `@vitest/web-worker` `Worker` global share processes of their own (WEB_WORKER_TESTS).
 */
const PROCESS_SHARED_TESTS = [
  'src/army/hostile.test.ts',
  'tests/setup.test.ts',
  'tests/campaign/{aftermathOnce,cli,twistOwed,twists}.test.ts',
  'tests/game/{headless,table}.test.ts',
  'tests/layout/{layoutCli,parallel,threadModule}.test.ts',
  'tests/scenario/{insideTerrain,malformed,portableFiles}.test.ts',
  'tests/server/{battle,campaignOnline,heavy,limits,onlineGame,onlineRace,restart,scaleOut}.test.ts',
  'tests/worker/{engineApi,engineHelper,gameHost,layoutJob,workerSupervisor}.test.ts',
];

/**
 * Integration tests that run their workers through `@vitest/web-worker` (a simulated Web Worker in
 * the test's process: it installs a `Worker` global, and each worker evaluates a module graph of its
 * own). They run in forked processes, one process running several of them in turn (project
 * `integration-web-worker`, isolation off): the global is the same in each file, so one file leaves
 * the next nothing it would not install itself, and every client, worker and server they start is
 * disposed or stopped in the file when each test ends, passed or failed (`onTestFinished`, `afterEach`,
 * `afterAll`). Kept apart from project `process`, whose
 * files must not see a `Worker` global (Node has none). Six files, alternated in the same minutes:
 * 26.96, 27.54 -> 22.92, 24.23 CPU-s isolated against shared (docs/performance.md, "Session 42:
 * vitest (vit42)").
 */
const WEB_WORKER_TESTS = ['tests/server/{crossTransport,crossTransportAbilities}.test.ts', 'tests/worker/{engineWorker,gameRestart,gameWorker,layoutJobWorker}.test.ts'];

// Worker bundles are ES modules (comlink + three-mesh-bvh run inside them).
export default defineConfig({
  plugins: [
    react(),
    quietR3fClock,
    // The installable, offline app (docs/offline.md): a web app manifest, and a service worker
    // (src/sw.ts, Workbox) that precaches the app shell, its scripts (workers and the rapier
    // physics, whose wasm is inlined in its script, included), styles, scenarios and icons, and
    // caches the Kenney meshes at run time, as they are fetched. A new build waits for the player:
    // the page shows "update available" (src/ui/UpdatePrompt.tsx). `injectManifest`: Vite bundles
    // src/sw.ts and Workbox writes the precache list into it; `generateSW` made the same worker
    // with rollup, Babel and terser, ~3 CPU-s of every build (docs/performance.md, "Session 42:
    // type check and build").
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: null,
      includeAssets: ['favicon.svg', 'icons/apple-touch-180.png'],
      manifest: {
        name: 'Sightline',
        short_name: 'Sightline',
        description: 'A 3D tabletop for Warhammer Age of Sigmar that measures the way the rules say.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#15191f',
        theme_color: '#15191f',
        icons: [
          { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: 'icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: 'favicon.svg', sizes: 'any', type: 'image/svg+xml' },
        ],
      },
      injectManifest: {
        globPatterns: ['**/*.{js,mjs,css,html,svg,png,json,wasm,woff2,glb}'],
        // The physics chunk (rapier's wasm inlined) is over Workbox's 2 MiB default; the whole
        // shell is a few MB, so it is precached rather than left to the first throw.
        maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
      },
      integration: {
        // The worker's own Vite build (one entry, Workbox inlined) logs as the app's build does, and
        // with rolldown's name for one chunk (`codeSplitting: false`, not the deprecated
        // `inlineDynamicImports` the plugin sets).
        configureCustomSWViteBuild(c) {
          c.logLevel = 'warn';
          const out = c.build?.rollupOptions?.output;
          if (out && !Array.isArray(out) && 'inlineDynamicImports' in out) {
            delete out.inlineDynamicImports;
            Object.assign(out, { codeSplitting: false });
          }
        },
      },
    }),
  ],
  worker: { format: 'es' },
  optimizeDeps: { include: ['comlink', 'three-mesh-bvh', 'zod', '@react-three/rapier', '@dimforge/rapier3d-compat'], rolldownOptions: { plugins: [quietR3fClock] } },
  server: { port: 5173 },
  test: {
    // Hang watchdogs, not speed bounds: generous, so that a loaded machine (two workers here, the
    // browser tests beside them, other work on the machine) never fails a test that is only slow.
    testTimeout: 180_000,
    hookTimeout: 180_000,
    // Two workers on this 2-core machine (vitest's default there is one): the heavy files run side
    // by side, and the quick unit files fill in (docs/performance.md, "The test run").
    maxWorkers: 2,
    // Transformed modules kept on disk (node_modules/.experimental-vitest-cache, keyed by each
    // file's content, the config and vitest's version): the projects below each have their
    // own Vite server and would otherwise transform the same engine modules once per project a
    // run, and a second run transforms nothing. Measured (docs/performance.md, "Session 38:
    // vitest"): four files of the four projects, 9.7 -> 8.8 CPU-s with an empty cache (a clean
    // clone), 8.6 -> 5.9 CPU-s with a warm one. `npx vitest --clearCache` empties it.
    experimental: { fsModuleCache: true },
    projects: [
      {
        // The quick loop (`npm test`): the unit and property tests beside the code (src/), pure
        // functions of their inputs: no browser, no server, no process or worker started. They
        // share one module graph per worker thread (isolation off: no file changes a global it
        // does not restore), so three, zod and the engine load once, not once per file.
        extends: true,
        test: { name: 'unit', include: ['src/**/*.test.ts'], exclude: UNIT_EXCLUDED, pool: 'threads', isolate: false },
      },
      {
        // The pure tests of tests/ (whole-table games, layouts, scenario files, property tests):
        // as the unit project, one module graph per worker thread.
        extends: true,
        test: { name: 'shared', include: SHARED_MODULE_TESTS, pool: 'threads', isolate: false },
      },
      {
        // Workers, servers, CLI processes that leave no global behind: forked processes, each
        // running several files in turn with one module graph (PROCESS_SHARED_TESTS).
        extends: true,
        test: { name: 'process', include: PROCESS_SHARED_TESTS, pool: 'forks', isolate: false },
      },
      {
        // The `@vitest/web-worker` files (WEB_WORKER_TESTS): forked processes, each running several
        // of them in turn with one module graph. Its name sorts before `process`: vitest runs the
        // projects in the order of their names, so these files, which also wait on servers and
        // restarts, start early and the quick unit files fill the cores at the end.
        extends: true,
        test: { name: 'integration-web-worker', include: WEB_WORKER_TESTS, pool: 'forks', isolate: false },
      },
      {
        // Everything else (a new file under tests/ until it is listed above): each file in its
        // own process.
        extends: true,
        test: { name: 'integration', include: ['tests/**/*.test.ts', ...UNIT_EXCLUDED], exclude: ['tests/e2e/**', 'node_modules/**', ...SHARED_MODULE_TESTS, ...PROCESS_SHARED_TESTS, ...WEB_WORKER_TESTS] },
      },
    ],
  },
});
