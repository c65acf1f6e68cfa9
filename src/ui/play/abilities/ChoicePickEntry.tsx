/**
 * An ability whose options carry a choice, in the Play panel, as one entry of short picks (session 41, ui41; issue 34
 * item 5; {@link choiceSteps}): Call to Murder's 42 pairs as the active blessing to end, then the blessing to make
 * active; Fanatical Blademaster's 28 as a blessing, then an optional second; a named effect ("Pick 1 of the following
 * effects") as one pick. Once the choice is whole, an option with no unit to pick is taken at once (the game's own
 * action with its `choice`); an option whose Declare picks a unit shows the usual target pick, on the table or from a
 * list ({@link AbilityEntry}). Its timing, Declare and Effect under it ({@link AbilityText}).
 */
import { useState } from 'react';
import type { Action, OptionEntry } from '../../../client/gameClient';
import type { TargetGroup } from '../tools/targetTool';
import { AbilityEntry } from './AbilityEntry';
import { AbilityText } from './AbilityText';
import { choiceParts, choiceSteps, choiceOf } from './pairPick41';
import './abilities.css';

/** Props of {@link ChoicePickEntry}. */
export interface ChoicePickEntryProps {
  /** The ability's choice options (required, non-empty, each with `ability` and a `choice`), labels in the player's words. */
  entries: readonly OptionEntry[];
  /** Which first picks the game knows to be allowed (Call to Murder: the active blessings); undefined: all that are offered. */
  firstAllowed?: (first: string) => boolean;
  /** Which second picks the game knows to be allowed (the blessings not active); undefined: all that are offered. */
  secondAllowed?: (second: string) => boolean;
  /** A request is in flight: buttons disabled (required). */
  busy: boolean;
  /** Takes an option's action, with its label in the player's words (required). */
  onAct: (a: Action, label: string) => void;
  /** The group being picked on the table now (null: none) (required). */
  targeting: TargetGroup | null;
  /** Starts (group) or cancels (null) the picking on the table (required). */
  onTarget: (t: TargetGroup | null) => void;
  /** Test id of the entry; its buttons add `-a-<first>`, `-b-<second>` (`-b-alone`: the first alone), `-c` the choice's entry (required). */
  testid: string;
}

/** The words of the two steps: a blessing's ("the active blessing to end"), else plain picks. */
function stepWords(effect: string, pairs: boolean): [string, string] {
  if (/\bblessings?\b/i.test(effect)) return pairs ? ['the active blessing to end', 'the blessing to make active'] : ['a blessing', 'and a second'];
  return ['pick', 'and'];
}

const slug = (x: string) => x.replace(/[^a-zA-Z0-9]+/g, '-');

/** The picks, the choice's option once whole, and the ability's text. */
export function ChoicePickEntry({ entries, firstAllowed, secondAllowed, busy, onAct, targeting, onTarget, testid }: ChoicePickEntryProps) {
  const a = entries[0].ability!;
  const steps = choiceSteps(entries, firstAllowed, secondAllowed);
  const pairs = entries.some((e) => choiceParts(choiceOf(e) ?? '').required === true);
  const [first, setFirst] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const [one, two] = stepWords(a.effect, pairs);
  const shown = first !== null && steps.firsts.includes(first) ? first : null;
  const seconds = shown === null ? [] : steps.seconds(shown);
  const whole = chosen !== null && steps.entriesOf(chosen).length > 0 ? chosen : null;
  /** The choice is whole: taken at once with no unit to pick, else its target pick is shown. */
  const complete = (choice: string | undefined) => {
    if (choice === undefined) return;
    const es = steps.entriesOf(choice);
    if (es.every((e) => e.target === undefined)) {
      setFirst(null);
      setChosen(null);
      onAct(es[0].action, es[0].label);
    } else setChosen(choice);
  };
  const pickFirst = (f: string) => {
    setChosen(null);
    if (shown === f) return setFirst(null);
    setFirst(f);
    if (steps.seconds(f).length === 0) complete(steps.choice(f));
  };
  return (
    <div className="play-ability play-pair" data-testid={testid} data-ability-name={a.name} data-state="available">
      <div className="play-pair-step" data-testid={`${testid}-first`}>
        <b>{a.name}</b>: {one}{' '}
        {steps.firsts.map((f) => (
          <button key={f} type="button" data-testid={`${testid}-a-${slug(f)}`} aria-pressed={shown === f} disabled={busy} onClick={() => pickFirst(f)}>
            {f}
          </button>
        ))}
      </div>
      {shown !== null && seconds.length > 0 && (
        <div className="play-pair-step" data-testid={`${testid}-second`}>
          {two}{' '}
          {steps.alone(shown) && (
            <button type="button" data-testid={`${testid}-b-alone`} aria-pressed={whole === shown} disabled={busy} onClick={() => complete(steps.choice(shown))}>
              only {shown}
            </button>
          )}
          {seconds.map((b) => (
            <button key={b} type="button" data-testid={`${testid}-b-${slug(b)}`} aria-pressed={whole !== null && whole === steps.choice(shown, b)} disabled={busy} onClick={() => complete(steps.choice(shown, b))}>
              {b}
            </button>
          ))}
          <span className="play-rule">{entries[0].rule}</span>
        </div>
      )}
      {whole !== null && <AbilityEntry entries={steps.entriesOf(whole)} busy={busy} onAct={onAct} targeting={targeting} onTarget={onTarget} testid={`${testid}-c`} />}
      <AbilityText timing={a.timing} declare={a.declare} effect={a.effect} auto={a.auto} />
    </div>
  );
}
