/**
 * Permissions and restrictions the engine enforces (session 37, perm37; docs/abilities.md "Permissions
 * added in session 37 (perm37)"): the readers `parseEffect.ts` calls for them, and their words for the
 * import report and the battle log. As everywhere in the parser, a text that starts like one of these
 * shapes but holds a word more throws {@link NotUnderstood} (via `fail`) and the ability stays by hand.
 * Pure; no three.
 *
 * Shapes (each with real roster texts and fall-back twins in `parsePermissions37.test.ts`):
 * - "<S> cannot use commands" (Soul-shaking Roar, Darkness of the Soul) → `{noCommands: true}`;
 * - "<S> can use Unbind abilities as if it had Wizard (1)" (Staff of Abjuration) → `{unbindAsWizard: 1}`;
 * - "This unit has a coherency range of 2"" (Dispersed Formation; a passive) → `{coherency: 2}`;
 * - "ignore the first damage point that would be allocated to <S> in each phase" (Covenant of the Iron
 *   Heart), and the aura "... to each friendly K unit wholly within N" of this unit in each phase"
 *   (Empowered Through Excruciation) → `{ignoreFirstDamage: "phase"}`;
 * - "<S> can immediately use the 'Normal Move' [or 'Retreat'] ability as if it were your movement phase" (Wrench
 *   Souls, Drifting on Spectral Tides) → `{movementPhaseMove: "normalOrRetreat" | "normal"}`;
 * - "This unit can pass through models in non-Monster units and parts of terrain features that are less than 4"
 *   tall" (Longshanks, a passive) → `{passThrough: "nonMonster", terrainBelow: 4}`;
 * - "While any friendly [non-Monster] K Heroes are wholly within this unit's combat range, both this unit and those
 *   Heroes have Ward (5+)." (Guardians of the Scinari, Royal Bodyguard; a passive) → two `ward` effects, this unit's
 *   with the condition `friendlyNear`, the Heroes' an aura (`notKeyword` for "non-Monster");
 * - "When this unit uses the 'Redeploy' command, if you roll a 1-3 when determining the distance this unit can move,
 *   you can use a value of 4 instead." (Outmanoeuvre, a passive) → `{redeployAtLeast: 4}`;
 * - "If this unit would be automatically destroyed, it is not automatically destroyed. Instead, allocate
 *   6 damage points to it (ward rolls cannot be made for those damage points)." (Son of Behemat, Avatar of
 *   Destruction; a passive) → `{notDestroyed: 6, noWard: true}`;
 *
 * @module
 */

import { fail, readUnitPhrase } from './parseDeclare';
import type { Ability, AbilityCondition, AbilityEffect } from './schema';

/** A subject as `parseEffect.ts` reads it: the units affected and the aura condition of its keyword run. */
export interface PermissionSubject {
  readonly targets: AbilityEffect['targets'];
  readonly cond?: AbilityCondition;
}

/** The effect keys of this module's shapes (schema.ts, session 37). */
export const PERMISSION_KEYS = ['noCommands', 'unbindAsWizard', 'coherency', 'ignoreFirstDamage', 'destroyed', 'notDestroyed', 'movementPhaseMove', 'passThrough', 'redeployAtLeast', 'noRun'] as const;

/** The effects of this module's shapes. */
export type PermissionEffect = Extract<AbilityEffect, { noCommands: true } | { unbindAsWizard: 1 } | { coherency: number } | { ignoreFirstDamage: 'phase' } | { destroyed: true } | { notDestroyed: number } | { movementPhaseMove: string } | { passThrough: 'nonMonster' } | { redeployAtLeast: number } | { noRun: true }>;

/** Is `e` one of this module's effects? */
export function isPermissionEffect(e: AbilityEffect): e is PermissionEffect {
  return PERMISSION_KEYS.some((k) => k in e);
}

/**
 * An aura written with "each friendly K unit wholly within N" of this unit" inside the body ("Ignore the
 * first damage point that would be allocated to each friendly Nighthaunt unit wholly within 12" of this unit
 * in each phase") → the same clause with the aura's condition written last, as the parser reads auras
 * ("... to friendly Nighthaunt units in each phase while they are wholly within 12" of this unit"). Other
 * clauses are returned unchanged.
 */
export function normalizePermissionClause(c: string): string {
  const m = /^ignore the first damage point that would be allocated to each friendly ([\w' -]+?) unit ((?:wholly )?within \d+" of this unit) in each phase$/i.exec(c);
  return m ? `ignore the first damage point that would be allocated to friendly ${m[1]} units in each phase while they are ${m[2]}` : c;
}

/**
 * One clause's body (its duration and conditions already taken off by the caller) → a permission or
 * restriction, or null when the clause is none of these shapes. `passive`: the ability is a passive (Core 5.4). `subject` reads a subject phrase
 * ("this unit", "the target", "friendly K units") or throws.
 */
export function readPermissionBody(t: string, passive: boolean, subject: (s: string) => PermissionSubject): { body: Record<string, unknown>; subj: PermissionSubject } | null {
  let m: RegExpExecArray | null;
  // Commands 1.2: a unit uses a command; this one cannot (Soul-shaking Roar, Darkness of the Soul).
  if ((m = /^(.+?) cannot use commands$/i.exec(t))) return { body: { noCommands: true }, subj: subject(m[1]) };
  // Session 40 (sh40d): "The targets cannot use Run abilities" (Black Horror of Ulgu): Run, At the Double, Redeploy (RUN, INVENTORY I-1).
  if ((m = /^(.+?) cannot use run abilities$/i.exec(t))) return { body: { noRun: true }, subj: subject(m[1]) };
  // Magic 4.0: Unbind is a WIZARD's ability; "as if it had Wizard (1)" (Staff of Abjuration, Warrior Mages).
  if ((m = /^(.+?) can use unbind abilities as if (?:it|they) had wizard \((\d+)\)$/i.exec(t))) {
    if (m[2] !== '1') fail(t);
    return { body: { unbindAsWizard: 1 }, subj: subject(m[1]) };
  }
  // Core 18.2: "ignore the first damage point that would be allocated to the target in each phase" (Covenant of the Iron Heart).
  if ((m = /^ignore the first damage point that would be allocated to (.+?) in each phase$/i.exec(t))) return { body: { ignoreFirstDamage: 'phase' }, subj: subject(m[1]) };
  // Core 14.1 "as if it were your movement phase" (Wrench Souls, Drifting on Spectral Tides): the move ability itself, now.
  if ((m = /^(.+?) can immediately use the '?normal move'? (?:ability )?(or (?:the )?'?retreat'? )?ability as if it were your movement phase$/i.exec(t))) {
    if (passive) fail(t); // an instant move: nothing a passive could apply (Core 5.4)
    return { body: { movementPhaseMove: m[2] ? 'normalOrRetreat' : 'normal' }, subj: subject(m[1]) };
  }
  // Core 15.0 / 15.2 extended (Longshanks): models of non-MONSTER units and low parts of terrain passed through while moving.
  if ((m = /^(.+?) can pass through models in non-monster units and parts of terrain features that are less than (\d+)" tall$/i.exec(t))) {
    return { body: { passThrough: 'nonMonster', terrainBelow: Number(m[2]) }, subj: subject(m[1]) };
  }
  return null;
}

/**
 * Whole sentences read together (the parser's sentence loop asks before its own shapes): the sentence
 * `ss[i]` (full stop removed) and maybe the next. Returns the effects and how many sentences were read, or
 * null when `ss[i]` starts none of these shapes.
 */
export function readPermissionSentences(ss: readonly string[], i: number, passive: boolean, known: Iterable<string>): { effects: AbilityEffect[]; consumed: number } | null {
  const s = ss[i].replace(/\.$/, '');
  // "While any friendly [non-Monster] K Heroes are wholly within this unit's combat range, both this unit and those
  // Heroes have Ward (5+)." (Guardians of the Scinari, Royal Bodyguard): each side of it with its own condition.
  // Session 38 (ab38d): "are within" too (Heroic Guard, sce-002): within 3" (Core 13.0), measured as Core 1.0 does.
  const both = /^while any friendly (.+?) are (wholly )?within this unit's combat range, both this unit and those (?:friendly units|friendly heroes|heroes) have ward \(([2-6])\+\)$/i.exec(s);
  if (both) {
    const kw = readUnitPhrase(both[1], known);
    if (!passive || !kw.keyword || kw.anyKeyword || !/heroes$/i.test(both[1])) fail(s); // "A or B", units that are no Heroes: not read
    const ward = Number(both[3]);
    const wholly = both[2] !== undefined ? { wholly: true } : {};
    const not = kw.notKeyword !== undefined ? { notKeyword: kw.notKeyword } : {};
    // Core 13.0: a unit's combat range is 3"; wholly within counts every base (Core 1.1).
    return {
      effects: [
        { ward, targets: 'self', while: { friendlyNear: { within: 3, ...wholly, keyword: kw.keyword, ...not } } },
        { ward, targets: 'friendly', while: { within: 3, of: 'self', ...wholly, keyword: kw.keyword, ...not } },
      ],
      consumed: 1,
    };
  }
  // Core 15.1: the coherency range (Dispersed Formation). The importer sets it on the warscroll, so only the
  // whole sentence, in a passive, on this unit, with no condition or duration.
  // Commands 3.0's D6 distance (Outmanoeuvre): "When this unit uses the 'Redeploy' command, if you roll a 1-3 when
  // determining the distance this unit can move, you can use a value of 4 instead." A passive on this unit.
  const red = /^when this unit uses the '?redeploy'? command, if you roll a 1-([1-5]) when determining the distance this unit can move, you can use a value of ([2-6]) instead$/i.exec(s);
  if (red) {
    if (!passive || Number(red[2]) !== Number(red[1]) + 1) fail(s);
    return { effects: [{ redeployAtLeast: Number(red[2]), targets: 'self' }], consumed: 1 };
  }
  const coh = /^this unit has a coherency range of (\d+(?:\.\d+)?)"$/i.exec(s);
  if (coh) {
    if (!passive) fail(s);
    return { effects: [{ coherency: Number(coh[1]), targets: 'self' }], consumed: 1 };
  }
  if (/^if this unit would be automatically destroyed, it is not automatically destroyed$/i.test(s)) {
    const next = /^instead, allocate (\d+) damage points to it \(ward rolls cannot be made for those damage points\)\.?$/i.exec(ss[i + 1] ?? '');
    if (!passive || !next) fail(ss[i + 1] ?? s);
    return { effects: [{ notDestroyed: Number(next[1]), noWard: true, targets: 'self' }], consumed: 2 };
  }
  return null;
}

/** A permission in a player's words (the battle log, the by-hand dialog, the unit card). */
export function permissionWords(e: AbilityEffect): string {
  if ('noCommands' in e) return 'cannot use commands';
  if ('noRun' in e) return 'cannot use Run abilities'; // session 40 (sh40d)
  if ('unbindAsWizard' in e) return 'can Unbind as if it had WIZARD (1)';
  if ('coherency' in e) return `a coherency range of ${e.coherency}"`;
  if ('ignoreFirstDamage' in e) return 'ignores the first damage point allocated to it in each phase';
  if ('destroyed' in e) return 'automatically destroyed';
  if ('notDestroyed' in e) return `not automatically destroyed: ${e.notDestroyed} damage points instead${e.noWard ? ' (no ward rolls)' : ''}`;
  if ('redeployAtLeast' in e) return `a Redeploy roll of less than ${e.redeployAtLeast} counts as ${e.redeployAtLeast}`;
  if ('passThrough' in e) return `passes through models of non-MONSTER units and parts of terrain lower than ${e.terrainBelow}" while moving`;
  if ('movementPhaseMove' in e) return `can use ${e.movementPhaseMove === 'normal' ? 'a Normal Move' : 'a Normal Move or a Retreat'} now, as if it were the movement phase`;
  return '';
}

/** A permission in the import report's terse words (`import-army --abilities`). */
export function permissionTerse(e: AbilityEffect): string {
  if ('noCommands' in e) return 'no commands';
  if ('noRun' in e) return 'no Run'; // session 40 (sh40d)
  if ('unbindAsWizard' in e) return 'unbind as WIZARD (1)';
  if ('coherency' in e) return `coherency ${e.coherency}"`;
  if ('ignoreFirstDamage' in e) return 'ignore 1st damage point each phase';
  if ('destroyed' in e) return 'destroyed';
  if ('notDestroyed' in e) return `not destroyed: ${e.notDestroyed} damage${e.noWard ? ' (no ward)' : ''}`;
  if ('redeployAtLeast' in e) return `redeploy at least ${e.redeployAtLeast}"`;
  if ('passThrough' in e) return `pass through non-MONSTER models, terrain < ${e.terrainBelow}"`;
  if ('movementPhaseMove' in e) return `${e.movementPhaseMove === 'normal' ? 'Normal Move' : 'Normal Move or Retreat'} as in the movement phase`;
  return '';
}

/**
 * The coherency range a unit's own passive abilities give it (Core 15.1: 1/2" unless its warscroll says
 * otherwise; "This unit has a coherency range of 2"", Dispersed Formation), for the importer to set on the
 * warscroll (`coherencyRange`, which the engine's coherency checks read), or undefined. Only an effect with
 * no condition on the unit itself counts; of several, the largest.
 */
export function passiveCoherency(abilities: readonly Ability[]): number | undefined {
  let best: number | undefined;
  for (const a of abilities) {
    if (a.timing.when !== 'passive' || a.resolves === null) continue;
    for (const e of a.resolves) if ('coherency' in e && (e.targets ?? 'self') === 'self' && e.while === undefined && e.if === undefined) best = Math.max(best ?? 0, e.coherency);
  }
  return best;
}
