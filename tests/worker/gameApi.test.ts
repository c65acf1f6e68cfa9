/**
 * The game API run directly in Node: new game on the hot-seat set-up, actions and rejections as
 * data, unit options, undo, save/load, step-by-step replay, hashes, expected damage.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { replayGame } from '../../src/game/replay';
import { readBundledNode } from '../../src/game/node';
import { GameApi } from '../../src/game/session';
import { hotseatSetup } from '../../workers/gameSetup';
import { liberatorsForward, roundOne } from './gameFixtures';

async function started(seed = 7): Promise<GameApi> {
  const api = new GameApi({ readBundled: readBundledNode });
  const r = await api.startOnTable(hotseatSetup(seed));
  if (!r.ok) throw new Error(r.problems.join('\n'));
  return api;
}

function play(api: GameApi, actions: unknown[]): void {
  for (const [i, a] of actions.entries()) {
    const r = api.act(a);
    if (!r.ok) throw new Error(`action ${i} rejected: ${r.reason} (${r.rule})`);
  }
}

describe('hot-seat set-up', () => {
  test('the default battlefield itself: every feature with its real mesh pieces, every objective; meshes carried by bundled id', async () => {
    const api = await started();
    const saved = api.save();
    const def = JSON.parse(readFileSync(new URL('../../assets/scenarios/default.json', import.meta.url), 'utf8'));
    const table = saved.table.scenario as typeof def;
    expect(table.terrain).toEqual(def.terrain);
    expect(table.objectives).toEqual(def.objectives);
    const srcs = new Set(def.terrain.flatMap((t: { pieces: { src?: string }[] }) => t.pieces.map((p) => p.src).filter(Boolean)));
    expect(Object.keys(saved.table.meshes).sort()).toEqual([...srcs].sort());
    for (const ref of Object.values(saved.table.meshes)) expect(ref).toMatchObject({ bundled: expect.stringMatching(/^assets\/kenney\/.+\.glb$/) });
  });

  test('both armies start on the battlefield, out of combat, each unit can make a Normal Move', async () => {
    const api = await started();
    play(api, roundOne().slice(0, 3));
    for (const u of api.summary().units.filter((x) => x.owner === 'p1')) {
      const o = api.options(u.id);
      if (!o.ok) throw new Error(o.reason);
      expect(o.entries.find((e) => e.group === 'move')?.available, u.id).toBe(true);
    }
    expect(api.summary().units.length).toBeGreaterThanOrEqual(10);
  });
});

describe('GameApi', () => {
  test('plays battle round 1 to its end: control and VP computed by the engine', async () => {
    const api = await started();
    play(api, roundOne());
    const s = api.summary();
    expect(s.objectives['obj-sw']).toBe('p1');
    expect(s.vp).toEqual({ p1: 1, p2: 0 });
    expect(s.round).toBe(2);
    expect(s.stage).toBe('firstTurn');
    const text = api.log().map((l) => l.text);
    expect(text).toContain('p1 scores 1 VP for 1 objective (total 1)');
    expect(api.log().some((l) => l.kind === 'roll' && l.rule === 'Core 12.0')).toBe(true); // priority roll
  });

  test('a rejected action is data with the rule, and changes nothing', async () => {
    const api = await started();
    play(api, roundOne().slice(0, 3));
    const before = api.hash();
    const r = api.act(liberatorsForward(hotseatSetup(7), 7));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.rule).toBe('Core 14.1');
    expect(r.reason).toMatch(/allows 5"/);
    expect(api.hash()).toBe(before);
    expect(api.act({ type: 'nonsense' })).toMatchObject({ ok: false, rule: 'Engine: action schema' });
  });

  test('options: available abilities, and unavailable ones with the engine reason', async () => {
    const api = await started();
    play(api, roundOne().slice(0, 3));
    const o = api.options('sce-liberators');
    if (!o.ok) throw new Error(o.reason);
    const by = (g: string) => o.entries.filter((e) => e.group === g);
    expect(by('run')[0]).toMatchObject({ available: true });
    expect(by('charge')[0]).toMatchObject({ available: false, rejectedBy: 'Core 14.3', reason: 'Charge is used in your charge phase' });
    expect(by('command:rally')[0]).toMatchObject({ available: false, rejectedBy: 'Commands 2.0' });
    expect(o.general.find((e) => e.group === 'endPhase')).toMatchObject({ available: true });
    // Trying options never changes the game.
    expect(api.summary().actions).toBe(3);
  });

  test('undo: allowed when no dice were rolled, refused after a roll', async () => {
    const api = await started();
    play(api, roundOne().slice(0, 3));
    const before = api.hash();
    play(api, [liberatorsForward()]);
    const u = api.undo();
    expect(u.ok).toBe(true);
    expect(api.hash()).toBe(before);
    play(api, [{ type: 'run', player: 'p1', unitId: 'sce-vindictors' }]);
    const v = api.undo();
    expect(v).toMatchObject({ ok: false });
    if (!v.ok) expect(v.reason).toMatch(/rolled dice/);
  });

  test('save / load / step-by-step replay give the same state hash', async () => {
    const api = await started();
    play(api, roundOne());
    const saved = api.save();
    const hash = api.hash();
    expect((await replayGame(JSON.parse(JSON.stringify(saved)), readBundledNode)).summary.stateHash).toBe(hash);
    const other = new GameApi({ readBundled: readBundledNode });
    expect((await other.load(JSON.parse(JSON.stringify(saved)))).ok).toBe(true);
    expect(other.hash()).toBe(hash);
    expect(other.log().length).toBe(api.log().length);
    const rep = new GameApi({ readBundled: readBundledNode });
    expect(await rep.load(saved, { replay: true })).toMatchObject({ ok: true, summary: { actions: 0, replay: { index: 0, total: saved.actions.length } } });
    for (let i = 0; i < saved.actions.length; i++) expect(rep.replayStep()).toMatchObject({ ok: true, index: i + 1 });
    expect(rep.replayStep()).toMatchObject({ ok: false });
    expect(rep.hash()).toBe(hash);
  });

  test('a broken saved game is refused and the current game stays', async () => {
    const api = await started();
    play(api, roundOne().slice(0, 3));
    const hash = api.hash();
    const saved = api.save();
    const bad = { ...saved, actions: [...saved.actions, { type: 'charge', player: 'p1', unitId: 'sce-liberators' }] };
    const r = await api.load(bad);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problems[0]).toMatch(/actions\[3\].*Core 14.3/);
    expect(api.hash()).toBe(hash);
    expect((await api.load({ format: 'nope' })).ok).toBe(false);
  });

  test('the sample game loads; its attacks are in the battle log step by step', async () => {
    const json = JSON.parse(readFileSync(new URL('../../assets/games/sample-game.json', import.meta.url), 'utf8'));
    const api = new GameApi({ readBundled: readBundledNode });
    expect((await api.load(json)).ok).toBe(true);
    expect(api.hash()).toBe((await replayGame(json, readBundledNode)).summary.stateHash);
    const text = api.log().map((l) => l.text);
    expect(text.some((t) => t.startsWith('  1. Hit rolls'))).toBe(true);
    expect(text.some((t) => t.startsWith('  3. Save rolls'))).toBe(true);
    expect(api.summary().winner).not.toBeNull();
  });

  test('expected damage before committing (computeDamage)', async () => {
    const api = await started();
    const d = api.expectedDamage('sce-liberators', 'sk-clanrats', 'fight');
    if (!d.ok) throw new Error(d.reason);
    expect(d.weapons.map((w) => w.weapon)).toEqual(['Warhammer', 'Grandhammer']);
    expect(d.value).toBeGreaterThan(0);
    expect(api.expectedDamage('sce-liberators', 'sk-clanrats', 'shoot')).toMatchObject({ ok: false });
  });
});

describe('command labels', () => {
  test('every command a unit is offered has a readable label with its CP cost, not its id', async () => {
    const { COMMANDS } = await import('../../src/rules/engine');
    const api = await started();
    const seen = new Set<string>();
    for (const u of api.summary().units) {
      const o = api.options(u.id);
      if (!o.ok) continue;
      for (const e of o.entries.filter((x) => x.group.startsWith('command:'))) {
        const id = e.group.slice('command:'.length);
        seen.add(id);
        expect(e.label, id).not.toBe(id);
        expect(e.label, id).toMatch(new RegExp(`\\(${COMMANDS[id as keyof typeof COMMANDS].cost} CP`));
      }
    }
    // Offered whatever the phase (greyed out with the reason when not usable now).
    expect([...seen].sort()).toEqual(Object.keys(COMMANDS).filter((c) => c !== 'atTheDouble').sort());
  });
});
