/**
 * An army's own rules as data (`../shared/contract/ABILITIES.md`): every ability of a roster
 * (warscroll abilities, battle traits, regiment abilities, enhancements, spell, prayer and
 * manifestation lores) is an {@link Ability}: a timing (Core 5.0-5.2, 28.2), an optional Declare,
 * an Effect and keywords, plus `resolves`, the effects the engine applies itself (the effect
 * vocabulary, {@link AbilityEffect}), or `null` when the text must be resolved by hand.
 *
 * This module is the one shape the importer (`src/army/`), the engine (`src/rules/engine/`), the
 * game session and the Play panel share. Pure zod; no three, no React.
 *
 * @module
 */

import { z } from 'zod';
import { AbilityConditionSchema, BaseConditionSchema } from './schemaCondition';
import { MarkObjective40, NoRun40, PickFields40 } from './schema40d';
import { afterFightPick40Fields, afterShoot40Fields } from './schema40b';
import { NO_COMMAND_40, REDEPLOY_DECLARED_40 } from './schema40c';
import { SHOUTY_BOSS_40E } from './schema40e';
import { mayRallyInCombat41cFields, noChargeDamage41cFields, noCrits41cFields, noPileIn41cFields, PER_RUNE_41C, rune41cFields, runePick41cFields, SHRINE_41C } from './schema41c';
import { DoubleDamage40g } from './schema40g';
import { blessing40hFields, blessingPick40hFields } from './schema40h';
import { AFTER_SHOOT_MOVE_40F, END_40F, PASSED_ACROSS_40F, THROUGH_41D } from './schema40f';
import { HIDDEN_41E } from './schema41e';
import { HALVE_ATTACKS_41D, MORTAL_PRODUCT_41D, MOVE_CHARACTERISTIC_41D, PICK_FIELDS_41D, PICK_WEAPON_41D, SECOND_TARGET_41D } from './schema41d';
import { DIRTY_TRICK_PLUS_41A, DIRTY_TRICK_ROLL_41A, DIRTY_TRICK_RULE_41A, NO_WEAPON_ABILITY_41A, TRIGGER_UNIT_41A } from './schema41a';
import { anointed41bFields, blessingPick41bFields } from './schema41b';

/** Where an ability comes from (Core 28.2 "Who is Using the Ability?"). Data, never a code path. */
export const AbilitySourceSchema = z.enum([
  'core', 'warscroll', 'battleTrait', 'regiment', 'formation', 'enhancement', 'spell', 'prayer', 'manifestation', 'campaign', 'other',
]);
export type AbilitySource = z.infer<typeof AbilitySourceSchema>;

/** The window an ability is used in (Core 5.1): a phase, a start/end of a turn or round, deployment, passive, reaction. */
export const TimingWhenSchema = z.enum([
  'hero', 'movement', 'shooting', 'charge', 'combat', 'startOfTurn', 'endOfTurn', 'startOfRound', 'endOfRound', 'deployment', 'passive', 'reaction', 'any',
]);
export type TimingWhen = z.infer<typeof TimingWhenSchema>;

/** A once-per limit (Core 28.2): per phase, turn, battle round or battle; `army` for the "(Army)" form. */
export const AbilityLimitSchema = z.strictObject({
  per: z.enum(['phase', 'turn', 'round', 'battle']),
  army: z.boolean().optional(),
});
export type AbilityLimit = z.infer<typeof AbilityLimitSchema>;

/**
 * A parsed timing. `text` is the roster's `Timing` as printed; `when`/`whose` the window
 * (`whose`: the phase or turn of the ability's player, the opponent's, or either); `reaction`
 * the trigger text of a `Reaction: ...` timing; `limit` its once-per prefix. `parsed: false`
 * (a timing the importer could not read; a warning names it) leaves the ability usable by hand
 * at any time.
 */
export const AbilityTimingSchema = z.strictObject({
  text: z.string().max(400),
  when: TimingWhenSchema,
  whose: z.enum(['your', 'enemy', 'any']),
  reaction: z.string().max(400).optional(),
  limit: AbilityLimitSchema.optional(),
  parsed: z.boolean().optional(),
});
export type AbilityTiming = z.infer<typeof AbilityTimingSchema>;

const DiceOrNumber = z.union([z.number().int().min(0).max(100), z.string().regex(/^(\d*D[36](\s*[+-]\s*\d+)?|\d+)$/i, { error: 'a dice expression like "D3", "2D6", "D6+1" or a number' })]);

/** Who an effect applies to: `"self"` (the ability's unit), the Declare's picks (`"targets"`), or unit ids / KEYWORDS. */
export const EffectTargetSchema = z.union([z.enum(['self', 'targets', 'friendly', 'enemy']), z.array(z.string().min(1).max(100)).max(50)]);

/** How long a persisting effect lasts (Core 28.1). Absent: instant (or a passive, for as long as its `while` holds). */
// `nextTurnEnd` (an extension, session 38, ab38b): "until the end of the next turn" (the turn after the one it was used in;
// a new use of the same ability on the same unit replaces the one in force, Core 5.3 and 28.1).
export const EffectDurationSchema = z.enum(['phase', 'turn', 'round', 'battle', 'nextTurnStart', 'nextTurnEnd']);

// The conditions (ABILITIES.md "Conditions") live in schemaCondition.ts; re-exported here for importers.
export { AbilityConditionSchema, type AbilityCondition } from './schemaCondition';

/**
 * A named weapon of the ability's unit (an extension: "the Attacks characteristic of its Fortcrusha Flail",
 * "this unit's Thunderaxes"): the effect applies only to attacks made with the weapon of that name. The
 * importer keeps it only when the unit has a weapon of that name (`src/army/abilities.ts`).
 */
const WeaponName = z.string().min(1).max(200);

const EffectCommon = {
  targets: EffectTargetSchema.optional(),
  duration: EffectDurationSchema.optional(),
  while: AbilityConditionSchema.optional(),
  if: AbilityConditionSchema.optional(),
  /**
   * Extension (session 36, second pass; docs/abilities.md "Effect shapes added in session 36, second
   * pass"): the effect applies only when this use of the ability was NOT made with a casting / chanting
   * roll of this or more, because another effect of the ability (with `if: {castRoll: N}`) replaces it:
   * "Heal (D3) the target. If the chanting roll was 8+, Heal (D3) each ... instead." Without a roll
   * (resolved by hand) the effect applies.
   */
  unlessCastRoll: z.number().int().min(2).max(30).optional(),
  /**
   * Extension (session 36, second pass): each affected unit must be visible to the ability's unit when the
   * effect is applied (Core 6.0; the unit itself counts as visible, as a Declare's pick does): "each visible
   * friendly Stormcast Eternals unit wholly within 12\" of the chanter". Only on effects applied when the
   * ability resolves (the units are fixed then); a passive never carries it.
   */
  visible: z.literal(true).optional(),
  /**
   * Extension (session 37, decl37): the effect is one branch of "Pick 1 of the following effects": it applies only
   * when the ability was used with this choice (the `choice` of `useAbility` / `cast`, one of the Declare's
   * `choice` pick's `choices`).
   */
  choice: z.string().min(1).max(200).optional(),
};

/** The effect vocabulary (ABILITIES.md "The effect vocabulary"), each with its targets, duration and conditions. */
export const AbilityEffectSchema = z.union([
  z.strictObject({
    ...EffectCommon,
    /** `chargeDice` (an extension, session 36): the number of dice of the charge roll, kept within 1-3 (engine/chargeDice.ts). */
    // 'power': a WIZARD's power level (Magic 1.1; session 37, tail37a: Gather the Aether; `engine/magic.ts` `powerLevel`).
    // 'pileIn': the distance of the unit's pile-in moves (session 38, ab38c: Unerring Hunters; engine/abilityMove38.ts `pileInInches`).
    // (Session 40: sh39c's 'rallyDice' is read as `rallyExtra: {rolls}` below, one vocabulary for "N additional rally rolls".)
    modify: z.enum(['hit', 'wound', 'save', 'attacks', 'damage', 'rend', 'move', 'run', 'charge', 'chargeDice', 'control', 'cast', 'chant', 'unbind', 'banish', 'power', 'pileIn', 'ward', 'range']), // 'ward': session 40 (sh40g), schema40g.ts; 'range' (a weapon's Range): session 41 (sh41c), engine/range41c.ts
    by: z.number().int().min(-10).max(10),
    /** An extension (session 39, sh39c): with `if.useRoll`, `by` is that roll, fixed when the effect is applied ("Add a number equal to the roll to this unit's control score"). */
    byRoll: z.literal(true).optional(),
    byRollTimes41a: z.literal(2).optional(), // extension (session 41, sh41a): with `byRoll`, `by` is twice the roll ("Double the breaka-roll and add that value")
    attacks: z.enum(['melee', 'ranged', 'all']).optional(),
    against: z.array(z.string().min(1).max(100)).max(20).optional(),
    againstTrigger: z.literal(true).optional(), // extension (session 40, sh40a; engine/trigger40.ts): `against` is the attacker of the declaration this reaction answers, fixed when applied
    weapon: WeaponName.optional(),
    /**
     * An extension: the effect is on the rolls of attacks that **target** the affected unit ("Subtract 1
     * from hit rolls for shooting attacks that target this unit"), made by the opposing unit; only
     * `hit` and `wound`. `attacks` is then the attacking weapon's range, `against` the attacking unit.
     */
    incoming: z.literal(true).optional(),
    /**
     * An extension (session 38, ab38b): `by` is counted once for each point of this named resource the ability's unit
     * has now (none: no modifier): "Add the number of momentum points this unit has to the Damage characteristic of
     * its Maw-grunta's Tusks" is `{modify: "damage", by: 1, perResource: "momentum point", weapon: ...}`.
     */
    perResource: z.string().min(1).max(60).optional(),
    /** An extension (session 39, sh39b): `by` is counted once for each battle round so far (the current battle round number): "Subtract the current battle round number from the control scores of ..." (Mounting Dread). */
    perRound: z.literal(true).optional(),
    perRune41c: PER_RUNE_41C, // session 41 (sh41c): "for each instance of <rune> depicted on your battle scripture" (schema41c.ts)
    /** An extension (session 39, sh39a; `parseMagic39.ts`): only on the casting roll of a Summon spell (Magic 7.0): "when it uses a Summon ability". */
    summon: z.literal(true).optional(),
  }),
  z.strictObject({
    ...EffectCommon,
    set: z.enum(['damage', 'attacks', 'rend', 'save', 'move', 'control']),
    to: z.number().int().min(0).max(100),
    attacks: z.enum(['melee', 'ranged', 'all']).optional(),
    against: z.array(z.string().min(1).max(100)).max(20).optional(),
    weapon: WeaponName.optional(),
  }),
  z.strictObject({ ...EffectCommon, ward: z.number().int().min(2).max(6) }),
  /**
   * Extensions (docs/abilities.md): a weapon ability (Core 20.0) the unit's weapons gain ("the target's
   * melee weapons have Crit (Mortal)"), in the damage query's spelling (`crit-mortal`, `crit-auto-wound`,
   * `crit-2-hits`, `charge-damage`, `anti-charge`, `anti-<KEYWORD>`); and critical hits scored on
   * unmodified hit rolls of `critOn`+ instead of 6 ("score critical hits on unmodified hit rolls of 5+", Core 17.0).
   */
  z.strictObject({ ...EffectCommon, weaponAbility: z.string().regex(/^(crit-mortal|crit-auto-wound|crit-2-hits|charge-damage|anti-charge|anti-[A-Z][A-Z' -]*)$/), attacks: z.enum(['melee', 'ranged', 'all']).optional(), weapon: WeaponName.optional() }),
  z.strictObject({ ...EffectCommon, critOn: z.number().int().min(2).max(5), attacks: z.enum(['melee', 'ranged', 'all']).optional(), weapon: WeaponName.optional() }),
  // `resistance` (session 38, ab38d): the resistance roll of a "that ability has no effect on this unit" reaction (engine/cancel38.ts).
  z.strictObject({ ...EffectCommon, reroll: z.enum(['hit', 'wound', 'save', 'charge', 'run', 'cast', 'chant', 'resistance', 'any']), which: z.enum(['ones', 'failed', 'any']), attacks: z.enum(['melee', 'ranged', 'all']).optional() }),
  /**
   * `mortal: "roll"` and `die` (extensions, session 36): "Roll a D3. On a 2+, inflict an amount of mortal damage
   * on the target equal to the roll": the amount is the gate roll itself; `die` is the gate's dice (default D6).
   */
  z.strictObject({
    ...EffectCommon,
    mortal: z.union([DiceOrNumber, z.literal('roll')]),
    on: z.string().regex(/^[2-6]\+$/).optional(),
    die: z.enum(['D3', 'D6']).optional(),
    /**
     * One gate dice for each model of the target (`model`), for each point of its Health characteristic
     * (`health`) or for each damage point allocated to it (`damage`; the last two: extensions, session 37, roll37),
     * at most `max` dice when given ("to a maximum of 10").
     */
    each: z.enum(['unit', 'model', 'health', 'damage', 'ownModelNear']).optional(),
    max: z.number().int().min(1).max(100).optional(),
    /**
     * Extensions (session 38, ab38b): `each: "ownModelNear"`, one gate dice for each model of the ability's unit within
     * `near` inches of the target ("Make a shield bash roll of D6 for each model in this unit that is within 3" of the
     * target"); `rollName`, the gate dice are that faction's named roll, modified by `modifyNamed` effects on the
     * ability's unit ("Add 1 to shield bash rolls for friendly Ardboyz units ...").
     */
    near: z.number().positive().max(30).optional(),
    rollName: z.string().min(1).max(60).optional(),
    /** Add `by` to the gate roll when `if` holds for the target ("Add 2 to the roll if the target charged this turn"; roll37). */
    onPlus: z.strictObject({ by: z.number().int().min(1).max(3), if: BaseConditionSchema }).optional(),
    /** Extension (session 37, roll37): the gate is a D6 that must equal or exceed the target's Save characteristic ("If the roll equals or exceeds the target's Save characteristic, inflict D3 mortal damage on it"). */
    vs: z.literal('save').optional(),
  }),
  z.strictObject({ ...EffectCommon, heal: DiceOrNumber }),
  z.strictObject({ ...EffectCommon, returnModels: DiceOrNumber }),
  z.strictObject({
    ...EffectCommon,
    move: z.enum(['normal', 'pileIn', 'retreat', 'charge', 'any', 'free']),
    inches: z.union([DiceOrNumber, MOVE_CHARACTERISTIC_41D]), // 'move': session 41 (sh41d), schema41d.ts
    /**
     * Extensions (session 38, ab38c; `parseMove38.ts`, `engine/abilityMove38.ts`), only with `move: "free"` (a move under
     * Core 15.0 whose path may cross enemy combat ranges): `through: "enemyModels"` ("It can pass through models in
     * enemy units"), and how it must end: in combat, anywhere, or in combat when it started in combat.
     */
    through: THROUGH_41D, // 'models': session 41 (sh41d), schema41d.ts
    end: END_40F, // 'notInCombat': session 40 (sh40f), schema40f.ts
    passedAcross: PASSED_ACROSS_40F, // session 40 (sh40f): schema40f.ts
  }),
  z.strictObject({
    ...EffectCommon,
    setUp: z.enum(['reserve', 'battlefield']),
    within: z.number().positive().max(100).optional(),
    farther: z.number().positive().max(100).optional(),
    /**
     * Extension (session 38, ab38c; `parseSetUp38.ts`): set up wholly within `within` inches of some other friendly unit
     * with the keyword phrase `keyword` on the battlefield ("wholly within 12\" of a friendly Flesh-eater Courts Hero").
     */
    nearFriendly: z.strictObject({ within: z.number().positive().max(100), keyword: z.string().min(1).max(100) }).optional(),
    /**
     * `nearOtherFeature` (extension, session 38, ab38a): the unit is set up wholly within `within` inches of
     * another friendly faction terrain feature named `name` than the one the ability is held through ("set it up again
     * wholly within 6\" of another friendly Gnawhole", Tunnels Through Reality; `thisTerrain38.ts`).
     */
    nearOtherFeature: z.strictObject({ within: z.number().positive().max(100), name: z.string().min(1).max(200) }).optional(),
  }),
  z.strictObject({ ...EffectCommon, strike: z.enum(['first', 'last']) }),
  z.strictObject({ ...EffectCommon, keyword: z.string().min(1).max(100), add: z.boolean() }),
  z.strictObject({ ...EffectCommon, mayShootInCombat: z.literal(true) }),
  z.strictObject({ ...EffectCommon, mayChargeAfter: z.enum(['run', 'retreat']) }),
  /**
   * Extensions of session 36 (docs/abilities.md "Effect shapes added in session 36"):
   * - `mayShootAfter`: the unit can use SHOOT abilities even if it used a RUN / RETREAT ability in the
   *   same turn (Core 14.2's restriction overridden, Core 29.0), like `mayChargeAfter` for CHARGE.
   * - `mortalPerRoll`: for each unmodified `roll` of `unmodified` in an attack, `mortalPerRoll` mortal
   *   damage (Core 17.2) after the ATTACK ability has been resolved. `roll: "save"`: the affected unit's
   *   save rolls for attacks that target it, the damage `to` the attacking unit ("Each time you make an
   *   unmodified save roll of 6 for a combat attack that targets this unit, inflict 1 mortal damage on
   *   the attacking unit"); `roll: "hit"`: the hit rolls of the affected unit's own attacks, `to` itself
   *   ("for each unmodified hit roll of 1 for a combat attack made by the target, inflict 1 mortal damage
   *   on the target"). `attacks`: the attacks' weapon range.
   * - `failUnmodified`: attacks that target the affected unit fail (the attack sequence ends) when
   *   their unmodified hit roll (`hit`) or hit or wound roll (`hitWound`) is `upTo` or less ("if the
   *   unmodified hit roll for an attack that targets this unit is 1-4, the attack fails").
   */
  z.strictObject({ ...EffectCommon, mayShootAfter: z.enum(['run', 'retreat']) }),
  z.strictObject({
    ...EffectCommon,
    mortalPerRoll: z.number().int().min(1).max(10),
    roll: z.enum(['save', 'hit']),
    unmodified: z.number().int().min(1).max(6),
    to: z.enum(['attacker', 'self']),
    attacks: z.enum(['melee', 'ranged', 'all']).optional(),
  }),
  z.strictObject({ ...EffectCommon, failUnmodified: z.enum(['hit', 'hitWound']), upTo: z.number().int().min(1).max(5) }),
  /**
   * Extension (session 36, second pass): the unit's control score (Core 32.2) is at most this, after every
   * modifier: "This unit has a maximum control score of 1." (Beast, fec / sob). Of several, the lowest.
   */
  z.strictObject({ ...EffectCommon, maxControl: z.number().int().min(1).max(100) }),
  /**
   * Extensions of session 37, roll37 (docs/abilities.md "Roll effects added in session 37 (roll37)"):
   * - `halve: "move"`: the affected unit's Move characteristic is halved, rounding down (Core 27.0: after
   *   "set", before "add"; each halving applies).
   * - `slay`: roll `dice` (a D6 or 2D6) `times` times (default 1) and compare each roll with the target's
   *   Health characteristic (`health`: the roll `exceeds` it, is `atLeast` it, or is at least `double` it);
   *   each roll that does slays 1 model (`slay: "model"`, Core 18.3) or destroys the unit (`slay: "unit"`).
   */
  z.strictObject({ ...EffectCommon, halve: z.enum(['move']) }),
  z.strictObject({ ...EffectCommon, slay: z.enum(['model', 'unit']), dice: z.enum(['D6', '2D6']), times: z.number().int().min(1).max(10).optional(), health: z.enum(['exceeds', 'atLeast', 'double']) }),
  /**
   * Extensions of session 37 (perm37; docs/abilities.md "Permissions added in session 37 (perm37)"):
   * - `noCommands`: the unit cannot use commands (Commands 1.2 refuses them while it applies).
   * - `unbindAsWizard`: the unit can use Unbind abilities as if it had WIZARD (N) (Magic 4.0; N = 1).
   * - `coherency`: the unit's coherency range in inches (Core 15.1, 1/2" by default); passive, on itself.
   * - `ignoreFirstDamage`: the first damage point that would be allocated to the unit in each phase is
   *   ignored (Core 18.2; after ward rolls, as the text says "would be allocated").
   * - `destroyed`: the unit is automatically destroyed (its models slain, no damage sequence); the by-hand
   *   vocabulary of "it is automatically destroyed".
   * - `notDestroyed`: when the unit would be automatically destroyed it is not; instead this many damage
   *   points are allocated to it, no ward rolls (`noWard`).
   * - `movementPhaseMove`: the unit can use the Normal Move (`normal`) or the Normal Move or Retreat
   *   (`normalOrRetreat`) ability now as if it were its player's movement phase (Core 14.1), once, this phase.
   * - `passThrough`: while moving, the unit's models pass through the models of non-MONSTER units and the
   *   parts of terrain features lower than `terrainBelow` inches (Core 15.0, 15.2 extended; Longshanks).
   */
  z.strictObject({ ...EffectCommon, noCommands: z.literal(true) }),
  z.strictObject({ ...EffectCommon, noContest: z.literal(true) }), // extension (session 40, sh40a; contest40.ts): the unit cannot contest objectives (Core 32.1)
  z.strictObject({ ...EffectCommon, unbindAsWizard: z.literal(1) }),
  z.strictObject({ ...EffectCommon, coherency: z.number().positive().max(12) }),
  z.strictObject({ ...EffectCommon, ignoreFirstDamage: z.literal('phase') }),
  z.strictObject({ ...EffectCommon, destroyed: z.literal(true) }),
  z.strictObject({ ...EffectCommon, notDestroyed: z.number().int().min(1).max(100), noWard: z.literal(true).optional() }),
  z.strictObject({ ...EffectCommon, movementPhaseMove: z.enum(['normal', 'normalOrRetreat']) }),
  z.strictObject({ ...EffectCommon, passThrough: z.literal('nonMonster'), terrainBelow: z.number().positive().max(20) }),
  /** Extension (session 37, perm37): the distance a Redeploy of the unit allows is at least this (Commands 3.0's D6; Outmanoeuvre). */
  z.strictObject({ ...EffectCommon, redeployAtLeast: z.number().int().min(2).max(6) }),
  z.strictObject({ ...EffectCommon, ...REDEPLOY_DECLARED_40 }), // session 40 (sh40c): schema40c.ts
  z.strictObject({ ...EffectCommon, ...NO_COMMAND_40 }), // session 40 (sh40c): schema40c.ts
  /**
   * Extension (session 37, `engine/fightChain.ts`): the affected unit can be picked to use a Fight ability
   * immediately after the Fight ability its ability reacted to has been resolved, out of the alternation of
   * Core 13.1 ("The target can be picked to use a Fight ability immediately after the Fight ability used by
   * this unit has been resolved").
   */
  z.strictObject({ ...EffectCommon, fightNext: z.literal(true) }),
  /**
   * Extension (session 37, a passive's): each time the affected unit uses a Fight ability, after it has been
   * resolved, Heal (X) it, X the damage points allocated to enemy units by that Fight ability's combat
   * attacks (Core 18.0, 30.0 delayed effects): "Stolen Hours" (nh-001). Applied by `engine/attacks.ts`.
   */
  z.strictObject({ ...EffectCommon, healAllocated: z.literal('fight') }),
  /**
   * Extension (session 38, ab38c; `parseFight38.ts`, `engine/fightTwice38.ts`): "the target can use 2 Fight abilities
   * this turn. After the first is used, however, the target has Strike-last for the rest of the turn." While it
   * lasts, the unit can be picked to fight twice in the combat phase (Core 5.3 and 14.4 overridden for the second
   * Fight); once its first Fight has been used, it has STRIKE-LAST for the rest of the turn.
   */
  z.strictObject({ ...EffectCommon, fightTwice: z.literal(true) }),
  /**
   * Extensions (session 38, ab38c; `parseRetreat38.ts`, `engine/retreat38.ts`): `retreatNow` (instant), "this unit can
   * use a Retreat ability as if it were your movement phase" with `noDamage` when "No mortal damage is inflicted on
   * this unit by that Retreat ability"; `retreatNoDamage` (persisting / passive), "No mortal damage is inflicted on
   * friendly K units by Retreat abilities".
   */
  z.strictObject({ ...EffectCommon, retreatNow: z.literal(true), noDamage: z.literal(true).optional() }),
  z.strictObject({ ...EffectCommon, retreatNoDamage: z.literal(true) }),
  /**
   * Extension (session 38, ab38b; docs/abilities.md "Faction resources, session 38 (ab38b)"): a named counter of a unit
   * (`resource`, singular and lower case: "momentum point", "waaagh! token"; "ritual point" is the PRIEST's ritual points
   * of Magic 3.0). `gain`: add this many (a dice expression, or a negative number to subtract), never below 0 and never
   * above the unit's `max` (or this effect's own `max`, "to a maximum of 3"); `spend`: remove this many when the unit
   * has them (else nothing); `on` (a passive's only): done each time the unit makes a charge move after a successful
   * charge roll (`charged`, Core 14.3), uses a Run ability (`run`, Core 14.1; Redeploy too, INVENTORY I-1), at the end
   * of each battle round (`endOfRound`, Core 33.0), or after an ATTACK ability in which an unmodified save roll of 1
   * was made for it has been resolved (`saveOf1`, Core 17.0, 18.0); `max` (a passive's, alone): the most the unit can
   * have at once; `start` (a passive's, alone): a token the unit has from the start (Core 23.0, "This unit's
   * Gryph-hound is a token": the unit has 1 until it is removed). Counters live in
   * `GameState.resources` (absent until one is gained), so they are hashed and replayed with the game.
   */
  z.strictObject({
    ...EffectCommon,
    resource: z.string().min(1).max(60),
    gain: z.union([DiceOrNumber, z.number().int().min(-10).max(-1)]).optional(),
    spend: z.number().int().min(1).max(10).optional(),
    on: z.enum(['charged', 'run', 'endOfRound', 'saveOf1']).optional(),
    max: z.number().int().min(1).max(100).optional(),
    start: z.number().int().min(1).max(20).optional(),
  }),
  /**
   * Extension (session 38, ab38d; `engine/cancel38.ts`): a reaction's "that ability has no effect on this unit"
   * (Ruination Chamber, Guardian of the Final Threshold: "This unit was picked as the target of a non-Core
   * ability"): the ability it reacts to, declared and waiting for its reactions (Core 5.2 step 2), resolves
   * without affecting the affected unit (its effects skip that unit; a spell waiting for its unbinding roll, an
   * ability waiting for reactions, or one the player resolves by hand). `perDeclaration`: the unit can use the
   * ability more than once per phase, but once per declaration (The Shield Inviolate: "only once per Spell ability").
   */
  z.strictObject({
    ...EffectCommon,
    ignoreTrigger: z.literal(true),
    perDeclaration: z.literal(true).optional(),
    /** The roll is a resistance roll ("Make a resistance roll of D6"): abilities that re-roll resistance rolls apply to it. */
    resistance: z.literal(true).optional(),
    /** "on this unit or that friendly unit" (Arcane Heritage): also a friendly unit of this warscroll name or keyword phrase wholly within `within`" of this unit that was picked. */
    orFriendly: z.strictObject({ unit: z.string().min(1).max(100), within: z.number().positive().max(48), wholly: z.literal(true) }).optional(),
  }),
  /** Extension (session 38, ab38d; `abilities/wardRules38.ts`): "ward rolls cannot be made for it" (Core 18.1's ward step skipped). */
  z.strictObject({ ...EffectCommon, wardForbidden: z.literal(true) }),
  /** Extension (session 38, ab38b): the unit's named rolls ("forgin' roll") can be re-rolled when they fail ("You can re-roll forgin' rolls for this unit"). */
  z.strictObject({ ...EffectCommon, rerollNamed: z.string().min(1).max(60), which: z.literal('failed') }),
  /** Extension (session 38, ab38b): add `by` to the affected unit's named rolls ("Add 1 to shield bash rolls for friendly Ardboyz units while ..."). */
  z.strictObject({ ...EffectCommon, modifyNamed: z.string().min(1).max(60), by: z.number().int().min(-3).max(3) }),
  /** Extension (session 38, ab38d; `abilities/wardRules38.ts`): enemy abilities with this keyword cannot pick the unit (Creepers: RAMPAGE). */
  z.strictObject({ ...EffectCommon, unpickableBy: z.string().min(1).max(50) }),
  /**
   * Extension (session 39, sh39a; `parseRally39.ts`, `engine/rally39.ts`): when the affected unit uses the Rally command
   * (Commands 2.0), `rolls` more rally rolls of D6 are made and `points` more rally points received ("you can make 3
   * additional rally rolls of D6", "you receive D3 additional rally points").
   */
  z.strictObject({ ...EffectCommon, rallyExtra: z.strictObject({ rolls: z.number().int().min(1).max(6).optional(), points: DiceOrNumber.optional() }) }),
  /**
   * Extensions (session 39, sh39b; `engine/afterFight39.ts`): `foeAfterFight`, each time the affected unit uses a Fight
   * ability, if all of its attacks targeted the same enemy unit, after that ability has been resolved, `modify` that
   * enemy unit's rolls by `by` for the rest of the turn (Fell Blades); `maxAttacks`, the affected unit's weapon of this
   * name has at most this Attacks characteristic, after every modifier (Necromantic Limits).
   */
  z.strictObject({ ...EffectCommon, foeAfterFight: z.strictObject({ modify: z.literal('save'), by: z.number().int().min(-3).max(3) }) }),
  z.strictObject({ ...EffectCommon, maxAttacks: z.number().int().min(1).max(100), weapon: WeaponName }),
  /**
   * Extension (session 39, sh39b; `engine/ignoreModifiers39.ts`): the positive or negative modifiers to these rolls of the
   * affected unit are ignored (hit and wound rolls of its attacks, its save rolls; Rend counts as a negative modifier to
   * the save roll): "Ignore negative modifiers to save rolls for friendly Nighthaunt units" (Ethereal).
   */
  z.strictObject({ ...EffectCommon, ignoreModifiers: z.enum(['positive', 'negative']), rolls: z.array(z.enum(['hit', 'wound', 'save'])).min(1).max(3) }),
  z.strictObject({ ...EffectCommon, ...MarkObjective40 }), // session 40 (sh40d): schema40d.ts
  z.strictObject({ ...EffectCommon, ...NoRun40 }), // session 40 (sh40d): schema40d.ts
  z.strictObject({ ...EffectCommon, ...afterShoot40Fields }), // session 40 (sh40b): schema40b.ts
  z.strictObject({ ...EffectCommon, ...afterFightPick40Fields }), // session 40 (sh40b): schema40b.ts
  z.strictObject({ ...EffectCommon, ...SHOUTY_BOSS_40E, ...SHRINE_41C }), // session 40 (sh40e): schema40e.ts, engine/shoutyBoss40e.ts; sh41c's Shrine Guardian (schema41c.ts)
  z.strictObject({ ...EffectCommon, ...DoubleDamage40g }), // session 40 (sh40g): schema40g.ts
  z.strictObject({ ...EffectCommon, ...blessing40hFields }), z.strictObject({ ...EffectCommon, ...blessingPick40hFields }), // session 40 (sh40h): schema40h.ts
  z.strictObject({ ...EffectCommon, ...rune41cFields }), z.strictObject({ ...EffectCommon, ...runePick41cFields }), // session 41 (sh41c): schema41c.ts, engine/runes41c.ts
  z.strictObject({ ...EffectCommon, ...noPileIn41cFields }), z.strictObject({ ...EffectCommon, ...noCrits41cFields }), z.strictObject({ ...EffectCommon, ...noChargeDamage41cFields }), z.strictObject({ ...EffectCommon, ...mayRallyInCombat41cFields }), // session 41 (sh41c): clauses41c.ts, engine/noCrit41c.ts
  z.strictObject({ ...EffectCommon, ...DIRTY_TRICK_RULE_41A }), z.strictObject({ ...EffectCommon, ...DIRTY_TRICK_ROLL_41A }), z.strictObject({ ...EffectCommon, ...DIRTY_TRICK_PLUS_41A }), z.strictObject({ ...EffectCommon, ...NO_WEAPON_ABILITY_41A }), z.strictObject({ ...EffectCommon, ...TRIGGER_UNIT_41A }), // session 41 (sh41a): schema41a.ts
  z.strictObject({ ...EffectCommon, ...AFTER_SHOOT_MOVE_40F }), // session 40 (sh40f): schema40f.ts
  z.strictObject({ ...EffectCommon, ...MORTAL_PRODUCT_41D }), z.strictObject({ ...EffectCommon, ...SECOND_TARGET_41D }), z.strictObject({ ...EffectCommon, ...HALVE_ATTACKS_41D }), // session 41 (sh41d): schema41d.ts
  z.strictObject({ ...EffectCommon, ...HIDDEN_41E }), // session 41 (sh41e): Hidden Weapon Team, schema41e.ts
  z.strictObject({ ...EffectCommon, ...blessingPick41bFields }), z.strictObject({ ...EffectCommon, ...anointed41bFields }), // session 41 (sh41b): schema41b.ts, engine/bloodRites41b.ts
  z.strictObject({ ...EffectCommon, cp: z.number().int().min(-10).max(10) }),
  z.strictObject({ ...EffectCommon, vp: z.number().int().min(-50).max(50) }),
  z.strictObject({ ...EffectCommon, note: z.string().min(1).max(1000) }),
]);
export type AbilityEffect = z.infer<typeof AbilityEffectSchema>;

/** What the Declare asks the player to pick (checked on the real table when the ability is used). */
export const AbilityPickSchema = z.strictObject({
  kind: z.enum(['friendlyUnit', 'enemyUnit', 'anyUnit', 'point', 'terrain', 'choice', 'objective']), // 'objective': session 40 (sh40d), schema40d.ts
  ...PickFields40, // session 40 (sh40d): outsideTerritory, fromPoint
  ...PICK_FIELDS_41D, ...PICK_WEAPON_41D, // session 41 (sh41d): forChoice41d, weaponOfTarget41d, schema41d.ts
  /** How many (default 1). */
  count: z.number().int().min(1).max(20).optional(),
  /** Within / wholly within this many inches of the ability's unit (Core 1.0, 1.1). */
  within: z.number().positive().max(100).optional(),
  wholly: z.boolean().optional(),
  /**
   * Extension (session 38, ab38a): `within` is measured from the faction terrain feature the ability is held
   * through instead of its unit ("Pick a friendly Skaven unit ... wholly within 6\" of this terrain feature";
   * `thisTerrain38.ts`). Never with `visible` or `closest`.
   */
  from: z.literal('terrain').optional(),
  visible: z.boolean().optional(),
  keyword: z.string().min(1).max(100).optional(),
  notKeyword: z.string().min(1).max(100).optional(),
  /**
   * Extension (session 36): the picked unit has at least one of these keywords ("an enemy Infantry or
   * Cavalry unit", "a visible enemy Wizard or Priest"), besides all of `keyword`.
   */
  anyKeyword: z.array(z.string().min(1).max(100)).min(2).max(5).optional(),
  /** Extension (session 36): "another friendly unit": not the ability's unit itself. */
  notSelf: z.boolean().optional(),
  /**
   * Extension (session 36): "the closest visible enemy unit to them": no other unit that fits the rest
   * of the pick is closer to the ability's unit (Core 1.0, closest points; units tied to be the closest
   * may each be picked).
   */
  closest: z.boolean().optional(),
  /**
   * Extension (session 36): "that has not been picked to be the target of this ability this turn": no
   * earlier use of an ability of the same name by the same player this turn picked the unit.
   */
  notPickedThisTurn: z.boolean().optional(),
  /**
   * Extension (session 39, sh39c): "You cannot pick the same Hero to be the target of this ability more than once per
   * battle": no earlier use of an ability of the same name by the same player this battle picked the unit.
   */
  notPickedThisBattle: z.boolean().optional(),
  /**
   * Extension (session 36, second pass): "Pick each enemy unit in combat with this unit to be the
   * targets": every unit that fits the rest of the pick is a target (manifestations aside, as the
   * options list picks; the ability's unit is never one of them). Not with `count` / `anyNumber`.
   */
  each: z.boolean().optional(),
  /**
   * Extension (session 36, second pass): "Pick any number of different visible enemy units within 18"
   * of this unit to be the targets": one or more different units that each fit the pick (no upper bound).
   */
  anyNumber: z.boolean().optional(),
  /**
   * Extension (session 36, second pass): the picked unit is a unit of this warscroll, by its name as the
   * roster gives it ("a visible friendly Grimghast Reapers unit"; compared case-insensitively).
   */
  warscroll: z.string().min(1).max(200).optional(),
  inCombat: z.boolean().optional(),
  choices: z.array(z.string().min(1).max(200)).max(50).optional(), // 50: session 40 (sh40h), the 42 "A>B" pairs of Call to Murder
  /**
   * Extension (session 36): a condition on the ability's unit the Declare puts before the pick ("If
   * this unit charged this phase, pick an enemy unit within 1" of it", "If this unit is contesting an
   * objective you control, pick ..."): checked when the ability is declared; unmet, nothing can be picked.
   */
  unitIf: AbilityConditionSchema.optional(),
  /**
   * Extension (session 36): a condition on the picked unit's own state ("an enemy unit that charged this
   * turn", "a friendly Ironjawz unit that was not set up this turn"): checked when the ability is declared.
   */
  cond: AbilityConditionSchema.optional(),
  /**
   * Extension (session 37, decl37): the casting roll of the spell whose Declare this pick is part of is modified
   * by `by` when the picked unit meets `if` when the spell is cast ("Subtract 1 from the roll if the target is in
   * combat", Elemental Push). Only on a spell's single pick (Magic 2.0's casting roll, modified as Core 2.1 says).
   */
  castModifier: z.strictObject({ by: z.number().int().min(-3).max(3), if: AbilityConditionSchema }).optional(),
  /**
   * Extension (session 37, decl37): on a chanting roll of `roll` or more (ritual points added, Magic 3.0), up to
   * `count` units may be picked instead of 1 ("If the chanting roll was 10+, you can pick another eligible unit to
   * be a second target"). Only on a prayer's single pick; checked when the prayer is answered.
   */
  countAt: z.strictObject({ roll: z.number().int().min(2).max(30), count: z.number().int().min(2).max(5) }).optional(),
  /**
   * Extension (session 39, sh39a; `parsePicks39.ts`): up to `count` units may be picked instead of 1 when `if` holds for
   * the ability's unit when it is declared ("If there are any friendly Slaughter Queens on Cauldrons of Blood on the
   * battlefield, you can pick another eligible unit to be a second target").
   */
  countIf: z.strictObject({ count: z.number().int().min(2).max(5), if: AbilityConditionSchema }).optional(),
});
export type AbilityPick = z.infer<typeof AbilityPickSchema>;

/** One ability of an army (ABILITIES.md "Import"). */
export const AbilitySchema = z.strictObject({
  /** Stable id, unique in the army. */
  id: z.string().min(1).max(200),
  name: z.string().min(1).max(200),
  source: AbilitySourceSchema,
  timing: AbilityTimingSchema,
  declare: z.string().max(4000).nullable(),
  effect: z.string().max(4000),
  keywords: z.array(z.string().min(1).max(100)).max(20),
  castingValue: z.number().int().min(1).max(20).optional(),
  chantingValue: z.number().int().min(1).max(20).optional(),
  usedBy: z.string().max(400).optional(),
  /** Command points it costs (a COMMAND, Core 6.0). */
  cost: z.number().int().min(0).max(10).optional(),
  /** The Declare's picks the engine checks (present only when understood). */
  picks: z.array(AbilityPickSchema).max(5).optional(),
  /** The effects the engine applies itself, only when the whole Effect (and Declare) was understood; `null`: by hand. */
  resolves: z.array(AbilityEffectSchema).max(20).nullable(),
});
export type Ability = z.infer<typeof AbilitySchema>;

/** A roster's abilities, on a unit or on the army. */
export const AbilitiesSchema = z.array(AbilitySchema).max(300);
