/** Props of {@link MoveModeToggle}. */
export interface MoveModeToggleProps {
  /** True: a drag moves only the model dragged; false: the whole unit by the same offset. */
  one: boolean;
  onChange: (one: boolean) => void;
  /** Models placed one at a time and not sent yet (0: none). */
  placed: number;
  /** Their unit's name. */
  unitName: string;
  /** Sends their unit's move (one `move` action, a path per placed model). */
  onCommit: () => void;
  /** Forgets the placed models. */
  onClear: () => void;
}

/**
 * Whether a drag in Play mode moves the whole unit or one model (issue 18: models can be moved one
 * at a time: each drag places one model (drawn as a ghost, its live allowance checked), then "Move
 * the placed models" sends the unit's one `move` action with a path per placed model; the engine
 * checks every path and the unit's coherency).
 */
export function MoveModeToggle({ one, onChange, placed, unitName, onCommit, onClear }: MoveModeToggleProps) {
  return (
    <div className="play-move-mode" data-testid="play-move-mode" data-one={one ? 'true' : 'false'}>
      <span>Drag moves</span>
      <button type="button" className={one ? '' : 'on'} aria-pressed={!one} data-testid="play-move-unit" onClick={() => onChange(false)}>
        the unit
      </button>
      <button type="button" className={one ? 'on' : ''} aria-pressed={one} data-testid="play-move-one" onClick={() => onChange(true)}>
        one model
      </button>
      {placed > 0 && (
        <>
          <span data-testid="play-placed">
            {placed} of {unitName} placed
          </span>
          <button type="button" className="on" data-testid="play-move-placed" onClick={onCommit}>
            Move the placed models
          </button>
          <button type="button" data-testid="play-clear-placed" onClick={onClear}>
            Clear
          </button>
        </>
      )}
    </div>
  );
}
