/**
 * Reaction windows for the declarations the engine resolves at once (issue 34; Core 5.2): commands
 * (Commands 2.0-8.0), the Run, Retreat and Charge abilities, prayers, and the army abilities used
 * with `useAbility`. Attacks (`pendingAttack`) and spells (`pendingSpell`) pause for reactions; these
 * do not (the engine resolves them in the same action). So the declaration is recorded as the
 * game's last declaration (`GameState.abilities.declared`), and the reactions whose trigger matches
 * it ("You declared the 'Redeploy' command ...", "This unit was picked as the target of a non-Core
 * ability", "You declared a Charge ability ...") are offered to the player they belong to, often the
 * opponent, until play moves on: the window stays open through reactions used (`useAbility` of a
 * `Reaction:` ability), `resolveByHand`, `pass`, `rerollRoll` and the steps that finish the
 * declaration (`spendRally`, `answerPrayer`; reactions wait for them); any other action closes it. A
 * reaction that would change the declared effect ("that ability has no effect on this unit") is
 * resolved by hand after it (docs/interpretations.md).
 *
 * Recorded only in games whose armies have a reaction ability (games without keep their state and
 * hash as before).
 *
 * @module
 */

import type { Ctx } from './core';
import { COMMANDS, type Action, type GameState } from './state';
import { abilityState, stampOf } from '../abilities/record';
import { armyAbilities, findAbility, unitAbilities } from '../abilities/catalog';
import type { Trigger } from '../abilities/timing';

/**
 * The commands' names as the rules print them (Commands 2.0-8.0): for "the 'Redeploy' command"
 * triggers here, and the battle log's words (`src/game/playerWords.ts`).
 */
export const COMMAND_NAMES: Readonly<Record<keyof typeof COMMANDS, string>> = {
  rally: 'Rally',
  magicalIntervention: 'Magical Intervention',
  redeploy: 'Redeploy',
  atTheDouble: 'At the Double',
  forwardToVictory: 'Forward to Victory',
  allOutAttack: 'All-out Attack',
  allOutDefence: 'All-out Defence',
  coveringFire: 'Covering Fire',
  counterCharge: 'Counter-charge',
  powerThrough: 'Power Through',
};

/** The last declaration resolved at once, with the action's sequence number. */
export interface DeclaredTrigger extends Trigger {
  /** Index of the declaring action among the log's actions. */
  readonly seq: number;
}

const hasReactions = new WeakMap<object, boolean>();

/** Does either army have a `Reaction:` ability (cached per roster)? */
function gameHasReactions(s: GameState): boolean {
  for (const p of ['p1', 'p2'] as const) {
    const r = s.players[p].roster;
    let has = hasReactions.get(r);
    if (has === undefined) {
      has = armyAbilities(s, p).some((a) => a.timing.when === 'reaction') || r.units.some((u) => ((u.warscroll.abilities as { timing: { when: string } }[] | undefined) ?? []).some((a) => a.timing.when === 'reaction'));
      hasReactions.set(r, has);
    }
    if (has) return true;
  }
  return false;
}

/** The commands used as reactions (Commands 3.0, 5.0, 6.0, 7.0): they add to the open window. */
const REACTION_COMMANDS = new Set(['forwardToVictory', 'allOutAttack', 'allOutDefence']);

type Declared = Omit<DeclaredTrigger, 'seq'>;

/** The declarations an accepted action made, as triggers (empty: not a declaration). */
function declarationsOf(c: Ctx, a: Action): Declared[] {
  const s = c.s;
  switch (a.type) {
    case 'command':
      return [{ player: a.player, unitId: a.unitId, name: (COMMAND_NAMES as Readonly<Record<string, string>>)[a.command] ?? a.command, keywords: ['COMMAND'], targets: a.target !== undefined ? [a.target] : [] }];
    case 'run': {
      const run: Declared = { player: a.player, unitId: a.unitId, name: 'Run', keywords: ['CORE', 'MOVE', 'RUN'], targets: [] };
      return a.atTheDouble === true ? [run, { player: a.player, unitId: a.unitId, name: 'At the Double', keywords: ['COMMAND'], targets: [] }] : [run];
    }
    case 'retreat':
      return [{ player: a.player, unitId: a.unitId, name: 'Retreat', keywords: ['CORE', 'MOVE', 'RETREAT'], targets: [] }];
    case 'charge':
      return [{ player: a.player, unitId: a.unitId, name: 'Charge', keywords: ['CORE', 'MOVE', 'CHARGE'], targets: [] }];
    case 'chant':
      return [{ player: a.player, unitId: a.unitId, name: findAbility(s, a.player, a.unitId, a.prayer)?.name ?? findAbility(s, a.player, null, a.prayer)?.name ?? a.prayer, keywords: ['PRAYER'], targets: [] }];
    case 'useAbility': {
      const { ability: ab, own } = usedAbility(s, a);
      const targets = [...(a.targets ?? []), ...(a.target !== undefined ? [a.target] : [])];
      const keywords = (ab?.keywords ?? []).map((k) => k.toUpperCase());
      if (ab?.source === 'core' && !keywords.includes('CORE')) keywords.push('CORE');
      return [{ player: a.player, unitId: own ? (a.unitId ?? null) : null, name: ab?.name ?? a.ability, keywords, targets }];
    }
    default:
      return [];
  }
}

/** The ability a `useAbility` names: the unit's own, else the army's. */
function usedAbility(s: GameState, a: Extract<Action, { type: 'useAbility' }>) {
  const own = a.unitId !== undefined && Object.prototype.hasOwnProperty.call(s.units, a.unitId) ? unitAbilities(s, a.unitId).find((x) => x.id === a.ability) : undefined;
  return { ability: own ?? armyAbilities(s, a.player).find((x) => x.id === a.ability), own: own !== undefined };
}

/** Is the action a reaction, or a step that keeps the open window (not a declaration of its own)? */
export function keepsWindow(s: GameState, a: Action): boolean {
  // The steps that finish the declaration's own effect (spending the rally points, answering the prayer) keep it too.
  if (a.type === 'resolveByHand' || a.type === 'pass' || a.type === 'rerollRoll' || a.type === 'setSlainPriority' || a.type === 'spendRally' || a.type === 'answerPrayer') return true;
  return a.type === 'useAbility' && usedAbility(s, a).ability?.timing.when === 'reaction';
}

/**
 * After an accepted action (`reduce.ts`): record its declaration as the last one (its reactions
 * are offered now); a command used as a reaction (Forward to Victory, All-out Attack / Defence) is
 * added to the open window (reactions to reactions, INVENTORY A-R4); reactions and `resolveByHand`
 * keep the window; any other action closes it.
 */
export function noteDeclaration(c: Ctx, a: Action): void {
  const s = c.s;
  if (!gameHasReactions(s)) return;
  if (keepsWindow(s, a)) return;
  const ds = declarationsOf(c, a);
  if (ds.length === 0) {
    if (s.abilities?.declared !== undefined) delete s.abilities.declared;
    return;
  }
  const seq = s.log.filter((e) => e.kind === 'action').length - 1;
  const at = stampOf(s);
  const now = ds.map((d) => ({ ...d, keywords: [...d.keywords], targets: [...d.targets], seq, at }));
  const nested = a.type === 'command' && REACTION_COMMANDS.has(a.command);
  const st = abilityState(s);
  st.declared = nested ? [...(st.declared ?? []), ...now] : now;
}
