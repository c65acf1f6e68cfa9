/**
 * The installable app's service worker (vite-plugin-pwa, docs/offline.md), registered once the
 * page has loaded, and its two notes: "Ready to work offline" after the first visit has cached
 * the app, and "Update available" when a newer build is waiting; *Reload* switches to it, *Later*
 * keeps the running one until the next visit. Shows nothing otherwise. The page's state is
 * exposed for the browser tests as `body[data-offline-ready]` and `body[data-update]`.
 */
import { useEffect } from 'react';
import { useRegisterSW } from 'virtual:pwa-register/react';

/** Props: none. */
export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    offlineReady: [offlineReady, setOfflineReady],
    updateServiceWorker,
  } = useRegisterSW({
    // No service worker (development server, a browser that refuses it): the app still works
    // online; say why once, without an error.
    onRegisterError: (e: unknown) => console.warn(`Sightline works online only here: the offline cache could not start (${(e as Error)?.message ?? e})`),
  });

  // Sticky: once the app is cached it stays so, while the note itself goes after a few seconds.
  useEffect(() => {
    if (offlineReady) document.body.dataset.offlineReady = 'true';
  }, [offlineReady]);
  useEffect(() => {
    document.body.dataset.update = needRefresh ? 'available' : 'none';
  }, [needRefresh]);
  useEffect(() => {
    if (!offlineReady) return;
    const t = window.setTimeout(() => setOfflineReady(false), 6000);
    return () => window.clearTimeout(t);
  }, [offlineReady, setOfflineReady]);

  if (!needRefresh && !offlineReady) return null;
  return (
    <div className="update-prompt" role="status" data-testid="update-prompt">
      {needRefresh ? (
        <>
          <span>Update available: a newer Sightline is ready.</span>
          <button type="button" data-testid="update-reload" onClick={() => void updateServiceWorker(true)}>
            Reload
          </button>
          <button type="button" onClick={() => setNeedRefresh(false)}>
            Later
          </button>
        </>
      ) : (
        <span>Ready to work offline: Sightline now opens without a network.</span>
      )}
    </div>
  );
}
