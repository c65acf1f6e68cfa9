/// <reference lib="webworker" />
/**
 * The service worker of the installable, offline app (docs/offline.md), built by vite-plugin-pwa's
 * `injectManifest` strategy: Vite bundles this file into `sw.js` (Workbox's modules inlined, no
 * second script) and Workbox writes the precache list (`self.__WB_MANIFEST`: the files matched by
 * `injectManifest.globPatterns` in vite.config.ts, each with its revision) into it.
 *
 * It does what the `generateSW` worker of sessions 27-41 did, line for line: precache the app shell,
 * scripts, styles, scenarios, icons and meshes on install and serve them cache first; drop caches of
 * older Workbox precache versions; answer navigations (except `/__*`) with the cached `index.html`;
 * cache the page's own meshes and images at run time (CacheFirst, `sightline-meshes`, 400 entries)
 * and any other same-origin GET (NetworkFirst, 5 s timeout, `sightline-runtime`, 200 entries); and
 * take over when the page posts `{ type: 'SKIP_WAITING' }` (the update prompt's Reload). Written here
 * rather than generated because `generateSW` bundles the worker with rollup, Babel and terser,
 * ~3 CPU-s of every build (docs/performance.md, "Session 42: type check and build").
 */
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | PrecacheEntry)[] };

self.addEventListener('message', (e) => {
  if (e.data && e.data.type === 'SKIP_WAITING') void self.skipWaiting();
});
precacheAndRoute(self.__WB_MANIFEST, {});
cleanupOutdatedCaches();
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [/^\/__/] }));
// Terrain meshes (Kenney glTF binaries) and images: cached as the battlefields use them.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && /\.(glb|gltf|bin|ktx2|jpg|jpeg|webp)$/i.test(url.pathname),
  new CacheFirst({ cacheName: 'sightline-meshes', plugins: [new ExpirationPlugin({ maxEntries: 400 })] }),
  'GET',
);
// Anything else of the page's own that the precache does not hold (files served beside the build):
// the network first, the cached copy offline.
registerRoute(
  ({ url, sameOrigin, request }) => sameOrigin && request.method === 'GET' && !url.pathname.startsWith('/__'),
  new NetworkFirst({ cacheName: 'sightline-runtime', networkTimeoutSeconds: 5, plugins: [new ExpirationPlugin({ maxEntries: 200 })] }),
  'GET',
);
