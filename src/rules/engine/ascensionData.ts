/**
 * The data of the six Path to Glory: Ascension battleplans (`shared/rules/004`, INVENTORY §2.17,
 * G23): their ids, roles, scoring rules and twist tables ({@link ASCENSION}), the setup a game
 * carries ({@link AscensionSetupSchema}) and what the battle records ({@link AscensionState}).
 * Imports nothing of the engine but types, so `state.ts` can build a fresh record without a
 * circle of imports; the rules that play them are in `ascension.ts` and `ascensionTwists.ts`.
 *
 * @module
 */
import { z } from 'zod';
import type { GameState, PlayerId } from './state';

/** Both players (state.ts's `PLAYERS`, repeated as data so this module imports only types from it). */
const BOTH: readonly PlayerId[] = ['p1', 'p2'];

/** The battleplan ids (CAMPAIGN.md). */
export const ASCENSION_IDS = ['the-ruined-settlement', 'relics-of-myth', 'the-decisive-battle', 'the-ambush', 'wreck-and-ruin', 'the-ritual'] as const;
/** A battleplan id. */
export type AscensionId = (typeof ASCENSION_IDS)[number];

/** A victory point rule (A-R28: shared rules are one parameterised rule). */
export type ScoringRule = 'takeAndHold' | 'stakeAClaim' | 'oursForTheTaking' | 'claimTheirSkulls' | 'holdTheCentre' | 'takeTheFlanks' | 'escapeToSafety' | 'burnItDown' | 'powerGrows' | 'iconoclasts';

/** A twist: the faces it covers, its name and text. */
export interface Twist {
  readonly faces: readonly [number, number];
  readonly name: string;
  readonly text: string;
}

/** A battleplan of the battlepack. */
export interface AscensionDef {
  readonly id: AscensionId;
  readonly name: string;
  /** The two roles: `[first, second]`; the player whose general has fewer renown picks. */
  readonly roles: readonly [string, string];
  /** The role that begins deployment (Deployment): `picker` = the player who assigned the roles. */
  readonly beginsDeployment: string;
  /** Who takes the first turn: `default` (Core 12.0), a role that takes it, or `chooser:ROLE`. */
  readonly firstTurn: 'default' | string;
  /** Roles that cannot set up faction terrain in the deployment phase; `all` = nobody can. */
  readonly noFactionTerrain: readonly string[];
  readonly scoring: readonly ScoringRule[];
  /** The twist table: its die (D3, or D6 for Wreck and Ruin: INVENTORY §3.3 D8) and entries. */
  readonly twistDie: 3 | 6;
  readonly twists: readonly Twist[];
  /** Number of objectives on its map. */
  readonly objectives: number;
  /** Campaign reward, as text. */
  readonly reward?: string;
}

const t = (lo: number, hi: number, name: string, text: string): Twist => ({ faces: [lo, hi], name, text });
const AT_ALL_COSTS = 'The underdog can pick a friendly unit. Add 3 to that unit\'s control score until the start of the next battle round.';

/** The six battleplans (Ascension › Battleplan: …). */
export const ASCENSION: Readonly<Record<AscensionId, AscensionDef>> = {
  'the-ruined-settlement': {
    id: 'the-ruined-settlement', name: 'The Ruined Settlement', roles: ['north', 'south'], beginsDeployment: 'picker', firstTurn: 'default', noFactionTerrain: ['all'],
    scoring: ['takeAndHold'], objectives: 5, twistDie: 3,
    twists: [
      t(1, 1, 'Under Dust and Rubble', 'The underdog can pick 1 objective. That objective cannot be controlled this battle round.'),
      t(2, 2, 'Wild Fire', "The underdog can pick up to D3 terrain features: they gain 'Obscuring' until the start of the next battle round; roll a dice for each unit with any of them within its combat range: on a 4+, D3 mortal damage."),
      t(3, 3, 'Lead the Attack', 'The underdog can pick 1 friendly unit and add 1 to the Attacks characteristic of its melee weapons until the start of the next battle round.'),
    ],
  },
  'relics-of-myth': {
    id: 'relics-of-myth', name: 'Relics of Myth', roles: ['north', 'south'], beginsDeployment: 'picker', firstTurn: 'default', noFactionTerrain: [],
    scoring: ['stakeAClaim', 'oursForTheTaking'], objectives: 3, twistDie: 3,
    reward: 'The winner rolls a dice and adds their victory points: on 15+, 1 artefact of power to an eligible HERO on their Order of Battle.',
    twists: [
      t(1, 1, "Fool's Gold", 'The underdog can pick 1 objective and remove it from play.'),
      t(2, 2, 'An Eye For Riches', AT_ALL_COSTS),
      t(3, 3, 'Spied Treasure', 'If possible, the underdog can place 1 new objective in neutral territory, more than 9" from all other objectives and more than 3" from all units.'),
    ],
  },
  'the-decisive-battle': {
    id: 'the-decisive-battle', name: 'The Decisive Battle', roles: ['raider', 'defender'], beginsDeployment: 'defender', firstTurn: 'default', noFactionTerrain: ['raider'],
    scoring: ['claimTheirSkulls', 'holdTheCentre', 'takeTheFlanks'], objectives: 0, twistDie: 3,
    twists: [
      t(1, 1, 'Steeled Resolve', 'The underdog can pick a friendly unit. Subtract 1 from wound rolls for attacks that target that unit this battle round.'),
      t(2, 2, 'Tactical Withdrawal', "Until the end of the battle round, each time a unit in the underdog's army uses the 'Retreat' ability, no mortal damage is inflicted on it."),
      t(3, 3, 'Line-breakers', 'The underdog can pick a friendly unit: re-roll charge rolls for it and it has STRIKE-FIRST if it charged in the same turn, until the end of the battle round.'),
    ],
  },
  'the-ambush': {
    id: 'the-ambush', name: 'The Ambush', roles: ['trespasser', 'ambusher'], beginsDeployment: 'ambusher', firstTurn: 'ambusher', noFactionTerrain: ['ambusher'],
    scoring: ['claimTheirSkulls', 'escapeToSafety'], objectives: 0, twistDie: 3,
    twists: [
      t(1, 1, 'Hold the Line', "This battle round, each time a unit in the underdog's army uses the 'Rally' command, no command points are spent."),
      t(2, 2, 'Defensive Formation', 'The underdog can pick a friendly unit. Add 1 to save rolls for that unit this battle round.'),
      t(3, 3, 'Storm the Enemy', 'The underdog can pick a friendly unit. Until the end of the battle round, that unit has STRIKE-FIRST.'),
    ],
  },
  'wreck-and-ruin': {
    id: 'wreck-and-ruin', name: 'Wreck and Ruin', roles: ['raider', 'defender'], beginsDeployment: 'defender', firstTurn: 'chooser:raider', noFactionTerrain: ['raider'],
    scoring: ['takeAndHold', 'burnItDown'], objectives: 5, twistDie: 6,
    twists: [
      t(1, 3, 'Uncertain Reinforcements', 'If the raider is the underdog, subtract 1 from arrival rolls this battle round. If the defender is the underdog, add 1 to arrival rolls this battle round.'),
      t(4, 6, 'At All Costs', AT_ALL_COSTS),
    ],
  },
  'the-ritual': {
    id: 'the-ritual', name: 'The Ritual', roles: ['attacker', 'ritualist'], beginsDeployment: 'ritualist', firstTurn: 'chooser:attacker', noFactionTerrain: ['attacker'],
    scoring: ['powerGrows', 'iconoclasts'], objectives: 4, twistDie: 3,
    twists: [
      t(1, 1, 'At All Costs', AT_ALL_COSTS),
      t(2, 2, 'The Earth Trembles', 'The underdog can pick an enemy unit. That unit has STRIKE-LAST this battle round.'),
      t(3, 3, 'Eruption of Power', 'The underdog can pick 1 objective and roll a dice for each unit contesting it. On a 4+, inflict D3 mortal damage on that unit.'),
    ],
  },
};

const XY = z.tuple([z.number().finite(), z.number().finite()]);
/** Strict schema of {@link AscensionSetup} (saved games carry it in their battleplan). */
export const AscensionSetupSchema = z.strictObject({
  id: z.enum(ASCENSION_IDS),
  roles: z.strictObject({ p1: z.string(), p2: z.string() }),
  table: z.strictObject({ width: z.number().positive(), depth: z.number().positive() }),
  neutralCorners: z.array(XY).max(4),
  escapeEdge: z.enum(['x0', 'xW', 'y0', 'yD']).optional(),
  sites: z.array(z.string()).optional(),
  altar: z.string().optional(),
  /** The Ritual › Nature of the Ritual: the ritualist's pick (absent: none is performed). */
  ritual: z.enum(['blessings', 'primal-force', 'cursed', 'darkness']).optional(),
  /**
   * Each player's Path to Glory quest (Ascension › Quests; the campaign's quest ids), absent = not
   * known. Only `search-for-the-artefact` changes the battle ({@link searchForTheArtefact}).
   */
  quests: z.strictObject({ p1: z.string().optional(), p2: z.string().optional() }).optional(),
  /** Harness Manifestation: each player's manifestation-lore spell or prayer marked 'Wild' (harnessManifestation.ts). */
  wild: z.strictObject({ p1: z.string().optional(), p2: z.string().optional() }).optional(),
});
/** The quest whose search is made in the game (Ascension › Quests › Search for the Artefact). */
export const SEARCH_FOR_THE_ARTEFACT = 'search-for-the-artefact';
/** A ritual of The Ritual's Nature of the Ritual. */
export type RitualId = 'blessings' | 'primal-force' | 'cursed' | 'darkness';
/**
 * The battleplan data a game carries (`state.battleplan.ascension`): each player's role, the
 * table's plan size (inches), the corners in neutral territory (Take the Flanks), the Escape Route
 * edge (The Ambush), the sites of power and the altar (The Ritual).
 */
export type AscensionSetup = z.infer<typeof AscensionSetupSchema>;

/** What the battleplan recorded during the game (`state.ascension`). */
export interface AscensionState {
  /**
   * Twists rolled, one per battle round; `pick`: what the underdog picked for it (`twistPick`: a
   * unit, an objective, Wild Fire's terrain features, or Spied Treasure's point `at` and the id
   * of the objective placed there), absent until then. `features`: Wild Fire's D3, the most
   * terrain features the underdog can pick (absent for the other twists). `declined`: the roller
   * picked nothing ("can pick": a `twistPick` naming nothing); absent otherwise.
   */
  twists: { round: number; roller: PlayerId; underdog: boolean; roll: number; name: string; features?: number; pick?: { unitId?: string; objectiveId?: string; featureIds?: string[]; at?: [number, number] }; declined?: true }[];
  /**
   * Objectives placed during the battle (Spied Treasure), with their centre (inches), marker
   * diameter and round; their ids are in `battleplan.objectives` from then on. Absent = none.
   */
  addedObjectives?: { id: string; at: [number, number]; diameterInches: number; round: number }[];
  /** Objectives removed from play by a twist (Fool's Gold); absent = none. */
  outOfPlay?: string[];
  /**
   * Units destroyed, in order, with the unit that inflicted the damage that destroyed them (A-R16;
   * null: self-inflicted, a rule, or damage entered by hand). Absent in games saved before it was kept.
   */
  destroyed?: { unitId: string; by: string | null; round: number }[];
  /** Units whose destruction was scored (Claim their Skulls), and units that escaped. */
  scoredDestroyed: string[];
  escaped: string[];
  burned: string[];
  /** Units each player had at the start (withdrawing counts half of them). */
  startingUnits: Record<PlayerId, string[]>;
  withdrawn: PlayerId | null;
  /** Raise the Alarm attempts that failed, `round:unit` (the ability is used once per phase). */
  alarms?: string[];
  /**
   * Search for the Artefact (Ascension › Quests): clues found (quest points gained) per player.
   * Present only when a player's quest is Search for the Artefact (`setup.quests`).
   */
  clues?: Record<PlayerId, number>;
  /**
   * Harness Manifestation (Ascension › Quests): quest points gained from the 'Wild' spell or prayer
   * per player (harnessManifestation.ts). Present only when the setup names a 'Wild' entry (`setup.wild`).
   */
  wildQuestPoints?: Record<PlayerId, number>;
  /** Glorious Victory (Ascension › Path to Glory Battles), set when the battle ends. */
  result: Record<PlayerId, 'major-victory' | 'minor-victory' | 'draw' | 'minor-defeat' | 'major-defeat'> | null;
}

/** A fresh {@link AscensionState} for the game's rosters. */
export function initialAscensionState(s: GameState): AscensionState {
  const starting = { p1: [] as string[], p2: [] as string[] };
  for (const u of Object.values(s.units)) if (u.manifestation === undefined) starting[u.owner].push(u.id);
  const quests = s.battleplan.ascension?.quests;
  const searching = quests !== undefined && BOTH.some((p) => quests[p] === SEARCH_FOR_THE_ARTEFACT);
  const wild = s.battleplan.ascension?.wild;
  const harnessing = wild !== undefined && BOTH.some((p) => wild[p] !== undefined);
  return { twists: [], scoredDestroyed: [], escaped: [], burned: [], startingUnits: starting, withdrawn: null, ...(searching ? { clues: { p1: 0, p2: 0 } } : {}), ...(harnessing ? { wildQuestPoints: { p1: 0, p2: 0 } } : {}), result: null };
}
