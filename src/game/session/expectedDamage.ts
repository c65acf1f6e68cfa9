/**
 * Expected damage of one unit's weapons on a target before committing (`computeDamage`, the exact
 * distribution of Core 17.0-18.1): what the Play panel shows beside an attack.
 */
import { computeDamage, type DamageAttacker, type DamageOptions, type DamageTarget } from '../../rules/damage';
import type { GameState, GeometryPort } from '../../rules/engine';
import { profileChoices } from '../../rules/engine/attacks';
import { weaponAbilities } from '../../rules/engine/attackAbilities';
import { wardOf } from '../../rules/engine/core';
import { rosterEntry } from './roster';

/** Expected damage of one unit's weapons on a target (computeDamage, before committing). */
export type ExpectedDamage =
  | { ok: true; kind: 'shoot' | 'fight'; weapons: { weapon: string; models: number; value: number; slain: number }[]; value: number; slain: number; notes: string[] }
  | { ok: false; reason: string };

/**
 * Expected damage (computeDamage, exact distribution) of `unitId`'s weapons of the current kind
 * (shooting phase: ranged; otherwise melee) on `targetId`, with the models alive now. Range and
 * visibility are the engine's to check on commit; Champion +1 attack and Cover are not included.
 */
export function expectedDamageOf(s: GameState, unitId: string, targetId: string, kind?: 'shoot' | 'fight', port?: GeometryPort): ExpectedDamage {
  const a = s.units[unitId];
  const t = s.units[targetId];
  if (!a || !t) return { ok: false, reason: 'unknown unit' };
  const k = kind ?? (s.phase === 'shooting' ? 'shoot' : 'fight');
  const aru = rosterEntry(s, unitId)!;
  const tru = rosterEntry(s, targetId)!;
  const aliveA = aru.models.filter((m) => !a.slain.includes(m.id));
  const aliveT = tru.models.length - t.slain.length;
  if (aliveA.length === 0 || aliveT === 0) return { ok: false, reason: 'a unit has been destroyed' };
  const hasEffect = (kindE: string, id: string) => s.effects.some((e) => e.kind === kindE && e.unitId === id);
  // The ward the damage sequence will use (warscroll, abilities, commands; engine/core.ts wardOf).
  const ward = wardOf(s, targetId, port);
  const weapons: { weapon: string; models: number; value: number; slain: number }[] = [];
  const abilityRules = new Set<string>();
  for (const w of aru.weapons.filter((x) => (k === 'shoot' ? x.range !== 'melee' : x.range === 'melee'))) {
    const models = aliveA.filter((m) => !m.weapons || m.weapons.includes(w.name)).length;
    if (models === 0) continue;
    // The abilities in force for this weapon on this target, read as the engine's attack sequence reads them
    // (engine/attackAbilities.ts): modifiers, set characteristics, re-rolls, weapon abilities gained,
    // critical hits on N+, attacks that fail on an unmodified 1-N.
    const ab = weaponAbilities(s, port, unitId, targetId, w);
    for (const r of ab.rules) abilityRules.add(r);
    const target: DamageTarget = {
      save: tru.warscroll.save ?? '-',
      ...(ward !== null ? { ward } : {}),
      health: tru.warscroll.health,
      models: aliveT,
      keywords: [...tru.warscroll.keywords],
      charged: t.turn.charged,
      modifiers: { save: [hasEffect('allOutDefence', targetId) ? 1 : 0, ab.save] },
    };
    const attacker: DamageAttacker = {
      models,
      weapon: { attacks: ab.setAttacks ?? w.attacks, hit: w.hit, wound: w.wound, rend: ab.setRend ?? w.rend, damage: ab.setDamage ?? w.damage, abilities: [...new Set([...ab.grants, ...(w.abilities ?? [])])] },
      charged: a.turn.charged,
      modifiers: { hit: [hasEffect('allOutAttack', unitId) ? 1 : 0, ab.hit], wound: [ab.wound] },
    };
    const options: DamageOptions = {
      critOn: ab.critOn,
      failHitUpTo: ab.failHit,
      failWoundUpTo: ab.failWound,
      reroll: { hit: ab.rerollHit, wound: ab.rerollWound, save: ab.rerollSave },
      attacksAdd: ab.attacks,
      damageAdd: ab.damage,
      ...(ab.damageTimes !== undefined ? { damageTimes: ab.damageTimes } : {}),
      rendAdd: ab.rend,
    };
    try {
      const r = computeDamage(attacker, target, options);
      weapons.push({ weapon: w.name, models, value: r.value, slain: r.slain });
    } catch (e) {
      return { ok: false, reason: `${w.name}: ${(e as Error).message}` };
    }
  }
  // Alternative profiles (issue 28): only the one the declaration picks by default counts.
  // With the game's port, the profile a plain declaration fires: the one its models in range can use best (issue 35).
  const notPicked = new Set(profileChoices(s, unitId, targetId, k, port).filter((c) => !c.isDefault).map((c) => c.profile));
  weapons.splice(0, weapons.length, ...weapons.filter((w) => !notPicked.has(w.weapon)));
  if (weapons.length === 0) return { ok: false, reason: `"${aru.name}" has no ${k === 'shoot' ? 'ranged' : 'melee'} weapons` };
  return {
    ok: true,
    kind: k,
    weapons,
    value: weapons.reduce((x, y) => x + y.value, 0),
    slain: Math.min(aliveT, weapons.reduce((x, y) => x + y.slain, 0)),
    notes: [
      'per weapon, all alive models armed with it; not counted: Champion +1 Attack, Cover, Guarded Hero, range/visibility (checked on commit)',
      ...(abilityRules.size > 0 ? [`abilities counted: ${[...abilityRules].join(', ')}`] : []),
    ],
  };
}
