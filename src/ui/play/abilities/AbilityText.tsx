/**
 * An army ability's text as printed, under its button in the Play panel (ABILITIES.md "Play": the
 * abilities the player may use now, with their Declare and Effect text): its timing, Declare and
 * Effect, and whether the engine applies the Effect itself or the player resolves it by hand.
 * Folded by default (one line), opened with a click.
 */
import type { OptionEntry } from '../../../client/gameClient';
import './abilities.css';

/** Props of {@link AbilityText}. */
export interface AbilityTextProps {
  /** The option's `ability` (required): name, timing, Declare, Effect, `auto`. */
  ability: NonNullable<OptionEntry['ability']>;
  /** Test id (default `play-ability-text`). */
  testid?: string;
}

/** The timing, Declare and Effect of an ability, and who resolves it. */
export function AbilityText({ ability: a, testid = 'play-ability-text' }: AbilityTextProps) {
  return (
    <details className="play-ability-text" data-testid={testid}>
      <summary>
        {a.timing} · {a.auto ? 'the engine applies it' : 'resolved by hand'}
      </summary>
      {a.declare && (
        <p>
          <b>Declare:</b> {a.declare}
        </p>
      )}
      <p>
        <b>Effect:</b> {a.effect}
      </p>
    </details>
  );
}
