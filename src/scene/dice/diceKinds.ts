/**
 * What a die is thrown for, and its colour on the table: the dice of one throw are grouped by the
 * roll they belong to (hit rolls, wound rolls, save rolls, damage, charge, casting, chanting,
 * unbinding, rally…), each group in its own colour, as players throw differently coloured dice at
 * a real table. Keyed by the engine log's roll purpose prefix (`hit:<unit>:<weapon>` → `hit`).
 */

/** A kind of roll: its name on the table and the colour of its dice. */
export interface DiceKind {
  /** The roll purpose prefix (`hit`, `wound`, `save`, …); `other` for the rest. */
  key: string;
  /** Body colour of the dice (CSS hex). */
  color: string;
  /** Pip colour (dark on light dice, light on dark ones). */
  pips: string;
}

const KINDS: Record<string, { color: string; pips: string }> = {
  hit: { color: '#f3ead8', pips: '#1d1a16' },
  attacks: { color: '#f3ead8', pips: '#1d1a16' },
  wound: { color: '#c8372d', pips: '#fff6ea' },
  save: { color: '#2f6fc9', pips: '#ffffff' },
  ward: { color: '#2aa39a', pips: '#ffffff' },
  damage: { color: '#f0902e', pips: '#1d1a16' },
  charge: { color: '#8a55d6', pips: '#ffffff' },
  'charge-reroll': { color: '#8a55d6', pips: '#ffffff' },
  run: { color: '#5ec4e8', pips: '#1d1a16' },
  redeploy: { color: '#5ec4e8', pips: '#1d1a16' },
  cast: { color: '#2f9e5b', pips: '#ffffff' },
  miscast: { color: '#2f9e5b', pips: '#ffffff' },
  spell: { color: '#2f9e5b', pips: '#ffffff' },
  unbind: { color: '#1f6b3e', pips: '#ffffff' },
  chant: { color: '#e8c33a', pips: '#1d1a16' },
  placeOfPower: { color: '#e8c33a', pips: '#1d1a16' },
  'placeOfPower-mortal': { color: '#e8c33a', pips: '#1d1a16' },
  rally: { color: '#d9d24a', pips: '#1d1a16' },
  retreat: { color: '#7d7f86', pips: '#ffffff' },
  priority: { color: '#9aa3ad', pips: '#1d1a16' },
};
const OTHER = { color: '#cfd4da', pips: '#1d1a16' };

/** The kind of a roll from its engine purpose (`hit:sce-judicators:Boomstrike Crossbow` → hit). */
export function diceKind(purpose: string): DiceKind {
  const key = purpose.split(':')[0];
  const k = KINDS[key];
  return k ? { key, ...k } : { key: 'other', ...OTHER };
}

/** One group of dice of a throw: the dice of one roll, in one colour. */
export interface DiceGroup {
  /** The roll's name as shown (`Hit rolls`, `Charge roll`…). */
  label: string;
  /** The engine's purpose (`hit:<unit>:<weapon>`), for the colour. */
  purpose: string;
  /** The faces the engine rolled, in order (1..6; a D3's value is shown on a six-sided die). */
  faces: number[];
}

/** One throw: its id (changes for every new set of dice) and its groups. */
export interface DiceThrow {
  id: number;
  groups: DiceGroup[];
}
