/**
 * Line-of-sight disputes (issue 29, items 1-4): the blockers of a blocked pair (every terrain
 * feature and every model touching the lines tested, terrain first), the observer's-eye view of a
 * verdict, unit ids as the who-sees-whom table passes them, and a saved dispute answered headless.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { witnessIsClear } from '../../src/geometry/visibility';
import { answerAll } from '../../src/scenario/answer';
import { parseScenario } from '../../src/scenario/validate';
import type { Scenario } from '../../src/scenario/schema';
import { eyeView } from '../../src/ui/tools/eyeView';
import { EngineApi } from '../../workers/engineApi';
import { GameApi } from '../../src/game/session';
import { readBundledNode } from '../../src/game/node';
import { atGamePositions, disputeOf, disputeScenario } from '../../src/ui/files/dispute';
import { gunners, targets } from '../game/tables';

/** The default battlefield and its bundled meshes, as the page loads them. */
function defaultTable(): { json: { terrain: { id: string; name?: string; pieces: { src?: string }[] }[] }; meshes: Record<string, Uint8Array> } {
  const url = new URL('../../assets/scenarios/default.json', import.meta.url);
  const json = JSON.parse(readFileSync(url, 'utf8')) as { terrain: { id: string; name?: string; pieces: { src?: string }[] }[] };
  const meshes: Record<string, Uint8Array> = {};
  for (const t of json.terrain) for (const p of t.pieces) if (p.src) meshes[p.src] = readFileSync(new URL(p.src, url));
  return { json, meshes };
}

/**
 * A 30" x 20" table: observer o1 at (10, 10) and target t1 at (20, 10), both 1.5" tall on 32 mm
 * bases; a 3" wall "Test Wall" across x = 15 (y 5..15); m1 (a third unit, 2" tall, 40 mm) at
 * (12, 10); t2 (t1's unit-mate, 2" tall, 40 mm) at (18, 10); a pillar far away at (3, 3). Every
 * line between the tops of o1 and t1 runs at z = 1.5 within 0.63" of y = 10, so through m1 and t2
 * (radius 0.787") and the wall, and nowhere near the pillar.
 */
function wallTable(queries: unknown[] = []): Record<string, unknown> {
  return {
    name: 'dispute test',
    battlefield: { width: 30, depth: 20 },
    terrain: [
      { id: 'wall', name: 'Test Wall', type: 'obstacle', pieces: [{ shape: 'box', center: [15, 10], size: [0.5, 10, 3] }] },
      { id: 'pillar', name: 'Far Pillar', type: 'obstacle', pieces: [{ shape: 'cylinder', center: [3, 3], radius: 0.5, height: 4 }] },
    ],
    units: [
      { id: 'o', army: 'north', name: 'Watchers', models: [{ id: 'o1', base: { round: 32 }, height: 1.5, position: [10, 10] }] },
      { id: 'm', army: 'south', name: 'Bystanders', models: [{ id: 'm1', base: { round: 40 }, height: 2, position: [12, 10] }] },
      {
        id: 't',
        army: 'south',
        name: 'Targets',
        models: [
          { id: 't1', base: { round: 32 }, height: 1.5, position: [20, 10] },
          { id: 't2', base: { round: 40 }, height: 2, position: [18, 10] },
        ],
      },
    ],
    queries,
  };
}

async function loaded(json: unknown, meshes: Record<string, Uint8Array | ArrayBuffer> = {}): Promise<EngineApi> {
  const api = new EngineApi();
  const r = await api.loadScenario(json, meshes as never);
  if (!r.ok) throw new Error(r.problems.join('\n'));
  return api;
}

describe('losBlockers: the blockers that matter (item 3)', () => {
  test('model to model: the wall first (by name), then the bystander and the target\'s unit-mate; the far pillar is not named', async () => {
    const api = await loaded(wallTable());
    const r = api.losBlockers('o1', 't1');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.form).toBe('model');
    expect(r.lines).toHaveLength(16);
    // m1 is first along every line (x = 12), yet terrain is named first.
    expect(r.blockers.map((b) => [b.kind, b.id, b.name, b.lines])).toEqual([
      ['terrain', 'wall', 'Test Wall', 16],
      ['model', 'm1', 'Bystanders · m1', 16],
      ['model', 't2', 'Targets · t2', 16],
    ]);
    for (const l of r.lines) expect(l.blockers.map((b) => b.id)).toEqual(['m1', 'wall', 't2']);
  });

  test('each model a line meets comes with where the line leaves its volume (issue 39: the picture highlights only that part)', async () => {
    const api = await loaded(wallTable());
    const r = api.losBlockers('o1', 't1');
    if (!r.ok) throw new Error(r.reason);
    for (const l of r.lines) {
      const [[ax, ay, az], [bx, by, bz]] = l.segment;
      for (const b of l.blockers) {
        if (b.kind === 'terrain') {
          expect(b.exit).toBeUndefined();
          continue;
        }
        // m1 (40 mm: radius 0.787", 2" tall, centre (12, 10)) and t2 (40 mm, 2" tall, (18, 10)): every
        // line runs level at z = 1.5 below their tops, so it enters and leaves through the side wall,
        // on the rim, further along the line, and on the line.
        const c = b.id === 'm1' ? [12, 10] : [18, 10];
        const exit = b.exit!;
        for (const p of [b.at, exit]) {
          expect(Math.hypot(p[0] - c[0], p[1] - c[1])).toBeGreaterThan(20 / 25.4 - 0.02);
          expect(Math.hypot(p[0] - c[0], p[1] - c[1])).toBeLessThanOrEqual(20 / 25.4 + 1e-6);
          const t = (p[0] - ax) / (bx - ax);
          expect(p[1]).toBeCloseTo(ay + t * (by - ay), 6);
          expect(p[2]).toBeCloseTo(az + t * (bz - az), 6);
        }
        // The chord in plan: 2 √(r² − d²), d the centre's distance from the line (the occluder's rim is a polygon: 0.05").
        const [dx, dy] = [bx - ax, by - ay];
        const d = Math.abs(dx * (c[1] - ay) - dy * (c[0] - ax)) / Math.hypot(dx, dy);
        const chord = 2 * Math.sqrt((20 / 25.4) ** 2 - d * d);
        expect(exit[0]).toBeGreaterThan(b.at[0]);
        expect(Math.abs(Math.hypot(exit[0] - b.at[0], exit[1] - b.at[1]) - chord)).toBeLessThan(0.05);
      }
    }
  });

  test('unit to unit (the ids the who-sees-whom table passes): the symmetric form, so neither unit blocks', async () => {
    const api = await loaded(wallTable());
    const r = api.losBlockers('o', 't');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.form).toBe('unit');
    // Pairs: o1 with its nearest target model t2, and t1 and t2 with their nearest observer o1.
    expect(new Set(r.lines.map((l) => `${l.observerModel}>${l.targetModel}`))).toEqual(new Set(['o1>t2', 'o1>t1']));
    expect(r.blockers.map((b) => [b.id, b.lines])).toEqual([
      ['wall', 32],
      ['m1', 32],
    ]);
  });

  test('unknown ids are refused by name; a unit id is never taken for a model id', async () => {
    const api = await loaded(wallTable());
    expect(api.losBlockers('nobody', 't')).toEqual({ ok: false, reason: 'observer: unknown model or unit "nobody"' });
    expect(api.losBlockers('o', 't9')).toEqual({ ok: false, reason: 'target: unknown model or unit "t9"' });
  });

  test('the eye view of a blocked verdict is the most favourable line: its observer end, looking along it', async () => {
    const api = await loaded(wallTable());
    const r = api.losBlockers('o1', 't1');
    if (!r.ok) throw new Error(r.reason);
    const fav = r.lines[r.favourite];
    expect(fav.blockers.length).toBe(Math.min(...r.lines.map((l) => l.blockers.length)));
    const pose = eyeView({ visible: false }, fav.segment);
    expect(pose).toEqual({ eye: fav.segment[0], target: fav.segment[1] });
    // The eye is a point of o1's volume: within its base (radius 0.63") at its top (z = 1.5).
    expect(Math.hypot(pose!.eye[0] - 10, pose!.eye[1] - 10)).toBeLessThanOrEqual(0.63 + 1e-9);
    expect(pose!.eye[2]).toBeCloseTo(1.5, 9);
  });
});

describe('a saved dispute answered headless (item 1)', () => {
  test('a visible query with "show" gets blockers and the eye line; without it the answer is unchanged', async () => {
    const parsed = parseScenario(
      wallTable([
        { id: 'dispute', kind: 'visible', observer: 'o1', target: 't1', show: 'eye' },
        { id: 'plain', kind: 'visible', observer: 'o1', target: 't1' },
      ]),
    );
    if (!parsed.ok) throw new Error(parsed.problems.join('\n'));
    const api = await loaded(parsed.scenario);
    const world = (api as unknown as { loaded: { world: never } }).loaded.world;
    const [dispute, plain] = answerAll(world, parsed.scenario);
    expect(plain).toEqual({ id: 'plain', value: false });
    expect(dispute.value).toBe(false);
    expect((dispute.blockers as { name: string }[]).map((b) => b.name)).toEqual(['Test Wall', 'Bystanders · m1', 'Targets · t2']);
    const b = api.losBlockers('o1', 't1');
    if (!b.ok) throw new Error(b.reason);
    const eye = dispute.eye as number[][];
    b.lines[b.favourite].segment.forEach((p, i) => p.forEach((c, k) => expect(eye[i][k]).toBeCloseTo(c, 6)));
  });

  test('"show" takes only eye or table', () => {
    const r = parseScenario(wallTable([{ id: 'q', kind: 'visible', observer: 'o1', target: 't1', show: 'top' }]));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problems.some((p) => p.startsWith('queries[0].show'))).toBe(true);
  });
});

/**
 * 40" x 30": a wall "Long Wall" x 2-12, y 12-13, 6" tall. gunner-a (32 mm, 2" tall) at (10, 6)
 * and target-window at (10, 24): every line between them crosses y 12-13 at x 9.37-10.63, in the
 * wall, so not visible. After gunner-a's Normal Move to (14.8, 6) the leftmost line (from x 14.17
 * to x 9.37) crosses y 13 at x 12.30, east of the wall's end: visible.
 */
function gameTable(): Record<string, unknown> {
  return {
    name: 'Dispute in a game',
    battlefield: { width: 40, depth: 30 },
    terrain: [{ id: 'long-wall', name: 'Long Wall', type: 'obstacle', pieces: [{ shape: 'box', center: [7, 12.5], size: [10, 1, 6] }] }],
    territories: { south: [[0, 0], [40, 0], [40, 8], [0, 8]], north: [[0, 22], [40, 22], [40, 30], [0, 30]] },
    units: [
      { id: 'gunner-a', army: 'south', models: [{ id: 'gunner-a-1', base: { round: 32 }, height: 2, position: [10, 6] }] },
      { id: 'gunner-b', army: 'south', models: [{ id: 'gunner-b-1', base: { round: 32 }, height: 2, position: [30, 6] }] },
      { id: 'target-window', army: 'north', models: [{ id: 'target-window-1', base: { round: 32 }, height: 2, position: [10, 24] }] },
      { id: 'target-tower', army: 'north', models: [{ id: 'target-tower-1', base: { round: 32 }, height: 2, position: [30, 24] }] },
    ],
  };
}

describe('a dispute shared in a game carries the game\'s positions (item 1)', () => {
  test('the table drawn at the start plus the game\'s board: the moved model where the game has it, and the game\'s verdict', async () => {
    const game = new GameApi({ readBundled: readBundledNode });
    const r = await game.startOnTable({ scenario: gameTable(), armies: { p1: { army: 'south', roster: gunners() }, p2: { army: 'north', roster: targets() } }, seed: 3 });
    if (!r.ok) throw new Error(r.problems.join('\n'));
    // What the page drew when the game opened: the battlefield's starting positions.
    const start = parseScenario(game.tableScenario());
    if (!start.ok) throw new Error(start.problems.join('\n'));
    const verdict = () => game.query({ id: 'v', kind: 'visible', observer: 'gunner-a-1', target: 'target-window-1' });
    expect(verdict()).toMatchObject({ ok: true, answer: { value: false } });
    for (const a of [{ type: 'chooseFirstTurn', player: 'p1', first: 'p1' }, { type: 'endPhase', player: 'p1' }, { type: 'endPhase', player: 'p1' }]) expect(game.act(a).ok).toBe(true);
    expect(game.act({ type: 'move', player: 'p1', unitId: 'gunner-a', kind: 'normal', paths: { 'gunner-a-1': [[14.8, 6]] } }).ok).toBe(true);
    expect(verdict()).toMatchObject({ ok: true, answer: { value: true } });

    const board = game.summary().board;
    const shared = disputeScenario(atGamePositions(start.scenario, board), { kind: 'model', id: 'gunner-a-1' }, { kind: 'model', id: 'target-window-1' });
    const at = (s: typeof shared, id: string) => s.units!.flatMap((u) => u.models).find((m) => m.id === id)?.position;
    expect(at(start.scenario, 'gunner-a-1')).toEqual([10, 6]);
    expect(at(shared, 'gunner-a-1')).toEqual([14.8, 6]);
    // Every model where the game's own table has it.
    const gameTableNow = game.tableScenario()!;
    expect(shared.units!.map((u) => u.models.map((m) => [m.id, m.position]))).toEqual(gameTableNow.units!.map((u) => u.models.map((m) => [m.id, m.position])));
    // Opened headless (adjudicate), the shared dispute answers what the game answers now: visible.
    const parsed = parseScenario(JSON.parse(JSON.stringify(shared)));
    if (!parsed.ok) throw new Error(parsed.problems.join('\n'));
    expect(disputeOf(parsed.scenario)).toEqual({ observer: 'gunner-a-1', target: 'target-window-1', eye: true });
    const api = await loaded(parsed.scenario);
    const [answer] = answerAll((api as unknown as { loaded: { world: never } }).loaded.world, parsed.scenario);
    expect(answer.value).toBe(true);
    // The battlefield's starting positions would have said the opposite.
    const stale = parseScenario(disputeScenario(start.scenario, { kind: 'model', id: 'gunner-a-1' }, { kind: 'model', id: 'target-window-1' }));
    if (!stale.ok) throw new Error(stale.problems.join('\n'));
    const staleApi = await loaded(stale.scenario);
    expect(answerAll((staleApi as unknown as { loaded: { world: never } }).loaded.world, stale.scenario)[0].value).toBe(false);
  });

  test('slain models and models the board does not place are left out, and units left empty', () => {
    const parsed = parseScenario(wallTable());
    if (!parsed.ok) throw new Error(parsed.problems.join('\n'));
    const out = atGamePositions(parsed.scenario, { positions: { o1: [11, 9], m1: [12, 10], t1: [20, 10] }, removed: ['m1'] });
    expect(out.units!.map((u) => [u.id, u.models.map((m) => [m.id, m.position])])).toEqual([
      ['o', [['o1', [11, 9]]]],
      ['t', [['t1', [20, 10]]]],
    ]);
    expect(parsed.scenario.units![0].models[0].position).toEqual([10, 10]);
  });

  test("a game's link names the armies, not the page's ids (issue 39: no \"P1-Stormcast-Eternals / P2-Skaven\"); armies of one name are told apart", () => {
    const parsed = parseScenario(wallTable());
    if (!parsed.ok) throw new Error(parsed.problems.join('\n'));
    const ids = { north: 'p1-stormcast-eternals', south: 'p2-skaven' } as Record<string, string>;
    const game: Scenario = { ...parsed.scenario, units: parsed.scenario.units!.map((u) => ({ ...u, army: ids[u.army] })) };
    const board = { positions: { o1: [10, 10], m1: [12, 10], t1: [20, 10], t2: [18, 10] } as Record<string, [number, number]>, removed: [] };
    const armiesOf = (s: Scenario) => s.units!.map((u) => [u.id, u.army]);
    const out = atGamePositions(game, board, { 'p1-stormcast-eternals': 'Stormcast Eternals', 'p2-skaven': 'Skaven' });
    expect(armiesOf(out)).toEqual([['o', 'Stormcast Eternals'], ['m', 'Skaven'], ['t', 'Skaven']]);
    expect(parseScenario(JSON.parse(JSON.stringify(disputeScenario(out, { kind: 'model', id: 'o1' }, { kind: 'model', id: 't1' })))).ok).toBe(true);
    const mirror = atGamePositions({ ...game, units: game.units!.map((u) => ({ ...u, army: u.army.replace('stormcast-eternals', 'skaven') })) }, board, { 'p1-skaven': 'Skaven', 'p2-skaven': 'Skaven' });
    expect(armiesOf(mirror)).toEqual([['o', 'Skaven (player 1)'], ['m', 'Skaven (player 2)'], ['t', 'Skaven (player 2)']]);
    // Without names (the sandbox), the ids stay.
    expect(armiesOf(atGamePositions(game, board))).toEqual(armiesOf(game));
  });
});

describe('the default battlefield (items 2 and 4)', async () => {
  const t = defaultTable();
  const api = await loaded(t.json, t.meshes);
  const m = await api.visibilityMatrix();
  if (!m.ok) throw new Error(m.reason);
  const world = (api as unknown as { loaded: { world: Parameters<typeof witnessIsClear>[0] } }).loaded.world;
  const names = new Map(t.json.terrain.map((f) => [f.id, f.name ?? f.id]));
  const hidden = m.entries.filter((e) => !e.sameArmy && !e.visible);
  const seen = m.entries.filter((e) => !e.sameArmy && e.visible);

  test('the table has both kinds of cells', () => {
    expect(hidden.length).toBeGreaterThan(0);
    expect(seen.length).toBeGreaterThan(0);
  });

  test('every ✕ cell of who-sees-whom answers its blockers: every line tested is blocked, terrain named first', () => {
    for (const e of hidden) {
      const r = api.losBlockers(e.observer, e.target);
      expect(r.ok, `${e.observer} -> ${e.target}`).toBe(true);
      if (!r.ok) continue;
      expect(r.form).toBe('unit');
      expect(r.lines.length).toBeGreaterThanOrEqual(16);
      for (const l of r.lines) expect(l.blockers.length, `${e.observer} -> ${e.target}: ${JSON.stringify(l.segment)}`).toBeGreaterThan(0);
      const kinds = r.blockers.map((b) => b.kind);
      expect(kinds).toEqual([...kinds].sort((a, b) => (a === b ? 0 : a === 'terrain' ? -1 : 1)));
      for (const b of r.blockers) {
        if (b.kind === 'terrain') expect(b.name).toBe(names.get(b.id));
        else expect(world.models.get(b.id)!.unitId === e.observer || world.models.get(b.id)!.unitId === e.target).toBe(false);
      }
    }
  });

  test('the eye view\'s camera point is the witness\'s start, for every visible unit pair; the witness it looks along is clear', () => {
    for (const e of seen) {
      expect(e.witness, `${e.observer} -> ${e.target}`).toBeDefined();
      const pose = eyeView({ visible: true, witness: e.witness }, null);
      expect(pose!.eye).toEqual(e.witness![0]);
      expect(pose!.target).toEqual(e.witness![1]);
      expect(witnessIsClear(world, e.observerModel!, e.targetModel!, [pose!.eye, pose!.target])).toBe(true);
    }
  });
});
