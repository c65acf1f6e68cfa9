/**
 * The note the Play panel shows after an accepted action, from its battle-log lines: the action's
 * line, and for a spell (cast, unbind, or the pass that lets it through) its outcome, so a failed
 * cast says that it failed (issue 18: "a failed cast says it failed").
 */
import type { LogLine } from '../../client/gameClient';

/** Rules whose outcome lines are the point of the action (Magic 2.0 casting, Magic 4.0 unbinding). */
const OUTCOME_RULES = new Set(['Magic 2.0', 'Magic 4.0']);

/** The note's text and rule for an accepted action's lines. */
export function actionNote(lines: readonly LogLine[]): { text: string; rule?: string } {
  const first = lines[0];
  if (!first) return { text: 'Done.' };
  const outcome = [...lines].reverse().find((l) => l !== first && l.kind === 'event' && l.rule !== undefined && OUTCOME_RULES.has(l.rule));
  if (!outcome) return { text: first.text, rule: first.rule };
  return { text: `${first.text} — ${outcome.text}`, rule: outcome.rule };
}
