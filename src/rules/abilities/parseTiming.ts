/**
 * The `Timing` characteristic of an ability profile (Core 5.1, 5.2, 28.2) read into an
 * {@link AbilityTiming}: the window (`when`), whose phase or turn it is (`whose`), the trigger of a
 * reaction, and the once-per prefix with its `(Army)` form. Pure; no three, no React.
 *
 * Forms read (every form found in the fixture rosters, docs/abilities.md):
 * - `Passive` or no timing at all (a `Ability (Passive)` profile): `when: "passive"` (Core 5.4);
 * - `Your | Enemy | Any <Hero|Movement|Shooting|Charge|Combat> Phase` (Core 5.1; `Any` is either
 *   player's phase);
 * - `Start | End of Your | Enemy | Any Turn`, `Start | End of (the) Battle Round` (Core 5.1);
 * - `Deployment Phase` (Core 10.0);
 * - `Reaction: <trigger>` (Core 5.2): `whose` is `your` for "You declared ...", `enemy` for
 *   "Opponent declared ...", `any` otherwise ("This unit was picked as the target ...");
 * - each with a `Once Per Phase | Turn | Battle Round | Battle` prefix, optionally `(Army)`
 *   (Core 28.2), spelled loosely ("Once Per Battle(Army)", "(army)").
 *
 * Anything else (e.g. "Start of First Battle Round", which names one round only) is returned with
 * `parsed: false`: the importer warns and the ability is usable by hand at any time.
 *
 * @module
 */

import type { AbilityLimit, AbilityTiming, TimingWhen } from './schema';

/** Markup-free, single-spaced text of a roster characteristic (`**^^Fight^^**` → `Fight`). */
export function plainRulesText(s: string): string {
  return s
    .replace(/\*\*|\^\^/g, '')
    .replace(/[\u00a0\u2007\u202f]/g, ' ')
    .replace(/[\u2010\u2011\u2012\u2013]/g, '-')
    .replace(/[\u201c\u201d\u2033]/g, '"')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

const PHASES: Record<string, TimingWhen> = { hero: 'hero', movement: 'movement', shooting: 'shooting', charge: 'charge', combat: 'combat' };

function whoseOf(w: string): 'your' | 'enemy' | 'any' {
  const x = w.toLowerCase();
  return x === 'your' ? 'your' : x === 'enemy' ? 'enemy' : 'any';
}

/**
 * Read a `Timing` text.
 * @param text The roster's Timing (markup allowed), or `undefined`/'' for a passive ability.
 * @param passive The profile is an `Ability (Passive)` (no timing means passive, Core 5.4).
 * @returns the timing; `parsed: false` when the text is not one of the forms above (then
 *   `when` is `"any"` and `whose` `"any"`, usable by hand at any time).
 */
export function parseTiming(text: string | undefined, passive = false): AbilityTiming {
  const raw = plainRulesText(text ?? '');
  const shown = raw.slice(0, 400);
  if (raw === '' || /^passive\.?$/i.test(raw)) {
    return passive || raw !== '' ? { text: shown || 'Passive', when: 'passive', whose: 'any' } : { text: shown, when: 'any', whose: 'any', parsed: false };
  }
  let rest = raw;
  let limit: AbilityLimit | undefined;
  const once = /^once per (phase|turn|battle round|battle)\s*(\(army\))?\s*,?\s*/i.exec(rest);
  if (once) {
    const per = once[1].toLowerCase();
    limit = { per: per === 'battle round' ? 'round' : (per as AbilityLimit['per']), ...(once[2] ? { army: true } : {}) };
    rest = rest.slice(once[0].length);
  }
  const out = (when: TimingWhen, whose: 'your' | 'enemy' | 'any', extra: Partial<AbilityTiming> = {}): AbilityTiming => ({ text: shown, when, whose, ...extra, ...(limit ? { limit } : {}) });

  const reaction = /^reaction\s*:\s*(.+)$/i.exec(rest);
  if (reaction) {
    const trigger = reaction[1].trim().slice(0, 400);
    const whose = /^you\b/i.test(trigger) ? 'your' : /^(opponent|your opponent|an enemy|enemy)\b/i.test(trigger) ? 'enemy' : 'any';
    return out('reaction', whose, { reaction: trigger });
  }
  const phase = /^(your|enemy|any|the)?\s*(hero|movement|shooting|charge|combat) phase$/i.exec(rest);
  if (phase) return out(PHASES[phase[2].toLowerCase()], whoseOf(phase[1] ?? 'any'));
  if (/^deployment phase$/i.test(rest)) return out('deployment', 'any');
  const turn = /^(start|end) of (your|enemy|any|the|each) turn$/i.exec(rest);
  if (turn) return out(turn[1].toLowerCase() === 'start' ? 'startOfTurn' : 'endOfTurn', whoseOf(turn[2]));
  const round = /^(start|end) of (?:the |each |any )?battle round$/i.exec(rest);
  if (round) return out(round[1].toLowerCase() === 'start' ? 'startOfRound' : 'endOfRound', 'any');
  return out('any', 'any', { parsed: false });
}

/** A short human reading of a timing ("Once Per Turn (Army), your combat phase", "reaction: ..."). */
export function describeTiming(t: AbilityTiming): string {
  const lim = t.limit ? `once per ${t.limit.per === 'round' ? 'battle round' : t.limit.per}${t.limit.army ? ' (army)' : ''}, ` : '';
  if (t.parsed === false) return `${lim}unparsed "${t.text}"`;
  const phaseName: Partial<Record<TimingWhen, string>> = { hero: 'hero phase', movement: 'movement phase', shooting: 'shooting phase', charge: 'charge phase', combat: 'combat phase' };
  const who = t.whose === 'any' ? 'any' : t.whose;
  switch (t.when) {
    case 'passive':
      return `${lim}passive`;
    case 'reaction':
      return `${lim}reaction (${t.whose}): ${t.reaction ?? ''}`;
    case 'deployment':
      return `${lim}deployment phase`;
    case 'startOfTurn':
      return `${lim}start of ${who} turn`;
    case 'endOfTurn':
      return `${lim}end of ${who} turn`;
    case 'startOfRound':
      return `${lim}start of battle round`;
    case 'endOfRound':
      return `${lim}end of battle round`;
    case 'any':
      return `${lim}any time`;
    default:
      return `${lim}${who} ${phaseName[t.when] ?? t.when}`;
  }
}
