/**
 * An army ability's effects in a player's words (ABILITIES.md "The effect vocabulary"), for every
 * text a player reads: the battle log ("by hand", the effects applied), the by-hand dialog's list,
 * the unit card. Units are named through `nameOf` (never ids); the vocabulary's own words
 * (`self`, `targets`, `nextTurnStart`, `pileIn`) become the rules' ("this unit", "the target",
 * "until the start of your next turn", "pile-in"). The `import-army --abilities` report keeps its
 * terse form (`src/army/abilityReport.ts`).
 *
 * @module
 */

import { RUNE_NAMES } from '../rules/abilities/runes41c';
import { isPermissionEffect, permissionWords } from '../rules/abilities/parsePermissions';
import { dirtyTrickWords41a } from '../rules/abilities/schema41a';
import type { AbilityCondition, AbilityEffect } from '../rules/abilities/schema';
import { COMMAND_NAMES } from '../rules/engine/reactionWindows';

/** How long an effect lasts (Core 28.1), in words; `''` = at once. */
export const DURATION_WORDS: Readonly<Record<string, string>> = {
  '': 'at once',
  phase: 'until the end of the phase',
  turn: 'until the end of the turn',
  round: 'until the end of the battle round',
  nextTurnStart: 'until the start of your next turn',
  nextTurnEnd: 'until the end of the next turn',
  battle: 'for the rest of the battle',
};

/** What a `modify` / `reroll` / `set` names, in the rules' words (Core 17.0, 3.0, Magic 2.0-4.0). */
const ROLL_WORDS: Readonly<Record<string, string>> = {
  hit: 'hit rolls',
  wound: 'wound rolls',
  save: 'save rolls',
  ward: 'ward rolls', // session 40 (sh40g)
  chargeDice: 'the number of dice of charge rolls',
  pileIn: 'the distance of pile-in moves (inches)', // session 38, ab38c
  attacks: 'the Attacks characteristic',
  damage: 'the Damage characteristic',
  rend: 'the Rend characteristic',
  move: 'the Move characteristic',
  run: 'run rolls',
  charge: 'charge rolls',
  control: 'the Control characteristic',
  cast: 'casting rolls',
  chant: 'chanting rolls',
  unbind: 'unbinding rolls',
  banish: 'banishment rolls',
  any: 'any roll',
};

/** How a unit reference of an effect or condition reads: a vocabulary word or a unit id. */
function unitWords(ref: string, nameOf: (id: string) => string): string {
  if (ref === 'self') return 'this unit';
  if (ref === 'targets' || ref === 'target') return 'the target';
  if (ref === 'friendly') return 'friendly units';
  if (ref === 'enemy') return 'enemy units';
  return nameOf(ref);
}

/** A condition (`while` / `if`) in words: `wholly within 12" of this unit, KRULEBOYZ`. */
export function conditionWords(c: AbilityCondition, nameOf: (id: string) => string = (id) => id): string {
  const parts: string[] = [];
  // `ofFriendly` (session 36) / `ofFriendlyNamed` (session 39, sh39a): another friendly unit of those keywords / names.
  const friendlyOf = c.ofFriendly ?? c.ofFriendlyNamed;
  if (c.within !== undefined) parts.push(`${c.wholly ? 'wholly ' : ''}within ${c.within}" of ${friendlyOf ? `a friendly ${friendlyOf.join(' or ')}` : unitWords(c.of ?? 'self', nameOf)}`);
  if (c.inCombat !== undefined) parts.push(c.inCombat ? 'in combat' : 'not in combat');
  if (c.charged) parts.push('it charged this turn');
  if (c.fought) parts.push('it fought this phase');
  if (c.pickedToFight) parts.push('it is picked to fight immediately after'); // session 38, ab38c
  if (c.territory) parts.push(c.territory === 'own' ? 'in its own territory' : c.territory === 'enemy' ? 'in enemy territory' : 'in neither territory');
  if (c.keyword) parts.push(`${c.unit === 'target' ? 'the target' : 'the unit'} is ${c.keyword}`);
  if (c.notKeyword) parts.push(`${c.unit === 'target' ? 'the target' : 'the unit'} is not ${c.notKeyword}`);
  if (c.friendlyNear) parts.push(`a friendly ${c.friendlyNear.notKeyword ? `non-${c.friendlyNear.notKeyword} ` : ''}${c.friendlyNear.keyword} is ${c.friendlyNear.wholly ? 'wholly ' : ''}within ${c.friendlyNear.within}" of it`);
  if (c.healthAtMost !== undefined) parts.push(`its Health characteristic is ${c.healthAtMost} or less`); // session 40 (sh40a)
  if (c.roll) parts.push(`${c.rollEach === 'model' ? `any dice of one for each model is a ${c.roll}` : c.rollAtMost !== undefined ? `on a ${c.roll[0]}-${c.rollAtMost}` : `on a ${c.roll}`}${c.rollPlus ? ` (+${c.rollPlus.by} to the roll if ${conditionWords(c.rollPlus.if, nameOf)})` : ''}${c.rollAddResource ? ` (adding this unit's ${c.rollAddResource}s to the roll)` : ''}${c.rollName ? ` (a ${c.rollName})` : ''}`);
  // Session 38 (ab38b): faction resources and the combat history.
  if (c.has) parts.push(`it has ${c.has.atLeast} or more ${c.has.resource}${c.has.atLeast > 1 ? 's' : ''}`);
  if (c.slewInCombat) parts.push('its combat attacks slew enemy models this turn');
  if (c.destroyedInCombat) parts.push('an enemy unit its combat attacks damaged this turn has been destroyed');
  if (c.armedWith) parts.push(`it is armed with ${c.armedWith}`);
  if (c.warscroll) parts.push(`the unit is a ${c.warscroll} unit`);
  if (c.notWarscroll) parts.push(`the unit is not ${c.notWarscroll}`); // session 39 (sh39b)
  if (c.inCombatWithFoe) parts.push(`it is in combat with a ${c.inCombatWithFoe} unit of its opponent`);
  if (c.slainByUse) parts.push('this ability slew any of its models');
  return parts.join(', ');
}

/**
 * One effect in a player's words: `+1 to save rolls for Gutrippaz until the end of the turn`.
 * `units`: the units it was applied to (the battle log's resolved list), named instead of the
 * effect's own `targets`; `[]` names none (CP, VP, a note). Conditions follow: `while …`, `if …`.
 */
export function effectWords(e: AbilityEffect, nameOf: (id: string) => string = (id) => id, units?: readonly string[]): string {
  const r = e as Record<string, unknown>;
  const att = typeof r.attacks === 'string' && r.attacks !== 'all' ? ` (${r.attacks} attacks)` : '';
  const sign = (n: number) => `${n >= 0 ? '+' : ''}${n}`;
  let what: string;
  if ('modify' in e) what = `${sign(e.by)}${e.perResource ? ` for each ${e.perResource}` : ''}${e.perRound ? ' for each battle round' : ''}${e.perRune41c ? ` for each instance of ${RUNE_NAMES[e.perRune41c]} on the battle scripture` : ''} to ${e.modify === 'control' ? 'the control score' : (ROLL_WORDS[e.modify] ?? e.modify)}${att}`;
  else if ('set' in e) what = `${ROLL_WORDS[e.set] ?? e.set} set to ${e.to}${att}`;
  else if ('ward' in e) what = `WARD (${e.ward}+)`;
  else if ('reroll' in e) what = `re-roll ${e.which === 'ones' ? 'unmodified 1s on ' : e.which === 'failed' ? 'failed ' : ''}${ROLL_WORDS[e.reroll] ?? e.reroll}${att}`;
  else if ('mortal' in e) what = `${e.die === 'D3' ? 'roll a D3: ' : e.mortal === 'roll' ? 'roll a dice: ' : e.vs === 'save' ? 'roll a dice: if it equals or exceeds the Save characteristic, ' : ''}${e.on ? `on a ${e.on}${e.onPlus ? ` (+${e.onPlus.by} to the roll if ${conditionWords(e.onPlus.if, nameOf)})` : ''}, ` : ''}${e.mortal === 'roll' ? 'mortal damage equal to the roll' : `${e.mortal} mortal damage`}${e.each === 'model' ? ' for each model' : e.each === 'health' ? ' for each point of Health' : e.each === 'damage' ? ' for each damage point' : ''}${e.max !== undefined ? ` (at most ${e.max} dice)` : ''}`;
  else if ('heal' in e) what = `heal ${e.heal}`;
  else if ('returnModels' in e) what = `return ${e.returnModels} slain ${e.returnModels === 1 ? 'model' : 'models'}`;
  else if ('move' in e) what = `an extra ${e.move === 'pileIn' ? 'pile-in ' : e.move === 'any' ? '' : `${e.move} `}move of ${typeof e.inches === 'number' ? `${e.inches}"` : e.inches === 'move' ? 'its Move characteristic' : e.inches}${e.passedAcross ? passedAcrossWords40f(e.passedAcross) : ''}`;
  else if ('setUp' in e) what = `set up ${e.setUp === 'reserve' ? 'in reserve' : `on the battlefield${e.within !== undefined ? ` within ${e.within}"` : ''}${e.farther !== undefined ? ` more than ${e.farther}" from enemy units` : ''}`}`;
  else if ('strike' in e) what = `strikes ${e.strike}`;
  else if ('keyword' in e) what = `${e.add ? 'gains' : 'loses'} ${e.keyword}`;
  else if ('mayShootInCombat' in e) what = 'may shoot while in combat';
  else if ('mayChargeAfter' in e) what = `may charge after a ${e.mayChargeAfter}`;
  else if ('mayShootAfter' in e) what = `may shoot after a ${e.mayShootAfter}`;
  else if ('mortalPerRoll' in e) what = `${e.mortalPerRoll} mortal damage on ${e.to === 'attacker' ? 'the attacking unit' : 'itself'} for each unmodified ${e.roll} roll of ${e.unmodified}${att}`;
  else if ('failUnmodified' in e) what = `attacks that target it fail on an unmodified ${e.failUnmodified === 'hit' ? 'hit roll' : 'hit or wound roll'} of 1-${e.upTo}`;
  else if ('maxControl' in e) what = `a maximum control score of ${e.maxControl}`;
  else if ('halve' in e) what = 'Move characteristic halved';
  else if ('slay' in e) what = `roll ${e.times !== undefined ? `${e.times} × ` : ''}${e.dice === '2D6' ? '2D6' : 'a dice'}: ${e.slay === 'unit' ? 'the unit is destroyed' : '1 model slain'} ${e.times !== undefined ? 'for each roll that' : 'if it'} ${e.health === 'exceeds' ? 'exceeds' : e.health === 'double' ? 'is at least double' : 'equals or exceeds'} its Health`;
  else if ('fightNext' in e) what = 'can be picked to fight immediately after this Fight';
  else if ('healAllocated' in e) what = 'after each of its Fight abilities, heals as many damage points as its combat attacks allocated to enemy units';
  else if ('fightTwice' in e) what = 'can use 2 Fight abilities (Strike-last after the first)';
  else if ('retreatNow' in e) what = `can use a Retreat now as if it were the movement phase${e.noDamage ? ', without its mortal damage' : ''}`;
  else if ('retreatNoDamage' in e) what = 'no mortal damage from its Retreats';
  else if ('resource' in e) what = resourceWords(e); // session 38 (ab38b)
  else if ('ignoreTrigger' in e) what = 'no effect from the ability it reacts to';
  else if ('wardForbidden' in e) what = 'no ward rolls';
  else if ('rerollNamed' in e) what = `re-roll failed ${e.rerollNamed}s`;
  else if ('modifyNamed' in e) what = `${sign(e.by)} to ${e.modifyNamed}s`;
  else if ('unpickableBy' in e) what = `cannot be picked by enemy ${e.unpickableBy} abilities`;
  else if ('rallyExtra' in e) what = `when it Rallies: ${e.rallyExtra.rolls !== undefined ? `${e.rallyExtra.rolls} more rally rolls` : `${e.rallyExtra.points} more rally points`}`; // session 39 (sh39a)
  // Session 39 (sh39b): Fell Blades, Necromantic Limits.
  else if ('foeAfterFight' in e) what = `after each of its Fight abilities whose attacks all targeted one enemy unit, ${sign(e.foeAfterFight.by)} to that unit's save rolls for the rest of the turn`;
  else if ('maxAttacks' in e) what = `a maximum Attacks characteristic of ${e.maxAttacks} (${e.weapon})`;
  else if ('ignoreModifiers' in e) what = `${e.ignoreModifiers} modifiers to its ${e.rolls.map((r) => `${r} rolls`).join(' and ')} are ignored`;
  else if ('markObjective' in e) what = `the objective picked is ${e.markObjective} for its player`; // session 40 (sh40d)
  // Session 40 (sh40b): Off With Their Head!, Heartseekers, Agonising Spasms.
  else if ('afterFightPick40' in e) what = `after this Fight ability, an enemy ${e.afterFightPick40.pick.keyword ?? ''} unit within ${e.afterFightPick40.pick.within ?? 3}" of it: roll ${e.afterFightPick40.slay.dice}; if it ${e.afterFightPick40.slay.health === 'exceeds' ? 'exceeds' : 'reaches'} that unit's Health characteristic, ${e.afterFightPick40.slay.slay === 'unit' ? 'the unit is destroyed' : '1 model is slain'}`;
  else if ('afterShootMove40f' in e) what = `after this Shoot ability, a move of ${e.afterShootMove40f.inches}" that cannot move into combat`; // session 40 (sh40f)
  else if ('afterShoot40' in e) what = `after this Shoot ability, if all its attacks targeted one enemy unit${e.afterShoot40.slew ? ' and slew models of it' : ''}, on a ${e.afterShoot40.roll}+${e.afterShoot40.plusIfAllShotBy ? ` (+1 if another ${e.afterShoot40.plusIfAllShotBy} unit shot only at it this turn)` : ''}: ${'maxControl' in e.afterShoot40.effect ? `that unit has a maximum control score of ${e.afterShoot40.effect.maxControl}` : `${sign(e.afterShoot40.effect.by)} to the number of dice of that unit's charge rolls (at least 1)`}`;
  // Session 40 (sh40c): Commanding View / Lord of Assassins, Overwhelming Volleystorm.
  else if ('redeployDeclaredAtLeast' in e) what = `the declared Redeploy's roll of less than ${e.redeployDeclaredAtLeast} counts as ${e.redeployDeclaredAtLeast}`;
  else if ('noCommand' in e) what = `cannot use the '${COMMAND_NAMES[e.noCommand]}' command${e.inPhase ? ` in the ${e.inPhase} phase` : ''}`;
  else if ('blessing40h' in e) what = `Blessing of ${e.blessing40h} is ${e.active ? 'now' : 'no longer'} active for its player`; // session 40 (sh40h)
  else if ('blessingPick40h' in e) what = e.blessingPick40h === 'swap' ? 'an active blessing of Khaine is no longer active, then one not active is' : `the effect of the blessing(s) of Khaine picked (not active)${e.twoAfterUses ? `, 2 after ${e.twoAfterUses.times} uses of ${e.twoAfterUses.ability}` : ''}`;
  else if ('rune41c' in e) what = `${e.remove ? 'one instance of' : 'depict'} ${RUNE_NAMES[e.rune41c]} ${e.remove ? 'removed from' : 'on'} the battle scripture`; else if ('runePick41c' in e) what = e.runePick41c === 'depict' ? 'depict a rune of your choice on the battle scripture' : `replace 1 rune instance on the battle scripture with ${(e.runes ?? []).map((r) => RUNE_NAMES[r]).join(', ')}`; // session 41 (sh41c)
  else if ('mayRallyInCombat41c' in e) what = "can use the 'Rally' command even if in combat"; else if ('noChargeDamage41c' in e) what = 'combat attacks that target it ignore Charge (+1 Damage)'; else if ('noPileIn41c' in e) what = 'cannot make pile-in moves'; else if ('noCrits41c' in e) what = 'attacks that target it cannot score critical hits (regular hits instead)'; // session 41 (sh41c)
  else if ('halveAttacks41d' in e) what = `the Attacks characteristic of ${e.weapon ?? 'the weapon picked (a Companion weapon if it has any)'} halved, rounding up`; // session 41 (sh41d)
  else if ('secondTarget41d' in e) what = `can be picked as a second target when ${e.secondTarget41d.ability} is used`; // session 41 (sh41d)
  else if ('mortalProduct41d' in e) what = `roll 2D6: on a ${e.noEffectOn} nothing, otherwise mortal damage equal to the two dice multiplied together`; // session 41 (sh41d)
  else if ('hiddenBeyond' in e) what = `not visible to enemy units more than ${e.hiddenBeyond}" away while within the combat range of a friendly ${e.screen.named} unit of ${e.screen.models} or more models with no other friendly ${e.screen.noOther} unit in its combat range`; // session 41 (sh41e)
  else if ('dirtyTrickRule41a' in e || 'dirtyTrickRoll41a' in e || 'dirtyTrickPlus41a' in e || 'noWeaponAbility41a' in e || 'triggerUnit41a' in e) what = dirtyTrickWords41a(e, false) ?? ''; // session 41 (sh41a)
  else if ('anointed41b' in e) what = 'anointed for the rest of the battle, even if destroyed (Blood Rites)'; // session 41 (sh41b)
  else if ('blessingPick41b' in e) what = e.blessingPick41b === 'activate' ? 'the blessing of Khaine picked (not active) becomes active, if you performed any blood rites this turn' : 'a second blessing of Khaine picked (not active) becomes active'; // session 41 (sh41b)
  else if ('cp' in e) what = `${sign(e.cp)} command ${Math.abs(e.cp) === 1 ? 'point' : 'points'}`;
  else if ('vp' in e) what = `${sign(e.vp)} victory ${Math.abs(e.vp) === 1 ? 'point' : 'points'}`;
  else if ('weaponAbility' in e) what = `weapons gain ${e.weaponAbility}${att}`;
  else if ('critOn' in e) what = `critical hits on ${e.critOn}+${att}`;
  else if ('noContest' in e) what = 'cannot contest objectives'; // session 40 (sh40a)
  else if ('shoutyBoss' in e) what = e.shoutyBoss === 'place' ? `placed on this terrain feature as its ${e.role41c ?? 'Shouty Boss'} (off the table)` : `the ${e.role41c ?? 'Shouty Boss'} set up wholly within ${e.within ?? 6}" of this terrain feature, not in combat`; // session 40 (sh40e); sh41c's Shrine Guardian
  else if ('double' in e) what = `double the Damage characteristic of its ${e.weapon ?? (e.attacks === 'melee' ? 'melee weapons' : e.attacks === 'ranged' ? 'ranged weapons' : 'weapons')} for attacks that target ${e.against.join(' or ')} units`; // session 40 (sh40g)
  else if (isPermissionEffect(e)) what = permissionWords(e);
  else what = `note: ${e.note}`;
  const named = units ? units.map(nameOf) : Array.isArray(e.targets) ? e.targets.map(nameOf) : e.targets ? [unitWords(e.targets, nameOf)] : [];
  const playerWide = 'cp' in e || 'vp' in e || 'note' in e;
  const dur = e.duration ? ` ${DURATION_WORDS[e.duration] ?? e.duration}` : '';
  const cond = `${e.while ? ` while ${conditionWords(e.while, nameOf)}` : ''}${e.if ? ` if ${conditionWords(e.if, nameOf)}` : ''}`;
  // What a unit gains reads with the unit first ("Gutrippaz gains FLY"); the rest with it after.
  const subject = 'keyword' in e || 'strike' in e || 'mayShootInCombat' in e || 'mayChargeAfter' in e || 'mayShootAfter' in e;
  if (subject && named.length > 0) return `${named.join(', ')} ${what}${dur}${cond}`;
  const who = named.length > 0 && !playerWide ? ` ${'mortal' in e ? 'on' : 'for'} ${named.join(', ')}` : '';
  return `${what}${who}${dur}${cond}`;
}

/** A `resource` effect in a player's words (session 38, ab38b): "gains 1 momentum point (at most 3)". */
function resourceWords(e: Extract<AbilityEffect, { resource: string }>): string {
  const when = e.on === 'charged' ? 'each time it charges, ' : e.on === 'run' ? 'each time it uses a Run ability, ' : e.on === 'endOfRound' ? 'at the end of each battle round, ' : e.on === 'saveOf1' ? 'after an attack with an unmodified save roll of 1 for it, ' : '';
  const parts: string[] = [];
  if (e.start !== undefined) parts.push(`has ${e.start} ${e.resource} (a token)`);
  if (e.gain !== undefined) parts.push(typeof e.gain === 'number' && e.gain < 0 ? `loses ${-e.gain} ${e.resource}` : `gains ${e.gain} ${e.resource}`);
  if (e.spend !== undefined) parts.push(`spends ${e.spend} ${e.resource}`);
  if (e.max !== undefined) parts.push(`${e.gain === undefined ? 'can have' : ''} at most ${e.max}`.trim());
  return `${when}${parts.join(', ')}`;
}

/** Session 40 (sh40f): the sentence after a move on the enemy units it passed across, in words. */
function passedAcrossWords40f(x: { pick: 'one' | 'each' | 'upTo'; mortal: 'D3' | 'roll' | 'useRoll'; on?: string; count?: number; double?: string }): string {
  const dmg = x.mortal === 'D3' ? 'D3 mortal damage' : x.mortal === 'useRoll' ? `mortal damage equal to the D3 roll${x.double ? ` (doubled on ${x.double})` : ''}` : `a D3, on ${x.on ?? '1+'} mortal damage equal to the roll`; // useRoll, upTo: session 41 (sh41d)
  if (x.pick === 'upTo') return `, then for each of up to ${x.count ?? 1} enemy units it passed across (picked) ${dmg}`;
  return x.pick === 'one' ? `, then ${dmg} on one enemy unit it passed across (picked)` : `, then for each enemy unit it passed across ${dmg}`;
}
