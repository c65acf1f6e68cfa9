/**
 * Spied Treasure and Wild Fire in a game session on the Path to Glory test table (Ascension, 004):
 * the scripted policy's picks, what the Play screen is given (the board's added objectives, the
 * table scenario the tools measure), `game state`'s twists, and a saved game that replays to the
 * same hash. Seeds found by playing the first round of each battleplan (docs/campaign.md).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gameCli } from '../../src/cli/game';
import { GameSession } from '../../src/game/session';
import { readBundledNode } from '../../src/game/node';
import { playScripted } from '../../src/rules/engine/policy';
import { sampleRoster } from '../../src/rules/engine/testkit';
import type { Action } from '../../src/rules/engine/state';
import { stateHash } from '../../src/rules/engine/hash';
import { openGame, prepareGame } from '../../src/game/start';
import { runHere } from '../cliHere';
import { PTG_TABLE } from './play';

const armies = () => ({ p1: { army: 'south', roster: sampleRoster('p1') }, p2: { army: 'north', roster: sampleRoster('p2') } });

/** A session on the test table; the scripted policy (on its own copy of the game) plays until the round-1 twist is picked. */
async function untilTwistPicked(battleplan: string, seed: number): Promise<{ session: GameSession; actions: Action[] }> {
  const session = new GameSession({ readBundled: readBundledNode });
  const r = await session.startOnTable({ scenario: structuredClone(PTG_TABLE), armies: armies(), seed, battleplan });
  expect(r.ok, JSON.stringify(r)).toBe(true);
  const prepared = prepareGame({ scenario: structuredClone(PTG_TABLE), meshes: new Map(), carried: {}, armies: armies(), seed, battleplan });
  if (!prepared.ok) throw new Error(prepared.problems.join('\n'));
  const opened = openGame(prepared.setup, new Map(), prepared.terrain);
  if (!opened.ok) throw new Error(opened.problems.join('\n'));
  let state = opened.game.state;
  const actions: Action[] = [];
  for (let i = 0; i < 10 && !actions.some((a) => a.type === 'twistPick'); i++) {
    const next = playScripted(state, opened.game.port, 1);
    expect(next.actions.length).toBe(1);
    state = next.state;
    expect(session.act(next.actions[0]).ok).toBe(true);
    actions.push(next.actions[0]);
  }
  expect(session.hash()).toBe(stateHash(state));
  return { session, actions };
}

describe('Spied Treasure and Wild Fire in a session on the Path to Glory test table', () => {
  it('Spied Treasure (Relics of Myth, seed 1): p2 places the objective at the policy\'s point; the board and the table show it; the saved game replays to the same hash', async () => {
    const { session, actions } = await untilTwistPicked('relics-of-myth', 1);
    const s = session.state();
    // p2 rolled the twist; its point: the legal 1" grid point nearest its models (north territory starts at y = 32: 31 + 0.79 < 32).
    expect(s.ascension?.twists[0]).toMatchObject({ round: 1, roller: 'p2', name: 'Spied Treasure', pick: { at: [9, 31], objectiveId: 'spied-treasure-r1' } });
    expect(actions.at(-1)).toEqual({ type: 'twistPick', player: 'p2', at: [9, 31] });
    const summary = session.summary();
    expect(summary.objectives).toHaveProperty('spied-treasure-r1', null);
    expect(summary.board.addedObjectives).toEqual([{ id: 'spied-treasure-r1', x: 9, y: 31, diameter: 40 / 25.4 }]);
    expect(session.tableScenario()?.objectives?.find((o) => o.id === 'spied-treasure-r1')).toEqual({ id: 'spied-treasure-r1', position: [9, 31], diameterMm: 40 });
    // The measuring tools answer on the game's World: from the new marker (9, 31) to the centre objective (30, 22), edge to edge.
    const q = session.query({ id: 'q', kind: 'distance', from: 'spied-treasure-r1', to: 'ptg-centre' });
    expect(q.ok && (q.answer as { value: number }).value).toBeCloseTo(Math.hypot(21, 9) - 40 / 25.4, 2);
    const saved = session.save();
    const again = new GameSession({ readBundled: readBundledNode });
    expect((await again.load(saved)).ok).toBe(true);
    expect(again.hash()).toBe(session.hash());
    expect(again.summary().board.addedObjectives).toEqual(summary.board.addedObjectives);
    // `game state` on the saved game: the twist with its pick, and the objective placed.
    const dir = mkdtempSync(join(tmpdir(), 'twists-'));
    writeFileSync(join(dir, 'game.json'), JSON.stringify(saved));
    // `npm run game`'s own function in this process (tests/cliHere.ts); its process is tested in tests/game/table and headless.
    const cli = await runHere(gameCli, ['state', join(dir, 'game.json')]);
    expect(cli.status, cli.stderr).toBe(0);
    const out = JSON.parse(cli.stdout) as Record<string, unknown>;
    expect(out.stateHash).toBe(session.hash());
    expect(out.twists).toEqual([{ round: 1, roller: 'p2', underdog: false, roll: 3, name: 'Spied Treasure', pick: { at: [9, 31], objectiveId: 'spied-treasure-r1' } }]);
    expect(out.addedObjectives).toEqual([{ id: 'spied-treasure-r1', at: [9, 31], diameterInches: 40 / 25.4, round: 1 }]);
  }, 120_000);

  it('Wild Fire (The Ruined Settlement, seed 5): the D3 rolled with the twist, the policy\'s feature and the dice for the units near it', async () => {
    const { session } = await untilTwistPicked('the-ruined-settlement', 5);
    const t = session.state().ascension?.twists[0];
    expect(t).toMatchObject({ round: 1, name: 'Wild Fire', features: 2, pick: { featureIds: ['ruin-w'] } });
    const rolls = session.state().log.flatMap((e) => (e.kind === 'roll' ? [e.purpose] : []));
    expect(rolls).toContain('wildFire:features');
    expect(session.summary().board.addedObjectives).toEqual([]);
  }, 120_000);
});
