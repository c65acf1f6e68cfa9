/**
 * Magic (Magic 1.0-5.0) and Activate Place of Power (Terrain 1.2): casting rolls, miscasts,
 * power level, Jealous Mages, the Unbind reaction within 30", and the spells the engine knows
 * ({@link SPELLS}: Mystic Shield, the rules' example spell, plus a damage spell for play).
 *
 * @module
 */

import {
  enemyUnit,
  friendlyUnit,
  mortalDamage,
  reject,
  requireTurn,
  rollLogged,
  rosterUnit,
  unitHasKeyword,
  useCore,
  type Ctx,
} from './core';
import { opponentOf, type Action, type GameState } from './state';

/** A spell the engine can resolve. */
export interface SpellDef {
  readonly name: string;
  readonly castingValue: number;
  /** Who may be picked: a visible friendly unit wholly within `range`, or a visible enemy unit within `range`. */
  readonly target: 'friendly' | 'enemy';
  readonly range: number;
  readonly wholly: boolean;
}

/** Spells known by id (`warscroll.spells`). Mystic Shield: Magic 2.0 example (CV 6, WARD (6+) this turn). */
export const SPELLS: Record<string, SpellDef> = {
  mysticShield: { name: 'Mystic Shield', castingValue: 6, target: 'friendly', range: 12, wholly: true },
  /** A generic damage spell for sample armies: D3 mortal damage on a visible enemy unit within 18". */
  arcaneBolt: { name: 'Arcane Bolt (generic)', castingValue: 7, target: 'enemy', range: 18, wholly: false },
};

/** Power level of a WIZARD (N) (Magic 1.1), 0 when not a wizard. `WIZARD` alone = 1. */
export function powerLevel(s: GameState, unitId: string): number {
  let best = 0;
  for (const k of rosterUnit(s, unitId).warscroll.keywords) {
    const m = /^\s*WIZARDS?\s*(?:\((\d+)\))?\s*$/i.exec(k);
    if (m) best = Math.max(best, m[1] ? Number(m[1]) : 1);
  }
  if (best === 0 && s.effects.some((e) => e.kind === 'unbindAsWizard' && e.unitId === unitId)) return -1;
  return best;
}

/** `cast` (Magic 2.0): casting roll 2D6; miscast on a double 1; enemy may Unbind if the roll reaches the CV. */
export function cast(c: Ctx, a: Extract<Action, { type: 'cast' }>): void {
  requireTurn(c);
  const s = c.s;
  const rule = 'Magic 2.0';
  if (s.phase !== 'hero' || a.player !== s.active) reject('spells are cast in your hero phase', rule);
  friendlyUnit(c, a.player, a.unitId, rule);
  const level = powerLevel(s, a.unitId);
  if (level <= 0) reject(`unit "${a.unitId}" is not a WIZARD`, 'Magic 1.1');
  const def = Object.prototype.hasOwnProperty.call(SPELLS, a.spell) ? SPELLS[a.spell] : undefined;
  const known = rosterUnit(s, a.unitId).warscroll.spells ?? [];
  if (!def || !known.includes(a.spell)) reject(`unit "${a.unitId}" does not know the spell "${a.spell}"`, 'Magic 6.0');
  if (s.magic.miscast.includes(a.unitId)) reject(`unit "${a.unitId}" miscast this phase`, rule);
  if ((s.magic.used[a.unitId] ?? 0) >= level) reject(`unit "${a.unitId}" already used ${level} spell(s) this phase (power level)`, 'Magic 1.1');
  if (s.magic.unitSpells.includes(`${a.unitId}|${a.spell}`)) reject(`unit "${a.unitId}" already used "${a.spell}" this phase`, 'Core 5.3');
  if (s.magic.spellsThisTurn[a.player].includes(a.spell)) reject(`another friendly WIZARD already cast "${a.spell}" this turn`, 'Magic 5.0');
  // Target (picked in the Declare step).
  if (def.target === 'friendly') friendlyUnit(c, a.player, a.target, rule);
  else enemyUnit(c, a.player, a.target, rule);
  if (!c.port.visible(a.unitId, a.target)) reject(`"${a.target}" is not visible to "${a.unitId}"`, rule);
  const inRange = def.wholly ? c.port.whollyWithin(a.target, a.unitId, def.range) : c.port.distance(a.unitId, a.target) <= def.range + 0.001;
  if (!inRange) reject(`"${a.target}" is not ${def.wholly ? 'wholly ' : ''}within ${def.range}" of "${a.unitId}"`, rule);
  s.magic.used[a.unitId] = (s.magic.used[a.unitId] ?? 0) + 1;
  s.magic.unitSpells.push(`${a.unitId}|${a.spell}`);
  s.magic.spellsThisTurn[a.player].push(a.spell);
  const dice = rollLogged(c, 2, 6, `cast:${a.unitId}:${a.spell}`, a.player);
  const bonus = s.effects.filter((e) => e.kind === 'castingBonus' && e.unitId === a.unitId).reduce((x, e) => x + (e.value ?? 0), 0);
  const roll = dice[0] + dice[1] + bonus;
  if (dice[0] === 1 && dice[1] === 1) {
    s.magic.miscast.push(a.unitId);
    c.events.push({ type: 'miscast', unitId: a.unitId, spell: a.spell, dice });
    const [d3] = rollLogged(c, 1, 3, `miscast:${a.unitId}`, a.player);
    mortalDamage(c, a.unitId, d3, `miscast:${a.unitId}`);
    return;
  }
  if (roll < def.castingValue) {
    c.events.push({ type: 'spellFailed', unitId: a.unitId, spell: a.spell, dice, roll, castingValue: def.castingValue });
    return;
  }
  c.events.push({ type: 'spellCastRoll', unitId: a.unitId, spell: a.spell, dice, roll });
  s.pendingSpell = { player: a.player, casterId: a.unitId, spell: a.spell, targetId: a.target, castingRoll: roll };
}

function resolveSpell(c: Ctx): void {
  const p = c.s.pendingSpell;
  if (!p) return;
  c.s.pendingSpell = null;
  const def = SPELLS[p.spell];
  c.events.push({ type: 'spellCast', unitId: p.casterId, spell: p.spell, target: p.targetId });
  if (p.spell === 'mysticShield') {
    c.s.effects.push({ kind: 'ward', unitId: p.targetId, value: 6, until: 'endOfTurn' });
  } else if (p.spell === 'arcaneBolt') {
    const [d3] = rollLogged(c, 1, 3, `spell:${p.casterId}:${p.spell}`, p.player);
    mortalDamage(c, p.targetId, d3, `spell:${p.casterId}`);
  }
  void def;
}

/** `unbind` (Magic 4.0): an enemy WIZARD within 30" of the caster; 2D6 greater than the casting roll unbinds. One Unbind per casting roll. */
export function unbind(c: Ctx, a: Extract<Action, { type: 'unbind' }>): void {
  const s = c.s;
  const p = s.pendingSpell;
  if (!p) reject('there is no spell to unbind', 'Magic 4.0');
  if (a.player === p.player) reject('only the opponent of the caster can Unbind', 'Magic 4.0');
  friendlyUnit(c, a.player, a.unitId, 'Magic 4.0');
  const level = powerLevel(s, a.unitId);
  const limit = level === -1 ? 1 : level;
  if (limit <= 0) reject(`unit "${a.unitId}" is not a WIZARD`, 'Magic 4.0');
  if ((s.magic.unbinds[a.unitId] ?? 0) >= limit) reject(`unit "${a.unitId}" already unbound ${limit} time(s) this phase`, 'Magic 4.0');
  if (c.port.distance(a.unitId, p.casterId) > 30 + 0.001) reject(`unit "${a.unitId}" is more than 30" from the caster`, 'Magic 4.0');
  s.magic.unbinds[a.unitId] = (s.magic.unbinds[a.unitId] ?? 0) + 1;
  const dice = rollLogged(c, 2, 6, `unbind:${a.unitId}`, a.player);
  const roll = dice[0] + dice[1];
  const unbound = roll > p.castingRoll;
  c.events.push({ type: 'unbindRoll', unitId: a.unitId, dice, roll, castingRoll: p.castingRoll, unbound });
  if (unbound) s.pendingSpell = null;
  else resolveSpell(c);
}

/** `pass` while a spell waits for Unbind: the opponent declines, the spell resolves. */
export function passSpell(c: Ctx, a: Extract<Action, { type: 'pass' }>): void {
  const p = c.s.pendingSpell;
  if (!p) reject('there is no spell waiting', 'Magic 4.0');
  if (a.player === p.player) reject(`${opponentOf(p.player)} decides whether to Unbind`, 'Magic 4.0');
  c.events.push({ type: 'passed', player: a.player });
  resolveSpell(c);
}

/** `activatePlaceOfPower` (Terrain 1.2): start of any turn; a HERO within 3" of a Place of Power; CORE. */
export function activatePlaceOfPower(c: Ctx, a: Extract<Action, { type: 'activatePlaceOfPower' }>): void {
  requireTurn(c);
  const s = c.s;
  if (s.phase !== 'startOfTurn') reject('Activate Place of Power is used at the start of any turn', 'Terrain 1.2');
  friendlyUnit(c, a.player, a.unitId, 'Terrain 1.2');
  if (!unitHasKeyword(s, a.unitId, 'HERO')) reject(`unit "${a.unitId}" is not a HERO`, 'Terrain 1.2');
  if (!c.port.nearPlaceOfPower(a.unitId, 3)) reject(`unit "${a.unitId}" is not within 3" of a Place of Power`, 'Terrain 1.2');
  useCore(c, a.unitId);
  const [d] = rollLogged(c, 1, 6, `placeOfPower:${a.unitId}`, a.player);
  if (d === 1) {
    c.events.push({ type: 'placeOfPower', unitId: a.unitId, roll: d, effect: 'mortal' });
    const [d3] = rollLogged(c, 1, 3, `placeOfPower-mortal:${a.unitId}`, a.player);
    mortalDamage(c, a.unitId, d3, `placeOfPower:${a.unitId}`);
    return;
  }
  const wizardOrPriest = powerLevel(s, a.unitId) > 0 || unitHasKeyword(s, a.unitId, 'PRIEST');
  s.effects.push(
    wizardOrPriest
      ? { kind: 'castingBonus', unitId: a.unitId, value: 1, until: 'endOfTurn' }
      : { kind: 'unbindAsWizard', unitId: a.unitId, until: 'endOfTurn' },
  );
  c.events.push({ type: 'placeOfPower', unitId: a.unitId, roll: d, effect: wizardOrPriest ? 'castingBonus' : 'unbindAsWizard' });
}
