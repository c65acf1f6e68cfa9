import { StartupRecovery } from '../files/StartupRecovery';
import { OnlineJoinRefused } from '../play/OnlineJoinRefused';
import type { LoadState } from './useScenarioLoad';

/** Props of {@link LoadStatus}. */
export interface LoadStatusProps {
  /** The load, not yet ready (loading, or failed with its problems). */
  load: LoadState;
}

/**
 * The page before its table is up: a spinner while the scenario loads, or the problems that
 * stopped it (each naming where) with the ways out (start from the default, a refused online join).
 */
export function LoadStatus({ load }: LoadStatusProps) {
  if (load.status === 'error') {
    return (
      <div className="status error" role="alert">
        <h2>The scenario could not be loaded</h2>
        <ul>
          {load.problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
        <StartupRecovery />
        <OnlineJoinRefused />
      </div>
    );
  }
  return (
    <div className="status" data-testid="loading">
      <div className="spinner" /> Setting up the battlefield…
    </div>
  );
}
