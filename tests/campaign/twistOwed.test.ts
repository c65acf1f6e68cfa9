/**
 * Issue 37 item 2: a twist's pick cannot be lost (Ascension › Path to Glory Battles › Twists: "The
 * underdog can pick ..." at the start of the battle round). When the roller is not the active
 * player, the active player's start-of-turn phase cannot end until the roller picks or picks
 * nothing: refused as data with the twist's rule, in the engine, the session (Play, hot-seat and
 * online: the roller is the one to act) and the CLI (`game act`, `game state`). The active roller
 * ending the phase itself picks nothing (its pick was offered to it in the same options).
 *
 * Seeds found on the Path to Glory test table with the sample armies: The Decisive Battle seed 6
 * rolls Steeled Resolve for p1 while p2 takes the first turn; seed 3 rolls Line-breakers for p1,
 * who takes the first turn.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gameCli } from '../../src/cli/game';
import { GameSession } from '../../src/game/session';
import { openGame, prepareGame } from '../../src/game/start';
import { playScripted } from '../../src/rules/engine/policy';
import { reduce } from '../../src/rules/engine/reduce';
import { sampleRoster } from '../../src/rules/engine/testkit';
import { runHere } from '../cliHere';
import { PTG_TABLE } from './play';

const armies = () => ({ p1: { army: 'south', roster: sampleRoster('p1') }, p2: { army: 'north', roster: sampleRoster('p2') } });
const RULE = 'Ascension › The Decisive Battle › Steeled Resolve';

/** The game and a session on it, played by the scripted policy until the round-1 twist is rolled (not yet picked). */
async function atTwist(seed: number) {
  const prepared = prepareGame({ scenario: structuredClone(PTG_TABLE), meshes: new Map(), carried: {}, armies: armies(), seed, battleplan: 'the-decisive-battle' });
  if (!prepared.ok) throw new Error(prepared.problems.join('\n'));
  const opened = openGame(prepared.setup, new Map(), prepared.terrain);
  if (!opened.ok) throw new Error(opened.problems.join('\n'));
  const session = new GameSession();
  const r = await session.startOnTable({ scenario: structuredClone(PTG_TABLE), armies: armies(), seed, battleplan: 'the-decisive-battle' });
  if (!r.ok) throw new Error(r.problems.join('\n'));
  let state = opened.game.state;
  while (!(state.ascension?.twists.length ?? 0)) {
    const next = playScripted(state, opened.game.port, 1);
    expect(session.act(next.actions[0]).ok).toBe(true);
    state = next.state;
  }
  return { state, port: opened.game.port, session };
}

describe('a twist pick owed blocks ending the start-of-turn phase', () => {
  it('engine: p2 cannot end the phase while p1 owes Steeled Resolve; p1 picks (or picks nothing), then it ends', async () => {
    const { state, port } = await atTwist(6);
    expect([state.ascension!.twists[0].name, state.ascension!.twists[0].roller, state.active, state.phase]).toEqual(['Steeled Resolve', 'p1', 'p2', 'startOfTurn']);
    expect(reduce(state, { type: 'endPhase', player: 'p2' }, port)).toEqual({ ok: false, reason: 'p1 rolled Steeled Resolve and picks a friendly unit for it first (or picks nothing)', rule: RULE });
    const picked = reduce(state, { type: 'twistPick', player: 'p1', unitId: 'p1-hero' }, port);
    if (!picked.ok) throw new Error(picked.reason);
    const ended = reduce(picked.state, { type: 'endPhase', player: 'p2' }, port);
    expect(ended.ok && [ended.state.phase, ended.state.ascension!.twists[0].pick]).toEqual(['hero', { unitId: 'p1-hero' }]);
    // Picking nothing answers it too; a pick after that is refused.
    const declined = reduce(state, { type: 'twistPick', player: 'p1' }, port);
    if (!declined.ok) throw new Error(declined.reason);
    expect(declined.events).toContainEqual({ type: 'twistDeclined', name: 'Steeled Resolve', player: 'p1' });
    expect(reduce(declined.state, { type: 'twistPick', player: 'p1', unitId: 'p1-hero' }, port)).toMatchObject({ ok: false, rule: RULE, reason: 'Steeled Resolve was already declined this battle round' });
    expect(reduce(declined.state, { type: 'endPhase', player: 'p2' }, port).ok).toBe(true);
    // Only the roller answers.
    expect(reduce(state, { type: 'twistPick', player: 'p2' }, port)).toMatchObject({ ok: false, rule: RULE });
  });

  it('engine: the active roller ending its own start-of-turn phase picks nothing (no pick is lost: it was offered)', async () => {
    const { state, port } = await atTwist(3);
    expect([state.ascension!.twists[0].name, state.ascension!.twists[0].roller, state.active]).toEqual(['Line-breakers', 'p1', 'p1']);
    const ended = reduce(state, { type: 'endPhase', player: 'p1' }, port);
    expect(ended.ok && ended.state.phase).toBe('hero');
  });

  it('session (Play, hot-seat and online): the roller is the one to act, offered its picks and "pick nothing"; the summary says it is owed', async () => {
    const { session } = await atTwist(6);
    const sum = session.summary();
    expect(sum.ascension?.twist).toMatchObject({ name: 'Steeled Resolve', roller: 'p1', owed: true, declined: false, pick: null });
    expect(sum.toAct).toBe('p1');
    const general = session.generalOptions();
    const twist = general.filter((e) => e.group === 'twist');
    expect(twist.length).toBeGreaterThan(1);
    expect(twist.every((e) => e.action.player === 'p1' && e.available)).toBe(true);
    expect(twist.at(-1)).toMatchObject({ label: 'p1: Steeled Resolve → pick nothing', action: { type: 'twistPick', player: 'p1' } });
    expect(general.find((e) => e.action.type === 'endPhase')?.available ?? false).toBe(false);
    expect(session.act({ type: 'endPhase', player: 'p2' })).toMatchObject({ ok: false, rule: RULE });
    expect(session.act({ type: 'twistPick', player: 'p1' }).ok).toBe(true);
    expect(session.summary()).toMatchObject({ toAct: 'p2', ascension: { twist: { owed: false, declined: true } } });
    expect(session.act({ type: 'endPhase', player: 'p2' }).ok).toBe(true);
  });

  it('CLI: game act refuses the active player\'s endPhase with the rule (exit 0); game state says p1 is to act', async () => {
    const { session } = await atTwist(6);
    const dir = mkdtempSync(join(tmpdir(), 'twist-owed-'));
    const game = join(dir, 'game.json');
    writeFileSync(game, JSON.stringify(session.save()));
    // `npm run game`'s own function in this process (tests/cliHere.ts); its process is tested in tests/game/table and headless.
    const run = (args: string[]) => runHere(gameCli, args);
    const endPhase = join(dir, 'end.json');
    writeFileSync(endPhase, JSON.stringify({ type: 'endPhase', player: 'p2' }));
    const refused = await run(['act', game, endPhase]);
    expect(refused.status, refused.stderr).toBe(0);
    expect(JSON.parse(refused.stdout)).toEqual({ ok: false, reason: 'p1 rolled Steeled Resolve and picks a friendly unit for it first (or picks nothing)', rule: RULE });
    const st = await run(['state', game]);
    expect(JSON.parse(st.stdout)).toMatchObject({ phase: 'startOfTurn', activePlayer: 'p2', toAct: 'p1' });
    const pick = join(dir, 'pick.json');
    writeFileSync(pick, JSON.stringify({ type: 'twistPick', player: 'p1', unitId: 'p1-hero' }));
    const picked = await run(['act', game, pick]);
    const after = JSON.parse(picked.stdout);
    expect(after.ok).toBe(true);
    writeFileSync(game, JSON.stringify(after.game));
    expect(JSON.parse((await run(['act', game, endPhase])).stdout).ok).toBe(true);
  });
});
