/**
 * The Declare and condition side of the effect-text parser (ABILITIES.md "Play": Declare picks
 * checked on the real table; "Conditions"): a Declare read into {@link AbilityPick}s, and the
 * leading / trailing conditions of an Effect clause read into {@link AbilityCondition}s. Split out
 * of `parseEffect.ts` (session 36), which reads the effect shapes and calls these. As there, any
 * word not understood throws {@link NotUnderstood} (via {@link fail}) and the ability stays by hand.
 * Pure; no three.
 *
 * @module
 */

import { readPointPicks40 } from './parsePoint40';
import { plainRulesText } from './parseTiming';
import { keywordSpec, splitKeywords } from './parseKeywords';
import type { AbilityCondition, AbilityPick } from './schema';
import { attachCastModifier, takeCastRollModifier, useThisAbilityAsTarget } from './parseDeclare37';
import { readPicks39 } from './parsePicks39';
import { takeAttackedTail } from './parseHistory39';
import { rangeFromCaster39 } from './parseDeclare39';
import { setUpByPhrase40 } from './parseSetUpBy40';

const rxCache = new Map<string, RegExp>();
/** A case-insensitive RegExp of `source`, compiled once (the parser runs for every ability of a roster). */
export function rx(source: string): RegExp {
  let r = rxCache.get(source);
  if (!r) {
    r = new RegExp(source, 'i');
    rxCache.set(source, r);
  }
  return r;
}

/** A part of the text not understood; thrown often while trying shapes, so it records no stack. */
export class NotUnderstood extends Error {
  constructor(part: string) {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(part);
    Error.stackTraceLimit = limit;
  }
}
/** Give up on the text: `part` is the first part not understood. */
export function fail(part: string): never {
  throw new NotUnderstood(part);
}

/**
 * The caster clause of a lore spell or prayer: "Pick a friendly Kruleboyz Wizard to cast this
 * spell, ..." → `{ keywords: "Kruleboyz", kind: "WIZARD" }` (keywords as printed, maybe '').
 * `null` when the Declare has no such clause.
 */
export function casterClause(declare: string | null): { keywords: string; kind: 'WIZARD' | 'PRIEST' } | null {
  const d = plainRulesText(declare ?? '');
  const m = /^(?:if [^,]+, )?pick a friendly ((?:[\w'-]+ )*?)(wizard|priest) ?to (?:cast this spell|chant this prayer)/i.exec(d);
  return m ? { keywords: m[1].trim(), kind: m[2].toUpperCase() as 'WIZARD' | 'PRIEST' } : null;
}

const NOUN_KEYWORD: Record<string, string | undefined> = {
  unit: undefined, units: undefined, hero: 'HERO', heroes: 'HERO', monster: 'MONSTER', monsters: 'MONSTER',
  wizard: 'WIZARD', wizards: 'WIZARD', priest: 'PRIEST', priests: 'PRIEST', 'war machine': 'WAR MACHINE', 'war machines': 'WAR MACHINE',
};

/** What a keyword run plus noun names: all of `keyword`, none of `notKeyword`, at least one of `anyKeyword`. */
export interface UnitPhrase {
  readonly keyword?: string;
  readonly notKeyword?: string;
  /** Only with `alternatives`: "Infantry or Cavalry unit" → ["INFANTRY", "CAVALRY"]. */
  readonly anyKeyword?: string[];
}

/**
 * A keyword run plus noun ("Kruleboyz Infantry unit", "non-Hero Nighthaunt Infantry") → spec parts.
 * With `alternatives` (a Declare's pick), one "A or B" is read too: the keyword just before "or"
 * and the keyword run or noun after it are alternatives ("Flesh-eater Courts Infantry or Cavalry
 * unit": FLESH-EATER COURTS and one of INFANTRY, CAVALRY; "Hero or Monster"; "Wizard or Priest").
 */
export function readUnitPhrase(phrase: string, known: Iterable<string>, alternatives = false): UnitPhrase {
  const m = /^(?:non-([\w'-]+) )?((?:[\w'-]+ )*?)(units?|heroes|hero|monsters?|wizards?|priests?|war machines?)$/i.exec(phrase.trim());
  if (!m) fail(phrase);
  let run = m[2].trim();
  let nounKw = NOUN_KEYWORD[m[3].toLowerCase()];
  let anyKeyword: string[] | undefined;
  if (/\bor\b/i.test(run) || /\bor$/i.test(run)) {
    if (!alternatives) fail(phrase);
    const parts = run.split(/ or(?: |$)/i);
    if (parts.length !== 2 || /\bor\b|\band\b/i.test(parts[0] + ' ' + parts[1])) fail(phrase);
    const left = splitKeywords(parts[0], known);
    if (!left) fail(phrase);
    let right: string[] | null;
    if (parts[1].trim() === '') {
      // "Hero or Monster", "Wizard or Priest": the noun is the second alternative.
      if (!nounKw) fail(phrase);
      right = [nounKw];
      nounKw = undefined;
    } else right = splitKeywords(parts[1], known);
    if (!right || right.length !== 1) fail(phrase);
    anyKeyword = [left[left.length - 1], right[0]];
    if (anyKeyword[0] === anyKeyword[1]) fail(phrase);
    run = left.slice(0, -1).join(' ');
  } else if (/\band\b/i.test(run)) fail(phrase);
  const kws: string[] = [];
  if (run !== '') {
    const k = splitKeywords(run, known);
    if (!k) fail(phrase);
    kws.push(...k);
  }
  if (nounKw && !kws.includes(nounKw)) kws.push(nounKw);
  let notKeyword: string | undefined;
  if (m[1]) {
    const n = splitKeywords(m[1], known);
    if (!n || n.length !== 1) fail(phrase);
    notKeyword = n[0];
  }
  return { ...(kws.length > 0 ? { keyword: keywordSpec(kws) } : {}), ...(notKeyword ? { notKeyword } : {}), ...(anyKeyword ? { anyKeyword } : {}) };
}

/**
 * The Declare (caster clause and casting/chanting roll already removed) → picks. `names`: the
 * army's unit (warscroll) names, read as nouns when the words before "unit" are no keyword run
 * ("a visible friendly Grimghast Reapers unit": `warscroll: "Grimghast Reapers"`, session 36 second pass).
 */
export function readDeclare(d: string, known: Iterable<string>, names: readonly string[] = []): AbilityPick[] {
  const s = d.replace(/\.$/, '').trim();
  if (s === '') return [];
  // "Pick the closest visible enemy unit to this unit that has not been picked to be the target of
  // this ability this turn to be the target. If 2 or more visible enemy units are tied to be the
  // closest, you can pick which is the target." (Lightning Blast): the closest of the units that fit.
  const c = /^pick the closest (visible )?(friendly|enemy) unit to this unit( that has not been picked to be the target of this ability this turn)? to be the target(?:\. if 2 or more (visible )?(friendly|enemy) units are tied to be the closest, you can pick which is the target)?$/i.exec(s);
  if (c) {
    // The tie sentence, when present, must speak of the same units.
    if (c[5] !== undefined && (c[5].toLowerCase() !== c[2].toLowerCase() || (c[4] === undefined) !== (c[1] === undefined))) fail(d);
    return [{ kind: c[2].toLowerCase() === 'friendly' ? 'friendlyUnit' : 'enemyUnit', closest: true, ...(c[1] ? { visible: true } : {}), ...(c[3] ? { notPickedThisTurn: true } : {}) }];
  }
  // "to be the target" is sometimes left out ("pick a visible friendly Kruleboyz unit wholly within 12" of them, then ...").
  // Session 36, second pass: "Pick each enemy unit in combat with this unit to be the targets" (every
  // unit that fits is a target: `each`), "Pick any number of different visible enemy units within 18"
  // of this unit to be the targets" (one or more: `anyNumber`); both only with "to be the targets".
  // Session 37 (decl37): no side ("Pick a visible unit within 12\" of this unit to be the target", Aethershock): any unit.
  const m = /^pick (a|an|1|another|up to (\d+)|each|any number of(?: different)?) (visible )?(?:(friendly|enemy) )?(.+?)(?: to be the (targets?))?$/i.exec(s);
  if (!m) fail(d);
  const how = m[1].toLowerCase();
  const each = how === 'each';
  const anyNumber = how.startsWith('any number');
  const count = m[2] ? Number(m[2]) : 1;
  const plural = (m[6] ?? 'target').toLowerCase() === 'targets';
  if (each || anyNumber) {
    if (m[6] === undefined || !plural) fail(d);
  } else if (plural !== (m[2] !== undefined) || count < 1) fail(d);
  const kind = m[4] === undefined ? 'anyUnit' : m[4].toLowerCase() === 'friendly' ? 'friendlyUnit' : 'enemyUnit';
  // A pick of any unit only with "to be the target" and one unit (the shape of its real text).
  if (kind === 'anyUnit' && (m[6] === undefined || plural || m[1].toLowerCase() === 'another')) fail(d);
  let body = m[5];
  const pick: { -readonly [K in keyof AbilityPick]: AbilityPick[K] } = { kind };
  if (count > 1) pick.count = count;
  if (each) pick.each = true;
  if (anyNumber) pick.anyNumber = true;
  if (m[3]) pick.visible = true;
  // "Pick another friendly unit": not the ability's unit (an enemy unit never is).
  if (m[1].toLowerCase() === 'another') {
    if (kind !== 'friendlyUnit') fail(d);
    pick.notSelf = true;
  }
  // Tail clauses after the noun.
  const tails: [RegExp, (x: RegExpExecArray) => void][] = [
    [/ (?:that (?:is|are) |and (?:is|are) )?(wholly )?within (\d+)" of this unit$/i, (x) => { pick.within = Number(x[2]); if (x[1]) pick.wholly = true; }],
    [/ (?:that (?:is|are) |and (?:is|are) )?in combat with (?:this unit|it)$/i, () => {
      if (kind !== 'enemyUnit') fail(d);
      // In combat with this unit (Core 13.0): within its 3" combat range and visible to it.
      pick.within = 3;
      pick.visible = true;
    }],
    [/ (?:that (?:is|are) |and (?:is|are) )?within this unit's combat range$/i, () => { pick.within = 3; }],
    [/ (?:that (?:is|are) |and (?:is|are) |and )?not in combat$/i, () => { if (pick.inCombat !== undefined) fail(d); pick.inCombat = false; }],
    [/ (?:that (?:is|are) |and (?:is|are) )in combat$/i, () => { if (pick.inCombat !== undefined) fail(d); pick.inCombat = true; }],
    [/ on the battlefield$/i, () => undefined],
    // Session 36: the picked unit's own state (`cond`).
    [/ (?:that|and that|and) charged this turn$/i, () => { if (pick.cond?.charged !== undefined) fail(d); pick.cond = { ...pick.cond, charged: true }; }],
    [/ (?:that|and that|and) (?:was|were) not set up this turn$/i, () => { if (pick.cond?.setUp !== undefined) fail(d); pick.cond = { ...pick.cond, setUp: false }; }],
    // Session 40 (sh40c, parseSetUpBy40.ts): "... that were set up this turn using the 'Scions of the Storm' ability".
    [/ (?:that|and that|and) (?:was|were) (set up this turn using the '[A-Za-z][\w' -]*\w' ability)$/i, (x) => { const by = setUpByPhrase40(`was ${x[1]}`); if (pick.cond?.setUp !== undefined || by === null) fail(d); pick.cond = { ...pick.cond, setUp: true, setUpBy: by.setUpBy }; }],
  ];
  // Session 39 (sh39d, parseHistory39.ts): "that had any damage points allocated to it this turn by this unit's shooting attacks".
  const attacked = takeAttackedTail(body);
  if (attacked) {
    if (kind !== 'enemyUnit') fail(d);
    body = attacked.rest;
    pick.cond = attacked.cond;
  }
  let progress = true;
  while (progress) {
    progress = false;
    for (const [re, apply] of tails) {
      const x = re.exec(body);
      if (x) {
        const setsWithin = re.source.includes('within') || re.source.includes('combat with');
        if (setsWithin && pick.within !== undefined) fail(d);
        apply(x);
        body = body.slice(0, x.index);
        progress = true;
      }
    }
  }
  const named = /^([\w' -]+?) units?$/i.exec(body.trim());
  const name = named ? names.find((n) => n.toLowerCase() === named[1].toLowerCase()) : undefined;
  let kw: UnitPhrase;
  try {
    kw = readUnitPhrase(body, known, true);
  } catch (e) {
    // A warscroll name as the noun (and no keyword run of the army): the picked unit is one of that warscroll.
    if (!(e instanceof NotUnderstood) || name === undefined) throw e;
    pick.warscroll = name;
    return [pick];
  }
  if (kw.keyword) pick.keyword = kw.keyword;
  if (kw.notKeyword) pick.notKeyword = kw.notKeyword;
  if (kw.anyKeyword) pick.anyKeyword = kw.anyKeyword;
  return [pick];
}


/** Pull a trailing condition ("while they are wholly within 12" of this unit", "if it charged in the same turn"). */
export function takeCondition(c: string): { rest: string; cond?: AbilityCondition; kind?: 'while' | 'if' } {
  let m = / (while|if) (?:it is|they are) (wholly )?within (\d+)" of this unit$/i.exec(c);
  if (m) return { rest: c.slice(0, m.index), cond: { within: Number(m[3]), of: 'self', ...(m[2] ? { wholly: true } : {}) }, kind: m[1].toLowerCase() as 'while' | 'if' };
  m = / while (?:it is|they are) (wholly )?within this unit's combat range$/i.exec(c);
  if (m) return { rest: c.slice(0, m.index), cond: { within: 3, of: 'self', ...(m[1] ? { wholly: true } : {}) }, kind: 'while' };
  m = / if it charged (?:in the same turn|this turn)$/i.exec(c);
  if (m) return { rest: c.slice(0, m.index), cond: { charged: true }, kind: 'if' };
  // Session 38 (ab38d): "while it is in combat with any enemy units that charged in the same turn" (Heroic Guard, sce).
  m = / while (?:it is|they are) in combat with any enemy units that charged (?:in the same turn|this turn)$/i.exec(c);
  if (m) return { rest: c.slice(0, m.index), cond: { foesCharged: true }, kind: 'while' };
  m = / while (?:it is|they are) in combat$/i.exec(c);
  if (m) return { rest: c.slice(0, m.index), cond: { inCombat: true }, kind: 'while' };
  // Session 37 (tail37a): "while it is contesting an objective [wholly within friendly territory]" (Core 32.1; Stalwart Defenders, sce).
  m = / while (?:it is|they are) contesting an objective( wholly within friendly territory)?$/i.exec(c);
  if (m) return { rest: c.slice(0, m.index), cond: { contesting: m[1] ? 'friendlyTerritory' : 'any' }, kind: 'while' };
  // The unit attacked (session 36): "... Thunderaxes if the target unit has 10 or more models",
  // "... Celestial Greatswords for attacks that target an enemy unit that has 5 or more models",
  // "... this unit's shooting attacks that target an enemy unit that has 10 or more models".
  // Only on this unit's own attacks in a passive without picks (checked by the caller: {@link targetConditionFits}).
  m = / (?:if the target unit has|(?:for attacks )?that target an enemy unit that has) (\d+) or more models$/i.exec(c);
  if (m) return { rest: c.slice(0, m.index), cond: { models: Number(m[1]), unit: 'target' }, kind: 'while' };
  return { rest: c };
}

/**
 * May a condition on the unit attacked (`unit: "target"`, from {@link takeCondition}) stand on this
 * effect? Only on this unit's own attack characteristics or rolls (hit, wound, Attacks, Damage, Rend,
 * weapon abilities gained, critical hits), in a passive ability with no Declare ("the target unit" of
 * an ability with picks is its pick, not the unit attacked).
 */
export function targetConditionFits(body: Record<string, unknown>, targets: unknown, passive: boolean, hasPicks: boolean): boolean {
  if (!passive || hasPicks || targets !== 'self' || body.incoming === true) return false;
  if (typeof body.modify === 'string') return ['hit', 'wound', 'attacks', 'damage', 'rend'].includes(body.modify);
  if (typeof body.set === 'string') return ['attacks', 'damage', 'rend'].includes(body.set);
  return 'weaponAbility' in body || 'critOn' in body;
}

/** A leading condition on this unit ("If this unit is in combat, ...", "While this unit is in combat, ...", "If this unit charged this turn, ..."). */
export function takeLeadingCondition(c: string, known: Iterable<string> = []): { rest: string; cond?: AbilityCondition; kind?: 'while' | 'if' } {
  const r = takeLeadingConditionRaw(c, known);
  // After a condition on this unit, "it" at the head of the clause is this unit ("If this unit is not
  // in combat, remove it from the battlefield ...", "While this unit is contesting ..., it has Strike-first").
  if (r.cond?.unit === 'self') return { ...r, rest: r.rest.replace(/^(remove )?it\b/i, (_, v: string | undefined) => `${v ?? ''}this unit`) };
  return r;
}

/** A leading condition on this unit, read into a condition (on the unit itself: `unit: "self"`). */
function selfState(phrase: string): AbilityCondition | null {
  const t = phrase.toLowerCase();
  if (t === 'is in combat') return { inCombat: true, unit: 'self' };
  if (t === 'is not in combat') return { inCombat: false, unit: 'self' };
  if (t === 'charged this turn' || t === 'charged in the same turn') return { charged: true, unit: 'self' };
  if (t === 'did not charge this turn') return { charged: false, unit: 'self' };
  // Session 38 (ab38d): combat with enemy units that charged (Hold the Shieldwall, Elite Guardians' wording).
  if (t === 'is in combat with any enemy units that charged this turn') return { foesCharged: true, unit: 'self' };
  if (t === 'did not charge this turn and is in combat with an enemy unit that charged this turn') return { charged: false, foesCharged: true, unit: 'self' };
  // Session 37 (react37): the per-turn history (`engine/unitHistory.ts`), "Pick 'Em Off".
  if (t === 'has not used a move ability this turn and was not set up this turn') return { usedMove: false, setUp: false, unit: 'self' };
  // Session 36: objectives (Core 32.1, 32.2).
  if (t === 'is contesting an objective') return { contesting: 'any', unit: 'self' };
  const by = setUpByPhrase40(phrase); // session 40 (sh40c): "was set up this turn using the 'X' ability"
  if (by !== null) return by;
  if (t === 'is contesting an objective you control' || t === 'is contesting an objective that you control') return { contesting: 'controlled', unit: 'self' };
  if (t === 'is contesting an objective you do not control' || t === 'is contesting an objective that you do not control') return { contesting: 'notControlled', unit: 'self' };
  if (t === 'is contesting a questmarked objective') return { contesting: 'questmarked', unit: 'self' }; // session 40 (sh40d): Ordained Quest's mark (objective40.ts)
  return null;
}

/** "a friendly Mega-Gargant", "any friendly Nobles or Abhorrants" → the keyword phrases (each a known keyword run), or null. */
export function friendlyKeywords(phrase: string, known: Iterable<string>): string[] | null {
  const m = /^(?:a|any) friendly ([\w' -]+)$/i.exec(phrase.trim());
  if (!m) return null;
  const out: string[] = [];
  for (const alt of m[1].split(/ or /i)) {
    const k = splitKeywords(alt.replace(/ units?$/i, ''), known);
    if (!k) return null;
    out.push(keywordSpec(k));
  }
  return out.length <= 3 ? out : null;
}

function takeLeadingConditionRaw(c: string, known: Iterable<string>): { rest: string; cond?: AbilityCondition; kind?: 'while' | 'if' } {
  // Session 36: "While this unit is wholly within 12" of a friendly Mega-Gargant, ..." (ofFriendly).
  const f = /^while this unit is (wholly )?within (\d+)" of ((?:a|any) friendly [\w' -]+?), /i.exec(c);
  const fk = f ? friendlyKeywords(f[3], known) : null;
  if (f && fk) return { rest: c.slice(f[0].length), cond: { within: Number(f[2]), ...(f[1] ? { wholly: true } : {}), ofFriendly: fk, unit: 'self' }, kind: 'while' };
  let m = /^(if|while) this unit ((?:is|did|charged|has not used a move)[\w ]*?), /i.exec(c);
  const own = m ? selfState(m[2]) : null;
  // "While this unit charged ..." is no English; "if" for a past charge, either for a state.
  if (m && own && !(own.charged !== undefined && m[1].toLowerCase() === 'while')) return { rest: c.slice(m[0].length), cond: own, kind: m[1].toLowerCase() as 'while' | 'if' };
  // "If the chanting roll was 8+, ..." (the roll of this spell or prayer; an `if`, checked when it resolves).
  m = /^if the (?:casting|chanting) roll was (\d+)\+, /i.exec(c);
  if (m) return { rest: c.slice(m[0].length), cond: { castRoll: Number(m[1]) }, kind: 'if' };
  // "Battle Damaged": "While this unit has 10 or more damage points, ..."; "While this unit is damaged, ...".
  m = /^while this unit has (\d+) or more damage points, /i.exec(c);
  if (m) return { rest: c.slice(m[0].length), cond: { damaged: Number(m[1]), unit: 'self' }, kind: 'while' };
  m = /^while this unit is damaged, /i.exec(c);
  if (m) return { rest: c.slice(m[0].length), cond: { damaged: 1, unit: 'self' }, kind: 'while' };
  return { rest: c };
}

/** Two conditions on one effect, merged; a field both set differently fails. */
export function mergeConditions(a: AbilityCondition | undefined, b: AbilityCondition | undefined): AbilityCondition | undefined {
  if (!a) return b;
  if (!b) return a;
  for (const k of Object.keys(b) as (keyof AbilityCondition)[]) if (k in a && a[k] !== b[k]) fail('two conditions on the same field');
  return { ...a, ...b };
}


/**
 * An ability's whole Declare → its picks. The caster clause of a lore ("Pick a friendly Kruleboyz
 * Wizard to cast this spell, then ...", checked by the importer) and the casting / chanting roll
 * (Magic 6.0) are the core's and removed first; the caster is the unit using the spell (Core 28.2),
 * so "of them" / "the caster" read as "this unit".
 * @returns the picks (empty: no Declare) and whether the Declare makes a casting or chanting roll.
 * @throws NotUnderstood when a clause is not read.
 */
export function readDeclareText(declare: string | null, known: Iterable<string>, timing?: { when: string }, names: readonly string[] = []): { picks: AbilityPick[]; castRoll: boolean } {
  let d = plainRulesText(declare ?? '').replace(/\bpicka\b/gi, 'pick a');
  // "If this unit charged this phase / is contesting an objective you control / is not in combat, pick ..."
  // (session 36): a condition on the ability's unit, checked when it is declared (`unitIf` of the pick).
  // "This phase" is this turn's charge only in a charge phase (the only phase with charge moves).
  let unitIf: AbilityCondition | undefined;
  const lead = /^if this unit ([\w ]+?|was set up this turn using the '[\w' -]+' ability), (pick .*)$/is.exec(d);
  if (lead) {
    const phrase = timing?.when === 'charge' ? lead[1].replace(/^charged this phase$/i, 'charged this turn') : lead[1];
    const cond = selfState(phrase);
    if (cond === null) fail(d);
    unitIf = cond;
    d = lead[2].replace(/ (of|with) it\b/gi, ' $1 this unit').replace(/ within its combat range\b/gi, " within this unit's combat range");
  }
  const caster = /^pick a friendly (?:[\w'-]+ )*?(?:wizard|priest) ?to (?:cast this spell|chant this prayer),? (?:then )?/i.exec(d);
  if (caster) d = d.slice(caster[0].length).replace(/ (of|to) them\b/gi, ' $1 this unit');
  d = d.replace(/\bthe (caster|chanter)\b/gi, 'this unit');
  const castMod = takeCastRollModifier(d); // session 37 (decl37): "... casting roll of 2D6. Subtract 1 from the roll if the target is in combat."
  d = castMod.rest;
  d = d.replace(/(?:,|\.)? (?:then,? )?make a (?:casting roll of 2D6|chanting roll of D6)\.?$/i, '').replace(/^make a (?:casting roll of 2D6|chanting roll of D6)\.?$/i, '');
  d = useThisAbilityAsTarget(d); // session 37 (decl37): "Pick a friendly K unit ... to use this ability."
  d = rangeFromCaster39(d, /make a (?:casting roll of 2D6|chanting roll of D6)/i.test(plainRulesText(declare ?? ''))); // session 39 (sh39d): "within 18\"" of the caster
  // Session 39 (sh39a): "... and is in combat with an enemy unit that charged this turn ... a second target" (parsePicks39.ts).
  let picks = readPointPicks40(d, (x) => readDeclare(x, known, names)) ?? readPicks39(d, known, names) ?? readDeclare(d.charAt(0).toUpperCase() + d.slice(1), known, names);
  if (unitIf !== undefined) {
    if (picks.length !== 1) fail(d);
    picks[0] = { ...picks[0], unitIf };
  }
  const castRoll = /make a (?:casting roll of 2D6|chanting roll of D6)/i.test(plainRulesText(declare ?? ''));
  picks = attachCastModifier(picks, castMod.modifier, castRoll, d);
  // Session 37 (decl37): `cast` and `answerPrayer` take `targets`, so "any number of" units is read in a spell or prayer too.
  return { picks, castRoll };
}

/**
 * "If this unit charged this turn, add 3 to the control scores of friendly Nighthaunt units while they
 * are wholly within 12" of this unit" (session 36): a condition on this unit (`own`, `unit: "self"`)
 * before an aura's `within` condition (`aura`, on each affected unit), in a passive: the aura's
 * condition with `also: own`. Undefined (not read) for any other pair.
 */
export function auraWithOwnCondition(own: AbilityCondition, aura: AbilityCondition, passive: boolean): AbilityCondition | undefined {
  if (!passive || own.unit !== 'self' || own.castRoll !== undefined || own.within !== undefined || own.also !== undefined) return undefined;
  if (aura.within === undefined || aura.unit !== undefined || aura.also !== undefined) return undefined;
  return { ...aura, also: own };
}
