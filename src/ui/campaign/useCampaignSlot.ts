import { useCallback, useEffect, useState } from 'react';
import { readCampaignSlot, writeCampaignSlot, type CampaignSlot } from './campaignStore';

/**
 * The campaign kept in the browser: `undefined` while IndexedDB is read, then the slot (null when
 * none). `setSlot` shows the new slot at once and resolves once it is written (so a page reload
 * after it, such as going to Play, finds it).
 */
export function useCampaignSlot(): { slot: CampaignSlot | null | undefined; setSlot: (s: CampaignSlot | null) => Promise<void> } {
  const [slot, setState] = useState<CampaignSlot | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void readCampaignSlot().then((s) => live && setState((now) => (now === undefined ? s : now)));
    return () => {
      live = false;
    };
  }, []);
  const setSlot = useCallback((s: CampaignSlot | null) => {
    setState(s);
    return writeCampaignSlot(s);
  }, []);
  return { slot, setSlot };
}
