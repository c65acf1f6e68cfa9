/**
 * The game worker's change-with-snapshot (`workers/gameHost.ts`, issue 35 item 6): a change is
 * answered with its snapshot in one message, the set-up only when it is not the one sent last, and
 * the set-up plus each answer's actions and replay position is exactly the session's own snapshot.
 */
import { describe, expect, test } from 'vitest';
import { readBundledNode } from '../../src/game/node';
import { GameSession } from '../../src/game/session';
import { gameHost } from '../../workers/gameHost';
import { hotseatSetup } from '../../workers/gameSetup';
import { roundOne } from './gameFixtures';

describe('gameHost.changeAndSnapshot', () => {
  test('the set-up is sent with the first change of a game only; set-up + actions is the session snapshot; a refusal sends none', async () => {
    const host = gameHost(new GameSession({ readBundled: readBundledNode }));
    const first = await host.changeAndSnapshot('startOnTable', [hotseatSetup(7)]);
    expect(first.result.ok).toBe(true);
    expect(first.snapshot?.setup).toBeDefined();
    const setup = first.snapshot!.setup!;
    const [a1, a2] = roundOne();
    for (const a of [a1, a2]) {
      const r = await host.changeAndSnapshot('act', [a]);
      expect(r.result.ok).toBe(true);
      expect(r.snapshot?.setup).toBeUndefined();
      expect({ saved: { ...setup, actions: r.snapshot!.actions }, replay: r.snapshot!.replay }).toEqual(host.snapshot());
    }
    // The same action again is refused (not the player's turn to choose): no snapshot.
    const refused = await host.changeAndSnapshot('act', [a1]);
    expect(refused.result.ok).toBe(false);
    expect(refused.snapshot).toBeNull();
    // A new game: a new set-up, sent again.
    const again = await host.changeAndSnapshot('startOnTable', [hotseatSetup(8)]);
    expect(again.snapshot?.setup).toBeDefined();
    expect({ saved: { ...again.snapshot!.setup!, actions: again.snapshot!.actions }, replay: again.snapshot!.replay }).toEqual(host.snapshot());
  });
});
