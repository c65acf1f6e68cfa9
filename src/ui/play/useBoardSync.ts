/**
 * The Play mode's board sync: the table shows where the game says every model stands. Moved models
 * are placed in the scene data and moved in the measuring engine; slain models leave both (kept, to
 * come back when a replay steps back before they were slain). Objectives the game placed during the
 * battle (Spied Treasure) join the table's markers, and leave again when a replay steps back before.
 */
import { useCallback, useRef, type MutableRefObject } from 'react';
import type { GameState, GameSummary } from '../../client/gameClient';
import type { BattlefieldData, ModelView } from '../../scene/types';
import { sceneDataClient } from '../sceneData/sceneDataClient';
import { samePoint } from './tools/moveMeasure';
import { playGame, scenarioModel } from './game';
import { withAddedObjectives } from './addedObjectives';
import type { PlayOptions } from './playTypes';

/**
 * Returns `applyBoard(summary)`: moves, removes and puts back the table's models to the summary's
 * board (`positions`, `removed`), in the scene data and the measuring engine; resolves once both
 * hold them. `app`: the App's current options (its data, setter, engine).
 */
export function useBoardSync(app: MutableRefObject<PlayOptions>): (s: GameSummary) => Promise<void> {
  /** Models taken off the table (slain), kept to put back when a replay steps back before it. */
  const offTable = useRef(new Map<string, { view: ModelView; unit: BattlefieldData['units'][number] }>());
  /** Ids of the objectives drawn because the game placed them (Spied Treasure), not the table's own. */
  const addedShown = useRef(new Set<string>());
  return useCallback(
    async (s: GameSummary) => {
      const { engine, setData } = app.current;
      let data = app.current.data;
      if (!data) return;
      // Models back on the battlefield (a replay stepped back before they were slain).
      const back = [...offTable.current.keys()].filter((id) => s.board.positions[id] && !data!.models.some((m) => m.id === id));
      if (back.length) {
        const state: GameState = await playGame()!.state();
        const returned: { view: ModelView; unit: BattlefieldData['units'][number] }[] = [];
        for (const id of back) {
          const kept = offTable.current.get(id)!;
          offTable.current.delete(id);
          const model = scenarioModel(state, id, s.board.positions[id], (kept.view.footprint.facingRad * 180) / Math.PI);
          if (model) await engine.track(engine.client.addModel(kept.unit.id, model));
          const [x, y] = s.board.positions[id];
          returned.push({ view: (await sceneDataClient().place(id, x, y)) ?? kept.view, unit: kept.unit });
        }
        const units = [...data.units];
        for (const { view, unit } of returned) {
          const i = units.findIndex((u) => u.id === unit.id);
          if (i >= 0) units[i] = { ...units[i], modelIds: [...units[i].modelIds, view.id] };
          else units.push({ ...unit, modelIds: [view.id] });
        }
        data = { ...data, models: [...data.models, ...returned.map((r) => r.view)], units };
        setData(data);
      }
      const removed = new Set(s.board.removed);
      const moved = data.models.filter((m) => !removed.has(m.id) && s.board.positions[m.id] && !samePoint([m.footprint.x, m.footprint.y], s.board.positions[m.id]));
      const gone = data.models.filter((m) => removed.has(m.id));
      const placed = await Promise.all(
        moved.map(async (m) => {
          const [x, y] = s.board.positions[m.id];
          const [view] = await Promise.all([sceneDataClient().place(m.id, x, y), engine.track(engine.client.moveModel(m.id, x, y))]);
          return view;
        }),
      );
      for (const m of gone) {
        const unit = data.units.find((u) => u.id === m.unitId);
        if (unit) offTable.current.set(m.id, { view: m, unit });
        await engine.track(engine.client.removeModel(m.id));
      }
      // Objectives placed during the battle (Spied Treasure) join the table's markers; a replay stepped back before one drops it.
      const markers = withAddedObjectives(data.objectives, s.board.addedObjectives ?? [], addedShown.current);
      if (markers) {
        addedShown.current = markers.shown;
        setData((d) => (d ? { ...d, objectives: markers.objectives } : d));
      }
      const byId = new Map(placed.filter((v): v is NonNullable<typeof v> => !!v).map((v) => [v.id, v]));
      if (byId.size || gone.length || back.length || markers) {
        setData((d) => {
          if (!d) return d;
          const models = d.models.filter((m) => !removed.has(m.id)).map((m) => byId.get(m.id) ?? m);
          const units = d.units.map((u) => ({ ...u, modelIds: u.modelIds.filter((id) => !removed.has(id)) })).filter((u) => u.modelIds.length > 0);
          return { ...d, models, units };
        });
        app.current.bumpVersion();
      }
    },
    [app],
  );
}
