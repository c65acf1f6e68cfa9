/**
 * Returning slain models to a unit (Core 22.0), for Rally (Commands 2.0) and the abilities that
 * return models (`abilityUse.ts`).
 *
 * @module
 */

import { aliveModels, enemyUnits, reject, syncPort, type Ctx } from './core';

/**
 * Return slain models to a unit (Core 22.0) and check the set-up through the port: each returned
 * model's pose (a zero-length `movePathCost`, as any set-up, Core 24.0) and no overlap (Core
 * 15.0); each returned model in coherency with the models that were not returned
 * (`coherentSubset(notReturned + it)`) and the unit one coherent group; and no enemy unit in
 * combat with the unit that was not already (the returned models are the only ones that changed).
 * `positions` absent: the models stand where they were removed (their last position).
 */
export function returnModels(c: Ctx, unitId: string, returned: readonly string[], positions: Readonly<Record<string, readonly [number, number]>> | undefined): void {
  const s = c.s;
  const u = s.units[unitId];
  const rule = 'Core 22.0';
  const stayed = aliveModels(s, unitId).map((m) => m.id);
  const enemies = enemyUnits(c, u.owner);
  const before = new Set(enemies.filter((e) => c.port.unitsInCombat(unitId, e)));
  u.slain = u.slain.filter((id) => !returned.includes(id));
  if (positions !== undefined) {
    const next = { ...s.positions };
    for (const id of returned) next[id] = [positions[id][0], positions[id][1]];
    s.positions = next;
  }
  syncPort(c);
  const where = (id: string) => (positions ? `at (${positions[id][0]}, ${positions[id][1]})` : 'where it was removed');
  for (const id of returned) {
    const pos = c.port.modelPosition(id);
    if (pos === null) reject(`model "${id}" has no position to return to: give "positions"`, rule);
    const r = c.port.movePathCost(id, [pos], { fly: false, ignoreModels: [...stayed, ...returned] });
    if (!r.ok) reject(`model "${id}" cannot be set up ${where(id)}: ${r.reason}`, rule);
  }
  const over = c.port.overlapping(unitId);
  if (over !== null) reject(`model "${over}" would be set up on or overlapping another model`, rule);
  for (const id of returned) {
    if (!c.port.coherentSubset(unitId, [...stayed, id])) {
      reject(`returned model "${id}" ${where(id)} is not in coherency with the models of "${unitId}" that were not returned`, rule);
    }
  }
  const coh = c.port.coherent(unitId);
  if (!coh.coherent) reject(`unit "${unitId}" would not be a single coherent group (${(coh.breaking ?? []).join(', ')})`, rule);
  const newCombat = enemies.find((e) => !before.has(e) && c.port.unitsInCombat(unitId, e));
  if (newCombat !== undefined) {
    reject(`returned models would be set up in combat with "${newCombat}", which their unit is not already in combat with`, rule);
  }
}

