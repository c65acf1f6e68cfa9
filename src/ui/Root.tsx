import { useEffect, useState } from 'react';
import { App } from './App';
import { isPlayMode, PLAY_MODE_EVENT, playModeFollowsAddress } from './play/game';

/**
 * The page's root: the {@link App}, remounted (a new key) when Play mode is switched in place
 * ({@link PLAY_MODE_EVENT} from `setPlayMode`), or when Back / Forward changes the address's
 * `?play`, so that it loads the new mode's scenario without a page reload. No props.
 */
export function Root() {
  const [mount, setMount] = useState(0);
  useEffect(() => {
    /** The mode the App is mounted in. */
    let play = isPlayMode();
    const remount = () => {
      play = isPlayMode();
      setMount((m) => m + 1);
    };
    const onHistory = () => {
      if (isPlayMode() !== play) playModeFollowsAddress();
    };
    window.addEventListener(PLAY_MODE_EVENT, remount);
    window.addEventListener('popstate', onHistory);
    return () => {
      window.removeEventListener(PLAY_MODE_EVENT, remount);
      window.removeEventListener('popstate', onHistory);
    };
  }, []);
  // The App reads Play mode from the address once per mount (its scenario source and usePlay).
  return <App key={`${mount}-${isPlayMode() ? 'play' : 'table'}`} />;
}
