/**
 * The tables of Path to Glory: Ascension (`shared/rules/004`, cited `Ascension › …`): ranks, the
 * glory table, the six Paths with their rank abilities and the six quests. Plain data, no logic
 * beyond lookups.
 *
 * @module
 */

/** The four ranks, in order (Ascension › The Aftermath Sequence › 2 › Paths). */
export const RANKS = ['Aspiring', 'Elite', 'Mighty', 'Legendary'] as const;
/** A rank. */
export type Rank = (typeof RANKS)[number];

/** Renown points at which each rank is gained: 5-14 Aspiring, 15-29 Elite, 30-44 Mighty, 45+ Legendary. */
export const RANK_THRESHOLDS: Readonly<Record<Rank, number>> = { Aspiring: 5, Elite: 15, Mighty: 30, Legendary: 45 };

/**
 * The rank a unit holds with `renown` renown points (Ascension › Aftermath › 2 › Paths), or null
 * below 5. No rank past Legendary.
 */
export function rankFor(renown: number): Rank | null {
  let r: Rank | null = null;
  for (const k of RANKS) if (renown >= RANK_THRESHOLDS[k]) r = k;
  return r;
}

/** Every rank reached from `before` to `after` renown, oldest first (a unit can cross two in one aftermath). */
export function ranksCrossed(before: number, after: number): Rank[] {
  return RANKS.filter((k) => before < RANK_THRESHOLDS[k] && after >= RANK_THRESHOLDS[k]);
}

/** The Path ids of CAMPAIGN.md. */
export const PATH_IDS = ['warrior', 'leader', 'mage', 'devout', 'defender', 'attacker'] as const;
/** A Path id. */
export type PathId = (typeof PATH_IDS)[number];

/** A rank ability of a Path: its name as printed, timing and effect. */
export interface PathAbility {
  readonly name: string;
  readonly timing: string;
  readonly effect: string;
}

/** A Path: who may walk it and its two abilities at each rank. */
export interface PathDef {
  readonly id: PathId;
  readonly name: string;
  /** Keywords the unit must have (`HERO`, `WIZARD`, `PRIEST`) or `nonHero`. */
  readonly requires: { readonly hero: boolean; readonly keyword?: 'WIZARD' | 'PRIEST' };
  readonly ranks: Readonly<Record<Rank, readonly [PathAbility, PathAbility]>>;
}

const a = (name: string, timing: string, effect: string): PathAbility => ({ name, timing, effect });

/** The six Paths (Ascension › Path of the Warrior … Path of the Attacker; 004 D7: "HERO" in the non-HERO Paths' rank text read as "unit"). */
export const PATHS: Readonly<Record<PathId, PathDef>> = {
  warrior: {
    id: 'warrior',
    name: 'Path of the Warrior',
    requires: { hero: true },
    ranks: {
      Aspiring: [a('Berserker', 'Passive', 'You can re-roll charge rolls for this HERO.'), a('Well of Strength', 'Once Per Battle, Any Combat Phase', 'Heal (D6) this HERO.')],
      Elite: [
        a('Martial Expertise', 'Passive', "Add 1 to hit rolls for this HERO's combat attacks."),
        a('Powerful Presence', 'End of Any Turn', "If this HERO is contesting an objective you do not control: add D3 to this HERO's control score this turn."),
      ],
      Mighty: [a('Master-crafted Armour', 'Passive', 'Add 1 to save rolls for this HERO.'), a('Master-crafted Weapons', 'Passive', "Add 1 to the Rend characteristic of this HERO's melee weapons.")],
      Legendary: [a('Warrior Without Equal', 'Passive', 'This HERO has WARD (4+).'), a('Unparalleled Duellist', 'Passive', 'This HERO has STRIKE-FIRST.')],
    },
  },
  leader: {
    id: 'leader',
    name: 'Path of the Leader',
    requires: { hero: true },
    ranks: {
      Aspiring: [
        a('Tactical Acumen', 'Once Per Battle, Enemy Movement Phase', "A friendly unit wholly within 12\" of this unit can use the 'Redeploy' command this phase without spending command points."),
        a('Conserved Strength', 'End of Any Turn', 'Heal (1) this HERO.'),
      ],
      Elite: [
        a('Masterful Commander', 'Start of the Battle Round', 'Roll a dice. On a 4+, you gain 1 command point.'),
        a('Rousing Orator', 'Passive', 'Add 1 to rally rolls for friendly units while they are wholly within 12" of this HERO.'),
      ],
      Mighty: [
        a('Defender of the Realm', 'Passive', 'This HERO has STRIKE-FIRST while they are wholly within friendly territory.'),
        a('Hardy Constitution', 'Passive', 'Add 2 to the Health characteristic of this HERO.'),
      ],
      Legendary: [
        a('Destined for Greatness', 'Passive', 'This HERO has WARD (4+).'),
        a('Inspiring Leader', 'Passive', 'Add 3 to the control scores of other friendly units while they are contesting the same objective as this HERO.'),
      ],
    },
  },
  mage: {
    id: 'mage',
    name: 'Path of the Mage',
    requires: { hero: true, keyword: 'WIZARD' },
    ranks: {
      Aspiring: [
        a('Dedicated Practitioner', 'Passive', 'Add 1 to casting rolls for this WIZARD.'),
        a('Eldritch Ward', 'Passive', 'If a casting roll of 10+ is made for this WIZARD, they have WARD (5+) until the start of your next turn.'),
      ],
      Elite: [
        a('Mystic Shield', 'Your Hero Phase, casting value 6, SPELL', 'A visible friendly unit wholly within 12" of this WIZARD has WARD (6+) this turn.'),
        a('Arcane Conduit', 'Your Hero Phase, casting value 3, SPELL', 'Until the end of the phase, add 1 to casting rolls for friendly units.'),
      ],
      Mighty: [
        a('Magical Might', 'Once Per Phase, Reaction: this WIZARD successfully cast a SPELL', 'Heal (D3) this WIZARD.'),
        a('Arcane Familiar', 'Once Per Phase, Reaction: you declared a SPELL for this WIZARD', 'Re-roll 1 of the dice in the casting roll.'),
      ],
      Legendary: [
        a('Eldritch Cataclysm', 'Your Hero Phase, casting value 8, SPELL', 'A visible enemy unit within 15": roll a dice for each model in it; for each 4+, inflict 1 mortal damage on that unit.'),
        a('Sunder the Earth', 'Your Hero Phase, casting value 8, SPELL', 'A point within 18": inflict D3 mortal damage on each unit the line from that point to this WIZARD crosses.'),
      ],
    },
  },
  devout: {
    id: 'devout',
    name: 'Path of the Devout',
    requires: { hero: true, keyword: 'PRIEST' },
    ranks: {
      Aspiring: [a('Focused Meditation', 'Deployment Phase', 'This PRIEST gains D3 ritual points.'), a('Divine Blessing', 'Passive', 'This PRIEST has WARD (6+).')],
      Elite: [
        a('Righteous Conviction', 'Your Hero Phase, chanting value 4, PRAYER', 'A visible friendly unit wholly within 12": until the start of your next turn, add 1 to wound rolls for its combat attacks.'),
        a('Resurrection', 'Once Per Battle, Your Hero Phase, chanting value 7, PRAYER', 'Return a slain friendly INFANTRY HERO wholly within 3" of this PRIEST.'),
      ],
      Mighty: [
        a('Master of Ceremonies', 'Passive', 'Each time you make a chanting roll for this PRIEST, you can roll 2 dice and pick 1 to be the roll.'),
        a('Hallowed Champion', 'Passive', 'Friendly units have WARD (6+) while they are wholly within 12" of this PRIEST.'),
      ],
      Legendary: [
        a('Ritual of Death', 'Your Hero Phase, chanting value 6, PRAYER', 'Inflict 1 mortal damage on each enemy unit on the battlefield (D3 each if the chanting roll was 9+).'),
        a('Ritual of Life', 'Your Hero Phase, chanting value 8, PRAYER', 'Heal (1) each friendly unit on the battlefield (Heal (D3) each if the chanting roll was 9+).'),
      ],
    },
  },
  defender: {
    id: 'defender',
    name: 'Path of the Defender',
    requires: { hero: false },
    ranks: {
      Aspiring: [a('Hardened Resolve', 'End of Any Turn', 'Heal (1) this unit.'), a('Steel Discipline', 'Passive', 'When this unit uses a RETREAT ability, no mortal damage is inflicted on it.')],
      Elite: [
        a('Uncanny Survivability', 'Passive', 'This unit has WARD (6+).'),
        a('Unbreakable Formation', 'End of Any Turn', 'Subtract 2 from the Rend characteristic of weapons used for attacks that target this unit this phase.'),
      ],
      Mighty: [
        a('Mighty Custodians', 'Passive', 'Add 3 to the control score of this unit while it is contesting an objective you control.'),
        a('Battle-Scarred Veterans', 'Passive', 'Before allocating damage points to this unit, remove 1 damage point in its damage pool.'),
      ],
      Legendary: [
        a('Warriors of Renown', 'Passive', 'This unit has WARD (5+).'),
        a('Indomitable Defenders', 'Passive', 'This unit has STRIKE-FIRST while it is wholly within friendly territory or contesting an objective you control.'),
      ],
    },
  },
  attacker: {
    id: 'attacker',
    name: 'Path of the Attacker',
    requires: { hero: false },
    ranks: {
      Aspiring: [
        a('Full-on Attack', 'Once Per Battle, Any Combat Phase', 'Add 1 to hit rolls for attacks made by this unit this phase.'),
        a('Battle Fury', 'Passive', 'This unit can use CHARGE abilities even if it used a RUN ability in the same turn.'),
      ],
      Elite: [
        a("Hunter's Eye", 'Once Per Battle, Deployment Phase', 'An enemy unit gains QUARRY; add 1 to wound rolls for attacks made by this unit that target it.'),
        a('Monster Killers', 'Passive', "Add 1 to the Damage characteristic of this unit's melee weapons for attacks that target a MONSTER."),
      ],
      Mighty: [
        a('Mighty Conquerors', 'Passive', 'Add 3 to the control score of this unit while it is contesting an objective controlled by your opponent.'),
        a('Frenzy', 'Passive', 'This unit has WARD (5+) if it used a FIGHT ability in the same phase.'),
      ],
      Legendary: [a('Weapon Masters', 'Passive', "Add 1 to the Attacks characteristic of this unit's melee weapons."), a('Honed Gear', 'Passive', "Add 1 to the Rend characteristic of this unit's melee weapons.")],
    },
  },
};

/** Normalises an ability name for comparison: any case, any apostrophe or dash. */
export function abilityKey(name: string): string {
  return name.toLowerCase().replace(/[’'`]/g, '').replace(/[^a-z0-9]+/g, ' ').trim();
}

/** The ability of a Path named `name` (any case), with the rank it belongs to, or null. */
export function findPathAbility(path: PathId, name: string): { rank: Rank; ability: PathAbility } | null {
  const key = abilityKey(name);
  for (const rank of RANKS) for (const ab of PATHS[path].ranks[rank]) if (abilityKey(ab.name) === key) return { rank, ability: ab };
  return null;
}

/** The quest ids of CAMPAIGN.md. */
export const QUEST_IDS = ['search-for-the-artefact', 'learn-ancient-scriptures', 'seek-glory-in-battle', 'master-magical-lore', 'harness-manifestation', 'rise-of-a-champion'] as const;
/** A quest id. */
export type QuestId = (typeof QUEST_IDS)[number];

/** A quest: its name, the unit it needs, the quest points that complete it and its reward. */
export interface QuestDef {
  readonly id: QuestId;
  readonly name: string;
  /** The quest names a unit of the Order of Battle: the Glory Seekers (any unit) or the Rising Champion (a HERO). */
  readonly unit: null | 'any' | 'hero';
  /** Quest points needed to complete it; null when completion is an event (a victory, a slain HERO or MONSTER). */
  readonly pointsToComplete: number | null;
  readonly progress: string;
  readonly reward: string;
}

/** The six quests (Ascension › Path to Glory Roster › 4 › Quests). */
export const QUESTS: Readonly<Record<QuestId, QuestDef>> = {
  'search-for-the-artefact': {
    id: 'search-for-the-artefact',
    name: 'Search for the Artefact',
    unit: null,
    pointsToComplete: 3,
    progress: 'At the end of each of your turns, a friendly HERO not within friendly territory, not in combat and within 1" of a terrain feature can search: on a 4+, 1 quest point.',
    reward: 'Give 1 artefact of power to an eligible HERO on your Order of Battle.',
  },
  'learn-ancient-scriptures': {
    id: 'learn-ancient-scriptures',
    name: 'Learn Ancient Scriptures',
    unit: null,
    pointsToComplete: 5,
    progress: 'Each time a friendly PRIEST is given 4 or more ritual points, 1 quest point.',
    reward: 'Add 1 prayer from a prayer lore available to your faction to your prayer lore.',
  },
  'seek-glory-in-battle': {
    id: 'seek-glory-in-battle',
    name: 'Seek Glory in Battle',
    unit: 'any',
    pointsToComplete: null,
    progress: 'Completed the next time you win a major or minor victory in which the Glory Seekers took part and were not destroyed.',
    reward: 'The Glory Seekers earn D3+3 additional renown points.',
  },
  'master-magical-lore': {
    id: 'master-magical-lore',
    name: 'Master Magical Lore',
    unit: null,
    pointsToComplete: 3,
    progress: 'Each time you make a casting roll of 8+ for a WIZARD, 1 quest point.',
    reward: 'Add 1 spell from a spell lore available to your faction to your spell lore.',
  },
  'harness-manifestation': {
    id: 'harness-manifestation',
    name: 'Harness Manifestation',
    unit: null,
    pointsToComplete: 10,
    progress: "Each time the 'Wild' manifestation spell or prayer is used, roll a dice: on 1-3 that much mortal damage on the unit using it; on 4+, quest points equal to the roll.",
    reward: "The spell or prayer is no longer marked as 'Wild'.",
  },
  'rise-of-a-champion': {
    id: 'rise-of-a-champion',
    name: 'Rise of a Champion',
    unit: 'hero',
    pointsToComplete: null,
    progress: 'Completed when an enemy HERO or MONSTER is slain by your Rising Champion.',
    reward: 'Give 1 heroic trait to your Rising Champion.',
  },
};

/** The outcomes of a battle for one player (Ascension › Glorious Victory). */
export const RESULTS = ['major-victory', 'minor-victory', 'draw', 'minor-defeat', 'major-defeat'] as const;
/** A battle's outcome for one player. */
export type BattleResult = (typeof RESULTS)[number];

/** The glory table's columns (Ascension › The Aftermath Sequence › 1), by the battle's points limit. */
export const GLORY_TABLE = {
  brackets: ['1000-1250', '1251-1750', '1751-2250', 'over 2250'] as const,
  fought: [30, 60, 100, 150],
  majorVictory: [20, 30, 40, 50],
  minorVictory: [10, 20, 30, 40],
  generalNotSlain: [5, 10, 15, 20],
} as const;

/**
 * The column of the glory table for a points limit: 1000-1250 → 0, 1251-1750 → 1, 1751-2250 → 2,
 * over 2250 → 3. Under 1000 (no column) uses the first (INVENTORY §3.3 D12, docs/campaign.md).
 */
export function gloryBracket(pointsLimit: number): 0 | 1 | 2 | 3 {
  if (pointsLimit <= 1250) return 0;
  if (pointsLimit <= 1750) return 1;
  if (pointsLimit <= 2250) return 2;
  return 3;
}

/** Rule citations used in refusals. */
export const RULE = {
  warlord: 'Ascension › Path to Glory Roster › 1',
  startingUnits: 'Ascension › Path to Glory Roster › 2',
  enhancements: 'Ascension › Path to Glory Roster › 3 › Enhancements',
  lores: 'Ascension › Path to Glory Roster › 3 › Lores',
  quest: 'Ascension › Path to Glory Roster › 4',
  paths: 'Ascension › The Aftermath Sequence › 2 › Paths',
  renown: 'Ascension › The Aftermath Sequence › 2',
  favoured: 'Ascension › The Aftermath Sequence › 2 › Favoured Warriors',
  glory: 'Ascension › The Aftermath Sequence › 1',
  completeQuests: 'Ascension › The Aftermath Sequence › 3',
  orderOfBattle: 'Ascension › Manage Your Order of Battle',
  armies: 'Ascension › Path to Glory Battles › 1',
  reinforced: 'ArmyComp 3.3',
  uniqueEnhancement: 'ArmyComp 4.1',
} as const;
