/**
 * Path to Glory rank abilities in play (Ascension › Path of the Warrior … Path of the Attacker;
 * docs/campaign.md lists every ability and where it is played). A unit has an ability when its
 * roster entry's `campaign.abilities` names it (a unit drawn from an Order of Battle: `campaign
 * army`); the engine reads the names as printed. Passive abilities that only change a warscroll
 * (WARD, Health, Rend, Attacks, STRIKE-FIRST) are applied when the army is drawn
 * (`src/campaign/army.ts`); those whose text is in the effect vocabulary (Martial Expertise,
 * Master-crafted Armour, Monster Killers, Dedicated Practitioner, Battle Fury, Frenzy, Hallowed
 * Champion) are data played like any passive ability (`abilities/catalog.ts`); this module holds the ones the engine must play at a moment of the
 * game: hit, save and damage modifiers, conditional STRIKE-FIRST and WARD, control scores, the
 * charge re-roll, casting and rally bonuses, Redeploy without command points, healing at the end
 * of the turn, command points at the start of the battle round, and the abilities a player uses
 * (`useAbility`). A game without campaign units never reaches any of them (no rolls, no state).
 *
 * @module
 */
import { chargeDiceCount } from './chargeDice';
import { enemyUnit, hasPathAbility, isAlive, onBattlefield, pathAbilities, reject, requireTurn, rollLogged, rollValue, friendlyUnit, type Ctx } from './core';
import { ritualOfPrimalForce, twistPicked } from './ascension';
import { opponentOf, PLAYERS, type GameState, type PlayerId } from './state';

const W = 'Ascension › Path of the Warrior';
const L = 'Ascension › Path of the Leader';
const M = 'Ascension › Path of the Mage';
const DV = 'Ascension › Path of the Devout';
const DF = 'Ascension › Path of the Defender';
const A = 'Ascension › Path of the Attacker';

/** Units of the game that have any Path ability, in a fixed order (roster order, p1 then p2). */
function campaignUnits(s: GameState): string[] {
  const out: string[] = [];
  for (const p of PLAYERS) for (const u of s.players[p].roster.units) if ((u.campaign?.abilities.length ?? 0) > 0 && s.units[u.id]) out.push(u.id);
  return out;
}

/**
 * Heal (n) a unit (Core 21.0: remove that many damage points from it; slain models do not return).
 * Returns the points removed.
 */
export function heal(c: Ctx, unitId: string, n: number, rule: string): number {
  const u = c.s.units[unitId];
  const healed = Math.min(n, u.damage);
  u.damage -= healed;
  c.events.push({ type: 'healed', unitId, amount: n, healed, damage: u.damage, rule });
  return healed;
}

/**
 * Hit roll modifiers from Path abilities for attacks made by `unitId` (added to the others and
 * capped at ±1, Core 17.1): Full-on Attack (+1 this phase after it is used). The passive ones
 * (Martial Expertise) are data (`abilities/catalog.ts`), applied with every passive ability.
 */
export function pathHitModifiers(s: GameState, unitId: string): { value: number; rule: string }[] {
  const out: { value: number; rule: string }[] = [];
  if (s.effects.some((e) => e.kind === 'hitBonus' && e.unitId === unitId)) out.push({ value: 1, rule: `${A} › Full-on Attack` });
  return out;
}

/** Does the unit contest an objective its army controls (Core 32.1-32.2)? */
function contestsControlled(c: Ctx, unitId: string): boolean {
  const owner = c.s.units[unitId].owner;
  return c.s.battleplan.objectives.some((o) => c.s.objectives[o] === owner && c.port.contests(unitId, o));
}

/** Is the unit wholly within its army's territory (Core 9.1.2)? False without territories. */
function inFriendlyTerritory(c: Ctx, unitId: string): boolean {
  const t = c.s.territories?.[c.s.units[unitId].owner];
  return t !== undefined && c.port.whollyWithinTerritory(unitId, t);
}

/**
 * Conditional STRIKE-FIRST from a Path ability, as the rule that gives it, or null: Defender of
 * the Realm ("while they are wholly within friendly territory"), Indomitable Defenders ("while it
 * is wholly within friendly territory or contesting an objective you control").
 */
export function pathStrikeFirst(c: Ctx, unitId: string): string | null {
  const abs = pathAbilities(c.s, unitId);
  if (abs.length === 0) return null;
  if (abs.includes('Defender of the Realm') && inFriendlyTerritory(c, unitId)) return `${L} › Defender of the Realm`;
  if (abs.includes('Indomitable Defenders') && (inFriendlyTerritory(c, unitId) || contestsControlled(c, unitId))) return `${DF} › Indomitable Defenders`;
  return null;
}

/**
 * Control score bonus from Path abilities for `unitId` contesting `objectiveId` (Core 32.2 step 1;
 * control as it stood before this determination): Mighty Custodians (+3 "while it is contesting
 * an objective you control"), Mighty Conquerors (+3 "... an objective controlled by your
 * opponent"), Inspiring Leader (+3 for other friendly units "contesting the same objective as this
 * HERO"), Powerful Presence (the D3 rolled at the end of the turn, a `controlBonus` effect).
 */
export function pathControlBonus(c: Ctx, unitId: string, objectiveId: string, contesting: readonly string[]): { value: number; rules: string[] } {
  const s = c.s;
  const owner = s.units[unitId].owner;
  const controller = s.objectives[objectiveId] ?? null;
  let value = 0;
  const rules: string[] = [];
  const add = (n: number, rule: string) => {
    value += n;
    rules.push(rule);
  };
  if (controller === owner && hasPathAbility(s, unitId, 'Mighty Custodians')) add(3, `${DF} › Mighty Custodians`);
  if (controller === opponentOf(owner) && hasPathAbility(s, unitId, 'Mighty Conquerors')) add(3, `${A} › Mighty Conquerors`);
  for (const h of contesting) {
    if (h !== unitId && s.units[h].owner === owner && hasPathAbility(s, h, 'Inspiring Leader')) add(3, `${L} › Inspiring Leader`);
  }
  for (const e of s.effects) if (e.kind === 'controlBonus' && e.unitId === unitId) add(e.value ?? 0, `${W} › Powerful Presence`);
  return { value, rules };
}

/**
 * After a casting roll (Path of the Mage): Eldritch Ward ("If a casting roll of 10+ is made for
 * this WIZARD, they have WARD (5+) until the start of your next turn").
 */
export function afterCastingRoll(c: Ctx, unitId: string, roll: number): void {
  if (roll >= 10 && hasPathAbility(c.s, unitId, 'Eldritch Ward')) {
    c.s.effects.push({ kind: 'ward', unitId, value: 5, until: 'startOfYourTurn' });
    c.events.push({ type: 'pathAbility', unitId, ability: 'Eldritch Ward', rule: `${M} › Eldritch Ward` });
  }
}

/**
 * Arcane Familiar (Ascension › Path of the Mage › Mighty: "Once Per Phase, Reaction: You declared
 * a SPELL for this WIZARD ... Effect: Re-roll 1 of the dice in the casting roll"). The engine uses
 * it by itself when it helps (docs/interpretations.md), as it does Magical Might: when the casting
 * roll `dice` would fail (`fails(dice)`: short of the casting value, or a miscast double 1), the
 * lowest die is re-rolled, once per phase for this WIZARD. A die is re-rolled at most once (Core
 * 2.2: the one re-roll of this casting roll). Re-rolling the lowest die never turns a failed roll
 * into a miscast (the kept die is not a 1 unless both were). Returns the dice of the casting roll
 * (unchanged when the ability is not used).
 */
export function arcaneFamiliar(c: Ctx, casterId: string, dice: readonly number[], fails: (dice: readonly number[]) => boolean, purpose: string, player: PlayerId): number[] {
  const s = c.s;
  const key = `${casterId}|Arcane Familiar|${s.round}:${s.turnInRound}:${s.phase}`;
  if (!hasPathAbility(s, casterId, 'Arcane Familiar') || s.oncePerBattle.includes(key) || !fails(dice)) return [...dice];
  s.oncePerBattle.push(key);
  const index = dice[0] <= dice[1] ? 0 : 1;
  const [d] = rollLogged(c, 1, 6, `${purpose}:reroll`, player);
  const after = dice.map((x, i) => (i === index ? d : x));
  c.events.push({ type: 'pathAbility', unitId: casterId, ability: 'Arcane Familiar', before: [...dice], rerolled: index, dice: after, rule: `${M} › Arcane Familiar` });
  return after;
}

/**
 * After a SPELL was successfully cast (resolved): Magical Might ("Once Per Phase, Reaction: this
 * WIZARD successfully cast a SPELL: Heal (D3) this WIZARD"), used whenever the WIZARD has damage.
 */
export function afterSpellCast(c: Ctx, casterId: string): void {
  const s = c.s;
  const key = `${casterId}|Magical Might|${s.round}:${s.turnInRound}:${s.phase}`;
  if (!hasPathAbility(s, casterId, 'Magical Might') || !isAlive(s, casterId) || s.units[casterId].damage === 0 || s.oncePerBattle.includes(key)) return;
  s.oncePerBattle.push(key);
  const [d] = rollLogged(c, 1, 3, `magicalMight:${casterId}`, s.units[casterId].owner);
  heal(c, casterId, d, `${M} › Magical Might`);
}

/**
 * The chanting roll's die (Magic 3.0) with Master of Ceremonies ("Each time you make a chanting
 * roll for this PRIEST, you can roll 2 dice and pick 1 to be the roll": the higher is picked).
 */
export function chantingDie(c: Ctx, priestId: string, purpose: string, player: PlayerId): number {
  if (!hasPathAbility(c.s, priestId, 'Master of Ceremonies')) return rollLogged(c, 1, 6, purpose, player)[0];
  const dice = rollLogged(c, 2, 6, purpose, player);
  const d = Math.max(...dice);
  c.events.push({ type: 'pathAbility', unitId: priestId, ability: 'Master of Ceremonies', dice, picked: d, rule: `${DV} › Master of Ceremonies` });
  return d;
}

/**
 * Rally roll bonus (Commands 2.0): Rousing Orator ("Add 1 to rally rolls for friendly units while
 * they are wholly within 12" of this HERO"), from any friendly HERO with it (not cumulative).
 */
export function pathRallyBonus(c: Ctx, unitId: string): number {
  const owner = c.s.units[unitId].owner;
  return campaignUnits(c.s).some((h) => c.s.units[h].owner === owner && onBattlefield(c, h) && hasPathAbility(c.s, h, 'Rousing Orator') && (h === unitId || c.port.whollyWithin(unitId, h, 12))) ? 1 : 0;
}

/**
 * Redeploy without command points (Tactical Acumen, used with `useAbility` in the enemy movement
 * phase on a friendly unit wholly within 12"): true, and the effect is spent, when the unit has it.
 */
export function freeRedeploy(c: Ctx, unitId: string): boolean {
  const i = c.s.effects.findIndex((e) => e.kind === 'freeRedeploy' && e.unitId === unitId);
  if (i < 0) return false;
  c.s.effects.splice(i, 1);
  return true;
}

/**
 * End of Turn abilities (Core 31.0 step 1) from Path abilities, before control is determined:
 * Powerful Presence (a HERO contesting an objective its army does not control rolls a D3 added to
 * its control score this turn), Conserved Strength and Hardened Resolve ("Heal (1)"), for every
 * unit on the battlefield with them, in roster order.
 */
export function pathEndOfTurn(c: Ctx): void {
  const s = c.s;
  for (const id of campaignUnits(s)) {
    if (!onBattlefield(c, id)) continue;
    const owner = s.units[id].owner;
    if (hasPathAbility(s, id, 'Powerful Presence')) {
      const contested = s.battleplan.objectives.filter((o) => c.port.contests(id, o));
      const o = contested.length === 1 ? contested[0] : s.contestChoices[id];
      if (o !== undefined && contested.includes(o) && s.objectives[o] !== owner) {
        const [d] = rollLogged(c, 1, 3, `powerfulPresence:${id}`, owner);
        s.effects.push({ kind: 'controlBonus', unitId: id, value: d, until: 'endOfTurn' });
        c.events.push({ type: 'pathAbility', unitId: id, ability: 'Powerful Presence', objectiveId: o, value: d, rule: `${W} › Powerful Presence` });
      }
    }
    for (const [name, rule] of [['Conserved Strength', `${L} › Conserved Strength`], ['Hardened Resolve', `${DF} › Hardened Resolve`]] as const) {
      if (hasPathAbility(s, id, name) && s.units[id].damage > 0) heal(c, id, 1, rule);
    }
  }
}

/**
 * Start of Battle Round abilities (Core 12.0 step 3) from Path abilities: Masterful Commander
 * ("Roll a dice. On a 4+, you gain 1 command point"), once for each HERO with it on the battlefield.
 */
export function pathStartOfRound(c: Ctx): void {
  const s = c.s;
  for (const id of campaignUnits(s)) {
    if (!onBattlefield(c, id) || !hasPathAbility(s, id, 'Masterful Commander')) continue;
    const owner = s.units[id].owner;
    const [d] = rollLogged(c, 1, 6, `masterfulCommander:${id}`, owner);
    if (d >= 4) s.players[owner].cp += 1;
    c.events.push({ type: 'pathAbility', unitId: id, ability: 'Masterful Commander', roll: d, cpGained: d >= 4 ? 1 : 0, cp: s.players[owner].cp, rule: `${L} › Masterful Commander` });
  }
}

/** Path abilities a player uses with `useAbility`, with their rule. */
export const USABLE_PATH_ABILITIES = ['Berserker', 'Well of Strength', 'Full-on Attack', 'Tactical Acumen', "Hunter's Eye"] as const;

/**
 * Is the game in step 3 of the deployment phase (Core 10.0: "Use Deployment Phase Abilities",
 * after both armies are deployed, before the first battle round)? With a deployment phase the
 * engine is then waiting for the first battle round's first-turn choice; without one (the
 * battlefield deployed the armies) the same moment is the start of the game.
 */
export function deploymentAbilitiesStep(s: GameState): boolean {
  return s.stage === 'firstTurn' && s.round === 1;
}

/**
 * Wound roll modifier from Path abilities for an attack by `unitId` on `target` (added to the
 * others and capped at ±1, Core 17.1): Hunter's Eye ("Add 1 to wound rolls for attacks made by
 * this unit that target the QUARRY unit": the unit it picked, `quarry` effect).
 */
export function pathWoundBonus(s: GameState, unitId: string, target: string): number {
  return s.effects.some((e) => e.kind === 'quarry' && e.unitId === unitId && e.targetId === target) ? 1 : 0;
}

/**
 * Deployment Phase abilities the engine uses by itself, in step 3 of the deployment phase (Core
 * 10.0), when the first battle round's first turn is chosen: Focused Meditation (Path of the
 * Devout › Aspiring: "This PRIEST gains D3 ritual points"), for every unit with it on the
 * battlefield, in roster order (the players' order of Core 10.0 step 3 changes nothing: the rolls
 * are independent). Nothing happens in a game without such a unit.
 */
export function pathDeploymentStep(c: Ctx): void {
  const s = c.s;
  for (const id of campaignUnits(s)) {
    if (!onBattlefield(c, id) || !hasPathAbility(s, id, 'Focused Meditation')) continue;
    const owner = s.units[id].owner;
    const [d3] = rollLogged(c, 1, 3, `focusedMeditation:${id}`, owner);
    s.ritualPoints[id] = (s.ritualPoints[id] ?? 0) + d3;
    c.events.push({ type: 'pathAbility', unitId: id, ability: 'Focused Meditation', value: d3, ritualPoints: s.ritualPoints[id], rule: `${DV} › Focused Meditation` });
  }
}

/**
 * `useAbility` (a Path ability the player uses, Ascension › Paths):
 * - **Berserker** (Passive: "You can re-roll charge rolls for this HERO"): in the charge phase,
 *   after the unit's charge roll and before its charge move; a roll already re-rolled cannot be
 *   re-rolled again (Core 2.2), so not after Forward to Victory.
 * - **Well of Strength** (Once Per Battle, Any Combat Phase): Heal (D6) this HERO.
 * - **Full-on Attack** (Once Per Battle, Any Combat Phase): +1 to hit rolls for attacks made by
 *   this unit this phase.
 * - **Tactical Acumen** (Once Per Battle, Enemy Movement Phase): `target`, a friendly unit wholly
 *   within 12" of this unit, can use Redeploy this phase without spending command points.
 * - **Hunter's Eye** (Once Per Battle, Deployment Phase): `target`, an enemy unit, gains QUARRY:
 *   +1 to wound rolls for attacks made by this unit that target it, for the rest of the battle;
 *   used in step 3 of the deployment phase (Core 10.0), before the first battle round's first
 *   turn is chosen ({@link deploymentAbilitiesStep}).
 * Refused with the ability's rule when the unit does not have it, at the wrong time, or used up.
 */
export function useAbility(c: Ctx, a: { readonly player: PlayerId; readonly unitId: string; readonly ability: string; readonly target?: string }): void {
  const s = c.s;
  // Hunter's Eye is a Deployment Phase ability (Core 10.0 step 3); the others are used in a turn.
  if (a.ability !== "Hunter's Eye" || !deploymentAbilitiesStep(s)) requireTurn(c);
  const path = ({ Berserker: W, 'Line-breakers': 'Ascension › The Decisive Battle', 'Well of Strength': W, 'Full-on Attack': A, 'Tactical Acumen': L, "Hunter's Eye": A } as Record<string, string>)[a.ability] ?? 'Ascension › Paths';
  const rule = `${path} › ${a.ability}`;
  const u = friendlyUnit(c, a.player, a.unitId, rule);
  // Line-breakers is the Decisive Battle's twist: the unit the underdog picked this battle round.
  if (a.ability === 'Line-breakers' ? !twistPicked(s, 'Line-breakers', a.unitId) : !hasPathAbility(s, a.unitId, a.ability)) reject(`unit "${a.unitId}" does not have ${a.ability}`, rule);
  const once = `${a.unitId}|${a.ability}`;
  const oncePerBattle = () => {
    if (s.oncePerBattle.includes(once)) reject(`${a.ability} was already used this battle (Once Per Battle)`, 'Core 28.2');
    s.oncePerBattle.push(once);
  };
  if (a.target !== undefined && a.ability !== 'Tactical Acumen' && a.ability !== "Hunter's Eye") reject(`${a.ability} has no target to pick`, rule);
  switch (a.ability) {
    case 'Berserker':
    case 'Line-breakers': {
      if (s.phase !== 'charge' || u.turn.chargeRoll === null || u.turn.pendingMove?.kind !== 'charge') reject(`re-roll a charge roll after it is made and before the charge move`, rule);
      const byFtV = s.phaseCommands.byArmy[a.player].includes('forwardToVictory') && s.phaseCommands.units.includes(a.unitId);
      if (u.turn.chargeRerolled || byFtV) reject('this charge roll was already re-rolled: a dice cannot be re-rolled more than once', 'Core 2.2');
      // The same number of dice as the charge roll (session 36 `chargeDice` effects; 2 otherwise).
      const dice = rollLogged(c, chargeDiceCount(s, c.port, a.unitId).count, 6, `charge-reroll:${a.unitId}`, a.player);
      const before = u.turn.chargeRoll;
      u.turn.chargeRoll = dice.reduce((x, y) => x + y, 0);
      u.turn.chargeRerolled = true;
      u.turn.pendingMove = { kind: 'charge', maxInches: u.turn.chargeRoll };
      c.events.push({ type: 'chargeReroll', unitId: a.unitId, before, dice, roll: u.turn.chargeRoll, rule });
      ritualOfPrimalForce(c, a.unitId, u.turn.chargeRoll);
      return;
    }
    case 'Well of Strength': {
      if (s.phase !== 'combat') reject('Well of Strength is used in any combat phase', rule);
      oncePerBattle();
      const d = rollValue(c, 'D6', `wellOfStrength:${a.unitId}`, a.player);
      heal(c, a.unitId, d, rule);
      return;
    }
    case 'Full-on Attack': {
      if (s.phase !== 'combat') reject('Full-on Attack is used in any combat phase', rule);
      oncePerBattle();
      s.effects.push({ kind: 'hitBonus', unitId: a.unitId, value: 1, until: 'endOfPhase' });
      c.events.push({ type: 'pathAbility', unitId: a.unitId, ability: a.ability, rule });
      return;
    }
    case 'Tactical Acumen': {
      if (s.phase !== 'movement' || a.player === s.active) reject('Tactical Acumen is used in the enemy movement phase', rule);
      if (a.target === undefined) reject('pick the friendly unit that will Redeploy ("target")', rule);
      friendlyUnit(c, a.player, a.target, rule);
      if (a.target !== a.unitId && !c.port.whollyWithin(a.target, a.unitId, 12)) reject(`"${a.target}" is not wholly within 12" of "${a.unitId}"`, rule);
      oncePerBattle();
      s.effects.push({ kind: 'freeRedeploy', unitId: a.target, until: 'endOfPhase' });
      c.events.push({ type: 'pathAbility', unitId: a.unitId, ability: a.ability, target: a.target, rule });
      return;
    }
    case "Hunter's Eye": {
      if (!deploymentAbilitiesStep(s)) reject("Hunter's Eye is used in the deployment phase (after both armies are deployed, before the first battle round)", rule);
      if (a.target === undefined) reject('pick the enemy unit that gains QUARRY ("target")', rule);
      enemyUnit(c, a.player, a.target, rule);
      oncePerBattle();
      s.effects.push({ kind: 'quarry', unitId: a.unitId, targetId: a.target, until: 'endOfBattle' });
      c.events.push({ type: 'pathAbility', unitId: a.unitId, ability: a.ability, target: a.target, rule });
      return;
    }
  }
}
