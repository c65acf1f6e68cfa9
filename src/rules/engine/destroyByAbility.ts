/**
 * "It is automatically destroyed" (session 37, perm37: the effect `destroyed`, applied when a by-hand
 * resolution names it) and the passives that replace it (`notDestroyed`: "If this unit would be
 * automatically destroyed, it is not automatically destroyed. Instead, allocate 6 damage points to it (ward
 * rolls cannot be made for those damage points)", Son of Behemat, Avatar of Destruction).
 *
 * @module
 */

import { insteadOfDestroyed } from '../abilities/passivePermissions';
import { damageSequence, destroyUnit, type Ctx } from './core';

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
