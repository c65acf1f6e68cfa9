/**
 * The actions the rules engine accepts (GAME.md and its extensions in docs/rules-engine.md and
 * docs/abilities.md): one union, each member naming the player who takes it. Split out of
 * `state.ts` (issue 38: files under 700 lines); `state.ts` re-exports it.
 *
 * @module
 */

import type { AbilityEffect } from '../abilities/schema';
import type { CommandName, PlayerId } from './state';

/** Actions accepted by {@link reduce}. Every action names the player who takes it. */
export type Action =
  | { readonly type: 'chooseFirstTurn'; readonly player: PlayerId; readonly first: PlayerId }
  | { readonly type: 'endPhase'; readonly player: PlayerId }
  | { readonly type: 'chooseContestedObjective'; readonly player: PlayerId; readonly unitId: string; readonly objectiveId: string }
  | { readonly type: 'run'; readonly player: PlayerId; readonly unitId: string; readonly atTheDouble?: boolean }
  /** Pick a unit with a random Move to move: its Move is rolled now (Core 26.0), in your movement phase. */
  | { readonly type: 'rollMove'; readonly player: PlayerId; readonly unitId: string }
  | { readonly type: 'charge'; readonly player: PlayerId; readonly unitId: string }
  /**
   * Re-roll the unit's charge or run roll waiting for its move, as an ability lets the player
   * (`{reroll: "charge" | "run"}`; Core 2.2, issue 34): `dice` (indices into the roll) for a re-roll
   * of some of the dice; absent: every die (the dice showing 1 for a re-roll of 1s). `rollRerolls.ts`.
   */
  | { readonly type: 'rerollRoll'; readonly player: PlayerId; readonly unitId: string; readonly roll: 'charge' | 'run'; readonly dice?: readonly number[] }
  | {
      readonly type: 'command';
      readonly player: PlayerId;
      readonly command: Exclude<CommandName, 'atTheDouble'>;
      readonly unitId: string;
      /** Covering Fire: the target among equally close candidates; Power Through: the enemy unit (required). */
      readonly target?: string;
    }
  | {
      readonly type: 'spendRally';
      readonly player: PlayerId;
      readonly heal: number;
      readonly returnModels: number;
      /**
       * Where the returned models are set up (Core 22.0): slain model id → plan-view centre, one entry
       * per returned model (the keys pick which slain models return). Absent (older saved games): the
       * most recently slain models return where they were removed, if that set-up is legal.
       */
      readonly positions?: Readonly<Record<string, readonly [number, number]>>;
    }
  | { readonly type: 'allocateDamage'; readonly player: PlayerId; readonly unitId: string; readonly points: number }
  | {
      readonly type: 'move';
      readonly player: PlayerId;
      readonly unitId: string;
      readonly kind: 'normal' | 'run' | 'retreat' | 'charge' | 'redeploy' | 'powerThrough' | 'ability';
      readonly paths: Readonly<Record<string, readonly (readonly [number, number])[]>>;
      /** Session 40 (sh40f): an ability move's "pick an enemy unit that this unit passed across" (engine/passedAcross40f.ts). */
      readonly target?: string;
      /** Session 41 (sh41d): an ability move's "pick up to 3 enemy units that this unit passed across" (engine/passedAcross41d.ts). */
      readonly targets?: readonly string[];
    }
  | { readonly type: 'retreat'; readonly player: PlayerId; readonly unitId: string }
  | {
      readonly type: 'shoot';
      readonly player: PlayerId;
      readonly unitId: string;
      readonly target: string;
      readonly weaponTargets?: Readonly<Record<string, string>>;
    }
  | {
      readonly type: 'fight';
      readonly player: PlayerId;
      readonly unitId: string;
      readonly pileIn?: { readonly target?: string; readonly paths: Readonly<Record<string, readonly (readonly [number, number])[]>> };
      readonly target?: string;
      readonly weaponTargets?: Readonly<Record<string, string>>;
    }
  | { readonly type: 'pass'; readonly player: PlayerId }
  | { readonly type: 'setUpReserve'; readonly player: PlayerId; readonly unitId: string; readonly positions: Readonly<Record<string, readonly [number, number]>> }
  | { readonly type: 'setSlainPriority'; readonly player: PlayerId; readonly unitId: string; readonly modelIds: readonly string[] }
  | {
      readonly type: 'cast';
      readonly player: PlayerId;
      readonly unitId: string;
      readonly spell: string;
      /** A unit for unit spells; the manifestation id for a summoning spell; absent for a spell with no target (Arcane Conduit) or a point (Sunder the Earth). */
      readonly target?: string;
      /** A point on the battlefield (plan view, inches) for a spell that picks one (Sunder the Earth). */
      readonly point?: readonly [number, number];
      /** A lore spell's choice ("Pick 1 of the following effects", its Declare's `choice` pick; session 37, decl37). */
      readonly choice?: string;
      /** A lore spell's further picks after `target` ("Pick any number of ... / up to 3 ... units"; session 37, decl37). */
      readonly targets?: readonly string[];
      /** Summoning: where each model of the manifestation is set up. */
      readonly positions?: Readonly<Record<string, readonly [number, number]>>;
    }
  | { readonly type: 'chant'; readonly player: PlayerId; readonly unitId: string; readonly prayer: string }
  | {
      readonly type: 'answerPrayer';
      readonly player: PlayerId;
      /** `bank`: gain ritual points = the roll; `answer`: roll + ritual points vs the chanting value. */
      readonly choice: 'bank' | 'answer';
      /** Resurrection: the slain INFANTRY HERO returned. */
      readonly target?: string;
      /** A lore prayer's picks when it may pick more than one unit (`countAt`, session 37, decl37); `target` for one. */
      readonly targets?: readonly string[];
      /** Resurrection: where its models are set up. */
      readonly positions?: Readonly<Record<string, readonly [number, number]>>;
    }
  | { readonly type: 'banish'; readonly player: PlayerId; readonly unitId: string; readonly target: string }
  | { readonly type: 'deployTerrain'; readonly player: PlayerId; readonly terrainId: string }
  | { readonly type: 'deployRegiment'; readonly player: PlayerId; readonly leader: string }
  | {
      readonly type: 'deployUnit';
      readonly player: PlayerId;
      readonly unitId: string;
      /** Every model of the unit → plan-view centre (inches). */
      readonly positions: Readonly<Record<string, readonly [number, number]>>;
    }
  | { readonly type: 'endDeployment'; readonly player: PlayerId }
  | { readonly type: 'unbind'; readonly player: PlayerId; readonly unitId: string }
  | { readonly type: 'activatePlaceOfPower'; readonly player: PlayerId; readonly unitId: string }
  | { readonly type: 'tacticalGambit'; readonly player: PlayerId; readonly tactic: string; readonly unitId?: string; readonly terrainId?: string }
  /**
   * Declare an ability (ABILITIES.md, `abilityUse.ts`): `ability` is its id on unit `unitId` (or on
   * the army, used by the player: `unitId` absent); the Path to Glory abilities by name (Berserker,
   * Well of Strength, Full-on Attack, Tactical Acumen `target`, Hunter's Eye `target`,
   * Line-breakers: pathAbilities.ts). `targets`: the Declare's picks (`target`: one, the older
   * form); `point`: a point picked, inches; `choice`: a choice picked; `positions` (an extension):
   * where returned or set-up models go.
   */
  | {
      readonly type: 'useAbility';
      readonly player: PlayerId;
      readonly unitId?: string;
      readonly ability: string;
      readonly target?: string;
      readonly targets?: readonly string[];
      readonly point?: readonly [number, number];
      readonly choice?: string;
      readonly positions?: Readonly<Record<string, readonly [number, number]>>;
      /** Extension (session 40, sh40d; `objective40.ts`): the objective the Declare picks ("Pick an objective wholly outside friendly territory"). */
      readonly objectiveId?: string;
    }
  /** Apply, from the effect vocabulary, the Effect of an ability declared and left to the player (ABILITIES.md). */
  | { readonly type: 'resolveByHand'; readonly player: PlayerId; readonly ability: string; readonly effects: readonly AbilityEffect[]; readonly positions?: Readonly<Record<string, readonly [number, number]>> }
  /**
   * The underdog's pick for this battle round's twist (Ascension › Twists; `ascension.ts` twistPick):
   * a unit, an objective, terrain features (Wild Fire: `featureIds`) or a point in inches where a
   * new objective is placed (Spied Treasure: `at`).
   */
  | { readonly type: 'twistPick'; readonly player: PlayerId; readonly unitId?: string; readonly objectiveId?: string; readonly featureIds?: readonly string[]; readonly at?: readonly [number, number] }
  /** Withdraw from a Path to Glory battle (Ascension › Withdrawing from Battle). */
  | { readonly type: 'withdraw'; readonly player: PlayerId };
