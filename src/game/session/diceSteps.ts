/**
 * The dice steps of an accepted action, as the dice tray shows them: every roll of the engine's log
 * in order, with its target number and how many dice succeeded, worked out the way the engine
 * counted them (Core 17.0-18.1, Magic 2.0/4.0, Commands 2.0).
 */
import { SPELLS, type GameEvent, type GameState, type LogEntry, type PlayerId } from '../../rules/engine';
import { ROLL_RULES } from './battleLog';
import { rosterEntry, unitName } from './roster';
import { abilityRollWords } from './abilityRollWords41';

/**
 * One roll of an accepted action, as the dice tray shows it: the engine's dice (from its log, in
 * the order rolled), which roll it is and, for rolls against a target number (hit, wound, save,
 * ward, casting, unbinding, charge…), the target and how many dice succeeded.
 */
export interface DiceStep {
  /** Index of the action that rolled it (0-based). */
  seq: number;
  /** The engine log's roll purpose (`hit:<unit>:<weapon>`, `charge:<unit>`, …). */
  purpose: string;
  /** Short name of the roll: `Hit rolls`, `Charge roll`… */
  label: string;
  /** Who and with what (unit, weapon, target). */
  detail: string;
  rule: string;
  player: PlayerId | null;
  /** Sides of the dice (6, or 3 for a D3: the value is shown on a six-sided die's face). */
  sides: number;
  /** The engine's values, in the order rolled. */
  dice: number[];
  /** What a die (or the total) needs, e.g. `3+`, `≥ 7 (casting value)`; absent for plain values. */
  target?: string;
  /** Dice that succeeded (or, for totals, 1 when the total did). */
  successes?: number;
  /** The outcome in words, e.g. `4 hits`, `total 8"`. */
  outcome: string;
}

const ROLL_LABELS: Record<string, string> = {
  priority: 'Priority roll',
  run: 'Run roll',
  'charge-reroll': 'Charge re-roll',
  'run-reroll': 'Run re-roll',
  charge: 'Charge roll',
  rally: 'Rally dice',
  redeploy: 'Redeploy roll',
  attacks: 'Random Attacks',
  hit: 'Hit rolls',
  wound: 'Wound rolls',
  save: 'Save rolls',
  damage: 'Random Damage',
  ward: 'Ward rolls',
  cast: 'Casting roll',
  miscast: 'Miscast D3',
  unbind: 'Unbinding roll',
  spell: 'Spell effect D3',
  'placeOfPower-mortal': 'Place of Power mortal D3',
  placeOfPower: 'Place of Power roll',
  retreat: 'Retreat mortal D3',
};

const sum = (d: readonly number[]) => d.reduce((a, b) => a + b, 0);
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const signed = (n: number) => (n > 0 ? `+${n}` : `${n}`);
const rollTarget = (v: number | string | null | undefined) => (typeof v === 'number' ? v : Number(/\d+/.exec(String(v ?? ''))?.[0] ?? 7));

/**
 * The dice steps of one accepted action: every roll of the engine's log (in order), with its
 * target number and successes worked out the way the engine counted them (attacks.ts, core.ts,
 * magic.ts, reduce.ts): hits need the weapon's Hit (modified, capped), an unmodified 1 fails and an
 * unmodified 6 hits; wounds the weapon's Wound; saves the target's Save (modified); wards the ward.
 */
export function diceSteps(seq: number, newLog: readonly LogEntry[], events: readonly GameEvent[], s: GameState): DiceStep[] {
  const out: DiceStep[] = [];
  const evs = events as readonly (GameEvent & Record<string, unknown>)[];
  const attacks = evs.filter((e) => e.type === 'attacksResolved');
  const weaponOf = (unitId: string, weapon: string) => {
    const u = s.units[unitId];
    return u ? rosterEntry(s, unitId)?.weapons.find((w) => w.name === weapon) : undefined;
  };
  for (const e of newLog) {
    if (e.kind !== 'roll') continue;
    const [prefix, ...rest] = e.purpose.split(':');
    const dice = [...e.dice];
    const sides = dice.every((d) => d <= 3) && /mortal|miscast|spell|retreat/.test(prefix) ? 3 : 6;
    const base = { seq, purpose: e.purpose, label: ROLL_LABELS[prefix] ?? prefix, rule: (ROLL_RULES.find(([k]) => k === prefix) ?? ['', 'Core 26.0'])[1], player: e.player, sides, dice };
    const n = (id: string | undefined) => (id === undefined ? '' : s.units[id] ? unitName(s, id) : id);
    const unit = rest[0];
    const weapon = rest.slice(1).join(':');
    const step = (x: Omit<DiceStep, keyof typeof base>): DiceStep => ({ ...base, ...x });
    switch (prefix) {
      case 'hit': {
        const ev = attacks.find((a) => a.unitId === unit && a.weapon === weapon);
        const hit = rollTarget(weaponOf(unit, weapon)?.hit);
        const mod = Number(ev?.hitModifier ?? 0);
        const ok = dice.filter((d) => d !== 1 && (d === 6 || d + mod >= hit)).length;
        const crits = dice.filter((d) => d === 6).length;
        const crit = (weaponOf(unit, weapon)?.abilities ?? []).find((x) => x === 'crit-mortal' || x === 'crit-auto-wound' || x === 'crit-2-hits');
        const critText = crit === 'crit-mortal' ? ': mortal damage, no wound roll' : crit === 'crit-auto-wound' ? ': wound automatically' : crit === 'crit-2-hits' ? ': 2 hits each' : '';
        out.push(step({ detail: `${n(unit)} · ${weapon}${ev ? ` → ${n(String(ev.target))}` : ''}`, target: `${hit}+${mod ? ` (modifier ${signed(mod)})` : ''}`, successes: ok, outcome: `${plural(ok, 'hit')} of ${dice.length}${crits ? ` (${crits} critical${critText})` : ''}` }));
        break;
      }
      case 'wound': {
        const ev = attacks.find((a) => a.unitId === unit && a.weapon === weapon);
        const wound = rollTarget(weaponOf(unit, weapon)?.wound);
        const ok = dice.filter((d) => d !== 1 && d >= wound).length;
        out.push(step({ detail: `${n(unit)} · ${weapon}${ev ? ` → ${n(String(ev.target))}` : ''}`, target: `${wound}+`, successes: ok, outcome: `${plural(ok, 'wound')} of ${dice.length}` }));
        break;
      }
      case 'save': {
        // `save:<target>:<weapon>`
        const ev = attacks.find((a) => a.target === unit && a.weapon === weapon);
        const t = s.units[unit];
        const save = t ? rosterEntry(s, unit)?.warscroll.save : undefined;
        const mod = Number(ev?.saveModifier ?? 0);
        const sv = rollTarget(save);
        const ok = dice.filter((d) => d !== 1 && d + mod >= sv).length;
        // Why a roll that meets the Save failed: the modifier (rend, Core 17.1) took it under (issue 18).
        const lost = dice.filter((d) => d !== 1 && d >= sv && d + mod < sv);
        const worst = lost.length ? Math.max(...lost) : 0;
        const why = worst ? `; ${lost.length === 1 ? `the ${worst} fails` : `${lost.length} rolls of ${sv}+ fail (the best a ${worst})`}: ${worst} ${mod < 0 ? '−' : '+'} ${Math.abs(mod)} = ${worst + mod}, under ${sv}+ (modifier ${signed(mod)}, Core 17.1)` : '';
        out.push(step({ detail: `${n(unit)} against ${weapon}${ev ? ` (${n(String(ev.unitId))})` : ''}`, target: `${sv}+${mod ? ` (modifier ${signed(mod)})` : ''}`, successes: ok, outcome: `${plural(ok, 'save')} of ${dice.length}: ${plural(dice.length - ok, 'unsaved attack')}${why}` }));
        break;
      }
      case 'ward': {
        const ev = evs.find((x) => x.type === 'damageResolved' && x.unitId === unit);
        const ward = Number(ev?.ward ?? 7);
        const ok = dice.filter((d) => d >= ward).length;
        out.push(step({ detail: n(unit), target: `${ward}+`, successes: ok, outcome: `${plural(ok, 'damage point')} negated of ${dice.length}` }));
        break;
      }
      case 'charge':
        out.push(step({ detail: n(unit), outcome: `charge roll ${sum(dice)}"` }));
        break;
      case 'charge-reroll':
      case 'run-reroll': {
        // A re-roll of some of the dice (rollRerolls.ts): the event has the whole roll, modified.
        const ev = evs.find((x) => x.type === (prefix === 'run-reroll' ? 'runReroll' : 'chargeReroll') && x.unitId === unit);
        const total = ev !== undefined ? Number(ev.roll) : sum(dice);
        out.push(step({ detail: n(unit), outcome: prefix === 'run-reroll' ? `run roll ${total}: may move up to ${ev?.maxInches ?? '?'}"` : `charge roll ${total}"` }));
        break;
      }
      case 'run':
        out.push(step({ detail: n(unit), outcome: `may move Move + ${sum(dice)}"` }));
        break;
      case 'cast': {
        const sp = SPELLS[weapon];
        const total = sum(dice);
        const ok = sp ? total >= sp.castingValue && !(dice[0] === 1 && dice[1] === 1) : undefined;
        out.push(step({ detail: `${n(unit)} · ${sp?.name ?? weapon}`, ...(sp ? { target: `${sp.castingValue}+ (casting value)`, successes: ok ? 1 : 0 } : {}), outcome: `total ${total}${dice.length === 2 && dice[0] === 1 && dice[1] === 1 ? ' — a double 1: miscast' : ok === undefined ? '' : ok ? ': cast' : ': failed'}` }));
        break;
      }
      case 'unbind': {
        const ev = evs.find((x) => x.type === 'unbindRoll');
        const total = sum(dice);
        out.push(step({ detail: n(unit), ...(ev ? { target: `> ${ev.castingRoll} (the casting roll)`, successes: ev.unbound ? 1 : 0 } : {}), outcome: `total ${total}${ev ? (ev.unbound ? ': unbound' : ': failed') : ''}` }));
        break;
      }
      case 'rally': {
        const ok = dice.filter((d) => d >= 4).length;
        out.push(step({ detail: n(unit), target: '4+', successes: ok, outcome: plural(ok, 'rally point') }));
        break;
      }
      case 'priority':
        out.push(step({ detail: e.player ?? '', outcome: `${e.player ?? ''} rolls ${sum(dice)}` }));
        break;
      default: {
        const ab = abilityRollWords(s, e.purpose); // session 41 (ui41): an ability's roll by its name, not its ids
        if (ab) out.push({ ...step({ detail: [ab.unit, ab.what].filter(Boolean).join(' · '), outcome: dice.length > 1 ? `total ${sum(dice)}` : `${sum(dice)}` }), label: ab.ability });
        else out.push(step({ detail: [n(unit), weapon].filter(Boolean).join(' · '), outcome: dice.length > 1 ? `total ${sum(dice)}` : `${sum(dice)}` }));
      }
    }
  }
  return out;
}
