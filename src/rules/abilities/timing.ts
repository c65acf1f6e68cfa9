/**
 * Timing windows (Core 5.0-5.2): whether an ability's timing is open now, and whether a reaction's
 * trigger is the declaration waiting for reactions. Pure functions of the game state.
 *
 * - Phases: "Your Hero Phase", "Enemy Movement Phase", "Any Combat Phase": the engine's phase and
 *   its active player (Core 13.0).
 * - "Start of Your / Enemy / Any Turn", "End of ... Turn": the `startOfTurn` / `endOfTurn` phases.
 * - "Start of Battle Round": the first turn's `startOfTurn` phase ("End of Battle Round": the second
 *   turn's `endOfTurn` phase): the engine has no pause between Core 12.0's steps, so the window is
 *   the first moment of the round a player can act in (docs/interpretations.md).
 * - "Deployment Phase": the deployment phase (Core 10.0), and its step 3 before the first battle
 *   round's first turn is chosen.
 * - Reactions (Core 5.2 step 2): open only while a declaration waits for reactions (an attack, a
 *   spell, an ability), when the trigger text matches it ({@link reactionMatches}).
 * - `any` (a timing the importer could not read): open whenever a player can act.
 *
 * @module
 */

import type { GameState, PlayerId } from '../engine/state';
import type { Ability } from './schema';
import { findAbility } from './catalog';

/** A declaration waiting for reactions (Core 5.2 step 2): who declared what, for which unit, targeting which. */
export interface Trigger {
  readonly player: PlayerId;
  readonly unitId: string | null;
  /** The declared ability's name ("Shoot", "Fight", a spell's name, an ability's name). */
  readonly name: string;
  /** Its keywords, upper case (ATTACK, SHOOT, FIGHT, CORE, SPELL, ...). */
  readonly keywords: readonly string[];
  readonly targets: readonly string[];
}

/** The declaration now waiting for reactions, if any: an attack (Core 5.2), a spell (Magic 4.0). */
export function currentTrigger(s: GameState): Trigger | null {
  const a = s.pendingAttack;
  if (a !== null) {
    const kind = a.kind === 'shoot' ? 'SHOOT' : 'FIGHT';
    return { player: a.player, unitId: a.unitId, name: a.coveringFire ? 'Covering Fire' : a.kind === 'shoot' ? 'Shoot' : 'Fight', keywords: a.coveringFire ? ['ATTACK', kind] : ['CORE', 'ATTACK', kind], targets: [...new Set(a.assignments.map((x) => x.target))] };
  }
  const sp = s.pendingSpell;
  if (sp !== null) {
    // A lore spell as data waits under its id: its name is the one the rules and the log use (session 37).
    const name = sp.ability !== undefined ? (findAbility(s, sp.player, sp.casterId, sp.ability) ?? findAbility(s, sp.player, null, sp.ability))?.name : undefined;
    return { player: sp.player, unitId: sp.casterId, name: name ?? sp.spell, keywords: ['SPELL'], targets: [...new Set([...(sp.targetId !== undefined ? [sp.targetId] : []), ...(sp.targets ?? [])])] };
  }
  return null;
}

/**
 * The last declaration the engine resolved at once (a command, Run, Retreat, Charge, prayer, army
 * ability; `engine/reactionWindows.ts`) and the commands used as reactions to it, while their
 * reactions are offered (empty when play moved on). Not a pause:
 * either player may use a matching reaction, in any order, until play moves on.
 */
export function declaredTriggers(s: GameState): Trigger[] {
  return (s.abilities?.declared ?? []).map((d) => ({ player: d.player, unitId: d.unitId, name: d.name, keywords: d.keywords, targets: d.targets }));
}

/** Which player may react now (Core 5.2: alternating from the active player), or null without a window. */
export function reactingPlayer(s: GameState): PlayerId | null {
  if (s.pendingAttack !== null) return s.pendingAttack.toReact;
  if (s.pendingSpell !== null) return s.pendingSpell.player === 'p1' ? 'p2' : 'p1';
  return null;
}

/** The keyword text of a roster's markdown: `**^^Fight^^**` → `FIGHT`. */
function plain(text: string): string {
  return text.replace(/\*\*|\^\^/g, '').replace(/&quot;/g, '"').trim();
}

/**
 * Does the trigger of a `Reaction: ...` timing match the declaration waiting for reactions?
 * Read from the roster's text: "You declared" (the ability's player declared it) / "Opponent
 * declared"; "for this unit" (declared for the ability's unit); "that targeted this unit" / "This
 * unit was picked as the target" (the ability's unit is a target); "a X ability" (X among the
 * declared ability's keywords, e.g. FIGHT, SPELL, ATTACK; "non-X": not among them); "the 'Name'
 * ability / command" (that ability). A trigger text it cannot read matches every declaration
 * (the player judges it; the ability is resolved by hand).
 */
export function reactionMatches(text: string, trigger: Trigger, player: PlayerId, unitId: string | null): boolean {
  const t = plain(text);
  if (/^you declared/i.test(t) && trigger.player !== player) return false;
  if (/^opponent declared/i.test(t) && trigger.player === player) return false;
  if (/for this unit/i.test(t) && trigger.unitId !== unitId) return false;
  if (/(targeted|target of|picked as the target|picked to be the target)[^.]*this unit|this unit was picked/i.test(t) && (unitId === null || !trigger.targets.includes(unitId))) return false;
  if (/^this unit was picked/i.test(t) && trigger.player === player) return false;
  const named = /the '([^']+)' (ability|command)/i.exec(t);
  if (named) return named[1].toLowerCase() === trigger.name.toLowerCase();
  // "declared a command", "declared a command, Spell ability or Prayer ability": any of the kinds.
  const kinds = /declared (?:a|an) (command|[A-Za-z!-]+ ability)((?:, (?:a |an )?(?:command|[A-Za-z!-]+ ability))*(?:,? or (?:a |an )?(?:command|[A-Za-z!-]+ ability)))/i.exec(t) ?? /declared (?:a|an) (command)\b/i.exec(t);
  if (kinds) {
    const all = [kinds[1], ...(kinds[2] ?? '').split(/,\s*|\s+or\s+/)].map((k) => k.replace(/^(a|an)\s+/i, '').trim()).filter((k) => k.length > 0);
    return all.some((k) => trigger.keywords.includes(/^command$/i.test(k) ? 'COMMAND' : k.replace(/\s+ability$/i, '').toUpperCase()));
  }
  // Keywords as the roster marks them (`**^^Fight^^**`), else "a Charge ability" in plain words.
  const marked = [...text.matchAll(/(non-)?\*{0,2}\^\^([^^]+)\^\^/gi)].map((m) => ({ not: m[1] !== undefined, words: m[2].toUpperCase().split(/\s+/) }));
  const simple = /declared (?:a|an) (non-)?([A-Za-z!-]+) (?:ability|command)/i.exec(t);
  const wanted = marked.length > 0 ? marked.slice(0, 1) : simple ? [{ not: simple[1] !== undefined, words: [simple[2].toUpperCase()] }] : [];
  if (wanted.length > 0) {
    const has = wanted[0].words.every((w) => trigger.keywords.includes(w));
    return wanted[0].not ? !has : has;
  }
  return /^(you|opponent) declared/i.test(t) || /picked/i.test(t);
}

/** Why an ability's timing is closed now, or null when open: `{reason, rule}` (Core 5.1, 5.2, 10.0, 13.0). */
export function windowProblem(s: GameState, ability: Ability, player: PlayerId, unitId: string | null): { reason: string; rule: string } | null {
  const { when, whose } = ability.timing;
  const label = `${ability.name} (${ability.timing.text})`;
  const closed = (why: string) => ({ reason: `${label} is not usable now: ${why}`, rule: 'Core 5.2' });
  if (s.stage === 'ended') return closed('the battle has ended');
  if (when === 'passive') return { reason: `${ability.name} is a passive ability: it is not declared, it applies while its conditions hold`, rule: 'Core 5.4' };
  const deployment = s.stage === 'deployment' || (s.stage === 'firstTurn' && s.round === 1);
  if (when === 'deployment') return deployment ? null : closed('it is used in the deployment phase');
  if (when === 'reaction') {
    const t = currentTrigger(s);
    const ds = declaredTriggers(s);
    if (t === null && ds.length === 0) return closed('a reaction is used when its trigger is declared, and nothing is waiting for reactions');
    const text = ability.timing.reaction ?? '';
    // A declaration resolved at once (a command, a charge, an army ability): no order of reacting.
    if (ds.some((d) => reactionMatches(text, d, player, unitId))) {
      // The declaration's own step first (the engine takes nothing else meanwhile).
      if (s.pendingRally !== null) return { reason: 'the rally points are spent first', rule: 'Commands 2.0' };
      if (s.pendingPrayer !== null) return { reason: 'the chanting roll is answered first', rule: 'Magic 3.0' };
      return null;
    }
    if (t === null) return closed(`its trigger ("${text}") is not the last declaration (${ds.map((d) => `${d.name} by ${d.player}`).join(', ')})`);
    if (!reactionMatches(text, t, player, unitId)) return closed(`its trigger ("${text}") is not the declaration waiting (${t.name} by ${t.player})`);
    const next = reactingPlayer(s);
    if (next !== null && next !== player) return { reason: `${next} reacts or passes first`, rule: 'Core 5.2' };
    return null;
  }
  if (s.stage !== 'turn' || s.phase === null || s.active === null) {
    if (when === 'any') return deployment ? null : closed('no turn is in progress');
    return closed('no turn is in progress');
  }
  if (s.pendingAttack !== null || s.pendingSpell !== null) return { reason: 'a reactions window is open: only reactions can be used now', rule: 'Core 5.2' };
  if (when === 'any') return null;
  const yours = s.active === player;
  if (whose === 'your' && !yours) return closed(`it is ${s.active}'s turn`);
  if (whose === 'enemy' && yours) return closed('it is used in the enemy turn');
  const phase = s.phase;
  if (when === 'startOfRound') return phase === 'startOfTurn' && s.turnInRound === 0 ? null : closed('it is used at the start of the battle round');
  if (when === 'endOfRound') return phase === 'endOfTurn' && s.turnInRound === 1 ? null : closed('it is used at the end of the battle round');
  if (when !== phase) return closed(`it is the ${phase} phase`);
  return null;
}
