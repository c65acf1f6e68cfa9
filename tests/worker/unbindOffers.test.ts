/**
 * Unbind offered without selecting one's own wizard (issue 28 item 11, Magic 4.0): right after an
 * enemy spell is cast, the Play panel's Unbind choices (`unbindOffers` over the game session's
 * options) list one "Unbind with <unit>" entry for each WIZARD of the player who may unbind that
 * can unbind now (within 30" of the caster), and none for a wizard out of range. Hand-set position:
 * the sample battle with the Skaven Clawlord made a WIZARD (1) too, placed beside the Warlock
 * Engineer (both within 30" of the Knight-Incantor), or far away (more than 30").
 */
import { describe, expect, test } from 'vitest';
import { readBundledNode } from '../../src/game/node';
import { unbindOffers } from '../../src/ui/play/unbindOffers';
import { GameApi } from '../../src/game/session';
import { hotseatSetup, samplePlacement, sampleRosters, sampleTable } from '../../workers/gameSetup';

type Pair = [number, number];

/** The sample battle in p1's hero phase, with Mystic Shield cast by p1's Knight-Incantor and waiting for p2's unbind. */
async function spellPending(clawlordAt: (warlock: Pair) => Pair): Promise<GameApi> {
  const rosters = sampleRosters();
  const clawlord = (rosters.p2 as unknown as { units: { id: string; warscroll: { keywords: string[] } }[] }).units.find((u) => u.id === 'sk-clawlord')!;
  clawlord.warscroll.keywords.push('WIZARD (1)');
  const pl = samplePlacement() as Record<string, Pair>;
  pl['sk-clawlord-1'] = clawlordAt(pl['sk-warlock-1']);
  for (let seed = 1; seed < 40; seed++) {
    const api = new GameApi({ readBundled: readBundledNode, autoPass: false });
    const setup = hotseatSetup(seed);
    const r = await api.startOnTable({ ...setup, scenario: sampleTable(pl, rosters), armies: { p1: { ...setup.armies.p1, roster: rosters.p1 }, p2: { ...setup.armies.p2, roster: rosters.p2 } } });
    if (!r.ok) throw new Error(r.problems.join('\n'));
    for (const a of [{ type: 'chooseFirstTurn', player: 'p1', first: 'p1' }, { type: 'endPhase', player: 'p1' }]) {
      const x = api.act(a);
      if (!x.ok) throw new Error(`${JSON.stringify(a)}: ${x.reason}`);
    }
    const cast = api.act({ type: 'cast', player: 'p1', unitId: 'sce-incantor', spell: 'mysticShield', target: 'sce-incantor' });
    if (!cast.ok) throw new Error(cast.reason);
    if (cast.summary.pendingSpell) return api;
  }
  throw new Error('no seed below 40 casts Mystic Shield');
}

describe('Unbind offered for every able wizard, none selected (issue 28 item 11, Magic 4.0)', () => {
  test('two WIZARDs within 30" of the caster: an Unbind entry for each, and each unbinds when chosen', async () => {
    const api = await spellPending((w) => [w[0] + 2, w[1]]);
    const s = api.summary();
    expect(s.pendingSpell).toMatchObject({ player: 'p1', casterId: 'sce-incantor', spell: 'mysticShield' });
    const offers = await unbindOffers(s, (id) => api.options(id));
    expect(offers.map((e) => [e.label, e.action])).toEqual([
      ['Unbind with Clawlord', { type: 'unbind', player: 'p2', unitId: 'sk-clawlord' }],
      ['Unbind with Warlock Engineer', { type: 'unbind', player: 'p2', unitId: 'sk-warlock' }],
    ]);
    const unbind = api.act(offers[1].action);
    if (!unbind.ok) throw new Error(unbind.reason);
    expect(unbind.events.some((e) => e.type === 'unbindRoll')).toBe(true);
    // One unbind per casting roll (Magic 4.0): nothing more is offered.
    expect(await unbindOffers(api.summary(), (id) => api.options(id))).toEqual([]);
  });

  test('a WIZARD more than 30" from the caster is not offered; the one in range is', async () => {
    const api = await spellPending(() => [55, 41]);
    const offers = await unbindOffers(api.summary(), (id) => api.options(id));
    expect(offers.map((e) => e.label)).toEqual(['Unbind with Warlock Engineer']);
  });
});
