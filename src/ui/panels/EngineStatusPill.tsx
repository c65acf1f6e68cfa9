import { useEffect, useState } from 'react';
import type { EngineStatus } from '../engine/engine';

/** Props of {@link EngineStatusPill}. */
export interface EngineStatusPillProps {
  /** The engine's live status. */
  status: EngineStatus;
  /** Calls shorter than this are not shown as busy (no flicker), ms. Default 180. */
  busyDelayMs?: number;
  /** How long "restarted" stays up after a restart, ms. Default 6000. */
  restartShowMs?: number;
}

/** A small pill: engine starting / loading / ready / busy / restarted / error. */
export function EngineStatusPill({ status, busyDelayMs = 180, restartShowMs = 6000 }: EngineStatusPillProps) {
  const [busy, setBusy] = useState(false);
  const [, tick] = useState(0);
  useEffect(() => {
    if (status.inFlight === 0) {
      setBusy(false);
      return;
    }
    const t = setTimeout(() => setBusy(true), busyDelayMs);
    return () => clearTimeout(t);
  }, [status.inFlight > 0, busyDelayMs]); // eslint-disable-line react-hooks/exhaustive-deps
  const sinceRestart = status.lastRestartAt ? Date.now() - status.lastRestartAt : Infinity;
  useEffect(() => {
    if (sinceRestart >= restartShowMs) return;
    const t = setTimeout(() => tick((n) => n + 1), restartShowMs - sinceRestart + 10);
    return () => clearTimeout(t);
  }, [status.lastRestartAt, sinceRestart, restartShowMs]);

  let state: string;
  let text: string;
  if (status.phase === 'error') [state, text] = ['error', 'Engine: load failed'];
  else if (status.phase === 'starting') [state, text] = ['busy', 'Engine starting…'];
  else if (status.phase === 'loading') [state, text] = ['busy', 'Engine loading…'];
  else if (sinceRestart < restartShowMs) [state, text] = ['restarted', `Engine restarted${status.lastRestartCause ? ` (${status.lastRestartCause})` : ''}`];
  else if (busy) [state, text] = ['busy', 'Engine busy…'];
  else [state, text] = ['ready', 'Engine ready'];
  return (
    <span className={`engine-pill ${state}`} data-testid="engine-status" data-state={state} title={status.restarts ? `The engine worker was restarted ${status.restarts} time(s); its state was restored.` : 'Measurements run in a worker'}>
      <i />
      {text}
      {status.restarts > 0 && state !== 'restarted' && <span className="restarts">↻{status.restarts}</span>}
    </span>
  );
}
