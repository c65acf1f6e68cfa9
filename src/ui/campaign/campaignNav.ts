/**
 * Opening the campaign screen from elsewhere on the page: Play's end prompt of a campaign battle
 * asks for the aftermath ({@link requestCampaignAftermath}); the App, which holds the campaign
 * screen, listens ({@link onCampaignAftermath}) and opens it on the aftermath.
 *
 * @module
 */

const listeners = new Set<() => void>();

/** Asks the page to open the campaign screen on the aftermath of the campaign's battle. */
export function requestCampaignAftermath(): void {
  for (const l of listeners) l();
}

/** Calls `listener` on each {@link requestCampaignAftermath}; returns the unsubscribe function. */
export function onCampaignAftermath(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
