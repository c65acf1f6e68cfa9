/**
 * The conditions of the effect vocabulary (ABILITIES.md "Conditions"): {@link AbilityConditionSchema}, the `while` /
 * `if` of an effect and the `cond` of a pick. Split from `schema.ts` (session 40) to keep it under 700 lines;
 * `schema.ts` re-exports both names, so importers are unchanged. Pure zod.
 *
 * @module
 */

import { z } from 'zod';
import { SET_UP_BY_40 } from './schema40c';

/** A condition (ABILITIES.md "Conditions"): all of the given fields must hold. */
const conditionFields = {
  /** Within / wholly within this many inches (Core 1.0, 1.1) of `of`. */
  within: z.number().positive().max(100).optional(),
  /** `self`, `target`, a unit id, or `terrain` (session 38, ab38a): the faction terrain feature the ability is held through ("of this terrain feature", `thisTerrain38.ts`). */
  of: z.string().min(1).max(100).optional(),
  /**
   * Instead of `of` (an extension, session 36): within / wholly within `within` inches of any friendly
   * unit (of the ability's army, other than the affected unit) with one of these keyword phrases: "While
   * this unit is wholly within 12" of a friendly Mega-Gargant, ...".
   */
  ofFriendly: z.array(z.string().min(1).max(100)).min(1).max(5).optional(),
  /**
   * Instead of `of` (an extension, session 39, sh39a; `parseNear39.ts`): within / wholly within `within` inches of any
   * other friendly unit, or friendly faction terrain feature on the battlefield, whose roster name is one of these
   * ("wholly within 12\" of a friendly Hag Queen on Cauldron of Blood, Slaughter Queen on Cauldron of Blood or Shrine
   * of Dark Tribute").
   */
  ofFriendlyNamed: z.array(z.string().min(1).max(100)).min(1).max(5).optional(),
  wholly: z.boolean().optional(),
  inCombat: z.boolean().optional(),
  charged: z.boolean().optional(),
  /** Used a FIGHT ability in this combat phase (an extension: Frenzy's "if it used a FIGHT ability in the same phase"). */
  fought: z.boolean().optional(),
  /**
   * Has this many damage points or more allocated to it now (an extension: "while this unit has 10 or more
   * damage points", the "Battle Damaged" abilities; "while this unit is damaged" is 1, Core 18.0).
   */
  damaged: z.number().int().min(1).max(100).optional(),
  /**
   * The casting roll (a spell) or chanting roll (a prayer, ritual points added, Magic 5.0) this use
   * of the ability was made with is this or more (an extension: "If the chanting roll was 8+, ...").
   * Only in an `if`: checked when the spell or prayer resolves; never true otherwise.
   */
  castRoll: z.number().int().min(2).max(30).optional(),
  /**
   * Has this many models or more now (slain models not counted). An extension (session 36): "if the
   * target unit has 10 or more models", "attacks that target an enemy unit that has 5 or more models"
   * (with `unit: "target"`, the unit attacked).
   */
  models: z.number().int().min(1).max(100).optional(),
  territory: z.enum(['own', 'enemy', 'neutral']).optional(),
  keyword: z.string().min(1).max(100).optional(),
  unit: z.enum(['self', 'target']).optional(),
  roll: z.string().regex(/^[2-6]\+$/).optional(),
  /**
   * With `roll` (an extension, session 37, roll37): one dice for each model of the ability's unit, the condition
   * holding when any of them meets `roll`: "Roll a dice for each model in this unit. If any of the rolls are a 6, ...".
   */
  rollEach: z.literal('model').optional(),
  /**
   * Contesting an objective (Core 32.1) now: any, one its player controls, or one its player does not
   * control (Core 32.2). An extension (session 36): "If this unit is contesting an objective you control".
   * `friendlyTerritory` (session 37, tail37a): an objective wholly within its player's territory (Core 9.1.2),
   * "while it is contesting an objective wholly within friendly territory".
   * `questmarked` (session 40, sh40d): an objective its player marked with Ordained Quest (`GameState.objectiveMarks`).
   */
  contesting: z.enum(['any', 'controlled', 'notControlled', 'friendlyTerritory', 'questmarked']).optional(),
  /** Was set up on the battlefield this turn (Core 24.0; `turn.setUp`). An extension (session 36): "that was not set up this turn". */
  setUp: z.boolean().optional(),
  setUpBy: SET_UP_BY_40, // session 40 (sh40c): schema40c.ts
  /**
   * Extensions (session 37, perm37): `notKeyword`, the unit checked does not have this keyword phrase ("non-Monster");
   * `friendlyNear`, some other friendly unit with `keyword` (and not `notKeyword`) is (wholly) within `within`
   * inches of the affected unit, the reverse of `ofFriendly`: "While any friendly Scinari Heroes are wholly within
   * this unit's combat range".
   */
  notKeyword: z.string().min(1).max(100).optional(),
  // `models` (session 38, ab38a): that friendly unit has this many models or more now ("friendly Ironjawz units that have 10 or more models").
  friendlyNear: z.strictObject({ within: z.number().positive().max(100), wholly: z.boolean().optional(), keyword: z.string().min(1).max(100), notKeyword: z.string().min(1).max(100).optional(), models: z.number().int().min(1).max(100).optional() }).optional(),
  /**
   * The affected unit is a unit of the ability's player (`friendly`) or of the opponent (`enemy`), compared with the
   * ability's unit. An extension (session 37, decl37): "If the target is a friendly unit, it has Strike-first ...".
   */
  side: z.enum(['friendly', 'enemy']).optional(),
  /**
   * Used a MOVE ability this turn (Core 5.1; `turn.usedMove`, `engine/unitHistory.ts`). An extension
   * (session 37): "If this unit has not used a Move ability this turn and was not set up this turn".
   */
  usedMove: z.boolean().optional(),
  /**
   * An extension (session 38, ab38c): "If it is picked to do so, ..." after a `fightNext` effect (a fight chain,
   * `parseFightChain38.ts`): the effect waits on the chained fight and applies to the unit when it is picked to
   * fight immediately after (`engine/fightChain38.ts`); never true in any other check.
   */
  pickedToFight: z.literal(true).optional(),
  /**
   * Extensions (session 38, ab38b; docs/abilities.md "Faction resources, session 38 (ab38b)"): `has`, the unit checked
   * has `atLeast` or more of a named resource now (`abilities/resourceCounts38.ts`: "While this unit has 2 or more
   * prophecy tokens"); `slewInCombat`, enemy models were slain by the unit's combat attacks this turn (Core 18.0;
   * `turn.combatSlew`, `engine/unitHistory.ts`): "If any enemy models were slain this turn by this unit's combat attacks".
   */
  has: z.strictObject({ resource: z.string().min(1).max(60), atLeast: z.number().int().min(1).max(100) }).optional(),
  slewInCombat: z.literal(true).optional(),
  /**
   * An extension (session 38, ab38b): some enemy unit that damage points were allocated to by the unit's combat attacks
   * this turn has been destroyed (`turn.combatDamaged`): "If any damage points were allocated to an enemy unit by this
   * unit's combat attacks this turn and that enemy unit has been destroyed".
   */
  destroyedInCombat: z.literal(true).optional(),
  /** An extension (session 38, ab38b): the unit checked has a weapon of this name ("if this unit is armed with Grunta-tongs"). */
  armedWith: z.string().min(1).max(200).optional(),
  /** An extension (session 38, ab38b): the unit checked is a unit of this warscroll, by its roster name ("friendly Ardboyz units"). */
  warscroll: z.string().min(1).max(200).optional(),
  /**
   * Extension (session 38, ab38d): this many damage points or more were allocated to the affected unit by the
   * effects of this use of the ability before this one (its mortal damage, after ward rolls): "If 3 or more damage
   * points are allocated to the target by this ability, ..." (Shriek of Terror). Only in an `if` of an activated
   * ability (checked when it resolves); never true otherwise.
   */
  allocatedByUse: z.number().int().min(1).max(100).optional(),
  /**
   * Extension (session 38, ab38d): the unit checked is (`true`) / is not in combat with an enemy unit that charged this
   * turn (Core 13.0's "in combat" as the engine measures it): "while it is in combat with any enemy units that charged in
   * the same turn" (Heroic Guard), "If this unit did not charge this turn and is in combat with an enemy unit that
   * charged this turn" (Hold the Shieldwall).
   */
  foesCharged: z.boolean().optional(),
  /**
   * Extension (session 39, sh39a; `parseRally39.ts`): some unit of the ability's army whose roster name is one of these
   * is on the battlefield now ("if there are any friendly Hag Queens on Cauldrons of Blood on the battlefield").
   */
  friendlyOnBattlefield: z.array(z.string().min(1).max(100)).min(1).max(5).optional(),
  /**
   * Extension (session 39, sh39b): some model of the affected unit was slain by the effects of this use of the ability
   * before this one (its mortal damage): "If any models are slain as a result of this ability, ..." (Wraithstorm). Only in
   * an `if` of an activated ability (checked when it resolves); never true otherwise.
   */
  slainByUse: z.literal(true).optional(),
  /** Extension (session 39, sh39b): the unit checked is not a unit of this warscroll (its roster name, or the name before its first comma: "excluding Nagash"). */
  notWarscroll: z.string().min(1).max(200).optional(),
  /** Extension (session 39, sh39b): the unit checked is in combat with a unit of its opponent's army with this keyword phrase ("enemy units ... while they are in combat with any friendly Nighthaunt units"). */
  inCombatWithFoe: z.string().min(1).max(100).optional(),
  /**
   * Extension (session 39, sh39d; `attackedBy39.ts`): what the ability's unit's attacks did to the unit checked this turn
   * (`phase`: this phase): damage points allocated to it (Core 18.0), models of it slain, or it was the target of all
   * its shooting attacks (Core 16.0); `shooting`: shooting attacks only; `weapon`: the attacks made with that weapon.
   * "Pick an enemy unit that had any damage points allocated to it this turn by this unit's shooting attacks".
   */
  /** Extension (session 39, sh39d; `parseSelf39.ts`): enemy models were slain by the unit's attacks this turn ("If any enemy models were slain by this unit's attacks this turn"). */
  slewByAttacks: z.literal(true).optional(),
  /** Extension (session 41, sh41d; `monsters41d.ts`): the unit checked has destroyed an enemy MONSTER this battle ("The first time an enemy Monster is destroyed by this unit, ..."). */
  destroyedMonster41d: z.literal(true).optional(),
  attackedBy: z.strictObject({ what: z.enum(['damaged', 'slain', 'targetedByAll']), phase: z.literal(true).optional(), shooting: z.literal(true).optional(), weapon: z.string().min(1).max(200).optional() }).optional(),
};
/** A condition without `also` and the roll gates: the inner condition of `also`, `rollPlus` and `onPlus`. */
export const BaseConditionSchema = z.strictObject(conditionFields);
export const AbilityConditionSchema = z.strictObject({
  ...conditionFields,
  /**
   * A second condition that must hold too, with its own `unit` (an extension, session 36): an aura whose
   * ability's unit must meet a condition of its own, "If this unit charged this turn, add 3 to the
   * control scores of friendly Nighthaunt units while they are wholly within 12" of this unit" is
   * `{within: 12, of: "self", wholly: true, keyword: "NIGHTHAUNT", also: {charged: true, unit: "self"}}`.
   */
  also: BaseConditionSchema.optional(),
  /**
   * With `roll` (an extension, session 37, roll37): add `by` to the roll when `if` holds for the affected unit
   * ("Roll a dice. Add 1 to the roll if the target is damaged. On a 3+, ...").
   */
  rollPlus: z.strictObject({ by: z.number().int().min(1).max(3), if: BaseConditionSchema }).optional(),
  /**
   * With `roll` (an extension, session 37, tail37b): the one roll made for the affected unit by this use of the
   * ability, shared by every effect of the use with `rollOnce` ("Roll a dice. On a 3+:" followed by a list of
   * effects: one dice, every item gated by it; parseRollList37.ts).
   */
  // `"use"` (session 39, sh39a; parseChoice39.ts): one dice for the whole use of the ability, shared by every unit it affects.
  rollOnce: z.union([z.literal(true), z.literal('use')]).optional(),
  healthAtMost: z.number().int().min(1).max(20).optional(), // extension (session 40, sh40a; health40.ts): the affected unit's Health characteristic is at most N
  rollAtMost: z.number().int().min(1).max(5).optional(), // with `roll` (extension, session 40, sh40a; parseKbIj40.ts): also at most this ("On a 2-5, ...")
  /**
   * An extension (session 37, tail37b): the gate is `dice` (a D6 or 2D6) compared with the affected unit's Health
   * characteristic (the warscroll's, as `slay`): "Roll 2D6. If the result exceeds the target's Health
   * characteristic, for the rest of the turn:" + a list (Vice-like Grip); with `rollOnce`, one roll for the list.
   */
  // `atMost` (session 38, ab38d): "If the roll is equal to or less than the target's Health characteristic" (Crystal Touch).
  rollHealth: z.strictObject({ dice: z.enum(['D6', '2D6']), test: z.enum(['exceeds', 'atLeast', 'double', 'atMost']) }).optional(),
  /**
   * With `roll` (an extension, session 38, ab38b): the number of this named resource the ability's unit has is added
   * to the roll ("Roll a dice and add the number of momentum points this unit has to the roll. On a 5+, ...").
   */
  rollAddResource: z.string().min(1).max(60).optional(),
  /**
   * With `roll` (an extension, session 38, ab38b): the roll is a faction's named roll ("Make a forgin' roll of D6"),
   * which a `rerollNamed` effect on the ability's unit lets the engine re-roll once when it fails (Core 1.0 re-rolls).
   */
  rollName: z.string().min(1).max(60).optional(),
  /**
   * An extension (session 39, sh39c; engine/useRoll39.ts): the use's one roll of `die`, made when an effect of the use
   * first needs it and shared by all its effects and units, is `on` or more ("Roll a D3. On a 2+:" with effects "equal
   * to the roll"). Only in an `if` of an activated ability; never true otherwise.
   */
  useRoll: z.strictObject({ die: z.enum(['D3', 'D6']), on: z.string().regex(/^[1-6]\+$/) }).optional(), // "1+": no gate, the roll only (session 41, sh41a: Breaka-harness)
});
export type AbilityCondition = z.infer<typeof AbilityConditionSchema>;
