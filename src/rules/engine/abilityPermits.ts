/**
 * Instant effects of session 37 (perm37; docs/abilities.md "Permissions added in session 37 (perm37)") and the
 * state they leave:
 * - "it is automatically destroyed" (`destroyed`, applied when a by-hand resolution names it) and the passives
 *   that replace it (`notDestroyed`: "If this unit would be automatically destroyed, it is not automatically
 *   destroyed. Instead, allocate 6 damage points to it (ward rolls cannot be made for those damage points)",
 *   Son of Behemat, Avatar of Destruction);
 * - "can immediately use the 'Normal Move' or 'Retreat' ability as if it were your movement phase"
 *   (`movementPhaseMove`, Wrench Souls): a permit `moves.ts` reads;
 * - "can pass through models in non-Monster units and parts of terrain features that are less than 4" tall"
 *   (`passThrough`, Longshanks): what `moves.ts` lets the move's path ignore.
 *
 * @module
 */

import { insteadOfDestroyed, passesThrough } from '../abilities/passivePermissions';
import { hasKeywordNow } from '../abilities/passives';
import { aliveModels, damageSequence, destroyUnit, onBattlefield, type Ctx } from './core';
import type { GameState, PlayerId } from './state';

/**
 * Destroy `unitId` automatically (every model slain, no damage sequence), unless an effect on it says it is
 * not automatically destroyed: then its damage points are allocated instead (Core 18.2; without ward rolls
 * when the effect says so), event `notDestroyed` naming the rule. `source` as for damage (`ability:<unit>`).
 */
export function automaticallyDestroy(c: Ctx, unitId: string, source: string): void {
  const instead = insteadOfDestroyed(c.s, c.port, unitId);
  if (instead === null) {
    destroyUnit(c, unitId, source);
    return;
  }
  c.events.push({ type: 'notDestroyed', unitId, rule: instead.rule, points: instead.points, noWard: instead.noWard });
  damageSequence(c, unitId, instead.points, source, { noWard: instead.noWard });
}

/**
 * "<S> can immediately use the 'Normal Move' [or 'Retreat'] ability as if it were your movement phase" (session
 * 37, `movementPhaseMove`): the unit may use that core ability (Core 14.1: a Normal Move if it is not in combat, a
 * Retreat if it is) once in the current phase, as in its player's movement phase (`moves.ts` reads the phase
 * effect `normalMoveNow` / `normalOrRetreatNow`). "Your movement phase": only a unit of the ability's player;
 * another is skipped (event `abilityEffectSkipped`).
 */
export function movementPhaseMovePermit(c: Ctx, player: PlayerId, unitId: string, which: 'normal' | 'normalOrRetreat', ability: string): void {
  if (c.s.units[unitId].owner !== player) {
    c.events.push({ type: 'abilityEffectSkipped', ability, name: ability, unitId, why: `not ${player}'s unit: "your movement phase" is ${player}'s` });
    return;
  }
  c.s.effects.push({ kind: which === 'normal' ? 'normalMoveNow' : 'normalOrRetreatNow', unitId, until: 'endOfPhase' });
  c.events.push({ type: 'movePermitted', unitId, ability, moves: which === 'normal' ? ['normal'] : ['normal', 'retreat'] });
}

/**
 * May `unitId` use the `kind` core MOVE ability now as if it were its player's movement phase (an ability's
 * permit, {@link movementPhaseMovePermit})? Returns the permit's index in `s.effects` (to remove it when used), or -1.
 */
export function movePermitIndex(s: GameState, unitId: string, kind: 'normal' | 'retreat'): number {
  return s.effects.findIndex((e) => e.unitId === unitId && (e.kind === 'normalOrRetreatNow' || (kind === 'normal' && e.kind === 'normalMoveNow') || (kind === 'retreat' && (e.kind === 'retreatNow' || e.kind === 'retreatNowNoDamage'))));
}

/**
 * "This unit can pass through models in non-Monster units and parts of terrain features that are less than 4"
 * tall" (session 37, `passThrough`, Longshanks): the models the unit's move may pass through (every model on
 * the battlefield of another unit without MONSTER, either army) and the terrain height below which parts are
 * passed through, or null when no such effect applies to the unit now. Ending on or overlapping a model is
 * still refused (`moves.ts`, Core 15.0).
 */
export function passThroughModels(c: Ctx, unitId: string): { models: string[]; terrainBelow: number } | null {
  const through = passesThrough(c.s, c.port, unitId);
  if (through === null) return null;
  const models: string[] = [];
  for (const u of Object.values(c.s.units)) {
    if (u.id === unitId || !onBattlefield(c, u.id) || hasKeywordNow(c.s, c.port, u.id, 'MONSTER')) continue;
    models.push(...aliveModels(c.s, u.id).map((m) => m.id));
  }
  return { models, terrainBelow: through.terrainBelow };
}
