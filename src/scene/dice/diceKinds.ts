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

const DARK = '#1d1a16';
const LIGHT = '#ffffff';
/** Colour and pips per roll purpose: [body, pips]. */
const COLORS: Record<string, [string, string]> = {
  hit: ['#f3ead8', DARK],
  attacks: ['#f3ead8', DARK],
  wound: ['#c8372d', '#fff6ea'],
  save: ['#2f6fc9', LIGHT],
  ward: ['#2aa39a', LIGHT],
  damage: ['#f0902e', DARK],
  charge: ['#8a55d6', LIGHT],
  'charge-reroll': ['#8a55d6', LIGHT],
  run: ['#5ec4e8', DARK],
  redeploy: ['#5ec4e8', DARK],
  cast: ['#2f9e5b', LIGHT],
  miscast: ['#2f9e5b', LIGHT],
  spell: ['#2f9e5b', LIGHT],
  unbind: ['#1f6b3e', LIGHT],
  chant: ['#e8c33a', DARK],
  placeOfPower: ['#e8c33a', DARK],
  'placeOfPower-mortal': ['#e8c33a', DARK],
  rally: ['#d9d24a', DARK],
  retreat: ['#7d7f86', LIGHT],
  priority: ['#9aa3ad', DARK],
};
const OTHER: [string, string] = ['#cfd4da', DARK];

/** The kind of a roll from its engine purpose (`hit:sce-judicators:Boomstrike Crossbow` → hit). */
export function diceKind(purpose: string): DiceKind {
  const key = purpose.split(':')[0];
  const [color, pips] = COLORS[key] ?? OTHER;
  return { key: COLORS[key] ? key : 'other', color, pips };
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
