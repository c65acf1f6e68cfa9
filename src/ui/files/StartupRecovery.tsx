import { clearSaved } from '../persist/autosave';
import { startupInfo } from './startup';

/**
 * Shown under the load error: when the failing battlefield came from the autosave or a share
 * link, a way out instead of a dead end: forget the autosave; or leave the link, which reopens the
 * user's own (autosaved) battlefield, else the default one (issue 39: the label says so).
 */
export function StartupRecovery() {
  const origin = startupInfo()?.origin;
  if (origin !== 'autosave' && origin !== 'share') return null;
  const fresh = async () => {
    if (origin === 'autosave') await clearSaved().catch(() => undefined);
    window.location.replace(`${window.location.pathname}${window.location.search}`);
  };
  return (
    <div className="recovery">
      <button type="button" data-testid="btn-recover" onClick={() => void fresh()}>
        {origin === 'autosave' ? 'Forget the autosaved battlefield and start again' : 'Leave the link and open your own battlefield (or the default one)'}
      </button>
    </div>
  );
}
