import type { Action, GameSummary } from '../../client/gameClient';
import { modelNumber, modelWords } from '../../game/playerWords';

/** Props of {@link CasualtyOrder}. */
export interface CasualtyOrderProps {
  /** The selected unit (its alive models and current casualty order). */
  unit: GameSummary['units'][number];
  /** A call is running in the game worker: the buttons wait. */
  busy: boolean;
  /** Sends the `setSlainPriority` action (checked by the engine). */
  onAct: (a: Action) => void;
}


/**
 * The commander's choice of slain models (Core 18.3): one button per alive model; pressing one
 * makes that model the next to be slain (it goes to the front of the unit's casualty order, the
 * models chosen before keep their order behind it). The chosen models show their place in the
 * order; "Default order" returns to the engine's choice (the last model whose removal keeps the
 * unit coherent). Every change is a `setSlainPriority` action, logged and undoable.
 */
export function CasualtyOrder({ unit, busy, onAct }: CasualtyOrderProps) {
  if (unit.aliveModelIds.length < 2) return null;
  const set = (modelIds: string[]) => onAct({ type: 'setSlainPriority', player: unit.owner, unitId: unit.id, modelIds } as Action);
  return (
    <div className="play-casualties" data-testid="play-casualties">
      <span title="Which models are slain first when this unit suffers damage (Core 18.3)">
        Slain first <span className="play-rule">Core 18.3</span>
      </span>
      {unit.aliveModelIds.map((id) => {
        const place = unit.slainPriority.indexOf(id);
        const name = modelWords(unit, id, unit.aliveModelIds, unit.models);
        return (
          <button
            key={id}
            type="button"
            data-testid={`play-slain-${id}`}
            aria-pressed={place >= 0}
            disabled={busy}
            title={place >= 0 ? `${name}: number ${place + 1} to be slain` : `Slay ${name} first`}
            onClick={() => set([id, ...unit.slainPriority.filter((x) => x !== id)])}
          >
            {modelNumber(unit.id, id, unit.aliveModelIds)}
            {place >= 0 && <sup>{place + 1}</sup>}
          </button>
        );
      })}
      {unit.slainPriority.length > 0 && (
        <button type="button" data-testid="play-slain-default" disabled={busy} onClick={() => set([])}>
          Default order
        </button>
      )}
    </div>
  );
}
