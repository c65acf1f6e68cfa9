/**
 * Issue 34, Tests › Real rosters: "a game where each kind of effect is used through `game act` ...
 * the same game's hash through the worker, the CLI and the server". The hot-seat sample battle with
 * abilities on p1's Lord-Celestant (`abilityGame.ts`) that together resolve all 16 kinds of effect of
 * the vocabulary (ABILITIES.md; Core 5.2 step 3), and one resolved by hand (`resolveByHand`), played
 * through the game worker, `npm run game -- act` and the game server (two SDK players): every action
 * is accepted by all three, which give the same state hash after it. Small on purpose (10 actions);
 * the long mixed game is `crossTransport.test.ts`, whose helpers (`harness.ts`) it uses. As there,
 * `start` runs as a process and `state`/`act` call the same `gameMain` in this process (saved game
 * and action read from their files, the answer passed through JSON): ~0.2 CPU-s a command instead
 * of ~2.3.
 */
import '@vitest/web-worker';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, onTestFinished, test } from 'vitest';
import { createGameClient } from '../../src/client/gameClient';
import { gameCli, gameHere, leaveRoom, sdk, startServer, stopAllServers, tempDataDir, Watched } from './harness';
import { abilityGameActions, abilityGameSetup } from './abilityGame';

const ROOT = resolve(import.meta.dirname, '..', '..');
afterAll(() => stopAllServers());

/** The effect vocabulary's kinds, by the key that names each (schema.ts `AbilityEffectSchema`). */
const KINDS = ['modify', 'set', 'ward', 'reroll', 'mortal', 'heal', 'returnModels', 'move', 'setUp', 'strike', 'keyword', 'mayShootInCombat', 'mayChargeAfter', 'cp', 'vp', 'note'];

const game = gameCli;

describe('every kind of ability effect through the worker, npm run game and the server', () => {
  test('all accepted, the same state hash after every action; each kind resolved through game act', async () => {
    const setup = abilityGameSetup();
    const actions = abilityGameActions();
    const worker = createGameClient(() => new Worker(new URL('../../workers/game.worker.ts', import.meta.url), { type: 'module' }));
    // Disposed, and the rooms left, when the test ends, passed or failed: nothing of this file
    // outlives it (project integration-web-worker shares its process with other files).
    onTestFinished(() => worker.dispose());
    expect((await worker.startOnTable(setup)).ok).toBe(true);
    // npm run game: the same scenario and the same armies, written as army files.
    const dir = mkdtempSync(join(tmpdir(), 'sightline-abilities-'));
    writeFileSync(join(dir, 'south.json'), JSON.stringify(setup.armies.p1.roster));
    writeFileSync(join(dir, 'north.json'), JSON.stringify(setup.armies.p2.roster));
    const start = await game(['start', '--scenario', join(ROOT, 'assets/scenarios/sample-battle.json'), '--army', `south=${join(dir, 'south.json')}`, '--army', `north=${join(dir, 'north.json')}`, '--seed', '7'], dir);
    let gamePath = join(dir, 'game-0.json');
    writeFileSync(gamePath, JSON.stringify(start));
    const server = await startServer({ SIGHTLINE_DATA_DIR: tempDataDir() });
    const options = { scenario: setup.scenario, bundled: setup.bundled, armies: { [setup.armies.p1.army]: setup.armies.p1.roster, [setup.armies.p2.army]: setup.armies.p2.roster }, seed: 7 };
    const p1 = new Watched(await sdk(server.url).create('battle', { ...options, seat: 'p1' }));
    const p2 = new Watched(await sdk(server.url).joinById(p1.room.roomId, { seat: 'p2' }));
    onTestFinished(async () => void (await Promise.all([leaveRoom(p1.room), leaveRoom(p2.room)])));
    await p1.until((w) => w.updates.length > 0, 'the join update');

    const first = ((await gameHere(['state', gamePath])) as { stateHash: string }).stateHash;
    expect(first).toBe(await worker.hash());
    expect(p1.updates[0].stateHash).toBe(first);
    const kinds = new Set<string>();
    let byHand = 0;
    for (const [i, action] of actions.entries()) {
      const w = await worker.act(action);
      expect(w.ok ? '' : `${w.reason} (${w.rule})`, `worker, action ${i} (${action.type})`).toBe('');
      const actionPath = join(dir, `action-${i}.json`);
      writeFileSync(actionPath, JSON.stringify(action));
      const c = (await gameHere(['act', gamePath, actionPath])) as { ok: boolean; stateHash: string; game: unknown; events: { type: string; effect?: Record<string, unknown>; byHand?: boolean }[] };
      const s = await (action.player === 'p1' ? p1 : p2).act(action);
      expect({ cli: c.ok, server: s.ok }, `action ${i}`).toEqual({ cli: true, server: true });
      for (const e of c.events) {
        if (e.type !== 'abilityEffect' || !e.effect) continue;
        for (const k of KINDS) if (k in e.effect) kinds.add(k);
        if (e.byHand) byHand++;
      }
      gamePath = join(dir, `game-${i + 1}.json`);
      writeFileSync(gamePath, JSON.stringify(c.game));
      const seq = s.ok ? s.seq : -1;
      const hashes = { worker: await worker.hash(), cli: c.stateHash, server: (await p2.update(seq)).stateHash };
      expect(hashes, `after action ${i} (${action.type})`).toEqual({ worker: hashes.worker, cli: hashes.worker, server: hashes.worker });
    }
    expect([...kinds].sort()).toEqual([...KINDS].sort());
    expect(byHand).toBe(1); // the Arcane Ritual's cp, entered by hand
  }, 300000);
});
