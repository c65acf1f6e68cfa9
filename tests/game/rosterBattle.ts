/**
 * The scripted roster battle of issue 34 (session 41, vit41: one driver for the test and the benches). Each fixture
 * roster of `tests/fixtures/rosters/new-recruit`, imported with its abilities (ARMY.md), is p1 in a headless game
 * against the Stormcast sample army on {@link FLAT_TABLE}, seed 34, set up automatically (Core 10.1). The script
 * (`playScriptedBattle`): the deployment window (Core 10.0), the first turn to p1, then every phase of battle round
 * 1 ended in order, and on until p2 has cast Mystic Shield in a hero phase of its own (Magic 4.0: the spell waits for
 * p1's unbind, so p1's "Opponent declared a Spell ability" reactions open, Core 5.2 step 2). At each step of round 1
 * the options of each p1 unit holding an ability whose window is that step (Core 5.1) and not listed yet are asked,
 * then the general options; while the spell waits, the same for p1's reactions.
 *
 * Used by `tests/game/rosterAbilities.test.ts` (what is listed where), `bench/rosterBattle40.ts` (the CPU of the
 * listings) and `bench/optionsCopy.ts` (two checkouts in lockstep). Imports types only, so a bench can drive the
 * session of another checkout.
 */
import type { Ability } from '../../src/rules/abilities/schema';

/** The fixture rosters' folder (one folder per roster, `list.ros` inside). */
export const ROSTERS_DIR = new URL('../fixtures/rosters/new-recruit/', import.meta.url).pathname;

/** A flat table (no terrain: the battle is about timings), two 30"-deep territories 20" apart. */
export const FLAT_TABLE = {
  name: 'Flat table for the roster abilities',
  battlefield: { width: 120, depth: 80 },
  terrain: [],
  objectives: [{ id: 'obj-centre', position: [60, 40], diameterMm: 40 }],
  territories: {
    south: [[0, 0], [120, 0], [120, 30], [0, 30]],
    north: [[0, 50], [120, 50], [120, 80], [0, 80]],
  },
  units: [],
};

/** An imported roster as the script reads it (ARMY.md: each unit's warscroll abilities, the army's own). */
export type RosterArmy = { units: { id: string; warscroll: { abilities?: Ability[] } }[]; abilities?: Ability[] };

/** The step (engine phase name, or `deployment`) where an ability's window opens; null for passives and reactions. */
export function stepOf(a: Pick<Ability, 'timing'>): string | null {
  const w = a.timing.when;
  if (w === 'startOfRound') return 'startOfTurn';
  if (w === 'endOfRound') return 'endOfTurn';
  if (w === 'passive' || w === 'reaction') return null;
  return w;
}

/** Does this reaction wait for a declaration the scripted battle makes (p2's spell)? */
export const spellTriggered = (a: Pick<Ability, 'timing'>): boolean => /^opponent declared[^.]*\bspell\b/i.test((a.timing.reaction ?? '').replace(/\*\*|\^\^/g, ''));

/** The `startOnTable` input of a roster's battle: `army` as p1 (south) against `opponent` (north), seed 34, set up automatically. */
export function battleInput<A, B>(army: A, opponent: B) {
  return { scenario: structuredClone(FLAT_TABLE), armies: { p1: { army: 'south', roster: army }, p2: { army: 'north', roster: opponent } }, seed: 34, deploy: 'auto' as const };
}

/** An options entry as the script reads it. */
export interface ListedEntry {
  readonly group: string;
  readonly action: { readonly player?: string };
}

/** What the script drives: `GameSession`, or a bench's wrapper that times or compares its calls. */
export interface ScriptedSession<E extends ListedEntry> {
  state(): { readonly stage: string; readonly round: number; readonly active?: string | null; readonly phase?: string | null; readonly decider?: string | null; readonly pendingSpell?: unknown };
  act(action: Record<string, unknown>): { ok: true; events: readonly { readonly type: string }[] } | { ok: false; reason: string; rule?: string };
  options(unitId: string): { ok: true; entries: readonly E[] } | { ok: false; reason: string };
  generalOptions(): readonly E[];
}

/** The ability id an options entry lists (`ability:<id>`, or `ability:<id>|<choice>` for a choice, session 37), for p1; else null. */
export function listedAbility(e: ListedEntry): string | null {
  if (!e.group.startsWith('ability:') || e.action.player !== 'p1') return null;
  return e.group.slice('ability:'.length).split('|')[0];
}

/**
 * Plays the scripted battle on `api`, started with {@link battleInput} and still in its deployment window. Each
 * listing (a p1 unit's `options`, then `generalOptions`, at a step) goes to `onListed` with where it was made
 * (`<active player or "deployment"> <step>`, `reaction` for p1's reactions to the spell).
 * @returns whether p2's spell was cast (`spellCastRoll`), the steps looked at, in order.
 * @throws Error naming `label` when an action of the script is refused or a unit's options fail.
 */
export function playScriptedBattle<E extends ListedEntry>(api: ScriptedSession<E>, army: RosterArmy, label: string, onListed: (entries: readonly E[], where: string) => void): { spellWaited: boolean; steps: string[] } {
  const abilitiesOf = new Map(army.units.map((u) => [u.id, [...(u.warscroll.abilities ?? []), ...(army.abilities ?? [])]]));
  const listed = new Set<string>();
  const steps: string[] = [];
  const record = (entries: readonly E[], where: string) => {
    for (const e of entries) {
      const id = listedAbility(e);
      if (id !== null) listed.add(id);
    }
    onListed(entries, where);
  };
  /** Options of each p1 unit with an ability opening at `step` (or a reaction, while one waits) not listed yet. */
  const look = (step: string, reactions: boolean) => {
    const where = `${api.state().active ?? 'deployment'} ${step}`;
    steps.push(where);
    for (const [unitId, abilities] of abilitiesOf) {
      if (!abilities.some((a) => (reactions ? a.timing.when === 'reaction' : stepOf(a) === step || a.timing.when === 'any') && !listed.has(a.id))) continue;
      const o = api.options(unitId);
      if (!o.ok) throw new Error(`${label} ${where} ${unitId}: ${o.reason}`);
      record(o.entries, where);
    }
    record(api.generalOptions(), where);
  };
  const act = (a: Record<string, unknown>) => {
    const x = api.act(a);
    if (!x.ok) throw new Error(`${label}: ${JSON.stringify(a)} refused: ${x.reason} (${x.rule})`);
  };
  look('deployment', false);
  // Battle round 1 step by step; then on (p2's hero phases only) until p2's spell has waited for p1.
  let spellWaited = false;
  for (let k = 0; k < 120 && !(api.state().round > 1 && spellWaited); k++) {
    const s = api.state();
    if (s.stage === 'ended') break;
    if (s.stage === 'firstTurn') {
      act({ type: 'chooseFirstTurn', player: s.decider, first: 'p1' });
      continue;
    }
    if (s.round === 1) look(s.phase as string, false);
    if (s.active === 'p2' && s.phase === 'hero' && !spellWaited) {
      // A spell cast waits for p1's unbind (Magic 4.0): p1's "Opponent declared a Spell ability" reactions open.
      const x = api.act({ type: 'cast', player: 'p2', unitId: 'sce-incantor', spell: 'mysticShield', target: 'sce-incantor' });
      if (!x.ok) throw new Error(`${label}: the cast was refused: ${x.reason}`);
      if (api.state().pendingSpell !== null) {
        look('reaction', true);
        act({ type: 'pass', player: 'p1' });
      }
      // Cast (not failed): it waited, or p1 had no reaction and passed automatically (nothing to list then).
      spellWaited = x.events.some((e) => e.type === 'spellCastRoll');
    }
    act({ type: 'endPhase', player: s.active });
  }
  return { spellWaited, steps };
}
