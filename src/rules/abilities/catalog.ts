/**
 * Which abilities a unit or a player has (Core 28.2 "Who is Using the Ability?"): a unit's
 * roster `abilities` (its warscroll's, and the enhancements and regiment abilities given to it),
 * its Path to Glory rank abilities (`campaign.abilities`, as data: {@link CAMPAIGN_ABILITIES}),
 * and the army's `abilities`, used by the player (battle traits, lores, formations). The source
 * of an ability is a field of the data (`source`), never a code path: the engine plays them all
 * through the same mechanism (`timing.ts`, `record.ts`, `passives.ts`, `engine/abilityUse.ts`).
 *
 * @module
 */

import type { GameState, PlayerId } from '../engine/state';
import type { Ability, AbilityEffect } from './schema';

const W = 'Ascension › Path of the Warrior';
const M = 'Ascension › Path of the Mage';
const DV = 'Ascension › Path of the Devout';
const A = 'Ascension › Path of the Attacker';

function passive(name: string, rule: string, effect: string, resolves: AbilityEffect[]): Ability {
  return { id: name, name, source: 'campaign', timing: { text: 'Passive', when: 'passive', whose: 'any' }, declare: null, effect, keywords: [], usedBy: rule, resolves };
}

/**
 * Path to Glory rank abilities whose whole text is in the effect vocabulary (Ascension › Paths),
 * keyed by name as printed. The engine applies them as any passive ability; the others (rolls at
 * a moment of the game, re-rolls of one die, abilities used with `useAbility`) stay in
 * `engine/pathAbilities.ts`. `usedBy` holds the rule cited.
 */
export const CAMPAIGN_ABILITIES: Readonly<Record<string, Ability>> = {
  'Martial Expertise': passive('Martial Expertise', `${W} › Martial Expertise`, "Add 1 to hit rolls for this HERO's combat attacks.", [{ modify: 'hit', by: 1, attacks: 'melee' }]),
  'Master-crafted Armour': passive('Master-crafted Armour', `${W} › Master-crafted Armour`, 'Add 1 to save rolls for this unit.', [{ modify: 'save', by: 1 }]),
  'Monster Killers': passive('Monster Killers', `${A} › Monster Killers`, "Add 1 to the Damage characteristic of this unit's melee weapons for attacks that target a MONSTER.", [{ modify: 'damage', by: 1, attacks: 'melee', against: ['MONSTER'] }]),
  'Dedicated Practitioner': passive('Dedicated Practitioner', `${M} › Dedicated Practitioner`, 'Add 1 to casting rolls for this WIZARD.', [{ modify: 'cast', by: 1 }]),
  'Battle Fury': passive('Battle Fury', `${A} › Battle Fury`, 'This unit can use CHARGE abilities even if it used a RUN ability in the same turn.', [{ mayChargeAfter: 'run' }]),
  Frenzy: passive('Frenzy', `${W} › Frenzy`, 'This unit has WARD (5+) if it used a FIGHT ability in the same phase.', [{ ward: 5, while: { fought: true } }]),
  'Hallowed Champion': passive('Hallowed Champion', `${DV} › Hallowed Champion`, 'Friendly units have WARD (6+) while they are wholly within 12" of this PRIEST.', [{ ward: 6, targets: 'friendly', while: { within: 12, of: 'self', wholly: true } }]),
};

/** Where an ability comes from, in a player's words (never the data's camelCase key). */
export const ABILITY_SOURCE_WORDS: Readonly<Record<Ability['source'], string>> = {
  core: 'core rules',
  warscroll: 'warscroll',
  battleTrait: 'battle trait',
  regiment: 'regiment ability',
  formation: 'battle formation',
  enhancement: 'enhancement',
  spell: 'spell',
  prayer: 'prayer',
  manifestation: 'manifestation',
  campaign: 'Path to Glory',
  other: 'ability',
};

/** The rule to cite for an ability: a campaign ability's section, else "<name> (<source in words>)", e.g. "Sneaky Sneakin' (battle trait)". */
export function abilityRule(a: Ability): string {
  return a.source === 'campaign' && a.usedBy !== undefined ? a.usedBy : `${a.name} (${ABILITY_SOURCE_WORDS[a.source]})`;
}

/** The roster entry of a unit (a unit or a manifestation), or undefined. */
function rosterEntry(s: GameState, unitId: string) {
  const u = Object.prototype.hasOwnProperty.call(s.units, unitId) ? s.units[unitId] : undefined;
  if (u === undefined) return undefined;
  const r = s.players[u.owner].roster;
  return r.units.find((x) => x.id === unitId) ?? r.manifestations?.find((x) => x.id === unitId);
}

/** Every ability of a unit: its roster `abilities`, then its Path abilities in the vocabulary. */
export function unitAbilities(s: GameState, unitId: string): Ability[] {
  const ru = rosterEntry(s, unitId);
  if (ru === undefined) return [];
  const own = (ru.warscroll.abilities as Ability[] | undefined) ?? [];
  const camp = 'campaign' in ru && ru.campaign !== undefined ? ru.campaign.abilities.flatMap((n) => (CAMPAIGN_ABILITIES[n] ? [CAMPAIGN_ABILITIES[n]] : [])) : [];
  return camp.length === 0 ? own : [...own, ...camp];
}

/** The abilities used by the player (Core 28.2): the army's `abilities`. */
export function armyAbilities(s: GameState, player: PlayerId): Ability[] {
  return (s.players[player].roster.abilities as Ability[] | undefined) ?? [];
}

const rosterHas = new WeakMap<object, boolean>();

/** Does any unit of the game, or either army, have abilities as data? (Games without skip the passive queries; cached per roster.) */
export function gameHasAbilities(s: GameState): boolean {
  for (const p of ['p1', 'p2'] as const) {
    const r = s.players[p].roster;
    let has = rosterHas.get(r);
    if (has === undefined) {
      has = (r.abilities?.length ?? 0) > 0 || r.units.some((u) => (u.warscroll.abilities?.length ?? 0) > 0 || (u.campaign?.abilities ?? []).some((n) => CAMPAIGN_ABILITIES[n] !== undefined)) || (r.manifestations ?? []).some((m) => (m.warscroll.abilities?.length ?? 0) > 0); // manifestations: session 41 (sh41e)
      rosterHas.set(r, has);
    }
    if (has) return true;
  }
  return (s.abilities?.active.length ?? 0) > 0;
}

/** Find an ability by id: on the unit (`unitId`), or the army's (`unitId` null). */
export function findAbility(s: GameState, player: PlayerId, unitId: string | null, id: string): Ability | undefined {
  return (unitId === null ? armyAbilities(s, player) : unitAbilities(s, unitId)).find((a) => a.id === id);
}
