/**
 * The Play mode's options: the selected unit's options (each tried by the engine), the player-level
 * actions and the expected damage on each target, refreshed on every new summary and every change
 * of the selection (and online, when the connection is back). A later refresh drops an earlier one's
 * answers. The player-level actions carry the summary they were asked at (`generalFor`): the
 * panel offers none of the previous state's while the answer for the new one is on its way (issue
 * 36: online under load, the previous player's "end phase" stayed on the next player's panel for
 * seconds, and a click sent it).
 */
import { useCallback, useEffect, useRef } from 'react';
import type { ExpectedDamage } from '../../client/gameClient';
import type { OnlineGame } from '../../client/onlineGame';
import type { PlayGame } from './game';
import type { PanelStore } from './panelStore';
import { unbindOffers } from './unbindOffers';

/** What {@link usePlayOptions} needs. */
export interface PlayOptionsInput {
  /** The game connection (null: not in Play mode). */
  game: PlayGame | null;
  /** The online game (null: hot-seat); a spectator is asked for no options. */
  online: OnlineGame | null;
  store: PanelStore;
  /** The selected unit (null: none). */
  selectedUnit: string | null;
}

/** Keeps the panel's `options`, `general` and `expected` up to date (see the module comment). */
export function usePlayOptions({ game, online, store, selectedUnit }: PlayOptionsInput): void {
  const selectedRef = useRef(selectedUnit);
  selectedRef.current = selectedUnit;
  const seq = useRef(0);
  const refresh = useCallback(() => {
    const s = store.get().summary;
    // A spectator acts on nothing: no options asked of the server.
    if (!game || !s || online?.seat === 'spectator') return;
    const mine = ++seq.current;
    const live = () => mine === seq.current;
    const unit = selectedRef.current;
    void (async () => {
      const g = await game.generalOptions();
      // A spell waiting for an unbind (Magic 4.0): each WIZARD of the player who may unbind (or a
      // HERO allowed to by a Place of Power) is offered beside "does not unbind", with no need to
      // select it first (issue 28).
      const unbinds = await unbindOffers(s, (id) => game.options(id));
      if (live()) {
        store.set('general', [...unbinds, ...g]);
        store.set('generalFor', s.hash);
      }
      if (!unit) {
        if (live()) {
          store.set('options', null);
          store.set('expected', {});
        }
        return;
      }
      const opts = await game.options(unit);
      if (!live()) return;
      store.set('options', opts);
      const exp: Record<string, ExpectedDamage> = {};
      if (opts.ok) {
        const kind = s.phase === 'shooting' ? 'shoot' : 'fight';
        for (const e of opts.entries) if (e.group === kind && e.target && e.available) exp[e.target] = await game.expectedDamage(unit, e.target, kind);
      }
      if (live()) store.set('expected', exp);
    })().catch((e: unknown) => {
      // An online game whose server is unreachable refuses questions at once: the options wait for the next summary.
      if (live()) console.warn('Sightline: the options could not be asked', (e as Error).message);
    });
  }, [game, online, store]);
  // Every new summary (an action, an undo, a replay step, the other player's action).
  useEffect(() => {
    let last = store.get().summary;
    return store.subscribe(() => {
      const s = store.get().summary;
      if (s === last) return;
      last = s;
      refresh();
    });
  }, [store, refresh]);
  useEffect(() => refresh(), [selectedUnit, refresh]);
  // Online, questions are refused while the server is unreachable: asked again once it is back.
  useEffect(() => {
    const off = online?.onStatus((st) => {
      if (st.kind === 'connected') refresh();
    });
    return () => void off?.();
  }, [online, refresh]);
}
