/**
 * Issue 35 item 5: "Take Their Land can never be chosen (no terrain feature to pick)". The battle
 * tactic picks a terrain feature wholly or partially within enemy territory and wholly outside
 * friendly territory (BattleTactics 3.0): the general options offer one entry per feature the
 * engine accepts, each naming its feature, and taking one is accepted.
 */
import { describe, expect, test } from 'vitest';
import { readBundledNode } from '../../src/game/node';
import { GameApi } from '../../src/game/session';
import { hotseatSetup } from '../../workers/gameSetup';

function act(api: GameApi, a: unknown) {
  const r = api.act(a);
  if (!r.ok) throw new Error(`${JSON.stringify(a)}: ${r.reason}`);
}

describe('Take Their Land in the general options (BattleTactics 3.0)', () => {
  test('at the start of p1\'s turn on the default battlefield: one option per qualifying terrain feature, named; one taken is accepted', async () => {
    const api = new GameApi({ readBundled: readBundledNode });
    const r = await api.startOnTable(hotseatSetup(3));
    if (!r.ok) throw new Error(r.problems.join('\n'));
    act(api, { type: 'chooseFirstTurn', player: 'p1', first: 'p1' });
    expect(api.summary().phase).toBe('startOfTurn');
    const land = api.generalOptions().filter((e) => (e.action as { tactic?: string }).tactic === 'takeTheirLand');
    const ids = land.map((e) => (e.action as { terrainId?: string }).terrainId);
    // p1 plays the south territory: the features in the north half (p2's territory), none touching the south.
    expect(ids).toEqual(['grove-north', 'ruined-hall-north']);
    expect(land.map((e) => e.label)).toEqual(['Battle tactic: Take Their Land (Sanctum Grove (north))', 'Battle tactic: Take Their Land (Ruined Hall (north))']);
    expect(land.every((e) => e.available)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    for (const e of land) expect(e.label).toMatch(/^Battle tactic: Take Their Land \(.+\)$/);
    act(api, land[0].action);
    expect(api.summary().actions).toBe(2);
  });
});
