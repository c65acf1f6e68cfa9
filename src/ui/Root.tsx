import { useEffect, useState } from 'react';
import { App } from './App';
import { isPlayMode, PLAY_MODE_EVENT } from './play/game';

/**
 * The page's root: the {@link App}, remounted (a new key) when Play mode is left in place
 * ({@link PLAY_MODE_EVENT} from `setPlayMode(false)`) so that it loads the table view's scenario
 * without a page reload. No props.
 */
export function Root() {
  const [mount, setMount] = useState(0);
  useEffect(() => {
    const remount = () => setMount((m) => m + 1);
    window.addEventListener(PLAY_MODE_EVENT, remount);
    return () => window.removeEventListener(PLAY_MODE_EVENT, remount);
  }, []);
  // The App reads Play mode from the address once per mount (its scenario source and usePlay).
  return <App key={`${mount}-${isPlayMode() ? 'play' : 'table'}`} />;
}
