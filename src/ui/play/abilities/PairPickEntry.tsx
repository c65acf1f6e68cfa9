/**
 * An ability whose choice is a pair, in the Play panel (session 41, ui41; issue 34 item 5): Call to Murder's 42 options
 * ("Hatred>Haste", one per pair of blessings) shown as two short picks ({@link pairPick}): first the active blessing
 * to end, then the blessing to make active; the second pick takes the game's own option for that pair (the same
 * `useAbility` action with its `choice`). Its timing, Declare and Effect under it ({@link AbilityText}).
 */
import { useState } from 'react';
import type { Action, OptionEntry } from '../../../client/gameClient';
import { AbilityText } from './AbilityText';
import { pairPick } from './pairPick41';
import './abilities.css';

/** Props of {@link PairPickEntry}. */
export interface PairPickEntryProps {
  /** The ability's pair options (required, non-empty, each with `ability` and a pair `choice`), labels in the player's words. */
  entries: readonly OptionEntry[];
  /** The first picks the game knows to be allowed (the player's active blessings); undefined: all that are offered. */
  firstAllowed?: readonly string[];
  /** A request is in flight: buttons disabled (required). */
  busy: boolean;
  /** Takes an option's action, with its label in the player's words (required). */
  onAct: (a: Action, label: string) => void;
  /** Test id of the entry; its buttons add `-a-<first>` and `-b-<second>` (required). */
  testid: string;
}

/** The words of the two steps: a blessing's ("the active blessing to end"), else plain first / second picks. */
function stepWords(effect: string): [string, string] {
  return /\bblessing\b/i.test(effect) ? ['the active blessing to end', 'the blessing to make active'] : ['first pick', 'then'];
}

const slug = (x: string) => x.replace(/[^a-zA-Z0-9]+/g, '-');

/** The two picks and the ability's text. */
export function PairPickEntry({ entries, firstAllowed, busy, onAct, testid }: PairPickEntryProps) {
  const a = entries[0].ability!;
  const pick = pairPick(entries, firstAllowed ? (f) => firstAllowed.includes(f) : undefined);
  const [first, setFirst] = useState<string | null>(null);
  const [one, two] = stepWords(a.effect);
  const shown = first !== null && pick.firsts.includes(first) ? first : null;
  return (
    <div className="play-ability play-pair" data-testid={testid} data-ability-name={a.name} data-state="available">
      <div className="play-pair-step" data-testid={`${testid}-first`}>
        <b>{a.name}</b>: {one}{' '}
        {pick.firsts.map((f) => (
          <button key={f} type="button" data-testid={`${testid}-a-${slug(f)}`} aria-pressed={shown === f} disabled={busy} onClick={() => setFirst(shown === f ? null : f)}>
            {f}
          </button>
        ))}
      </div>
      {shown !== null && (
        <div className="play-pair-step" data-testid={`${testid}-second`}>
          {two}{' '}
          {pick.seconds(shown).map((b) => {
            const e = pick.entryFor(shown, b)!;
            return (
              <button key={b} type="button" data-testid={`${testid}-b-${slug(b)}`} disabled={busy} title={e.label} onClick={() => onAct(e.action, e.label)}>
                {b}
              </button>
            );
          })}
          <span className="play-rule">{entries[0].rule}</span>
        </div>
      )}
      <AbilityText timing={a.timing} declare={a.declare} effect={a.effect} auto={a.auto} />
    </div>
  );
}
