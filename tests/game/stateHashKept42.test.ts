/**
 * Session 42 (eng42): the game session keeps its rosters' canonical JSON for the state hash (`freezeTree`,
 * src/rules/engine/hash.ts). The hashes must stay what they were (they are recorded in campaign files, saved games and
 * dispute files): in a real game (the scripted battle of the sce-001 roster against the Stormcast sample,
 * `./rosterBattle.ts`), every summary's hash equals the hash of a fresh copy of the state (`structuredClone`: nothing
 * kept), written out as text (`fnv1a32(canonicalJson(...))`); a state with a roster replaced gets its own text; a write
 * into a roster's object throws; an array of a roster changed in place is seen by the next hash.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { importArmy } from '../../src/army/importArmy';
import { readBundledNode } from '../../src/game/node';
import { GameSession } from '../../src/game/session';
import { canonicalJson, fnv1a32, stateHash, type GameState } from '../../src/rules/engine';
import { sampleRosters } from '../../workers/gameSetup';
import { battleInput, playScriptedBattle, ROSTERS_DIR, type RosterArmy } from './rosterBattle';

/** The hash of a fresh copy of `s`, written out as text: nothing kept. */
const uncached = (s: unknown) => fnv1a32(canonicalJson(structuredClone(s)));

describe('the state hash with the rosters kept (session 42)', () => {
  it('every summary of a real game hashes as a fresh copy; a roster replaced or changed in place gives the new text', async () => {
    const list = 'sce-001-minimal';
    const { army } = importArmy(new Uint8Array(readFileSync(`${ROSTERS_DIR}${list}/list.ros`)), `${list}/list.ros`) as unknown as { army: RosterArmy };
    const api = new GameSession({ readBundled: readBundledNode, autoPass: false });
    const r = await api.startOnTable(battleInput(army as never, sampleRosters().p1));
    if (!r.ok) throw new Error(r.problems.join('\n'));
    expect(r.summary.hash).toBe(uncached(api.state()));
    const hashes: [string, string][] = [];
    const { spellWaited } = playScriptedBattle(
      {
        state: () => api.state(),
        act: (a) => {
          const x = api.act(a);
          if (x.ok) hashes.push([x.summary.hash, uncached(api.state())]);
          return x;
        },
        options: (id) => api.options(id),
        generalOptions: () => api.generalOptions(),
      },
      army,
      list,
      () => {},
    );
    expect(spellWaited).toBe(true);
    expect(hashes.length).toBeGreaterThan(20);
    expect(hashes.filter(([kept, fresh]) => kept !== fresh)).toEqual([]);
    expect(new Set(hashes.map(([h]) => h)).size).toBe(hashes.length); // every action changed the state

    const s = api.state();
    const roster = s.players.p1.roster as GameState['players']['p1']['roster'] & { units: { name: string; models: unknown[] }[] };
    const before = api.hash();
    expect(before).toBe(uncached(s));
    // A roster replaced (a new object): its own text, not the kept one.
    const renamed = { ...s, players: { ...s.players, p1: { ...s.players.p1, roster: { ...roster, name: `${roster.name} (renamed)` } } } };
    expect(stateHash(renamed)).toBe(uncached(renamed));
    expect(stateHash(renamed)).not.toBe(before);
    // The session's roster objects are frozen: a write throws, and nothing changed.
    expect(() => {
      roster.units[0].name = 'Changed';
    }).toThrow(TypeError);
    expect(api.hash()).toBe(before);
    // An array changed in place is seen by the next hash, and put back gives the first hash again.
    const model = roster.units[0].models[0];
    roster.units[0].models.push(model);
    expect(api.hash()).toBe(uncached(api.state()));
    expect(api.hash()).not.toBe(before);
    roster.units[0].models.pop();
    expect(api.hash()).toBe(before);
  });
});
