/**
 * Session 41 (ui41b): the by-hand dialog's entries for the effects sh41b and sh41c added to the engine, on the
 * engine's kit with the real texts (imported from the fixture rosters): Depict Rune (lrl-001) names the rune depicted on
 * the battle scripture (`{rune41c: R}`, `remove: true`; `GameState.runes41c`), Anointed Ritualist (dok-001) names its
 * target anointed (`{anointed41b: true}`; `GameState.anointed41b`). Each entry is offered first for its ability, built
 * by `effectForm.ts` from the game's own by-hand option (`byHandOptions`, the units the dialog shows) and applied by the
 * engine's `resolveByHand`.
 *
 * Rules: Depict Rune, Anointed Ritualist (battle traits); Core 5.2 (the units a by-hand effect may name).
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { play, refused, roster, tablePortAt } from '../../../rules/engine/abilityKit.test-helpers';
import { importArmy } from '../../../army/importArmy';
import { byHandOptions } from '../../../game/byHandOptions';
import { effectWords } from '../../../game/abilityWords';
import { scriptureKnown } from '../../../rules/abilities/runes41c';
import { reduce } from '../../../rules/engine/reduce';
import type { Ability } from '../../../rules/abilities/schema';
import { createGame, type GameState } from '../../../rules/engine/state';
import type { RosterInput } from '../../../rules/engine/roster';
import { buildEffect, EFFECT_KINDS, effectKindsFor } from './effectForm';

/** The ability named `name` of a fixture roster, as imported (its real texts, timing and what the parser read). */
function real(dir: string, name: string): Ability {
  const army = importArmy(new Uint8Array(readFileSync(`tests/fixtures/rosters/new-recruit/${dir}/list.json`)), `${dir}/list.json`).army;
  const a = [...(army.abilities ?? []), ...army.units.flatMap((u) => u.warscroll.abilities ?? [])].find((x) => x.name === name);
  if (a === undefined) throw new Error(`no ${name} in ${dir}`);
  return { ...(a as Ability), id: name };
}
const DEPICT = real('lrl-001-all-units', 'Depict Rune');
const ANOINTED = real('dok-001-all-units', 'Anointed Ritualist');
const port = tablePortAt();

/** p1's army with the ability (army-wide, as imported), the Shaman a DAUGHTERS OF KHAINE HERO (Anointed Ritualist's target). */
const withArmy = (a: Ability): RosterInput => {
  const r = roster('p1', [], [], [a]);
  return { ...r, units: r.units.map((u) => (u.id === 'p1-hero' ? { ...u, warscroll: { ...u.warscroll, keywords: [...u.warscroll.keywords, 'DAUGHTERS OF KHAINE'] } } : u)) };
};
/** Battle round 1 at its start (the first turn chosen, before p1's hero phase): both abilities' real timings are open. */
function atStartOfRound(a: Ability): GameState {
  const g = createGame({ seed: 7, rosters: { p1: withArmy(a), p2: roster('p2') }, finishedDeployingFirst: 'p1' });
  if (!g.ok) throw new Error(JSON.stringify(g.issues));
  return play(g.state, port, [{ type: 'chooseFirstTurn', player: 'p1', first: 'p1' }]).s;
}
/** The game's by-hand option for `name` (what the dialog opens with). */
function dialogOf(s: GameState, name: string) {
  const o = byHandOptions(s).find((x) => x.byHand.name === name);
  if (o === undefined) throw new Error(`${name} is not waiting to be resolved by hand`);
  return o;
}
/** The dialog's Apply: the option's `resolveByHand` with the effects built. */
const apply = (s: GameState, o: ReturnType<typeof dialogOf>, effects: unknown[]) => {
  const r = reduce(s, { ...o.action, effects } as never, port);
  if (!r.ok) throw new Error(`${r.reason} (${r.rule})`);
  return r.state;
};

describe('Depict Rune resolved by hand names its rune (rune41c)', () => {
  it('the real text (lrl-001) stays by hand; declared, the dialog offers the rune first, the five runes to pick', () => {
    expect(DEPICT.resolves).toBeNull();
    expect(DEPICT.effect).toMatch(/^Pick 1 of the following runes to depict on your battle scripture\./);
    const kinds = effectKindsFor({ name: DEPICT.name, effect: DEPICT.effect });
    expect(kinds[0].key).toBe('rune41c');
    expect(kinds[0].fields.map((f) => [f.key, f.choices])).toEqual([['rune41c', ['Varinor', 'Alaithi', 'Ydriliqi', 'Oreali', 'Thalari']], ['remove', ['depicted', 'removed']]]);
    // The anointed unit is not offered to a Lumineth battle trait; the blessing neither.
    expect(kinds.some((k) => k.key === 'anointed41b' || k.key === 'blessing40h')).toBe(false);
  });

  it('Alaithi picked: {rune41c: "Alaithi"} (no unit, no duration), which resolveByHand depicts; the scripture is known', () => {
    const s0 = atStartOfRound(DEPICT);
    const s = play(s0, port, [{ type: 'useAbility', player: 'p1', ability: DEPICT.id }]).s;
    const o = dialogOf(s, 'Depict Rune');
    expect(effectKindsFor(o.byHand)[0].key).toBe('rune41c');
    const b = buildEffect('rune41c', { rune41c: 'Alaithi' }, o.byHand.units.map((u) => u.id), 'round');
    expect(b).toEqual({ ok: true, effect: { rune41c: 'Alaithi' } });
    if (!b.ok) return;
    expect(effectWords(b.effect, (id) => id)).toContain('depict Alaithi, Rune of the Mountain on the battle scripture');
    const done = apply(s, o, [b.effect]);
    expect(done.runes41c?.p1?.scripture).toEqual([{ rune: 'Alaithi', round: 1 }]);
    expect(scriptureKnown(done, 'p1')).toBe(true);
    expect(byHandOptions(done)).toEqual([]);
  });

  it('without the entry (a note only) the scripture becomes unknown; "removed" builds {rune41c, remove: true}, which takes the instance off', () => {
    const s = play(atStartOfRound(DEPICT), port, [{ type: 'useAbility', player: 'p1', ability: DEPICT.id }]).s;
    const o = dialogOf(s, 'Depict Rune');
    const note = buildEffect('note', { note: 'Varinor depicted' }, [], '');
    expect(note.ok).toBe(true);
    if (!note.ok) return;
    expect(scriptureKnown(apply(s, o, [note.effect]), 'p1')).toBe(false);
    const add = buildEffect('rune41c', { rune41c: 'Oreali', remove: 'depicted' }, [], '');
    const remove = buildEffect('rune41c', { rune41c: 'Oreali', remove: 'removed' }, [], '');
    expect(remove).toEqual({ ok: true, effect: { rune41c: 'Oreali', remove: true } });
    if (!add.ok || !remove.ok) return;
    expect(effectWords(remove.effect, (id) => id)).toContain('one instance of Oreali, Rune of the Wind removed from the battle scripture');
    const done = apply(s, o, [add.effect, add.effect, remove.effect]);
    expect(done.runes41c?.p1?.scripture).toEqual([{ rune: 'Oreali', round: 1 }]);
    expect(buildEffect('rune41c', { rune41c: 'Hysh' }, [], '').ok).toBe(false);
  });
});

describe('Anointed Ritualist resolved by hand names its target anointed (anointed41b)', () => {
  it('the real text (dok-001) stays by hand; the dialog offers the anointed unit first, a unit pick without "lasts"', () => {
    expect(ANOINTED.resolves).toBeNull();
    expect(ANOINTED.effect).toMatch(/^The target is anointed for the rest of the battle, even if it has been destroyed\./);
    const kinds = effectKindsFor({ name: ANOINTED.name, effect: ANOINTED.effect });
    expect(kinds[0]).toMatchObject({ key: 'anointed41b', units: true, fields: [] });
    expect(kinds.some((k) => k.key === 'rune41c' || k.key === 'blessing40h')).toBe(false);
  });

  it('declared on the Shaman: the dialog shows it as the target; ticked, {anointed41b: true, targets: [Shaman]} (a duration dropped), which resolveByHand applies', () => {
    const s = play(atStartOfRound(ANOINTED), port, [{ type: 'useAbility', player: 'p1', ability: ANOINTED.id, targets: ['p1-hero'] }]).s;
    const o = dialogOf(s, 'Anointed Ritualist');
    expect(o.byHand.units).toEqual([{ id: 'p1-hero', name: 'Swampcalla Shaman', role: 'target' }]);
    expect(effectKindsFor(o.byHand)[0].key).toBe('anointed41b');
    expect(buildEffect('anointed41b', {}, [], '')).toEqual({ ok: false, error: 'Anointed for the rest of the battle: tick the unit(s) it applies to' });
    const b = buildEffect('anointed41b', {}, ['p1-hero'], 'turn');
    expect(b).toEqual({ ok: true, effect: { anointed41b: true, targets: ['p1-hero'] } });
    if (!b.ok) return;
    expect(effectWords(b.effect, (id) => (id === 'p1-hero' ? 'Swampcalla Shaman' : id))).toContain('anointed for the rest of the battle');
    const done = apply(s, o, [b.effect]);
    expect(done.anointed41b).toEqual({ p1: { units: ['p1-hero'], resolutions: 1 } });
  });

  it('a unit the Declare did not pick (the Gutrippaz) is refused by the engine (Core 5.2)', () => {
    const s = play(atStartOfRound(ANOINTED), port, [{ type: 'useAbility', player: 'p1', ability: ANOINTED.id, targets: ['p1-hero'] }]).s;
    const b = buildEffect('anointed41b', {}, ['p1-boyz'], '');
    if (!b.ok) throw new Error(b.error);
    expect(refused(s, port, { ...dialogOf(s, 'Anointed Ritualist').action, effects: [b.effect] } as never)).toEqual({ reason: 'p1-boyz is outside the declared targets of Anointed Ritualist (p1-hero)', rule: 'Core 5.2' });
  });
});

describe('the other kinds stay where they were', () => {
  it('an Effect that speaks of none (Foul Elixirs): none of the three special kinds; one that reads the scripture (Spirit of the Wind): the rune offered, not first', () => {
    const elixirs = effectKindsFor({ name: 'Foul Elixirs', effect: 'Roll a dice. On a 2+, add 1 to save rolls for the target for the rest of the turn.' });
    expect(elixirs.map((k) => k.key)).toEqual(EFFECT_KINDS.map((k) => k.key).filter((k) => !['blessing40h', 'rune41c', 'anointed41b'].includes(k)));
    const spirit = effectKindsFor({ name: 'Spirit of the Wind', effect: real('lrl-001-all-units', 'Spirit of the Wind').effect });
    expect(spirit[0].key).toBe('modify');
    expect(spirit.map((k) => k.key)).toContain('rune41c');
  });
});
