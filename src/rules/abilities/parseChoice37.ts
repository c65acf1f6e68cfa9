/**
 * "Pick 1 of the following effects ...:" (session 37, decl37; docs/abilities.md "Declare shapes added in
 * session 37 (decl37)"): a choice the player makes when the ability is used (Core 5.2, declaring it), each
 * branch its own effect text. Read only when the Effect is exactly a lead-in line and one line per branch
 * ("*Blinding Gales:* Subtract 1 from hit rolls for the target's attacks." or "• Heal (D3) the target."),
 * and each branch is read whole by the effect parser on its own: the ability is applied by the engine
 * only when every branch is. The branches' effects carry `choice` (the branch's name, or its text when it
 * has none); the Declare gets a `choice` pick listing them. Anything around the choice (a roll before it,
 * "If the chanting roll was 10+, pick up to 2 different effects instead", a sentence after the branches,
 * a branch that picks a unit of its own) leaves the ability by hand. Pure; no three.
 *
 * @module
 */

import { plainRulesText } from './parseTiming';
import { fail } from './parseDeclare';
import type { AbilityEffect, AbilityPick } from './schema';

/** The choice read off an Effect: its branches (name, text) and the duration the lead-in gives them all. */
export interface ChoiceText {
  readonly branches: readonly { readonly name: string; readonly text: string }[];
  /** "until the start of your next turn" / "for the rest of the turn" written in the lead-in, or ''. */
  readonly duration: string;
  /** The lead-in says "to apply to the target": every branch's effects must be on the Declare's target. */
  readonly toTarget: boolean;
}

/**
 * The lead-in "Pick 1 of the following effects[ to apply to the target][ until the start of your next
 * turn | for the rest of the turn]:" on the first line, then one branch per line. Null when the Effect
 * does not start with "pick 1 of the following effects"; throws NotUnderstood for such an Effect in any
 * other form.
 */
export function splitChoice(effect: string): ChoiceText | null {
  const lines = effect.split(/\r?\n/).map((l) => plainRulesText(l)).filter((l) => l !== '');
  if (lines.length === 0 || !/^pick 1 of the following effects\b/i.test(lines[0])) return null;
  const lead = /^pick 1 of the following effects( to apply to the target)?(?: (until the start of your next turn|for the rest of the turn))?:$/i.exec(lines[0]);
  if (!lead) fail(lines[0]);
  const branches: { name: string; text: string }[] = [];
  for (const line of lines.slice(1)) {
    const named = /^(?:[•\u2022]\s*)?\*([^*]+?):?\*:?\s+(.+)$/.exec(line) ?? /^(?:[•\u2022]\s*)?([A-Z][\w' -]{0,60}):\s+(.+)$/.exec(line);
    const bullet = /^[•\u2022]\s*(.+)$/.exec(line);
    if (named) branches.push({ name: named[1].trim(), text: named[2].trim() });
    else if (bullet) branches.push({ name: bullet[1].trim().slice(0, 200), text: bullet[1].trim() });
    else fail(line);
  }
  if (branches.length < 2 || branches.length > 20 || new Set(branches.map((b) => b.name.toLowerCase())).size !== branches.length) fail(lines[0]);
  return { branches, duration: lead[2] ?? '', toTarget: lead[1] !== undefined };
}

/**
 * The branches read → the ability's effects (each with `choice`) and its picks (the Declare's, then the
 * choice). `read(text)`: the effect parser on one branch's text, with the Declare (null: not read).
 * Each branch must read with the same picks as the Declare alone (a branch that picks its own unit
 * fails), and with a lead-in duration a branch must be one sentence (the duration is written before it).
 */
export function readChoice(choice: ChoiceText, declarePicks: readonly AbilityPick[], read: (text: string) => { resolves: AbilityEffect[] | null; picks?: AbilityPick[]; unparsed?: string }): { resolves: AbilityEffect[]; picks: AbilityPick[] } {
  const out: AbilityEffect[] = [];
  for (const b of choice.branches) {
    const oneSentence = !/[.:]\s+\S/.test(b.text.replace(/\.$/, ''));
    if (choice.duration !== '' && !oneSentence) fail(b.text);
    const text = choice.duration !== '' ? `${choice.duration.charAt(0).toUpperCase()}${choice.duration.slice(1)}, ${b.text.charAt(0).toLowerCase()}${b.text.slice(1)}` : b.text;
    const r = read(text);
    if (r.resolves === null) fail(r.unparsed ?? b.text);
    if (JSON.stringify(r.picks ?? []) !== JSON.stringify(declarePicks)) fail(b.text);
    for (const e of r.resolves) {
      if (e.choice !== undefined || (choice.toTarget && e.targets !== 'targets')) fail(b.text);
      out.push({ ...e, choice: b.name } as AbilityEffect);
    }
  }
  return { resolves: out, picks: [...declarePicks, { kind: 'choice', choices: choice.branches.map((b) => b.name) }] };
}
