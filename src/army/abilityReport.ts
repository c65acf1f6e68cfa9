/**
 * The abilities of an imported army as rows and counts (ABILITIES.md "Import": `import-army
 * --abilities`, and the measures of issue 34): who holds each ability, its parsed timing, and
 * whether the engine resolves it (`auto: <effects>`) or the player does (`by hand`). Pure; used by
 * the CLI, the measures report and the unit card.
 *
 * @module
 */

import { describeTiming } from '../rules/abilities/parseTiming';
import { dirtyTrickWords41a } from '../rules/abilities/schema41a';
import { describeCondition } from '../rules/abilities/describe';
import type { Ability, AbilityEffect } from '../rules/abilities/schema';
import { isPermissionEffect, permissionTerse } from '../rules/abilities/parsePermissions';

/** The part of an army this needs (an imported army, `RosterInput`). */
export interface ArmyWithAbilities {
  readonly abilities?: readonly Ability[];
  readonly units: readonly { id: string; name: string; warscroll: { abilities?: readonly Ability[] } }[];
  readonly manifestations?: readonly { id: string; name: string; warscroll: { abilities?: readonly Ability[] } }[];
}

/** One ability and who holds it. */
export interface AbilityRow {
  /** Unit / manifestation id, or "army". */
  readonly holderId: string;
  /** Unit / manifestation name, or "(army)". */
  readonly holder: string;
  readonly ability: Ability;
}

/** Every ability of the army: the army's first, then each unit's, then each manifestation's. */
export function abilityRows(army: ArmyWithAbilities): AbilityRow[] {
  return [
    ...(army.abilities ?? []).map((ability) => ({ holderId: 'army', holder: '(army)', ability })),
    ...army.units.flatMap((u) => (u.warscroll.abilities ?? []).map((ability) => ({ holderId: u.id, holder: u.name, ability }))),
    ...(army.manifestations ?? []).flatMap((m) => (m.warscroll.abilities ?? []).map((ability) => ({ holderId: m.id, holder: m.name, ability }))),
  ];
}

/** One effect in a few words: `ward 6+ → friendly while wholly within 12" of self, target is KRULEBOYZ`. */
export function describeEffect(e: AbilityEffect): string {
  let what: string;
  if ('modify' in e) what = `${e.by >= 0 ? '+' : ''}${e.by}${e.perResource ? ` per ${e.perResource}` : ''}${e.perRound ? ' per battle round' : ''}${e.perRune41c ? ` per ${e.perRune41c} rune` : ''} ${e.modify}${e.attacks && e.attacks !== 'all' ? ` (${e.attacks})` : ''}${e.weapon ? ` of ${e.weapon}` : ''}${e.against ? ` against ${e.against.join('+')}` : ''}${e.againstTrigger ? ' against the attacking unit' : ''}${e.summon ? ' (Summon)' : ''}`;
  else if ('set' in e) what = `set ${e.set} ${e.to}${e.weapon ? ` of ${e.weapon}` : ''}${e.against ? ` against ${e.against.join('+')}` : ''}`;
  else if ('ward' in e) what = `ward ${e.ward}+`;
  else if ('reroll' in e) what = `re-roll ${e.reroll}${e.which === 'ones' ? ' 1s' : e.which === 'failed' ? ' failed' : ''}`;
  else if ('mortal' in e) what = `${e.mortal === 'roll' ? `${e.die ?? 'D6'} roll` : e.mortal} mortal${e.on ? ` on ${e.on}` : ''}${e.each === 'model' ? ' per model' : e.each === 'health' ? ' per Health' : e.each === 'damage' ? ' per damage point' : ''}${e.max !== undefined ? ` max ${e.max}` : ''}${e.onPlus ? ` +${e.onPlus.by} if ${describeCondition(e.onPlus.if)}` : ''}${e.vs === 'save' ? ' if D6 ≥ save' : ''}`;
  else if ('heal' in e) what = `heal ${e.heal}`;
  else if ('returnModels' in e) what = `return ${e.returnModels} models`;
  else if ('move' in e) what = `move ${e.inches}" (${e.move})${e.passedAcross ? `, then ${e.passedAcross.mortal === 'D3' ? 'D3' : e.passedAcross.mortal === 'useRoll' ? `the D3 roll${e.passedAcross.double ? ` (x2 ${e.passedAcross.double})` : ''}` : `D3 ${e.passedAcross.on}`} mortal on ${e.passedAcross.pick === 'one' ? 'one unit' : e.passedAcross.pick === 'upTo' ? `up to ${e.passedAcross.count} units` : 'each unit'} passed across` : ''}`; // passedAcross: session 40 (sh40f)
  else if ('afterShootMove40f' in e) what = `after its Shoot: move ${e.afterShootMove40f.inches}" (normal)`; // session 40 (sh40f)
  else if ('setUp' in e) what = `set up on the ${e.setUp}${e.within !== undefined ? ` within ${e.within}"` : ''}${e.farther !== undefined ? ` more than ${e.farther}" from enemies` : ''}`;
  else if ('strike' in e) what = `strike-${e.strike}`;
  else if ('weaponAbility' in e) what = `weapons gain ${e.weaponAbility}${e.attacks && e.attacks !== 'all' ? ` (${e.attacks})` : ''}${e.weapon ? ` (${e.weapon})` : ''}`;
  else if ('critOn' in e) what = `crit on ${e.critOn}+${e.attacks && e.attacks !== 'all' ? ` (${e.attacks})` : ''}${e.weapon ? ` (${e.weapon})` : ''}`;
  else if ('keyword' in e) what = `${e.add ? '+' : '-'}${e.keyword}`;
  else if ('mayShootInCombat' in e) what = 'may shoot in combat';
  else if ('noContest' in e) what = 'cannot contest objectives'; // session 40 (sh40a)
  else if ('mayChargeAfter' in e) what = `may charge after ${e.mayChargeAfter}`;
  else if ('mayShootAfter' in e) what = `may shoot after ${e.mayShootAfter}`;
  else if ('mortalPerRoll' in e) what = `${e.mortalPerRoll} mortal on ${e.to} per unmodified ${e.roll} ${e.unmodified}${e.attacks && e.attacks !== 'all' ? ` (${e.attacks})` : ''}`;
  else if ('failUnmodified' in e) what = `incoming ${e.failUnmodified} fails on 1-${e.upTo}`;
  else if ('maxControl' in e) what = `max control score ${e.maxControl}`;
  else if ('halve' in e) what = `halve ${e.halve}`;
  else if ('slay' in e) what = `slay ${e.slay} if ${e.times ?? 1}×${e.dice} ${e.health} health`;
  else if ('fightNext' in e) what = 'may fight next';
  else if ('healAllocated' in e) what = 'heal the damage its Fight allocated';
  else if ('fightTwice' in e) what = '2 Fight abilities, Strike-last after the first';
  else if ('retreatNow' in e) what = `may Retreat now${e.noDamage ? ' without mortal damage' : ''}`;
  else if ('retreatNoDamage' in e) what = 'Retreats without mortal damage';
  // Session 38 (ab38b): faction resources.
  else if ('rerollNamed' in e) what = `re-roll failed ${e.rerollNamed}s`;
  else if ('modifyNamed' in e) what = `${e.by >= 0 ? '+' : ''}${e.by} ${e.modifyNamed}`;
  else if ('resource' in e) what = `${e.on ? `on ${e.on}: ` : ''}${e.start !== undefined ? `start ${e.start} ` : ''}${e.gain !== undefined ? `${typeof e.gain === 'number' && e.gain >= 0 ? '+' : ''}${e.gain} ` : ''}${e.spend !== undefined ? `spend ${e.spend} ` : ''}${e.resource}${e.max !== undefined ? ` max ${e.max}` : ''}`;
  else if ('ignoreTrigger' in e) what = 'that ability has no effect on it';
  else if ('wardForbidden' in e) what = 'no ward rolls';
  else if ('unpickableBy' in e) what = `not picked by enemy ${e.unpickableBy} abilities`;
  else if ('rallyExtra' in e) what = `Rally: ${e.rallyExtra.rolls !== undefined ? `+${e.rallyExtra.rolls} rally rolls` : `+${e.rallyExtra.points} rally points`}`; // session 39 (sh39a)
  else if ('foeAfterFight' in e) what = `after each Fight on one enemy unit: ${e.foeAfterFight.by} ${e.foeAfterFight.modify} for it this turn`; // session 39 (sh39b)
  else if ('maxAttacks' in e) what = `max attacks ${e.maxAttacks} of ${e.weapon}`;
  else if ('ignoreModifiers' in e) what = `ignore ${e.ignoreModifiers} modifiers to ${e.rolls.join('/')}`;
  else if ('markObjective' in e) what = `objective picked: ${e.markObjective}`; // session 40 (sh40d)
  else if ('afterShoot40' in e) what = `after its Shoot on one enemy unit${e.afterShoot40.slew ? ' that lost models' : ''}: ${e.afterShoot40.roll}+ → ${'maxControl' in e.afterShoot40.effect ? `max control ${e.afterShoot40.effect.maxControl}` : `${e.afterShoot40.effect.by} charge dice`} for ${e.afterShoot40.duration}`; // session 40 (sh40b)
  else if ('afterFightPick40' in e) what = `after its Fight: ${e.afterFightPick40.slay.dice} vs Health on an enemy ${e.afterFightPick40.pick.keyword ?? ''} unit in reach`;
  else if ('redeployDeclaredAtLeast' in e) what = `declared Redeploy roll at least ${e.redeployDeclaredAtLeast}`; // session 40 (sh40c)
  else if ('noCommand' in e) what = `no ${e.noCommand}${e.inPhase ? ` in ${e.inPhase}` : ''}`;
  else if ('shoutyBoss' in e) what = `Shouty Boss: ${e.shoutyBoss}${e.within !== undefined ? ` wholly within ${e.within}" of the feature, not in combat` : ''}`; // session 40 (sh40e)
  else if ('double' in e) what = `×2 ${e.double}${e.weapon ? ` of ${e.weapon}` : e.attacks ? ` (${e.attacks})` : ''} vs ${e.against.join('/')}`; // session 40 (sh40g)
  else if ('blessing40h' in e) what = `blessing ${e.blessing40h} ${e.active ? 'on' : 'off'}`; // session 40 (sh40h)
  else if ('blessingPick40h' in e) what = `blessing pick: ${e.blessingPick40h}${e.twoAfterUses ? ` (2 after ${e.twoAfterUses.times} ${e.twoAfterUses.ability})` : ''}`;
  else if ('rune41c' in e) what = `rune ${e.rune41c} ${e.remove ? 'removed' : 'depicted'}`; else if ('runePick41c' in e) what = `rune pick: ${e.runePick41c}${e.runes ? ` to ${e.runes.join('/')}` : ''}${e.notFirstRound ? ' (not in battle round 1)' : ''}`; // session 41 (sh41c)
  else if ('mayRallyInCombat41c' in e) what = 'may Rally in combat'; else if ('noChargeDamage41c' in e) what = 'no Charge (+1 Damage) for combat attacks that target it'; else if ('noPileIn41c' in e) what = 'no pile-in moves'; else if ('noCrits41c' in e) what = 'attacks that target it score no critical hits'; // session 41 (sh41c)
  else if ('halveAttacks41d' in e) what = `halve Attacks (up) of ${e.weapon ?? 'the weapon picked'}`; // session 41 (sh41d)
  else if ('secondTarget41d' in e) what = `second target of ${e.secondTarget41d.ability}`; // session 41 (sh41d)
  else if ('mortalProduct41d' in e) what = `mortal = product of 2D6 (none on ${e.noEffectOn})`; // session 41 (sh41d)
  else if ('hiddenBeyond' in e) what = `not visible to enemy units beyond ${e.hiddenBeyond}" while screened by ${e.screen.models}+ ${e.screen.named} (no other ${e.screen.noOther})`; // session 41 (sh41e)
  else if ('dirtyTrickRule41a' in e || 'dirtyTrickRoll41a' in e || 'dirtyTrickPlus41a' in e || 'noWeaponAbility41a' in e || 'triggerUnit41a' in e) what = dirtyTrickWords41a(e, true) ?? ''; // session 41 (sh41a)
  else if ('anointed41b' in e) what = 'anointed (by hand)'; // session 41 (sh41b)
  else if ('blessingPick41b' in e) what = `blessing pick: ${e.blessingPick41b}${e.bloodRites ? ' (if blood rites this turn)' : ''}`; // session 41 (sh41b)
  else if ('cp' in e) what = `${e.cp} CP`;
  else if ('vp' in e) what = `${e.vp} VP`;
  else if (isPermissionEffect(e)) what = permissionTerse(e);
  else what = `note: ${e.note}`;
  const tgt = Array.isArray(e.targets) ? e.targets.join('+') : (e.targets ?? 'self');
  const extra = [e.duration ? `for ${e.duration}` : '', e.while ? `while ${describeCondition(e.while)}` : '', e.if ? `if ${describeCondition(e.if)}` : '', e.visible ? 'if visible' : '', e.unlessCastRoll !== undefined ? `unless the roll was ${e.unlessCastRoll}+` : ''].filter((x) => x !== '');
  return `${what} → ${tgt}${extra.length > 0 ? ` ${extra.join(' ')}` : ''}`;
}

/** `auto: <effects>` or `by hand`. */
export function describeResolution(a: Ability): string {
  return a.resolves === null ? 'by hand' : `auto: ${a.resolves.map(describeEffect).join('; ')}`;
}

/** One line of `import-army --abilities`: holder, name, parsed timing, resolution. */
export function abilityLine(r: AbilityRow): string {
  return `${r.holder} | ${r.ability.name} | ${describeTiming(r.ability.timing)} | ${describeResolution(r.ability)}`;
}

/** Counts of an army's abilities. */
export interface AbilityCounts {
  readonly abilities: number;
  /** With a parsed timing. */
  readonly timed: number;
  /** Resolved by the engine (`resolves` not null). */
  readonly auto: number;
  readonly byHand: number;
  /** The share resolved by the engine, 0..1 (0 for none). */
  readonly autoShare: number;
}

/** Count the rows. */
export function countAbilities(rows: readonly AbilityRow[]): AbilityCounts {
  const abilities = rows.length;
  const timed = rows.filter((r) => r.ability.timing.parsed !== false).length;
  const auto = rows.filter((r) => r.ability.resolves !== null).length;
  return { abilities, timed, auto, byHand: abilities - auto, autoShare: abilities === 0 ? 0 : auto / abilities };
}

/** The summary line printed after the rows. */
export function countsLine(c: AbilityCounts): string {
  return `${c.abilities} abilities: ${c.timed} with a parsed timing (${c.abilities - c.timed} not), ${c.auto} resolved by the engine, ${c.byHand} by hand; auto share ${(100 * c.autoShare).toFixed(1)}%`;
}
