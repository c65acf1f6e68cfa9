/**
 * Automatic passes (issue 18): who may react in an open reactions window (Core 5.2, Magic 4.0) and
 * whether they have a reaction the engine would accept; when they have none, the session passes for
 * them.
 */
import { opponentOf, reduce, type Action, type GameState, type GeometryPort, type PlayerId } from '../../rules/engine';
import { rosterEntry } from './roster';
import { abilityReactionPossible } from '../abilityOptions';

/** The commands used in reaction to a declared ATTACK ability (Commands 6.0, 7.0). */
const REACTIONS_TO_ATTACKS = ['allOutAttack', 'allOutDefence'] as const;

/**
 * Who may react in the open reactions window: the attack's `toReact`, or the caster's opponent
 * while a spell waits for an unbind; null when no window is open.
 */
export function toReact(s: GameState): PlayerId | null {
  if (s.stage !== 'turn') return null;
  if (s.pendingAttack) return s.pendingAttack.toReact;
  if (s.pendingSpell) return opponentOf(s.pendingSpell.player);
  return null;
}

/**
 * Whether `player` has a reaction the engine would accept in the open window: in an attack's
 * window, All-out Attack or All-out Defence (the commands whose reaction is "an ATTACK ability was
 * declared") on any of their units; while a spell waits, an Unbind by any of their units (other
 * commands the engine accepts meanwhile, e.g. Rally in any hero phase, stay usable after it); and
 * any `Reaction:` ability of their army whose trigger is the declaration waiting (ABILITIES.md).
 * Each candidate is tried with `reduce`: the same state gives the same answer, so a replay of the
 * log meets the same automatic passes as the game did.
 */
export function reactionPossible(s: GameState, player: PlayerId, port: GeometryPort): boolean {
  const mine = Object.values(s.units).filter((u) => u.owner === player && u.slain.length < rosterEntry(s, u.id)!.models.length && u.status === undefined);
  const ok = (a: Action) => reduce(s, a, port).ok;
  for (const u of mine) {
    if (s.pendingSpell && ok({ type: 'unbind', player, unitId: u.id })) return true;
    if (s.pendingAttack) for (const c of REACTIONS_TO_ATTACKS) if (ok({ type: 'command', player, command: c, unitId: u.id })) return true;
  }
  // The army's own reactions (ABILITIES.md, Core 5.2): "Opponent declared a Spell ability", ...
  return abilityReactionPossible(s, port, player);
}
