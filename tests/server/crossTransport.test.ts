/**
 * One game session for every way to play (issue 25 item 1): the same actions played through
 * hot-seat (the game worker, through its page client), `npm run game` (the saved game passed from
 * one command to the next as files) and the game server (two `@colyseus/sdk` players) give the same
 * state hash after every action, and the same refusals.
 *
 * `npm run game`'s `start` runs as a process (the command's file, its stdout read as JSON); the
 * `state` and `act` commands after it call the same `gameMain` in this process, each reading the
 * saved game and the action from their files as the process does and its answer passed through
 * JSON. A process per command cost ~2.3 CPU-seconds each (node, tsx, the engine loaded again:
 * ~40 s for the 17 commands); in this process ~0.2 s (docs/performance.md, "The test run").
 */
import '@vitest/web-worker';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, onTestFinished, test } from 'vitest';
import { createGameClient } from '../../src/client/gameClient';
import { hotseatSetup } from '../../workers/gameSetup';
import { gameCli, gameHere, leaveRoom, networkActions, sampleCreateOptions, sdk, startServer, stopAllServers, tempDataDir, Watched } from './harness';

const ROOT = resolve(import.meta.dirname, '..', '..');
afterAll(() => stopAllServers());

const game = gameCli;


describe('the same game through the worker, npm run game and the server', () => {
  test('same state hash after every action', async () => {
    const actions = networkActions();
    // Hot-seat: the game worker behind the page's client.
    const worker = createGameClient(() => new Worker(new URL('../../workers/game.worker.ts', import.meta.url), { type: 'module' }));
    // Disposed, and the rooms left, when the test ends, passed or failed: nothing of this file
    // outlives it (project integration-web-worker shares its process with other files).
    onTestFinished(() => worker.dispose());
    expect((await worker.startOnTable(hotseatSetup(7))).ok).toBe(true);
    // npm run game: started on the same scenario file and army files.
    const dir = mkdtempSync(join(tmpdir(), 'sightline-cross-'));
    const start = await game(['start', '--scenario', join(ROOT, 'assets/scenarios/sample-battle.json'), '--army', `south=${join(ROOT, 'assets/armies/stormcast-liberators.json')}`, '--army', `north=${join(ROOT, 'assets/armies/skaven-clawlord.json')}`, '--seed', '7'], dir);
    let gamePath = join(dir, 'game-0.json');
    writeFileSync(gamePath, JSON.stringify(start));
    // The server: p1 creates the room, p2 joins.
    const server = await startServer({ SIGHTLINE_DATA_DIR: tempDataDir() });
    const p1 = new Watched(await sdk(server.url).create('battle', { ...sampleCreateOptions(7), seat: 'p1' }));
    const p2 = new Watched(await sdk(server.url).joinById(p1.room.roomId, { seat: 'p2' }));
    onTestFinished(async () => void (await Promise.all([leaveRoom(p1.room), leaveRoom(p2.room)])));
    await p1.until((w) => w.updates.length > 0, 'the join update');

    const first = ((await gameHere(['state', gamePath])) as { stateHash: string }).stateHash;
    expect(first).toBe(await worker.hash());
    expect(p1.updates[0].stateHash).toBe(first);
    let accepted = 0;
    for (const [i, action] of actions.entries()) {
      const w = await worker.act(action);
      const actionPath = join(dir, `action-${i}.json`);
      writeFileSync(actionPath, JSON.stringify(action));
      const c = (await gameHere(['act', gamePath, actionPath])) as { ok: boolean; stateHash?: string; game?: unknown; rule?: string };
      const s = await (action.player === 'p1' ? p1 : p2).act(action);
      expect({ cli: c.ok, server: s.ok }, `action ${i}`).toEqual({ cli: w.ok, server: w.ok });
      if (!w.ok) {
        expect({ cli: c.rule, server: s.ok ? '' : s.rule }).toEqual({ cli: w.rule, server: w.rule });
        continue;
      }
      accepted++;
      gamePath = join(dir, `game-${i + 1}.json`);
      writeFileSync(gamePath, JSON.stringify(c.game));
      const seq = s.ok ? s.seq : -1;
      const hashes = { worker: await worker.hash(), cli: c.stateHash, server: (await p2.update(seq)).stateHash };
      expect(hashes, `after action ${i} (${action.type})`).toEqual({ worker: hashes.worker, cli: hashes.worker, server: hashes.worker });
    }
    expect(accepted).toBe(actions.length);
    // The Run rolled a die: the dice are in the game (the server's log shows it).
    expect(p1.updates.some((u) => u.steps.some((st) => st.label === 'Run roll'))).toBe(true);
  }, 300000);
});
