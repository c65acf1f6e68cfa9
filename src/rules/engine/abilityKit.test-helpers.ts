/**
 * Test helpers for the army abilities (abilities.test.ts, abilityEffects.test.ts): two small
 * Kruleboyz-style rosters carrying abilities written from the real New Recruit texts of
 * `tests/fixtures/rosters/new-recruit/kb-001-all-units` (Timing, Declare, Effect as printed), and a
 * real `worldPort` over a table where every model stands where the test says (inches).
 *
 * @module
 */

import { makeWorld } from '../../../tests/scenario/geomKit';
import type { Ability } from '../abilities/schema';
import { parseEffect } from '../abilities/parseEffect';
import { worldPort } from './worldPort';
import { createGame, type Action, type GameState } from './state';
import { reduce } from './reduce';
import { runActions } from './testkit';
import type { GeometryPort } from './geometryPort';
import type { GameEvent } from './core';
import type { RosterInput } from './roster';

/** A timing as the importer gives it. */
export function timing(text: string, when: Ability['timing']['when'], whose: Ability['timing']['whose'], limit?: Ability['timing']['limit'], reaction?: string): Ability['timing'] {
  return { text, when, whose, ...(limit ? { limit } : {}), ...(reaction ? { reaction } : {}) };
}

/** An ability with the given fields (id = name unless given). */
export function ability(a: Partial<Ability> & Pick<Ability, 'name' | 'timing' | 'effect'>): Ability {
  return { id: a.name, source: 'warscroll', declare: null, keywords: [], resolves: null, ...a };
}

/**
 * An ability as the importer reads it from its real texts: `parseEffect` over its Declare and Effect
 * with `knownKeywords` (the army's keywords), the picks and effects it reads set on the ability.
 * Throws when the parser leaves it by hand (a test of an engine shape needs it read).
 */
export function readAbility(a: Partial<Ability> & Pick<Ability, 'name' | 'timing' | 'effect'> & { declare: string }, knownKeywords: string[]): Ability {
  const p = parseEffect({ declare: a.declare, effect: a.effect, timing: a.timing, knownKeywords });
  if (p.resolves === null) throw new Error(`not read: ${p.unparsed}`);
  return ability({ ...a, picks: p.picks, resolves: p.resolves });
}

/** Real texts (kb-001-all-units). */
export const KB = {
  /** Swampcalla Shaman / Kruleboyz: "Foul Elixirs": the roll shares one die between two outcomes: by hand. */
  foulElixirs: ability({
    name: 'Foul Elixirs',
    timing: timing('Once Per Turn (Army), Your Hero Phase', 'hero', 'your', { per: 'turn', army: true }),
    declare: 'Pick a friendly KRULEBOYZ INFANTRY unit wholly within 12" of this unit to be the target.',
    effect: 'Roll a dice. On a 2+, add 1 to save rolls for the target for the rest of the turn. On a 1, inflict D3 mortal damage on the target.',
    picks: [{ kind: 'friendlyUnit', within: 12, wholly: true, keyword: 'KRULEBOYZ INFANTRY' }],
    resolves: null,
  }),
  /** "Sludgeraker Venom": the keyword for the rest of the turn. */
  sludgeraker: ability({
    name: 'Sludgeraker Venom',
    timing: timing('Your Hero Phase', 'hero', 'your'),
    declare: 'Pick a friendly KRULEBOYZ unit wholly within 12" of this unit to be the target.',
    effect: 'That unit has the SLUDGERAKER VENOM keyword for the rest of the turn.',
    picks: [{ kind: 'friendlyUnit', within: 12, wholly: true, keyword: 'KRULEBOYZ' }],
    resolves: [{ keyword: 'SLUDGERAKER VENOM', add: true, targets: 'targets', duration: 'turn' }],
  }),
  /** "Power of Kragnos" (Passive): an aura. */
  powerOfKragnos: ability({
    name: 'Power of Kragnos',
    timing: timing('Passive', 'passive', 'any'),
    effect: 'Friendly KRULEBOYZ units have WARD (6+) while they are wholly within 12" of this unit.',
    resolves: [{ ward: 6, targets: 'friendly', while: { within: 12, of: 'self', wholly: true, keyword: 'KRULEBOYZ' } }],
  }),
  /** "Choking Mist" (Spell, CV 7): Attacks -1 until the start of your next turn. */
  chokingMist: ability({
    id: 'choking-mist',
    name: 'Choking Mist',
    source: 'spell',
    timing: timing('Your Hero Phase', 'hero', 'your'),
    castingValue: 7,
    keywords: ['SPELL'],
    declare: 'Pick a friendly KRULEBOYZ WIZARD to cast this spell, pick a visible enemy unit within 12" of them to be the target, then make a casting roll of 2D6.',
    effect: "Subtract 1 from the Attacks characteristic of the target's weapons until the start of your next turn.",
    picks: [{ kind: 'enemyUnit', within: 12, visible: true }],
    resolves: [{ modify: 'attacks', by: -1, targets: 'targets', duration: 'nextTurnStart' }],
  }),
  /** "Da Black Pit" (Spell, CV 5, UNLIMITED): a dice per model, each 6 → 1 mortal damage. */
  daBlackPit: ability({
    id: 'da-black-pit',
    name: 'Da Black Pit',
    source: 'spell',
    timing: timing('Your Hero Phase', 'hero', 'your'),
    castingValue: 5,
    keywords: ['SPELL', 'UNLIMITED'],
    declare: 'Pick a friendly KRULEBOYZ WIZARD to cast this spell, pick a visible enemy unit within 18" of them to be the target, then make a casting roll of 2D6.',
    effect: 'Roll a dice for each model in the target unit. For each 6, inflict 1 mortal damage on the target.',
    picks: [{ kind: 'enemyUnit', within: 18, visible: true }],
    resolves: [{ mortal: 1, on: '6+', each: 'model', targets: 'targets' }],
  }),
};

/** Model ids `<unit>-m1...` on 32 mm bases. */
function models(unit: string, n: number) {
  return Array.from({ length: n }, (_, i) => ({ id: `${unit}-m${i + 1}`, base: { shape: 'round' as const, diameterMm: 32 } }));
}

/** A roster for `p`: `<p>-hero` (HERO WIZARD (2), KRULEBOYZ INFANTRY), `<p>-boyz` (5 KRULEBOYZ INFANTRY), `<p>-gits` (3 INFANTRY). */
export function roster(p: 'p1' | 'p2', heroAbilities: Ability[] = [], boyzAbilities: Ability[] = [], army: Ability[] = []): RosterInput {
  return {
    name: `${p} army`,
    faction: 'Kruleboyz',
    general: `${p}-hero`,
    regiments: [{ leader: `${p}-hero`, units: [`${p}-boyz`, `${p}-gits`] }],
    ...(army.length ? { abilities: army } : {}),
    units: [
      {
        id: `${p}-hero`,
        name: 'Swampcalla Shaman',
        warscroll: { move: 5, health: 5, save: '5+', control: 2, keywords: ['HERO', 'WIZARD (2)', 'KRULEBOYZ', 'INFANTRY'], ...(heroAbilities.length ? { abilities: heroAbilities } : {}) },
        weapons: [{ name: 'Staff', range: 'melee', attacks: 3, hit: '4+', wound: '3+', rend: 1, damage: 'D3' }],
        models: models(`${p}-hero`, 1),
      },
      {
        id: `${p}-boyz`,
        name: 'Gutrippaz',
        warscroll: { move: 5, health: 1, save: '5+', control: 1, keywords: ['KRULEBOYZ', 'INFANTRY'], ...(boyzAbilities.length ? { abilities: boyzAbilities } : {}) },
        weapons: [
          { name: 'Wicked Hacka', range: 'melee', attacks: 2, hit: '4+', wound: '4+', rend: 0, damage: 1 },
          { name: 'Bow', range: 18, attacks: 1, hit: '4+', wound: '4+', rend: 0, damage: 1 },
        ],
        models: models(`${p}-boyz`, 5),
      },
      {
        id: `${p}-gits`,
        name: 'Hobgrot Slittaz',
        warscroll: { move: 5, health: 1, save: '6+', control: 1, keywords: ['INFANTRY'] },
        weapons: [{ name: 'Slitta', range: 'melee', attacks: 1, hit: '4+', wound: '5+', rend: 0, damage: 1 }],
        models: models(`${p}-gits`, 3),
      },
    ],
  };
}

/** Where each unit's models stand: the first model at `at`, the others in a line along +y, 1.3" apart. */
export type Placement = Record<string, [number, number]>;

/** The default table: p1 on the left, p2 on the right; far apart unless moved. */
export const DEFAULT_PLACEMENT: Placement = {
  'p1-hero': [10, 20],
  'p1-boyz': [14, 15],
  'p1-gits': [10, 35],
  'p2-hero': [50, 20],
  'p2-boyz': [46, 15],
  'p2-gits': [50, 35],
};

const COUNTS: Record<string, number> = { hero: 1, boyz: 5, gits: 3 };

/** A real `worldPort` over a 60" × 44" open table with the units placed. */
export function tablePortAt(place: Placement = DEFAULT_PLACEMENT): GeometryPort {
  const units = Object.entries({ ...DEFAULT_PLACEMENT, ...place }).map(([id, at]) => {
    const n = COUNTS[id.split('-')[1]];
    return {
      id,
      army: id.slice(0, 2),
      models: Array.from({ length: n }, (_, i) => ({ id: `${id}-m${i + 1}`, base: { round: 32 }, pos: [at[0], at[1] + i * 1.3] as [number, number], height: 1.2 })),
    };
  });
  return worldPort(makeWorld({ units }));
}

/** A game at p1's hero phase of battle round 1 (p1 first), with the rosters and optional scripted dice. */
export function gameAtHero(p1: RosterInput, p2: RosterInput, port: GeometryPort, diceScript: number[] = []): GameState {
  const g = createGame({ seed: 7, rosters: { p1, p2 }, finishedDeployingFirst: 'p1', diceScript });
  if (!g.ok) throw new Error(JSON.stringify(g.issues));
  return play(g.state, port, [
    { type: 'chooseFirstTurn', player: 'p1', first: 'p1' },
    { type: 'endPhase', player: 'p1' },
  ]).s;
}

/** Apply actions that must be accepted. */
export function play(s: GameState, port: GeometryPort, actions: Action[]): { s: GameState; events: GameEvent[] } {
  return runActions(s, actions, port);
}

/** Apply one action that must be refused; returns the refusal. */
export function refused(s: GameState, port: GeometryPort, a: Action): { reason: string; rule: string } {
  const r = reduce(s, a, port);
  if (r.ok) throw new Error(`${JSON.stringify(a)} was accepted`);
  return { reason: r.reason, rule: r.rule };
}

/** End phases (active player) until the game is in `phase` of the current or next turn. */
export function toPhase(s: GameState, port: GeometryPort, phase: string): GameState {
  let guard = 0;
  while (s.phase !== phase && guard++ < 20) {
    s = play(s, port, [{ type: 'endPhase', player: s.active! }]).s;
  }
  return s;
}
