/**
 * The one message the engine worker sends outside comlink: posted right after `Comlink.expose`,
 * it tells the client the worker's modules loaded (start-up is over), so that the client's call
 * watchdog never counts start-up time. Comlink ignores it (it has no `id`). Kept in its own module
 * so the page imports this constant without pulling the engine into the main bundle.
 */
export const ENGINE_READY_MESSAGE = { sightlineEngine: 'ready' } as const;

/** True for {@link ENGINE_READY_MESSAGE} (after structured cloning). */
export function isEngineReadyMessage(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { sightlineEngine?: unknown }).sightlineEngine === 'ready';
}
