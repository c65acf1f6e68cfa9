/**
 * An army ability's text as printed (ABILITIES.md "Play": "with their Declare and Effect text"), the
 * one component that shows it, under an option of the Play panel and on the unit card: a one-line
 * summary (its name when given, its timing, and whether the engine applies the Effect itself or the
 * player resolves it by hand), opened with a click to its Declare and Effect and any extra lines
 * (`children`: the card's source and the effects the engine applies).
 */
import type { ReactNode } from 'react';
import './abilities.css';

/** Props of {@link AbilityText}. */
export interface AbilityTextProps {
  /** The ability's name, bold at the head of the line (omitted under an option that already names it). */
  name?: string;
  /** Its timing as the player reads it ("Once Per Turn (Army), Your Hero Phase"). */
  timing: string;
  declare: string | null;
  effect: string;
  /** The engine applies the Effect itself (`resolves` not null), else the player does, by hand. */
  auto: boolean;
  /** Extra lines under the Effect (optional). */
  children?: ReactNode;
  /** Test id (default `play-ability-text`). */
  testid?: string;
  /** Extra class names (optional). */
  className?: string;
  /** Used this turn: marked "used" in the summary line (default false). */
  used?: boolean;
}

/** The timing, Declare and Effect of an ability, and who resolves it. */
export function AbilityText({ name, timing, declare, effect, auto, children, testid = 'play-ability-text', className = '', used = false }: AbilityTextProps) {
  return (
    <details className={`play-ability-text ${className}`.trim()} data-testid={testid} data-auto={auto ? 'auto' : 'by hand'}>
      <summary>
        {name !== undefined && <><b>{name}</b> · </>}
        <span className="muted">{timing}</span>{' '}
        <span className={auto ? 'ability-auto' : 'ability-by-hand'} data-testid="ability-mode" title={auto ? 'The engine applies it' : 'You resolve it on the table; the log shows it as "by hand"'}>
          {auto ? 'auto' : 'by hand'}
        </span>
        {used && <> <span className="ability-used" data-testid="ability-used">used this turn</span></>}
      </summary>
      {declare && (
        <p data-testid="ability-declare">
          <b>Declare:</b> {declare}
        </p>
      )}
      <p data-testid="ability-effect">
        <b>Effect:</b> {effect}
      </p>
      {children}
    </details>
  );
}
