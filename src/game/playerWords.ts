/**
 * Words a player reads (issue 28, item 10): every log line, option label and refusal names units,
 * models, spells, prayers, commands, battle tactics and terrain as the rules and the roster do,
 * never by the engine's ids ("swampcalla-shaman-with-pot-grot", "forwardToVictory", "arcaneBolt",
 * "sk-clawlord", a terrain id). The engine keeps its ids (they are its data and its refusals'
 * contract); {@link playerWords} rewrites a finished text for people.
 *
 * @module
 */
import { PRAYERS, SPELLS } from '../rules/engine/magic';
import type { GameState } from '../rules/engine/state';
import { COMMAND_NAMES } from '../rules/engine/reactionWindows';

/** Battle tactic names as the battle tactic cards write them (BattleTactics 3.0). */
export const TACTIC_NAMES: Record<string, string> = {
  doNotWaver: 'Do Not Waver',
  slayTheEntourage: 'Slay the Entourage',
  attackOnTwoFronts: 'Attack on Two Fronts',
  takeTheirLand: 'Take Their Land',
  seizeTheCentre: 'Seize the Centre',
  takeTheFlanks: 'Take the Flanks',
};

/** Phase names (Core 13.0), and the engine's action and move kinds in words, for refusals that name them. */
const PHASE_WORDS: Record<string, string> = {
  startOfTurn: 'start of the turn',
  endOfTurn: 'end of the turn',
  chooseFirstTurn: 'choose who takes the first turn',
  endPhase: 'end the phase',
  chooseContestedObjective: 'choose the objective it contests',
  rollMove: 'pick to move',
  spendRally: 'spend rally points',
  allocateDamage: 'allocate damage',
  setSlainPriority: 'pick slain models',
  activatePlaceOfPower: 'Activate Place of Power',
  tacticalGambit: 'Tactical Gambit',
  deployTerrain: 'Deploy Faction Terrain',
  deployRegiment: 'Deploy Regiment',
  deployUnit: 'Deploy Unit',
  endDeployment: 'finish deploying',
  answerPrayer: 'answer the prayer',
  setUpReserve: 'set up from reserve',
  pileIn: 'pile-in',
  weaponTargets: 'weapon targets',
  pendingMove: 'the declared move',
  // Session 41 (ui41): the purpose of the roll made for a unit an ability's move passed across (sh40f, `passedAcross40f.ts`).
  passedAcross: 'passed across',
};

/** The table's named things: terrain features and objectives (a scenario's `terrain` / `objectives`). */
export interface TableNames {
  terrain?: readonly { id: string; name?: string }[];
  objectives?: readonly { id: string; name?: string }[];
}

/** A terrain feature without a name: its id in words ("command-tower" → "command tower"). */
const idWords = (id: string) => id.replace(/[-_]+/g, ' ').trim();

/** The words every game shares: spells, prayers, commands, battle tactics, phases and action kinds. */
function addFixedWords(d: Map<string, string>): void {
  for (const [k, v] of Object.entries(SPELLS)) d.set(k, v.name);
  for (const [k, v] of Object.entries(PRAYERS)) d.set(k, v.name);
  for (const [k, v] of Object.entries(COMMAND_NAMES)) if (/[A-Z]/.test(k)) d.set(k, v);
  for (const [k, v] of Object.entries(TACTIC_NAMES)) d.set(k, v);
  for (const [k, v] of Object.entries(PHASE_WORDS)) d.set(k, v);
}

/**
 * A model's number within its unit as a player counts it (1-based): the number the importer and
 * the sample armies end a model's id with (`gutrippaz.3`, `sce-liberators-3` → 3), else its
 * place in `modelIds` (roster order).
 */
export function modelNumber(unitId: string, modelId: string, modelIds: readonly string[]): number {
  const m = modelId.startsWith(unitId) ? /^[.-](?:m)?(\d+)$/.exec(modelId.slice(unitId.length)) : null;
  return m ? Number(m[1]) : modelIds.indexOf(modelId) + 1;
}

/** A model in words: "Gutrippaz (model 3)", or the unit's name for a unit of one model. */
export function modelWords(unit: { id: string; name: string }, modelId: string, modelIds: readonly string[], models = modelIds.length): string {
  return models > 1 ? `${unit.name} (model ${modelNumber(unit.id, modelId, modelIds)})` : unit.name;
}

/** Units as a page knows them (the game summary's units: ids, names, the models alive and how many there were). */
export interface NamedUnit {
  id: string;
  name: string;
  /** How many models the unit has (alive or slain). */
  models: number;
  aliveModelIds: readonly string[];
}

/**
 * The id → words dictionary of a game: units and manifestations (roster names), models
 * ("Clanrats (model 3)"), faction terrain and the table's terrain (their names), spells and
 * prayers (with `summon:<id>`), commands, battle tactics (with `slayTheEntourage:<unit>`).
 */
export function playerDictionary(s: GameState, table: TableNames = {}): Map<string, string> {
  const d = new Map<string, string>();
  for (const p of ['p1', 'p2'] as const) {
    const r = s.players[p].roster;
    for (const u of [...r.units, ...(r.manifestations ?? [])]) {
      d.set(u.id, u.name);
      u.models.forEach((m, i) => d.set(m.id, u.models.length > 1 ? `${u.name} (model ${i + 1})` : u.name));
      d.set(`slayTheEntourage:${u.id}`, `${TACTIC_NAMES.slayTheEntourage} (${u.name})`);
      d.set(`summon:${u.id}`, `Summon ${u.name}`);
    }
    for (const t of r.factionTerrain ?? []) d.set(t.id, t.name);
  }
  for (const t of table.terrain ?? []) if (!d.has(t.id)) d.set(t.id, t.name ?? idWords(t.id));
  for (const o of table.objectives ?? []) if (o.name && !d.has(o.id)) d.set(o.id, o.name);
  addFixedWords(d);
  return d;
}

/**
 * The page's id → words dictionary, from what the page knows of the game (issue 35): the summary's
 * units (names; alive models by their number; `removed`, the slain models, named by the unit whose
 * id starts theirs), the table's terrain and objectives, and the fixed words (spells, commands,
 * tactics, phases). The same words as {@link playerDictionary} for the ids the importer and the
 * sample armies write.
 */
export function pageDictionary(units: readonly NamedUnit[], removed: readonly string[] = [], table: TableNames = {}): Map<string, string> {
  const d = new Map<string, string>();
  for (const u of units) {
    d.set(u.id, u.name);
    d.set(`slayTheEntourage:${u.id}`, `${TACTIC_NAMES.slayTheEntourage} (${u.name})`);
    d.set(`summon:${u.id}`, `Summon ${u.name}`);
    for (const m of u.aliveModelIds) d.set(m, modelWords(u, m, u.aliveModelIds, u.models));
  }
  for (const m of removed) {
    if (d.has(m)) continue;
    const u = units.filter((x) => m.startsWith(x.id) && /^[.-]/.test(m.slice(x.id.length))).sort((a, b) => b.id.length - a.id.length)[0];
    if (u) d.set(m, modelWords(u, m, u.aliveModelIds, u.models));
  }
  for (const t of table.terrain ?? []) if (!d.has(t.id)) d.set(t.id, t.name ?? idWords(t.id));
  for (const o of table.objectives ?? []) if (o.name && !d.has(o.id)) d.set(o.id, o.name);
  addFixedWords(d);
  return d;
}

/**
 * `text` without the rules inventory's internal references (`A-G28`, `INVENTORY G6`), which a
 * player cannot look up: "(Core 15.2, A-G28)" → "(Core 15.2)", "(A-G9)" → "".
 */
export function withoutInternalRefs(text: string): string {
  if (!/\bA-G\d|\bINVENTORY\b/.test(text)) return text;
  return text
    .replace(/\s*\bINVENTORY\b(?:\s+[A-Z]-?[A-Z]?\d+\b)?/g, '')
    .replace(/(?:\s*(?:,|\band\b)\s*)?\bA-G\d+\b/g, '')
    .replace(/\(\s*(?:,|and\b)\s*/g, '(')
    .replace(/\s*\(\s*\)/g, '')
    .replace(/\s*,\s*\)/g, ')')
    .replace(/^\s*,\s*/, '')
    .replace(/(\S)[ \t]{2,}/g, '$1 ');
}

/** An id-like token: letters, digits and `_ . : / -`, starting and ending with a letter or digit. */
const TOKEN = /[A-Za-z0-9_](?:[A-Za-z0-9_.:/-]*[A-Za-z0-9_])?/g;

/**
 * `text` with every id of the game in words (see {@link playerDictionary}): `unit "x"` and `"x"`
 * become the name (no quotes), bare ids their words; other text is unchanged.
 * @param dictionary - from {@link playerDictionary} (build it once per state).
 */
export function playerWords(text: string, dictionary: ReadonlyMap<string, string>): string {
  return withoutInternalRefs(text)
    .replace(/\b(?:units?|models?) "([^"]+)"/g, (all, id: string) => dictionary.get(id) ?? all)
    .replace(/\bmodel ([A-Za-z0-9_](?:[A-Za-z0-9_.:/-]*[A-Za-z0-9_])?)/g, (all, id: string) => dictionary.get(id) ?? all)
    .replace(/"([^"]+)"/g, (all, id: string) => dictionary.get(id) ?? all)
    .replace(TOKEN, (t) => dictionary.get(t) ?? t);
}
