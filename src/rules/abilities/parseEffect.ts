/**
 * The effect-text parser (ABILITIES.md "The effect vocabulary"): an ability's Declare and Effect
 * read into the Declare's picks and the effects the engine applies itself, **only when the whole
 * text was understood**. Every sentence of the Effect must match one recognised shape and every
 * clause of the Declare one recognised pick; any word left over (a condition, a range, a target
 * restriction, a rule the vocabulary cannot say) makes the result `resolves: null`, and the
 * ability is resolved by hand. Zero misapplied matters more than coverage. Pure; no three.
 *
 * Recognised shapes (docs/abilities.md lists them with the real texts they were built from):
 * - Declare: none; "Pick a/an/up to N [visible] friendly|enemy [non-K] [K...] unit|Hero|Monster|
 *   Wizard|Priest [wholly within N" of this unit | in combat with this unit | within this unit's
 *   combat range] to be the target(s)"; a lore's "Pick a friendly K Wizard to cast this spell, ..."
 *   (the caster is the unit using it, checked by the importer) and "... then make a casting /
 *   chanting roll of 2D6 / D6" (the core rules of casting, Magic 6.0).
 * - Effect: Heal (X); inflict X mortal damage; "Roll a dice. On a N+, inflict X mortal damage";
 *   "Roll a dice for each model in the target unit. For each N+, inflict 1 mortal damage";
 *   add/subtract N to hit, wound, save, charge, run, casting, chanting, unbinding, banishment
 *   rolls; to the Attacks / Damage / Rend of melee / ranged / all weapons; to control scores, to
 *   Move; re-rolls (any or of 1); Ward (N+); Strike-first/-last; a keyword; a charge after a run
 *   or retreat; return N slain models; "remove ... and set it up again on the battlefield more
 *   than N" from all enemy units"; each for this unit, the Declare's targets or friendly K units
 *   (auras), with "for the rest of the turn / phase / battle", "until the start of your next
 *   turn", "while they are (wholly) within N" of this unit", "if it charged in the same turn",
 *   "while it is in combat".
 * - Session 35 (extensions, docs/abilities.md): a named weapon's characteristic ("the Attacks
 *   characteristic of its X is 4") with "while this unit has N or more damage points" / "is damaged";
 *   hit / wound modifiers for "attacks that target" a unit (`incoming`); "if the chanting / casting
 *   roll was N+" (`castRoll`); weapons that "have Crit (...)" / "Charge (+1 Damage)" / "Anti-X (+1
 *   Rend)" (`weaponAbility`); "score critical hits on unmodified hit rolls of 5+" (`critOn`).
 * - Session 36 (extensions, docs/abilities.md "Effect shapes added in session 36"): mortal damage for
 *   unmodified save / hit rolls (`mortalPerRoll`); attacks that target a unit failing on an unmodified
 *   1-N (`failUnmodified`); Shoot after a Run / Retreat (`mayShootAfter`, several permissions from one
 *   clause); the number of dice of charge rolls (`modify: "chargeDice"`); "an amount of mortal damage
 *   equal to the roll" (`mortal: "roll"`, `die`); an aura's condition written first.
 * - Session 36, second pass (docs/abilities.md "Effect shapes added in session 36, second pass"): "If the
 *   chanting roll was N+, <effect> instead" (`unlessCastRoll` on the effect replaced, `if: {castRoll}` on
 *   the new one) and "this ability affects all visible friendly K units wholly within M" of the chanter"
 *   (the effects copied onto that group, fixed when the ability resolves, `visible`); "a maximum control
 *   score of N" (`maxControl`).
 * - Session 37, roll37 (parseRolls.ts; docs/abilities.md "Roll effects added in session 37 (roll37)"): dice for
 *   each model of the target with the chanting roll's alternative; rolls against the target's Health (`slay`) or
 *   Save characteristic (`vs: "save"`); "Halve the target's Move characteristic" (`halve`); "If this unit ...,
 *   roll a dice"; "Then, roll a dice".
 *
 * @module
 */

import { plainRulesText } from './parseTiming';
import { sentences, takeDuration, THIS_TURN } from './parseDuration';
import { againstOf, friendlyGroup, weaponAbilityOf } from './parseEffectPhrases';
import { halveBody, readRollSentences } from './parseRolls';
import { readRollList } from './parseRollList37';
import { readResourceSentences } from './parseResources38';
import { readPoolSentence } from './parsePool38';
import { fail, mergeConditions as merge, NotUnderstood, readDeclareText, readUnitPhrase, rx, takeCondition, takeLeadingCondition, targetConditionFits, auraWithOwnCondition } from './parseDeclare';
import { normalizePermissionClause, readPermissionBody, readPermissionSentences } from './parsePermissions';
import type { AbilityCondition, AbilityEffect, AbilityPick, AbilityTiming } from './schema';
import { attachMoreTargets, readMoreTargets, readRetreatLikeMove, takeTargetSide } from './parseDeclare37';
import { readChoice, splitChoice } from './parseChoice37';
import { takeFriendlyNamed39 } from './parseNear39';
import { readWhole40d } from './parseObjective40';
import { readWhole39 } from './parseWhole39';
import { readCancelReaction } from './parseCancel38';
import { readSummonSentence39 } from './parseSummon39';
import { readSelfSentence39, readThen39 } from './parseSelf39';
import { readMadeByAgainstTarget39 } from './parseIncoming39';
import { readUnpickable } from './parsePicks38';
import { readKeywordIf } from './parseAlt38';
import { readAllocatedIf, readChargedFoesRoll, readRolls38 } from './parseRolls38';
import { historySentence } from './parseHistory';
import { readFightChain } from './parseFightChain38';
import { readFightTwice } from './parseFight38';
import { readSetUpNear } from './parseSetUp38';
import { readFreeMove, readPileInBonus } from './parseMove38';
import { readShoutyBoss40e } from './parseShoutyBoss40e';
import { readShrine41c } from './parseShrine41c';
import { readRunes41c } from './parseRunes41c';
import { readRange41c } from './parseRange41c';
import { readAnticipated41c, readClause41c, readWorldBanner41c } from './clauses41c';
import { readNoCombatMove40, readWhole40c } from './parseWhole40';
import { readPassedAcross40f } from './parsePassedAcross40f';
import { readPassedAcross41d } from './parsePassedAcross41d';
import { readRampage41d } from './parseRampage41d';
import { readFirstMonster41d } from './monsters41d';
import { readSecondTarget41d } from './parseSecondTarget41d';
import { readGrapple41d } from './parseGrapple41d';
import { readRetreat38 } from './parseRetreat38';
import { mentionsThisTerrain, parseThisTerrain } from './parseTerrain38';
import { normalizeClause38, readSentence38 } from './parseKbIj38';
import { markOncePerBattle, readSentences39c, splitOncePerBattlePick } from './parseKbIj39';
import { readSentences40a } from './parseKbIj40';
import { readFecNh39 } from './parseFecNh39';
import { readAfter40b } from './parseAfterShoot40';
import { readAttackHook40g } from './parseAttack40g';
import { readBlessings40h } from './parseBlessings40h';
import { readManifest41e } from './parseManifest41e';
import { readHidden41e } from './parseHidden41e';
import { readDirtyTricks41a } from './parseDirtyTricks41a';
import { readBloodRites41b, readRoaringIdol41b } from './parseBloodRites41b';
import { dice, effectKind, permissionBodies, POSS, ROLL_KIND, scopeOf, SUBJ, ungated, weaponName } from './parseEffectWords';

export { casterClause } from './parseDeclare';

/** What {@link parseEffect} needs. */
export interface EffectInput {
  readonly declare: string | null;
  readonly effect: string;
  readonly timing: AbilityTiming;
  /** Keywords of the army (units' keywords, faction), to read keyword runs ("Kruleboyz Infantry"). */
  readonly knownKeywords: Iterable<string>;
  /** The army's unit (warscroll) names, read as nouns in a Declare's pick ("a friendly Grimghast Reapers unit"). */
  readonly unitNames?: readonly string[];
}

/** The parse: `resolves` (null: by hand), the Declare's `picks` when understood, and why not. */
export interface ParsedEffect {
  readonly resolves: AbilityEffect[] | null;
  readonly picks?: AbilityPick[];
  /** The first part of the text not understood (for the report and tests); absent when understood. */
  readonly unparsed?: string;
}

type Target = AbilityEffect['targets'];
type Duration = AbilityEffect['duration'];

// ---- Effect clauses ---------------------------------------------------------------------

interface Ctx {
  readonly passive: boolean;
  /** The Declare makes a casting or chanting roll (Magic 6.0): "if the casting / chanting roll was N+" can be read. */
  readonly castRoll?: boolean;
  readonly hasTargets: boolean;
  readonly known: Iterable<string>;
  /** The army's unit names (session 39, sh39a: "within 12\" of a friendly <warscroll name>", parseNear39.ts). */
  readonly names?: readonly string[];
}

/** A subject phrase → target and the aura condition its keyword run needs. */
function readSubject(s: string, ctx: Ctx): { targets: Target; cond?: AbilityCondition } {
  const t = s.trim().toLowerCase();
  if (t === 'this unit') return { targets: 'self' };
  if (['the target', 'the targets', 'each target', 'that unit', 'that friendly unit', 'the target unit', 'that enemy unit'].includes(t)) {
    if (!ctx.hasTargets) fail(s);
    return { targets: 'targets' };
  }
  const f = /^friendly (.+)$/i.exec(s.trim());
  if (f) {
    const kw = readUnitPhrase(f[1], ctx.known);
    if (kw.notKeyword) fail(s);
    if (!/s$/i.test(f[1])) fail(s);
    // The keyword is on each affected unit: a condition without `unit` (ABILITIES.md conditions; `unit: "target"` is the opposing unit).
    return { targets: 'friendly', ...(kw.keyword ? { cond: { keyword: kw.keyword } } : {}) };
  }
  fail(s);
}


/** One clause (no leading/trailing duration or condition left to it) → effect body. */
function readBody(c: string, ctx: Ctx): { body: Record<string, unknown>; more?: Record<string, unknown>[]; subj: { targets: Target; cond?: AbilityCondition } } {
  let m: RegExpExecArray | null;
  const t = c.trim();
  if ((m = rx(`^heal \\(([^)]+)\\) ${SUBJ}$`).exec(t))) return { body: { heal: dice(m[1]) }, subj: readSubject(m[2], ctx) };
  if ((m = rx(`^inflict (\\d*D?[36]?(?:\\+\\d+)?|\\d+) mortal damage on ${SUBJ}$`).exec(t))) return { body: { mortal: dice(m[1]) }, subj: readSubject(m[2], ctx) };
  if ((m = rx(`^${SUBJ} (?:has|have) ward \\(([2-6])\\+\\)$`).exec(t))) return { body: { ward: Number(m[2]) }, subj: readSubject(m[1], ctx) };
  if ((m = rx(`^${SUBJ} (?:has|have) strike-(first|last)$`).exec(t))) return { body: { strike: m[2].toLowerCase() }, subj: readSubject(m[1], ctx) };
  if ((m = rx(`^${SUBJ} (?:has|have) the ([\\w' -]+?) keyword$`).exec(t))) return { body: { keyword: m[2].toUpperCase(), add: true }, subj: readSubject(m[1], ctx) };
  if ((m = rx(`^you can return (\\d+|D3|D6) slain models? to ${SUBJ}$`).exec(t))) return { body: { returnModels: dice(m[1]) }, subj: readSubject(m[2], ctx) };
  // Session 38 (ab38c): "... set it up again wholly within N" of this unit / a friendly K unit and more than M" ..." (parseSetUp38.ts).
  const near = readSetUpNear(t, ctx.known);
  if (near) return { body: near.body, subj: readSubject(near.subject, ctx) };
  if ((m = rx(`^remove ${SUBJ} from the battlefield and set (?:it|them) up again on the battlefield more than (\\d+)" from all enemy units$`).exec(t)))
    return { body: { setUp: 'battlefield', farther: Number(m[2]) }, subj: readSubject(m[1], ctx) };
  // Permissions after a RUN / RETREAT (Core 14.2, 14.3 overridden, Core 29.0): "can use Shoot and/or Charge
  // abilities even if it used a Run or Retreat ability in the same turn" is one effect per pair (session 36: Shoot).
  if ((m = rx(`^${SUBJ} can use (shoot and/or charge|shoot|charge) abilities( this turn)? even if (?:it|they) used an? (run|retreat)(?: or (retreat))? ability in the same turn$`).exec(t))) {
    const bodies = permissionBodies(m[2], [m[4], m[5]], m[3] ? { duration: THIS_TURN[1] } : {});
    return { body: bodies[0], more: bodies.slice(1), subj: readSubject(m[1], ctx) };
  }
  if ((m = rx(`^${SUBJ} can use an? (run|retreat) ability and still use (shoot and/or charge|shoot|charge) abilities later in the turn$`).exec(t))) {
    const bodies = permissionBodies(m[3], [m[2]], {});
    return { body: bodies[0], more: bodies.slice(1), subj: readSubject(m[1], ctx) };
  }
  // Session 36: "Each time you make an unmodified save roll of 6 for a combat attack that targets this unit,
  // inflict 1 mortal damage on the attacking unit after the Fight ability has been resolved."
  if ((m = rx(`^each time you make an unmodified save roll of ([1-6]) for an? (combat |shooting )?attack that targets ${SUBJ}, inflict (\\d+) mortal damage on the attacking unit(?: after the (fight|shoot) ability has been resolved)?$`).exec(t))) {
    const scope = scopeOf(m[2]);
    if (m[5] && (m[5].toLowerCase() === 'fight') !== (scope === 'melee') && scope !== 'all') fail(t);
    if (m[5] && scope === 'all') fail(t); // "after the Fight ability" of any attack: not one moment
    return { body: { mortalPerRoll: Number(m[4]), roll: 'save', unmodified: Number(m[1]), to: 'attacker', ...(scope !== 'all' ? { attacks: scope } : {}) }, subj: readSubject(m[3], ctx) };
  }
  // "For each unmodified hit roll of 1 for a combat attack made by the target, inflict 1 mortal damage on the target after the Fight ability has been resolved."
  if ((m = rx(`^for each unmodified hit roll of ([1-6]) for an? (combat |shooting )attack made by ${SUBJ}, inflict (\\d+) mortal damage on ${SUBJ} after the (fight|shoot) ability has been resolved$`).exec(t))) {
    const scope = scopeOf(m[2]);
    const who = readSubject(m[3], ctx);
    const victim = readSubject(m[5], ctx);
    if (who.targets !== victim.targets || who.targets === 'friendly' || (m[6].toLowerCase() === 'fight') !== (scope === 'melee')) fail(t);
    return { body: { mortalPerRoll: Number(m[4]), roll: 'hit', unmodified: Number(m[1]), to: 'self', attacks: scope }, subj: who };
  }
  // "If the unmodified hit roll [or unmodified wound roll] for an attack that targets this unit is 1-4, the attack fails and the attack sequence ends."
  if ((m = rx(`^if the unmodified hit roll( or unmodified wound roll)? for an attack that targets ${SUBJ} is 1-([1-5]), the attack fails and the attack sequence ends$`).exec(t))) {
    return { body: { failUnmodified: m[1] ? 'hitWound' : 'hit', upTo: Number(m[3]) }, subj: readSubject(m[2], ctx) };
  }
  // "This unit can make a pile-in move": a 3" pile-in (Core 15.0, 'Pile-in' moves up to 3").
  if ((m = rx(`^${SUBJ} can make a pile-in move$`).exec(t))) return { body: { move: 'pileIn', inches: 3 }, subj: readSubject(m[1], ctx) };
  // Re-rolls.
  // Session 38 (ab38d): resistance rolls too (The Flames of Hope; the "no effect" reactions' roll, engine/cancel38.ts).
  if ((m = /^you can re-roll (hit|wound|save|charge|run|casting|chanting|resistance) rolls( of 1)? for (.+)$/i.exec(t))) {
    const { subj, scope, incoming } = rollSubject(m[3], ROLL_KIND[m[1].toLowerCase()], ctx);
    if (incoming) fail(t); // a re-roll of the opponent's attack rolls: not in the vocabulary
    const kind = m[1].toLowerCase() === 'casting' ? 'cast' : m[1].toLowerCase() === 'chanting' ? 'chant' : m[1].toLowerCase();
    return { body: { reroll: kind, which: m[2] ? 'ones' : 'any', ...(scope !== undefined ? { attacks: scope } : {}) }, subj };
  }
  // Session 36: the number of dice of charge rolls (Core 14.3: 2D6), with the bound every such text states.
  if ((m = /^(add|subtract) 1 (?:to|from) the number of dice rolled when making charge rolls for (.+), to a (maximum|minimum) of (\d)$/i.exec(t))) {
    const add = m[1].toLowerCase() === 'add';
    if (add ? m[3].toLowerCase() !== 'maximum' || m[4] !== '3' : m[3].toLowerCase() !== 'minimum' || m[4] !== '1') fail(t);
    return { body: { modify: 'chargeDice', by: add ? 1 : -1 }, subj: readSubject(m[2], ctx) };
  }
  const c41 = readClause41c(t); if (c41) return { body: c41.body, subj: readSubject(c41.subject, ctx) }; // session 41 (sh41c): no pile-in, no critical hits (clauses41c.ts)
  const h40g = readAttackHook40g(t, ctx.known); if (h40g) return { body: h40g.body, subj: h40g.subject === 'enemy' ? { targets: 'enemy' } : readSubject(h40g.subject, ctx) }; // session 40 (sh40g): doubled Damage, ward-roll modifiers (parseAttack40g.ts)
  // Roll modifiers.
  if ((m = /^(add|subtract) (\d+) (?:to|from) (hit|wound|save|charge|run|casting|chanting|unbinding|banishment) rolls for (.+)$/i.exec(t))) {
    const by = Number(m[2]) * (m[1].toLowerCase() === 'add' ? 1 : -1);
    const what = ROLL_KIND[m[3].toLowerCase()];
    const { subj, scope, incoming, against } = rollSubject(m[4], what, ctx);
    return { body: { modify: what, by, ...(scope !== undefined ? { attacks: scope } : {}), ...(incoming ? { incoming: true } : {}), ...(against ? { against } : {}) }, subj };
  }
  // Weapon characteristics.
  if ((m = rx(`^(add|subtract) (\\d+) (?:to|from) the (attacks|damage|rend) characteristics? of ${POSS} (melee |ranged )?weapons$`).exec(t))) {
    const by = Number(m[2]) * (m[1].toLowerCase() === 'add' ? 1 : -1);
    return { body: { modify: m[3].toLowerCase(), by, attacks: scopeOf(m[5]) }, subj: readSubject(m[4], ctx) };
  }
  // Control score and Move.
  if ((m = rx(`^(add|subtract) (\\d+) (?:to|from) ${POSS} control score$`).exec(t))) {
    return { body: { modify: 'control', by: Number(m[2]) * (m[1].toLowerCase() === 'add' ? 1 : -1) }, subj: readSubject(m[3], ctx) };
  }
  // Session 37 (tail37a): "Add 1 to this unit's power level" (Gather the Aether; Magic 1.1), this unit only.
  if ((m = rx(`^add ([1-3]) to this unit's power level$`).exec(t))) return { body: { modify: 'power', by: Number(m[1]) }, subj: readSubject('this unit', ctx) };
  if ((m = rx(`^(add|subtract) (\\d+) (?:to|from) the control scores of (friendly [\\w' -]+)$`).exec(t))) {
    return { body: { modify: 'control', by: Number(m[2]) * (m[1].toLowerCase() === 'add' ? 1 : -1) }, subj: readSubject(m[3], ctx) };
  }
  if ((m = rx(`^(add|subtract) (\\d+)" (?:to|from) ${POSS} move characteristic$`).exec(t))) {
    return { body: { modify: 'move', by: Number(m[2]) * (m[1].toLowerCase() === 'add' ? 1 : -1) }, subj: readSubject(m[3], ctx) };
  }
  // Named weapons of this unit ("the Attacks characteristic of its Fortcrusha Flail is 4", "Add 1 to
  // the Rend characteristic of this unit's Dawnrider Lances and Blades"): the importer keeps them only
  // when the unit has a weapon of that name (src/army/abilities.ts).
  if ((m = rx(`^the (attacks|damage|rend) characteristic of (?:its |this unit's )?(.+?) is (\\d+)(?: for attacks that target (.+))?$`).exec(t))) {
    return { body: { set: m[1].toLowerCase(), to: Number(m[3]), weapon: weaponName(m[2]), ...(m[4] ? { against: againstOf(m[4], ctx.known) } : {}) }, subj: { targets: 'self' } };
  }
  if ((m = rx(`^(add|subtract) (\\d+) (?:to|from) the (attacks|damage|rend) characteristic of (?:its|this unit's) (.+?)(?: for attacks that target (.+))?$`).exec(t))) {
    const by = Number(m[2]) * (m[1].toLowerCase() === 'add' ? 1 : -1);
    return { body: { modify: m[3].toLowerCase(), by, weapon: weaponName(m[4]), ...(m[5] ? { against: againstOf(m[5], ctx.known) } : {}) }, subj: { targets: 'self' } };
  }
  // Weapon abilities gained (Core 20.0) and critical hits on 5+ (Core 17.0): extensions of the vocabulary.
  const WEAPON_ABILITY = `(crit \\((?:mortal|auto-wound|2 hits)\\)|charge \\(\\+1 damage\\)|anti-[\\w'-]+ \\(\\+1 rend\\))`;
  if ((m = rx(`^${POSS} (melee |ranged )?weapons (?:have|has) ${WEAPON_ABILITY}$`).exec(t))) {
    return { body: { weaponAbility: weaponAbilityOf(m[3], ctx.known), attacks: scopeOf(m[2]) }, subj: readSubject(m[1], ctx) };
  }
  if ((m = rx(`^this unit's (.+?) (?:have|has) ${WEAPON_ABILITY}$`).exec(t))) {
    return { body: { weaponAbility: weaponAbilityOf(m[2], ctx.known), weapon: weaponName(m[1]) }, subj: { targets: 'self' } };
  }
  if ((m = rx(`^${POSS} (combat |shooting |melee |ranged )?attacks score critical hits on (?:an )?unmodified hit rolls? of ([2-5])\\+$`).exec(t))) {
    return { body: { critOn: Number(m[3]), attacks: scopeOf(m[2]) }, subj: readSubject(m[1], ctx) };
  }
  if ((m = rx(`^this unit has a control characteristic of (\\d+)$`).exec(t))) return { body: { set: 'control', to: Number(m[1]) }, subj: { targets: 'self' } };
  // Session 36, second pass: "This unit has a maximum control score of 1." (Core 32.2, the unit's score capped).
  if ((m = rx(`^${SUBJ} (?:has|have) a maximum control score of (\\d+)$`).exec(t))) return { body: { maxControl: Number(m[2]) }, subj: readSubject(m[1], ctx) };
  const halve = halveBody(t); // session 37 (roll37): "Halve the target's Move characteristic"
  if (halve) return { body: halve.body, subj: readSubject(halve.subject, ctx) };
  // Session 37 (perm37): permissions and restrictions (parsePermissions.ts).
  const perm = readPermissionBody(t, ctx.passive, (x) => readSubject(x, ctx));
  if (perm) return perm;
  // Session 38 (ab38d, wardRules38.ts): "ward rolls cannot be made for the target" (Core 18.1).
  if ((m = /^ward rolls cannot be made for (.+)$/i.exec(t))) return { body: { wardForbidden: true }, subj: readSubject(m[1], ctx) };
  fail(c);
}



/**
 * The "for ..." part of a roll modifier or re-roll: whose roll it is.
 * "this unit" / "this unit's [combat|shooting] attacks" / "attacks made by this unit" / "the target" /
 * "friendly K units"; "attacks that target S" only for save rolls (the save roll is S's own).
 */
function rollSubject(s: string, what: string, ctx: Ctx): { subj: { targets: Target; cond?: AbilityCondition }; scope?: 'melee' | 'ranged' | 'all'; incoming?: true; against?: string[] } {
  const attackRoll = what === 'hit' || what === 'wound';
  let m: RegExpExecArray | null;
  // Session 39 (sh39d, parseIncoming39.ts): "combat attacks made by friendly Vanguard Chamber units that target that enemy unit".
  const by39 = readMadeByAgainstTarget39(s, what, ctx.known);
  if (by39) return { subj: readSubject(by39.subject, ctx), scope: by39.scope, incoming: true, against: by39.against };
  if ((m = rx(`^${POSS} (combat |shooting |melee |ranged )?attacks$`).exec(s))) {
    if (!attackRoll) fail(s);
    return { subj: readSubject(m[1], ctx), scope: scopeOf(m[2]) };
  }
  if ((m = rx(`^(combat |shooting )?attacks made by ${SUBJ}$`).exec(s))) {
    if (!attackRoll) fail(s);
    return { subj: readSubject(m[2], ctx), scope: scopeOf(m[1]) };
  }
  if ((m = rx(`^attacks that target ${SUBJ}$`).exec(s))) {
    if (what === 'save') return { subj: readSubject(m[1], ctx) };
    if (!attackRoll) fail(s);
    // "Subtract 1 from hit rolls for attacks that target this unit": the opposing unit's rolls (an extension, `incoming`).
    return { subj: readSubject(m[1], ctx), scope: 'all', incoming: true };
  }
  if ((m = rx(`^(combat |shooting |melee |ranged )attacks that target ${SUBJ}$`).exec(s))) {
    if (!attackRoll) fail(s);
    return { subj: readSubject(m[2], ctx), scope: scopeOf(m[1]), incoming: true };
  }
  if (attackRoll) {
    // "Add 1 to hit rolls for this unit" reads as all of its attacks; for friendly K units too.
    return { subj: readSubject(s, ctx), scope: 'all' };
  }
  return { subj: readSubject(s, ctx) };
}

/** One clause with its duration and condition → its effects (one, or one per permission of "Shoot and/or Charge"). */
function readClause(raw: string, ctx: Ctx, gate: string | undefined, outerDuration: Duration): AbilityEffect[] {
  let c = normalizeClause38(normalizePermissionClause(raw.trim().replace(/^in addition,\s*/i, '').replace(/[.;]$/, '')), ctx.hasTargets);
  // An aura's condition written first ("While they are wholly within 12" of this unit, friendly K units ...",
  // "While friendly K units are wholly within 13" of this unit, they ...") reads as the same condition written last.
  let lead0 = /^while they are ((?:wholly )?within \d+" of this unit), (friendly .+)$/i.exec(c);
  if (lead0) c = `${lead0[2]} while they are ${lead0[1]}`;
  else if ((lead0 = /^while (friendly [\w' -]+? units) are ((?:wholly )?within \d+" of this unit), they (.+)$/i.exec(c))) c = `${lead0[1]} ${lead0[3]} while they are ${lead0[2]}`;
  // The bound of a number of dice (", to a maximum of 3") is read with the body, after the conditions before it.
  const bound = /, to a (?:maximum|minimum) of \d+$/i.exec(c);
  if (bound) c = c.slice(0, bound.index);
  const d1 = takeDuration(c);
  c = d1.rest;
  const side = takeTargetSide(c, ctx.hasTargets); // session 37 (decl37): "If the target is a friendly unit, it ..."
  const lead = side ? { rest: side.rest, cond: side.cond, kind: 'if' as const } : (takeFriendlyNamed39(c, ctx.known, ctx.names) ?? takeLeadingCondition(c, ctx.known));
  c = lead.rest;
  const cond0 = takeCondition(c);
  c = cond0.rest;
  // A condition on this unit before an aura of a passive (session 36): both hold, each on its own unit (`also`).
  const both = lead.cond && cond0.cond ? auraWithOwnCondition(lead.cond, cond0.cond, ctx.passive) : undefined;
  if (lead.cond && cond0.cond && both === undefined) fail(raw);
  const cond = both ? { cond: both, kind: 'while' as const } : lead.cond ? lead : cond0;
  const d2 = d1.duration ? { rest: c } : takeDuration(c);
  c = d2.rest;
  let duration = d1.duration ?? d2.duration ?? outerDuration;
  // "If this unit charged this turn, for the rest of the turn, ..." in a passive: the charge lasts the turn, so does the effect.
  if (ctx.passive && duration === 'turn' && cond.cond?.also?.charged === true && d1.duration === undefined) duration = undefined;
  const { body: read, more, subj } = readBody(bound ? c + bound[0] : c, ctx);
  // Session 37 (tail37a): a trailing "while it is contesting an objective ..." only on a characteristic or score
  // modifier (`modified`, measured with the geometry port); permissions such as Unbind are asked without one.
  if (cond0.cond?.contesting !== undefined && (!('modify' in read) || (more?.length ?? 0) > 0)) fail(raw);
  return [read, ...(more ?? [])].map((b) => frameEffect(raw, ctx, gate, b, subj, cond, duration));
}

/** One body read from a clause, with the clause's duration and condition checked and attached → one effect. */
function frameEffect(raw: string, ctx: Ctx, gate: string | undefined, read: Record<string, unknown>, subj: { targets: Target; cond?: AbilityCondition }, cond: { cond?: AbilityCondition; kind?: 'while' | 'if' }, duration: Duration): AbilityEffect {
  const { duration: bodyDuration, ...body } = read as { duration?: Duration } & Record<string, unknown>;
  if (bodyDuration) {
    if (duration !== undefined && duration !== bodyDuration) fail(raw);
  }
  const finalDuration = bodyDuration ?? duration;
  // A trailing condition ("if it charged", "while they are within ...") is on each affected unit
  // (no `unit`); a leading "If this unit ..." on the ability's unit (`unit: "self"`).
  let condition = cond.cond;
  if (condition?.castRoll !== undefined && (ctx.passive || !ctx.castRoll)) fail(raw); // no casting / chanting roll to read
  if (condition && condition.castRoll === undefined && condition.within === undefined && condition.unit === undefined && subj.targets === 'self') condition = { ...condition, unit: 'self' };
  if (condition && condition.within !== undefined && condition.ofFriendly === undefined && condition.ofFriendlyNamed === undefined && subj.targets !== 'friendly' && subj.targets !== 'enemy') fail(raw); // "while it is within N" of this unit" of the unit itself: nonsense
  if ((condition?.ofFriendly !== undefined || condition?.ofFriendlyNamed !== undefined) && subj.targets !== 'self') fail(raw); // "within N" of a friendly K" only of this unit itself (session 36)
  if (condition?.unit === 'target' && !targetConditionFits(body, subj.targets, ctx.passive, ctx.hasTargets)) fail(raw); // the unit attacked: session 36
  const aura = subj.cond;
  if (subj.targets === 'friendly' && !(condition && condition.within !== undefined)) fail(raw); // friendly units anywhere: not a shape we read
  const merged = merge(condition, aura);
  // Persisting modifiers need a duration unless the ability is passive (Core 28.1, 5.4).
  const instant = 'heal' in body || 'mortal' in body || 'returnModels' in body || 'setUp' in body || 'move' in body || 'destroyed' in body || 'movementPhaseMove' in body;
  if (!ctx.passive && !instant && finalDuration === undefined) fail(raw);
  if (ctx.passive && finalDuration !== undefined) fail(raw);
  if (instant && finalDuration !== undefined) fail(raw);
  const isWhile = ctx.passive || cond.kind === 'while' || subj.targets === 'friendly';
  const effect: Record<string, unknown> = { ...body, targets: subj.targets };
  if (finalDuration) effect.duration = finalDuration;
  if (merged) effect[isWhile ? 'while' : 'if'] = merged;
  if (gate) {
    if (subj.targets === 'friendly') fail(raw); // "Roll a dice" once: the engine would roll for each friendly unit (roll37)
    if ('mortal' in body) effect.on = gate;
    else {
      if (effect.if) fail(raw);
      effect.if = { roll: gate };
    }
  }
  return effect as AbilityEffect;
}

/**
 * Parse an ability's Declare and Effect.
 * @returns `resolves` with the effects (each with its targets, duration and conditions) and the
 *   Declare's `picks` when the whole text was understood; otherwise `resolves: null` and
 *   `unparsed`, the first part not understood. Never throws.
 */
export function parseEffect(input: EffectInput): ParsedEffect {
  const dirty41a = readDirtyTricks41a(input, parseEffect); if (dirty41a !== null) return dirty41a; // session 41 (sh41a): parseDirtyTricks41a.ts
  // Session 38 (ab38a): a faction terrain feature's "this terrain feature" (parseTerrain38.ts).
  if (mentionsThisTerrain(input)) return readShoutyBoss40e(input, parseEffect) ?? readShrine41c(input, parseEffect) ?? parseThisTerrain(input, parseEffect); // sh40e: Up We Go!, I'm Off! (parseShoutyBoss40e.ts); sh41c: Enter / Exit the Shrine (parseShrine41c.ts)
  const known = [...input.knownKeywords];
  // Session 38 (ab38d, parseCancel38.ts): "that ability has no effect on this unit" (a reaction, read whole with its trigger).
  const cancel = readCancelReaction(input.timing, input.declare, input.effect) ?? (input.declare === null ? readUnpickable(input.effect, input.timing.when === 'passive') : null);
  if (cancel !== null) return { resolves: cancel };
  const whole40c = readWhole40c(input, parseEffect); // session 40 (sh40c, parseWhole40.ts): Commanding View, Lord of Assassins, Overwhelming Volleystorm, Doomfang
  if (whole40c !== null) return whole40c;
  const blessings = readBlessings40h(input, (d) => readDeclareText(d, known, input.timing, input.unitNames).picks); if (blessings !== null) return blessings; // session 40 (sh40h): Call to Murder, Fanatical Blademaster (parseBlessings40h.ts)
  const rites41b = readBloodRites41b(input) ?? readRoaringIdol41b(input); if (rites41b !== null) return rites41b; // session 41 (sh41b): Blessings of Khaine, Crimson Offerings, Roaring Idol (parseBloodRites41b.ts)
  const runes41c = readRunes41c(input, parseEffect) ?? readRange41c(input) ?? readAnticipated41c(input) ?? readWorldBanner41c(input); if (runes41c !== null) return runes41c; // session 41 (sh41c): runes of the battle scripture, Range, Anticipated Strike (parseRunes41c.ts, parseRange41c.ts, clauses41c.ts)
  const across40f = readPassedAcross40f(input); if (across40f !== null) return { resolves: across40f }; // session 40 (sh40f): Soaring Terror, Draconic Onslaught, Fight and Flight, Fire and Flight
  const across41d = readPassedAcross41d(input); if (across41d !== null) return { resolves: across41d }; // session 41 (sh41d): Destructive Bulk, Carve a Path, Rolling Doom
  const manifest41e = readManifest41e(input); if (manifest41e !== null) return { resolves: manifest41e }; // session 41 (sh41e): Tendrils of Light and Shadow (parseManifest41e.ts)
  const hidden41e = readHidden41e(input); if (hidden41e !== null) return { resolves: hidden41e }; // session 41 (sh41e): Hidden Weapon Team (parseHidden41e.ts)
  const rampage41d = readRampage41d(input) ?? ((r) => (r ? { resolves: r } : null))(readFirstMonster41d(input)); if (rampage41d !== null) return rampage41d; // session 41 (sh41d): Rampaging Destruction, In Their Element
  try {
    // Session 39 (sh39c, parseKbIj39.ts): "You cannot pick the same Hero to be the target of this ability more than once per battle."
    const opb = splitOncePerBattlePick(input.declare);
    const read = readDeclareText(opb.declare, known, input.timing, input.unitNames);
    const { castRoll } = read;
    const picks = opb.once ? markOncePerBattle(read.picks) : read.picks;
    const ctx: Ctx = { passive: input.timing.when === 'passive', hasTargets: picks.length > 0, known, castRoll, names: input.unitNames };
    // Session 38 (ab38c): a fight chain whose pick is in the Effect (parseFightChain38.ts).
    const chain = readFightChain(input.declare, input.effect, input.timing, known, input.unitNames, (c) => readClause(c, { ...ctx, hasTargets: true }, undefined, undefined));
    if (chain) return chain;
    const after40 = readAfter40b(input, (declare, effect) => parseEffect({ ...input, declare, effect })); // session 40 (sh40b): after the Shoot / Fight reacted to (parseAfterShoot40.ts)
    if (after40) return { resolves: after40 };
    // Session 39 (sh39a): rally extras, Summon rolls, "Roll a dice. On a 3+, pick 1 of the following effects:" (parseWhole39.ts).
    const whole39 = readWhole39(input, ctx.passive, picks, known, (text) => parseEffect({ ...input, effect: text }));
    if (whole39) return whole39;
    const whole40 = readWhole40d({ ...input, knownKeywords: known }, ctx.passive, (text) => parseEffect({ ...input, effect: text })); // session 40 (sh40d): parseObjective40.ts
    if (whole40) return whole40;
    const second41d = readSecondTarget41d(input.effect, picks, input.timing); if (second41d) return { resolves: second41d, picks }; // session 41 (sh41d): Get In There And Wallop 'Em!
    const grapple41d = readGrapple41d(input.effect, picks, input.timing); if (grapple41d) return grapple41d; // session 41 (sh41d): Monster Grapple
    // Session 37 (decl37): "Pick 1 of the following effects ...:", each branch read on its own (parseChoice37.ts).
    const choice = ctx.passive ? null : splitChoice(input.effect);
    if (choice) {
      // A prayer's picks are made when it is answered (`answerPrayer`, whose `choice` is bank / answer): by hand.
      if (/chanting roll/i.test(plainRulesText(input.declare ?? ''))) fail('a choice in a prayer');
      return readChoice(choice, picks, (text) => parseEffect({ ...input, effect: text }));
    }
    const ss = sentences(input.effect.replace(/\bthe (caster|chanter)\b/gi, 'this unit'));
    if (ss.length === 0) fail('(no effect)');
    const out: AbilityEffect[] = [];
    let picksOut = picks;
    let outer: Duration;
    let sentenceStart = 0; // where the effects of the sentence being read begin in `out`
    for (let i = 0; i < ss.length; i++) {
      const s = ss[i].replace(/\.$/, '');
      const prevStart = sentenceStart;
      sentenceStart = out.length;
      // Session 37 (react37): what a Fight ability just did ("Stolen Hours"; parseHistory.ts).
      const hist = historySentence(s, ctx.passive);
      if (hist !== null) {
        out.push(hist);
        continue;
      }
      // Session 39 (sh39b, parseFecNh39.ts): Royal Approval, "If any models are slain ... by this ability", Fell Blades, ...
      const fecNh = readFecNh39(ss, i, out, { hasTargets: ctx.hasTargets, manyTargets: picks.some((p) => (p.count ?? 1) > 1 || p.each === true || p.anyNumber === true), passive: ctx.passive, known, readClause: (c) => readClause(c, ctx, undefined, outer) });
      if (fecNh) {
        out.push(...fecNh.effects);
        i += fecNh.used - 1;
        continue;
      }
      // Session 38 (ab38c): "This unit can move 2D6". It can pass through ... must end that move in combat." (parseMove38.ts).
      const retreat38 = readRetreat38(ss, i, { passive: ctx.passive, known });
      if (retreat38) {
        out.push(...retreat38.effects);
        i += retreat38.used - 1;
        continue;
      }
      const pileIn = readPileInBonus(s, ctx.passive);
      if (pileIn) {
        out.push(pileIn);
        continue;
      }
      const freeMove = readFreeMove(ss, i, { hasTargets: ctx.hasTargets, passive: ctx.passive }) ?? readNoCombatMove40(ss, i, { hasTargets: ctx.hasTargets, passive: ctx.passive }); // session 40: parseMove40.ts
      if (freeMove) {
        out.push(...freeMove.effects);
        i += freeMove.used - 1;
        continue;
      }
      // Session 38 (ab38c): "... can use 2 Fight abilities this turn. After the first is used, ..." (parseFight38.ts).
      const twice = readFightTwice(ss, i, { hasTargets: ctx.hasTargets, castRoll: ctx.castRoll === true, passive: ctx.passive });
      if (twice) {
        out.push(...twice.effects);
        i += twice.used - 1;
        continue;
      }
      // Session 38 (ab38b): faction resources, points and tokens given, subtracted and read (parseResources38.ts).
      const res = readResourceSentences(ss, i, { passive: ctx.passive, hasTargets: ctx.hasTargets, manyTargets: picks.some((p) => (p.count ?? 1) > 1 || p.each === true || p.anyNumber === true), known, unitNames: input.unitNames, readClause: (c, gate) => readClause(c, ctx, gate, outer) });
      if (res) {
        out.push(...res.effects);
        i += res.used - 1;
        continue;
      }
      // Session 39 (sh39d): parseSelf39.ts (Lightning Quick, Mantle of the First Storm), parseSummon39.ts (Summon casting rolls).
      const read39d = readSelfSentence39(s, ctx.passive, (c) => readClause(c, ctx, undefined, outer)) ?? readSummonSentence39(s, (c) => readClause(c, ctx, undefined, outer)) ?? readThen39(s, out, (c) => readClause(c, ctx, undefined, outer));
      if (read39d) {
        out.push(...read39d);
        continue;
      }
      const s40a = readSentences40a(ss, i, { passive: ctx.passive, hasTargets: ctx.hasTargets, manyTargets: picks.some((p) => (p.count ?? 1) > 1 || p.each === true || p.anyNumber === true), timing: input.timing, readClause: (c) => readClause(c, ctx, undefined, outer) }); // session 40 (sh40a): parseKbIj40.ts
      if (s40a) { out.push(...s40a.effects); i += s40a.used - 1; continue; }
      // Session 39 (sh39c, parseKbIj39.ts): Rally extras ("you can make 3 additional rally rolls of D6"), the use's one D3 ("equal to the roll").
      const s39c = readSentences39c(ss, i, { passive: ctx.passive, hasTargets: ctx.hasTargets, manyTargets: picks.some((p) => (p.count ?? 1) > 1 || p.each === true || p.anyNumber === true), known, unitNames: input.unitNames, bullets: (input.effect.match(/[•\u2022]/g) ?? []).length, readClause: (c) => readClause(c, ctx, undefined, outer), readGated: (c, gate) => readClause(c, ctx, gate, outer) });
      if (s39c) {
        out.push(...s39c.effects);
        i += s39c.used - 1;
        continue;
      }
      const pool = readPoolSentence(s, (c) => readClause(c, ctx, undefined, outer)); // session 38 (ab38b): parsePool38.ts
      if (pool) {
        out.push(...pool);
        continue;
      }
      // Session 36, second pass: a casting / chanting roll of N+ replacing what the text said before ("... instead",
      // "this ability affects all visible friendly K units wholly within N" of the chanter").
      // Session 37 (decl37): "If the chanting roll was 10+, you can pick another eligible unit to be a second target." (last sentence).
      const more = readMoreTargets(s);
      if (more) {
        if (i !== ss.length - 1 || out.length === 0) fail(s);
        picksOut = attachMoreTargets(picks, more, plainRulesText(input.declare ?? ''));
        continue;
      }
      const alt = ctx.castRoll && !ctx.passive ? /^if the (?:casting|chanting) roll was (\d+)\+, (.+)$/i.exec(s) : null;
      if (alt && (/ instead$/i.test(alt[2]) || /^this ability affects all /i.test(alt[2]))) {
        out.push(...castRollAlternative(Number(alt[1]), alt[2], out, prevStart, i === ss.length - 1, ctx, outer));
        continue;
      }
      // Session 38 (ab38a, parseKbIj38.ts): "In addition, if the chanting roll was N+, ...", "If the target is a K, ... instead", a power level.
      const kbij = readSentence38(s, out, prevStart, ctx, (c, d) => readClause(c, ctx, undefined, d));
      if (kbij) {
        out.push(...kbij);
        continue;
      }
      // Session 38 (ab38d, parseAlt38.ts): "If the target is a Wizard, <clause> instead." (the sentence before, replaced for K targets).
      const single = ctx.hasTargets && !picks.some((p) => (p.count ?? 1) > 1 || p.each === true || p.anyNumber === true);
      const byKeyword = readKeywordIf(s, out, single, ctx.passive, known, (c) => readClause(c, ctx, undefined, outer));
      if (byKeyword) {
        out.push(...byKeyword);
        continue;
      }
      // Session 38 (ab38d, parseRolls38.ts): "If 3 or more damage points are allocated to the target by this ability, ..." (last sentence).
      const allocatedIf = readAllocatedIf(s, out, i === ss.length - 1, { hasTargets: ctx.hasTargets, manyTargets: picks.some((p) => (p.count ?? 1) > 1 || p.each === true || p.anyNumber === true), passive: ctx.passive, readClause: (c: string) => readClause(c, ctx, undefined, outer) });
      if (allocatedIf) {
        out.push(...allocatedIf);
        continue;
      }
      // Session 37 (perm37): sentences read together (parsePermissions.ts).
      const perm = readPermissionSentences(ss, i, ctx.passive, known);
      if (perm) {
        out.push(...perm.effects);
        i += perm.consumed - 1;
        continue;
      }
      // "Until the start of your next turn:" followed by bullets.
      const lead = /^(until the start of your next turn|for the rest of the (?:turn|phase|battle round|battle)):$/i.exec(s);
      if (lead) {
        outer = takeDuration(`${lead[1]}, x`).duration;
        continue;
      }
      // Session 37 (roll37, parseRolls.ts): the roll family ("Roll a dice for each model in the target unit. For each
      // N+, ...", rolls against the target's Health or Save characteristic, "If this unit ..., roll a dice", "Then, roll a dice").
      // Session 37 (tail37b, parseRollList37.ts): "Roll a dice. On a N+:" and a list of effects gated by one dice.
      // Session 38 (ab38d, parseRolls38.ts): "Roll a dice. If the roll is equal to or less than the target's Health characteristic, ...".
      const ctx38 = { hasTargets: ctx.hasTargets, manyTargets: picks.some((p) => (p.count ?? 1) > 1 || p.each === true || p.anyNumber === true), passive: ctx.passive, readClause: (c: string) => readClause(c, ctx, undefined, outer) };
      const rolled38 = readRolls38(ss, i, ctx38) ?? readChargedFoesRoll(ss, i, ctx38);
      if (rolled38) {
        out.push(...rolled38.effects);
        i += rolled38.used - 1;
        continue;
      }
      const listed = readRollList(ss, i, (input.effect.match(/[•\u2022]/g) ?? []).length, { hasTargets: ctx.hasTargets, manyTargets: picks.some((p) => (p.count ?? 1) > 1 || p.each === true || p.anyNumber === true), castRoll: ctx.castRoll === true, passive: ctx.passive, known, readClause: (c, gate) => readClause(c, ctx, gate, outer) });
      if (listed) {
        out.push(...listed.effects);
        i += listed.used - 1;
        continue;
      }
      const rolled = readRollSentences(ss, i, { hasTargets: ctx.hasTargets, manyTargets: picks.some((p) => (p.count ?? 1) > 1 || p.each === true || p.anyNumber === true), castRoll: ctx.castRoll === true, passive: ctx.passive, known, readClause: (c, gate) => readClause(c, ctx, gate, outer) });
      if (rolled) {
        out.push(...rolled.effects);
        i += rolled.used - 1;
        continue;
      }
      // Session 36: "Roll a D3 [for each target]. On a 2+, inflict an amount of mortal damage on the target equal to
      // the roll." The engine rolls the gate for each target; without "for each target" only a single pick is read.
      const eq = /^roll a (dice|D3)( for each target)?$/i.exec(s);
      const eqNext = eq ? /^on a ([2-6])\+, inflict an amount of mortal damage (?:equal )?on (.+?) equal to the roll\.?$/i.exec(ss[i + 1] ?? '') : null;
      if (eq && eqNext) {
        const die = eq[1].toUpperCase() === 'D3' ? 'D3' : 'D6';
        const subj = readSubject(eqNext[2], ctx);
        if (subj.targets !== 'targets' || (die === 'D3' && Number(eqNext[1]) > 3)) fail(ss[i + 1]);
        if (!eq[2] && picks.some((p) => (p.count ?? 1) > 1)) fail(s);
        out.push({ mortal: 'roll', on: `${eqNext[1]}+`, ...(die === 'D3' ? { die } : {}), targets: 'targets' });
        i++;
        continue;
      }
      // Session 37 (decl37): "The target can move up to 5". It can pass through the combat ranges of enemy units ..."
      const retreatLike = readRetreatLikeMove(s, ss[i + 1], ctx.hasTargets);
      if (retreatLike) {
        out.push(retreatLike);
        i++;
        continue;
      }
      // "Roll a dice. On a N+, <clause>." (one clause; the roll is made once).
      if (/^roll a dice$/i.test(s)) {
        const n = /^on a ([2-6])\+, (.+?)\.?$/i.exec(ss[i + 1] ?? '');
        if (!n) fail(ss[i + 1] ?? s);
        out.push(...readClause(n[2], ctx, `${n[1]}+`, outer));
        i++;
        continue;
      }
      // Two effects joined by "and", each a whole clause ("... and this unit has Strike-last").
      const parts = splitAnd(s, ctx, outer);
      out.push(...parts);
    }
    if (out.length === 0) fail(input.effect);
    return { resolves: out, ...(picksOut.length > 0 ? { picks: picksOut } : {}) };
  } catch (e) {
    if (e instanceof NotUnderstood) return { resolves: null, unparsed: e.message.slice(0, 300) };
    throw e;
  }
}


/**
 * Session 36, second pass: "If the chanting roll was N+, <clause> instead." and "If the chanting roll was N+,
 * this ability affects all visible friendly K units wholly within M\" of the chanter." Each replaced effect gets
 * `unlessCastRoll: N`; each replacing effect `if: {castRoll: N, ...}`. `out` is changed in place (the replaced
 * effects); the replacing effects are returned. Conservative: "instead" replaces exactly one effect of the
 * sentence before of the same kind; "affects all" must be the last sentence and every effect before it on the
 * Declare's targets, none gated.
 */
function castRollAlternative(n: number, clause: string, out: AbilityEffect[], prevStart: number, last: boolean, ctx: Ctx, outer: Duration): AbilityEffect[] {
  const widen = /^this ability affects (.+)$/i.exec(clause);
  if (widen) {
    const group = friendlyGroup(widen[1], ctx.known);
    if (!group || !last || out.length === 0 || !ctx.hasTargets) fail(clause);
    if (out.some((e) => e.targets !== 'targets' || !ungated(e))) fail(clause);
    const more: AbilityEffect[] = [];
    for (let k = 0; k < out.length; k++) {
      const e = out[k];
      out[k] = { ...e, unlessCastRoll: n } as AbilityEffect;
      more.push({ ...e, targets: 'friendly', if: { ...group.cond, castRoll: n }, ...(group.visible ? { visible: true } : {}) } as AbilityEffect);
    }
    return more;
  }
  const body = clause.replace(/ instead$/i, '');
  const prev = out.slice(prevStart);
  if (prev.length !== 1 || !ungated(prev[0])) fail(clause);
  // "Heal (D3) each visible friendly K unit wholly within 12\" of the chanter": read with "the target", then aimed at the group.
  const g = /^(.+?) ((?:each|all) (?:visible )?friendly .+? units? (?:wholly )?within \d+" of this unit)$/i.exec(body);
  const group = g ? friendlyGroup(g[2], ctx.known) : null;
  const read = group ? readClause(`${g![1]} the target`, { ...ctx, hasTargets: true }, undefined, outer) : readClause(body, ctx, undefined, outer);
  if (read.length !== 1 || !ungated(read[0]) || effectKind(read[0]) !== effectKind(prev[0])) fail(clause);
  if (group && read[0].targets !== 'targets') fail(clause);
  out[prevStart] = { ...prev[0], unlessCastRoll: n } as AbilityEffect;
  const e = read[0];
  return [(group ? { ...e, targets: 'friendly', if: { ...group.cond, castRoll: n }, ...(group.visible ? { visible: true } : {}) } : { ...e, if: { castRoll: n } }) as AbilityEffect];
}

/** A sentence as one clause, or as two clauses joined by " and " (", and") when both read whole. */
function splitAnd(s: string, ctx: Ctx, outer: Duration): AbilityEffect[] {
  try {
    return readClause(s, ctx, undefined, outer);
  } catch (e) {
    if (!(e instanceof NotUnderstood)) throw e;
    // A shared leading duration ("For the rest of the turn, the targets have Ward (5+) and this unit has Strike-last").
    const lead = takeDuration(s);
    let body = lead.duration && lead.rest !== s ? lead.rest : s;
    const dur = lead.duration && lead.rest !== s ? lead.duration : outer;
    // A shared leading condition ("While this unit has 10 or more damage points, X is 4 and this unit
    // has a Control characteristic of 10"): written once, it is on both halves.
    const cond = takeLeadingCondition(body, ctx.known);
    const prefix = cond.cond ? body.slice(0, body.length - cond.rest.length) : '';
    body = cond.rest;
    const idx = [...body.matchAll(/,? and (?=[a-z])/gi)].map((x) => [x.index ?? 0, x[0].length] as const);
    for (const [at, len] of idx) {
      try {
        const a = readClause(prefix + body.slice(0, at), ctx, undefined, dur);
        const b = readClause(prefix + body.slice(at + len), ctx, undefined, dur);
        // A condition or duration written once at the end may belong to both halves: only split
        // when both halves carry the same ones, so none is dropped from either.
        const frame = (x: AbilityEffect) => JSON.stringify([x.duration, x.while, x.if]);
        if (frame(a[0]) !== frame(b[0])) fail(s);
        return [...a, ...b];
      } catch (e2) {
        if (!(e2 instanceof NotUnderstood)) throw e2;
      }
    }
    throw e;
  }
}
