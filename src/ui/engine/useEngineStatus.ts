import { useSyncExternalStore } from 'react';
import type { Engine, EngineStatus } from './engine';

/** The engine's live status (re-renders on change). */
export function useEngineStatus(engine: Engine): EngineStatus {
  return useSyncExternalStore(
    (cb) => engine.subscribe(cb),
    () => engine.get(),
  );
}
