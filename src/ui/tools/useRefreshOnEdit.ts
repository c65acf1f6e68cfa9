import { useEffect, useRef } from 'react';

/**
 * For tools whose answer depends on the positions: calls `refresh` whenever the scenario's edit
 * counter (`version`) moves on from the value it had when the tool mounted.
 */
export function useRefreshOnEdit(version: number, refresh: () => void): void {
  const firstVersion = useRef(version);
  const refreshRef = useRef(refresh);
  refreshRef.current = refresh;
  useEffect(() => {
    if (version !== firstVersion.current) refreshRef.current();
  }, [version]);
}
