/**
 * The question after a drag whose ability move passed across two or more enemy units (session 41, ui41; issue 34
 * item 5; sh40f's "Then, pick an enemy unit that this unit passed across during that move"): the units by name, each
 * ringed on the table while the pointer (or the keyboard's focus) is on it; a click sends the move again with that
 * unit as its `target` (`passedAcross41.ts`).
 */
import type { AcrossPick } from './passedAcross41';

/** Props of {@link PassedAcrossPick}. */
export interface PassedAcrossPickProps {
  /** The question (required). */
  pick: AcrossPick;
  /** A request is in flight: buttons disabled (required). */
  busy: boolean;
  /** A unit picked (its id), or null: the question dismissed (required). */
  onPick: (unitId: string | null) => void;
  /** The pointer is on a unit's name (its id), or left it (null) (required). */
  onHover: (unitId: string | null) => void;
}

/** The units the move passed across, as buttons. */
export function PassedAcrossPick({ pick, busy, onPick, onHover }: PassedAcrossPickProps) {
  return (
    <div className="play-note info play-across" role="group" aria-label={`${pick.ability}: pick an enemy unit`} data-testid="play-across-pick">
      <div>
        <b>{pick.ability}</b>: the move passed across {pick.units.length} enemy units. Pick the one it acts on (the move is made then):
      </div>
      <div className="play-pair-step">
        {pick.units.map((u) => (
          <button
            key={u.id}
            type="button"
            data-testid={`play-across-${u.id}`}
            disabled={busy}
            onMouseEnter={() => onHover(u.id)}
            onMouseLeave={() => onHover(null)}
            onFocus={() => onHover(u.id)}
            onBlur={() => onHover(null)}
            onClick={() => onPick(u.id)}
          >
            {u.name}
          </button>
        ))}
        <button type="button" data-testid="play-across-cancel" onClick={() => onPick(null)}>
          Cancel
        </button>
      </div>
    </div>
  );
}
