/**
 * Conditions of the effect vocabulary (ABILITIES.md "Conditions") in a few words, for the import
 * report (`import-army --abilities`, `src/army/abilityReport.ts`) and the engine's refusals
 * ("does not meet the Declare's condition (charged this turn)"). Pure.
 *
 * @module
 */

import type { AbilityCondition } from './schema';

/** `wholly within 12" of self, unit is KRULEBOYZ, and charged this turn`. */
export function describeCondition(c: AbilityCondition): string {
  const parts: string[] = [];
  if (c.within !== undefined) parts.push(`${c.wholly ? 'wholly ' : ''}within ${c.within}" of ${c.ofFriendly ? `a friendly ${c.ofFriendly.join(' or ')}` : c.ofFriendlyNamed ? `a friendly ${c.ofFriendlyNamed.join(' or ')}` : (c.of === 'terrain' ? 'this terrain feature' : (c.of ?? 'self'))}`);
  if (c.inCombat !== undefined) parts.push(c.inCombat ? 'in combat' : 'not in combat');
  if (c.charged !== undefined) parts.push(c.charged ? 'charged this turn' : 'did not charge this turn');
  if (c.fought !== undefined) parts.push(c.fought ? 'used a FIGHT ability this phase' : 'did not use a FIGHT ability this phase');
  if (c.damaged !== undefined) parts.push(`${c.damaged} or more damage points`);
  if (c.models !== undefined) parts.push(`${c.models} or more models`);
  if (c.contesting !== undefined) parts.push(c.contesting === 'any' ? 'contesting an objective' : c.contesting === 'controlled' ? 'contesting an objective its player controls' : c.contesting === 'friendlyTerritory' ? 'contesting an objective wholly within friendly territory' : c.contesting === 'questmarked' ? 'contesting an objective its player questmarked' : 'contesting an objective its player does not control');
  if (c.setUp !== undefined) parts.push(c.setUp ? `set up this turn${c.setUpBy !== undefined ? ` using the '${c.setUpBy}' ability` : ''}` : 'not set up this turn');
  if (c.usedMove !== undefined) parts.push(c.usedMove ? 'used a MOVE ability this turn' : 'did not use a MOVE ability this turn');
  if (c.castRoll !== undefined) parts.push(`casting/chanting roll ${c.castRoll}+`);
  if (c.side) parts.push(`a ${c.side} unit`);
  if (c.territory) parts.push(`in ${c.territory} territory`);
  if (c.keyword) parts.push(`${c.unit ?? 'unit'} is ${c.keyword}`);
  if (c.notKeyword) parts.push(`${c.unit ?? 'unit'} is not ${c.notKeyword}`);
  if (c.friendlyNear) parts.push(`a friendly ${c.friendlyNear.notKeyword ? `non-${c.friendlyNear.notKeyword} ` : ''}${c.friendlyNear.keyword} ${c.friendlyNear.wholly ? 'wholly ' : ''}within ${c.friendlyNear.within}" of it`);
  if (c.healthAtMost !== undefined) parts.push(`Health ${c.healthAtMost} or less`); // session 40 (sh40a)
  if (c.roll) parts.push(`roll ${c.rollAtMost !== undefined ? `${c.roll[0]}-${c.rollAtMost}` : c.roll}${c.rollEach === 'model' ? ' on any dice per model' : ''}${c.rollPlus ? ` +${c.rollPlus.by} if ${describeCondition(c.rollPlus.if)}` : ''}`);
  if (c.rollHealth) parts.push(`${c.rollHealth.dice} ${c.rollHealth.test === 'exceeds' ? 'exceeding' : c.rollHealth.test === 'atLeast' ? 'equal to or more than' : c.rollHealth.test === 'atMost' ? 'equal to or less than' : 'at least double'} its Health`); // tail37b
  if (c.pickedToFight) parts.push('if picked to fight immediately after'); // session 38, ab38c
  if (c.rollAddResource) parts.push(`+ its ${c.rollAddResource}s to the roll`); // session 38 (ab38b)
  if (c.has) parts.push(`has ${c.has.atLeast}+ ${c.has.resource}`);
  if (c.visibleToSelf41c) parts.push('visible to this unit'); // session 41 (sh41c)
  if (c.runes41c) parts.push(`${c.runes41c.atLeast}+ instances of ${c.runes41c.rune} on the battle scripture`); // session 41 (sh41c)
  if (c.rollName) parts.push(`a ${c.rollName}`);
  if (c.armedWith) parts.push(`armed with ${c.armedWith}`);
  if (c.warscroll) parts.push(`unit is a ${c.warscroll}`);
  if (c.notWarscroll) parts.push(`unit is not ${c.notWarscroll}`); // session 39 (sh39b)
  if (c.inCombatWithFoe) parts.push(`in combat with a ${c.inCombatWithFoe} foe`);
  if (c.slainByUse) parts.push('models slain by this ability');
  if (c.useRoll) parts.push(`the ability's ${c.useRoll.die} ${c.useRoll.on}`); // session 39 (sh39c)
  if (c.slewInCombat) parts.push('slew enemy models in combat this turn');
  if (c.slewByAttacks) parts.push('slew enemy models with its attacks this turn'); // session 39 (sh39d)
  if (c.destroyedMonster41d) parts.push('has destroyed an enemy MONSTER this battle'); // session 41 (sh41d)
  if (c.attackedBy) parts.push(`${c.attackedBy.what === 'targetedByAll' ? 'targeted by all its' : c.attackedBy.what === 'slain' ? 'had models slain by its' : 'had damage allocated by its'} ${c.attackedBy.weapon ? `${c.attackedBy.weapon} ` : ''}${c.attackedBy.shooting ? 'shooting ' : ''}attacks this ${c.attackedBy.phase ? 'phase' : 'turn'}`); // session 39 (sh39d)
  if (c.destroyedInCombat) parts.push('destroyed an enemy unit it damaged in combat this turn');
  if (c.friendlyOnBattlefield) parts.push(`a friendly ${c.friendlyOnBattlefield.join(' or ')} on the battlefield`); // session 39 (sh39a)
  if (c.also) parts.push(`and ${describeCondition(c.also)}`);
  return parts.join(', ');
}
