import { describe, expect, it } from 'vitest';
import { KB, gameAtHero, play, roster, tablePortAt } from '../rules/engine/abilityKit.test-helpers';
import { byHandOptions } from './byHandOptions';
import { buildEffect } from '../ui/play/abilities/effectForm';
import { reduce } from '../rules/engine/reduce';

// Foul Elixirs (Swampcalla Shaman, kb-001-all-units): "Roll a dice. On a 2+, add 1 to save rolls for
// the target for the rest of the turn. On a 1, inflict D3 mortal damage on the target." One die with
// two outcomes: the importer leaves it to the player (resolves null).
describe('byHandOptions: an ability declared and waiting for resolveByHand (ABILITIES.md "Play")', () => {
  const port = tablePortAt({ 'p1-hero': [10, 20], 'p1-boyz': [15, 15], 'p1-gits': [40, 40] });
  const s0 = gameAtHero(roster('p1', [KB.foulElixirs]), roster('p2'), port);
  const declared = play(s0, port, [{ type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Foul Elixirs', targets: ['p1-boyz'] }]).s;

  it('nothing waits before the declaration; after it, one option of its player with the Effect and the units named', () => {
    expect(byHandOptions(s0)).toEqual([]);
    const [o, ...rest] = byHandOptions(declared);
    expect(rest).toEqual([]);
    expect(o.action).toEqual({ type: 'resolveByHand', player: 'p1', ability: 'Foul Elixirs', effects: [] });
    expect(o.label).toBe('Resolve Foul Elixirs by hand');
    expect(o.byHand.effect).toBe(KB.foulElixirs.effect);
    expect(o.byHand.declare).toBe(KB.foulElixirs.declare);
    // The ability's unit and the Declare's pick, by their roster names (never ids on the page).
    expect(o.byHand.units.map((u) => [u.id, u.role])).toEqual([['p1-hero', 'self'], ['p1-boyz', 'target']]);
    expect(o.byHand.units.every((u) => u.name !== u.id)).toBe(true);
  });

  it("the dialog's effect (a 2+: +1 save for the target for the rest of the turn) is accepted, and the option goes", () => {
    const e = buildEffect('modify', { modify: 'save', by: '1' }, ['p1-boyz'], 'turn');
    expect(e.ok).toBe(true);
    if (!e.ok) return;
    const o = byHandOptions(declared)[0];
    const r = reduce(declared, { ...o.action, effects: [e.effect] } as never, port);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(byHandOptions(r.state)).toEqual([]);
    expect(r.state.abilities?.active.map((a) => [a.name, a.units])).toEqual([['Foul Elixirs', ['p1-boyz']]]);
  });

  it('an effect on a unit outside the declared targets is refused by the engine (Core 5.2), nothing applied', () => {
    const e = buildEffect('mortal', { mortal: 'D3' }, ['p1-gits'], '');
    expect(e.ok).toBe(true);
    if (!e.ok) return;
    const r = reduce(declared, { ...byHandOptions(declared)[0].action, effects: [e.effect] } as never, port);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.rule).toBe('Core 5.2');
    expect(byHandOptions(declared)).toHaveLength(1);
  });
});
