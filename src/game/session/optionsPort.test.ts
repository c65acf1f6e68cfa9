/**
 * Options are measured on the state asked about, wherever the geometry port was left: an accepted
 * reduce probe leaves the port at the probe's result (reduce's contract), and an earlier question
 * may leave it anywhere. Known answer: Sludgeraker Venom (kb-001, "Pick a friendly KRULEBOYZ unit
 * wholly within 12" of this unit") on the Swampcalla Shaman at (10, 20) can pick the Gutrippaz, whose
 * five models stand 4.0"-8.9" from it ((14, 15) ... (14, 20.2)), and the Shaman itself, not the
 * Hobgrot Slittaz (not KRULEBOYZ) nor anything of p2's.
 *
 * Today the last probe of `unitOptions` (Place of Power) is nearly always refused, which puts the
 * port back at the state; `unitOptions` and `generalOptionsOf` now also sync it themselves before
 * measuring abilities, so these answers no longer hang on which probe happens to come last.
 */
import { describe, expect, it } from 'vitest';
import { ability, gameAtHero, KB, roster, tablePortAt, timing, toPhase } from '../../rules/engine/abilityKit.test-helpers';
import { portView } from '../../rules/engine';
import { generalOptionsOf, unitOptions, type OptionEntry } from './options';

const sludgeTargets = (entries: readonly OptionEntry[]) =>
  entries.filter((e) => e.group === 'ability:Sludgeraker Venom' && e.available).map((e) => e.target).sort();

describe('options measure the state asked about, not where the port was left', () => {
  it('Sludgeraker Venom picks the Gutrippaz even when the port was left with them removed', () => {
    const port = tablePortAt();
    const s = gameAtHero(roster('p1', [KB.sludgeraker]), roster('p2'), port);
    const fresh = unitOptions(s, port, {}, 'p1-hero');
    if (!fresh.ok) throw new Error(fresh.reason);
    expect(sludgeTargets(fresh.entries)).toEqual(['p1-boyz', 'p1-hero']);
    // Leave the port at another view: every Gutrippaz model removed (as an accepted probe that slew them would).
    const view = portView(s);
    port.sync({ ...view, removed: [...view.removed, ...[1, 2, 3, 4, 5].map((i) => `p1-boyz-m${i}`)] });
    const after = unitOptions(s, port, {}, 'p1-hero');
    if (!after.ok) throw new Error(after.reason);
    expect(sludgeTargets(after.entries)).toEqual(['p1-boyz', 'p1-hero']);
    expect(after.entries.map((e) => [e.group, e.available, e.reason ?? ''])).toEqual(fresh.entries.map((e) => [e.group, e.available, e.reason ?? '']));
  });

  it('the player-level options are the same whether the port was left at the state or elsewhere', () => {
    const port = tablePortAt();
    const s = gameAtHero(roster('p1', [KB.sludgeraker]), roster('p2'), port);
    port.sync(portView(s));
    const fresh = generalOptionsOf(s, port);
    const view = portView(s);
    port.sync({ ...view, removed: [...view.removed, ...[1, 2, 3, 4, 5].map((i) => `p1-boyz-m${i}`)] });
    const after = generalOptionsOf(s, port);
    expect(after.map((e) => [e.group, e.label, e.available])).toEqual(fresh.map((e) => [e.group, e.label, e.available]));
  });

  it("after an accepted Shoot probe that slays the target's models, an ability still picks that target (the state has them)", () => {
    // Gutrippaz (p1) at (14, 15) shoot Bows (18", 1 attack, 4+/4+, Damage 1) at p2's Gutrippaz 12" away at (26, 15).
    // Every dice a 4: 5 hits, 5 wounds, 5 failed saves (5+): the probe's result has all five slain.
    const port = tablePortAt({ 'p2-boyz': [26, 15] });
    const markTarget = ability({
      name: 'Mark the Target',
      timing: timing('Your Shooting Phase', 'shooting', 'your'),
      declare: 'Pick an enemy unit within 18" of this unit to be the target.',
      effect: 'Add 1 to hit rolls for attacks made by this unit that target that unit for the rest of the turn.',
      picks: [{ kind: 'enemyUnit', within: 18 }],
      resolves: [{ modify: 'hit', by: 1, targets: 'self', duration: 'turn' }],
    });
    let s = gameAtHero(roster('p1', [], [markTarget]), roster('p2'), port, Array(200).fill(4));
    s = toPhase(s, port, 'shooting');
    const r = unitOptions(s, port, {}, 'p1-boyz');
    if (!r.ok) throw new Error(r.reason);
    expect(r.entries.some((e) => e.group === 'shoot' && e.target === 'p2-boyz' && e.available)).toBe(true);
    const picks = r.entries.filter((e) => e.group === 'ability:Mark the Target' && e.available).map((e) => e.target);
    expect(picks).toContain('p2-boyz');
  });
});
