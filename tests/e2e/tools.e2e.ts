/**
 * End-to-end checks of the tools against the adjudicator: the page loads
 * `tests/e2e/fixtures/tools.json` through `?scenario=`, a test clicks models, objectives and
 * terrain with the real mouse (their screen positions come from the `window.__sightline.tools`
 * hook, which projects table points with the live camera), and every number and verdict the page
 * shows must equal what `npx tsx src/cli/adjudicate.ts` answers on the same file (its entry run in
 * this process: adjudicator.ts). Waits are on
 * ready signals (`data-status` of the tool panels, the hook's state), never fixed delays.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { adjudicateFile } from './adjudicator';
import { assert, assertEqual, frames, modelOnScreen, screenOf, tableViewPage, toolsCall as hook, type E2EContext, type E2ETest, textOf as text } from './harness';

const FIXTURE = 'tools.json';
type P3 = [number, number, number];
interface Answer {
  id: string;
  value: unknown;
  points?: [P3, P3];
  witness?: [P3, P3];
  observerModel?: string;
  targetModel?: string;
  isolated?: string[];
  models?: [string, string];
}

/** Runs the adjudicator on a scenario file (adjudicator.ts) and returns its answers by query id. */
async function adjudicate(file: string): Promise<Map<string, Answer>> {
  const r = await adjudicateFile(file);
  if (r.status !== 0) throw new Error(`adjudicator exited ${r.status} on ${file}:\n${r.stderr}`);
  const out = JSON.parse(r.stdout) as { answers: Answer[] };
  return new Map(out.answers.map((a) => [a.id, a]));
}

function fixturePath(ctx: E2EContext): string {
  return join(ctx.root, 'tests/e2e/fixtures', FIXTURE);
}




/** A real mouse click, with shift held when `shift`. */
async function clickAt(page: Page, [x, y]: [number, number], shift = false): Promise<void> {
  if (shift) await page.keyboard.down('Shift');
  await page.mouse.click(x, y);
  if (shift) await page.keyboard.up('Shift');
}

/** Top-down view, a tool activated by its button, frames drawn. */
async function prepare(page: Page, tool: string): Promise<void> {
  // The top-down view (a toggle: the page may be the previous test's, already top-down).
  if ((await page.getAttribute('[data-testid=btn-top]', 'aria-pressed')) !== 'true') await page.click('[data-testid=btn-top]');
  await page.click(`[data-testid=tool-${tool}]`);
  await page.waitForSelector(`[data-testid=tool-${tool}][aria-pressed=true]`);
  await frames(page);
}

const near = (a: number, b: number, eps = 1e-9) => Math.abs(a - b) <= eps;
const samePoints = (a: number[][], b: number[][]) => a.length === b.length && a.every((p, i) => p.every((v, j) => near(v, b[i][j], 1e-9)));

export const tests: E2ETest[] = [
  {
    name: 'measure tool: model, unit, objective and terrain distances equal the adjudicator (3D and horizontal, 2 decimals)',
    async run(ctx) {
      const expected = await adjudicate(fixturePath(ctx));
      const { page, errors } = await tableViewPage(ctx, FIXTURE);
      await prepare(page, 'measure');
      // [first click, second click, query id, kinds picked]
      const cases: { a: () => Promise<[number, number]>; aShift?: boolean; b: () => Promise<[number, number]>; bShift?: boolean; q: string; kinds: [string, string] }[] = [
        { a: () => modelOnScreen(page, 'a1'), b: () => modelOnScreen(page, 'b1'), q: 'm-a1-b1', kinds: ['model', 'model'] },
        { a: () => modelOnScreen(page, 'a2'), aShift: true, b: () => modelOnScreen(page, 'b2'), bShift: true, q: 'm-alpha-bravo', kinds: ['unit', 'unit'] },
        { a: () => modelOnScreen(page, 'a1'), b: () => screenOf(page, [8, 5, 0.08]), q: 'm-a1-obj-1', kinds: ['model', 'objective'] },
        { a: () => modelOnScreen(page, 'a1'), b: () => screenOf(page, [18, 9, 4]), q: 'm-a1-wall', kinds: ['model', 'terrain'] },
        { a: () => modelOnScreen(page, 'b2'), b: () => screenOf(page, [27.5, 20.5, 5]), q: 'm-b2-tower', kinds: ['model', 'terrain'] },
      ];
      for (const c of cases) {
        // Start again (Esc; in an idle tool Esc would go back to the select tool).
        if ((await page.getAttribute('[data-testid=measure-panel]', 'data-status')) !== 'idle') await page.keyboard.press('Escape');
        await page.waitForSelector('[data-testid=measure-panel][data-status=idle]');
        await clickAt(page, await c.a(), c.aShift);
        await page.waitForSelector('[data-testid=measure-panel][data-status=pointing]');
        await clickAt(page, await c.b(), c.bShift);
        await page.waitForSelector('[data-testid=measure-panel][data-status=done]', { timeout: 30_000 });
        const st = (await hook<{ measure: { from: { kind: string }; to: { kind: string }; result: { distance: number; horizontal: number; points: number[][]; horizontalPoints: number[][] } } }>(page, 'state()')).measure;
        assertEqual(`${st.from.kind}/${st.to.kind}`, c.kinds.join('/'), `${c.q}: what was picked`);
        const d3 = expected.get(c.q)!;
        const dh = expected.get(`${c.q}-h`)!;
        assertEqual(await text(page, '[data-testid=measure-3d]'), `${(d3.value as number).toFixed(2)}"`, `${c.q}: 3D distance shown`);
        assertEqual(await text(page, '[data-testid=measure-h]'), `${(dh.value as number).toFixed(2)}"`, `${c.q}: horizontal distance shown`);
        assertEqual(st.result.distance, d3.value, `${c.q}: 3D answer`);
        assertEqual(st.result.horizontal, dh.value, `${c.q}: horizontal answer`);
        assert(samePoints(st.result.points, d3.points!), `${c.q}: closest points ${JSON.stringify(st.result.points)} vs adjudicator ${JSON.stringify(d3.points)}`);
        assert(samePoints(st.result.horizontalPoints, dh.points!), `${c.q}: horizontal closest points differ`);
        assertEqual(await text(page, '[data-testid=measure-label]'), `${(d3.value as number).toFixed(2)}"`, `${c.q}: label on the line`);
      }
      await frames(page);
      await page.screenshot({ path: join(ctx.outputDir, 'measure.png') });
      assert(errors.length === 0, `console errors:\n${errors.join('\n')}`);
    },
  },
  {
    name: "line-of-sight tool: verdicts and witnesses equal the adjudicator; observer's-eye view and back; PNG proof download",
    async run(ctx) {
      const expected = await adjudicate(fixturePath(ctx));
      // The lane's page on the fixture (harness tableViewPage), reset: the measure test's in this suite.
      const { page, errors } = await tableViewPage(ctx, FIXTURE);
      await prepare(page, 'los');
      const cases: { o: string; t: string; unit?: boolean; q: string }[] = [
        { o: 'a1', t: 'b1', q: 'v-a1-b1' },
        { o: 'b1', t: 'a1', q: 'v-b1-a1' },
        { o: 'a2', t: 'b1', unit: true, q: 'v-alpha-bravo' },
        { o: 'a1', t: 'b2', q: 'v-a1-b2' },
      ];
      for (const c of cases) {
        // Start again (Esc; in an idle tool Esc would go back to the select tool).
        if ((await page.getAttribute('[data-testid=los-panel]', 'data-status')) !== 'idle') await page.keyboard.press('Escape');
        await page.waitForSelector('[data-testid=los-panel][data-status=idle]');
        await clickAt(page, await modelOnScreen(page, c.o), c.unit);
        await page.waitForSelector('[data-testid=los-panel][data-status=pointing]');
        await clickAt(page, await modelOnScreen(page, c.t), c.unit);
        await page.waitForSelector('[data-testid=los-panel][data-status=done]', { timeout: 60_000 });
        const want = expected.get(c.q)!;
        const st = (await hook<{ los: { observer: { kind: string }; result: { visible: boolean; witness?: number[][]; observerModel?: string; targetModel?: string }; blockers: { status: string } | null } }>(page, 'state()')).los;
        assertEqual(st.observer.kind, c.unit ? 'unit' : 'model', `${c.q}: observer kind`);
        assertEqual(st.result.visible, want.value, `${c.q}: verdict`);
        assertEqual(await page.getAttribute('[data-testid=los-verdict]', 'data-visible'), String(want.value), `${c.q}: verdict shown`);
        assertEqual(await text(page, '[data-testid=los-verdict]'), want.value ? 'Visible' : 'Not visible', `${c.q}: verdict text`);
        if (want.value) {
          assert(st.result.witness && samePoints(st.result.witness, want.witness!), `${c.q}: witness ${JSON.stringify(st.result.witness)} vs adjudicator ${JSON.stringify(want.witness)}`);
          assertEqual(st.result.observerModel, want.observerModel, `${c.q}: observing model`);
          assertEqual(st.result.targetModel, want.targetModel, `${c.q}: target model`);
          assert((await text(page, '[data-testid=los-witness]')).includes(want.witness![0].map((v) => v.toFixed(2)).join(', ')), `${c.q}: witness shown`);
        } else {
          // What blocks the lines tested comes from the engine's losBlockers (issue 29).
          await page.waitForSelector('[data-testid=los-blockers][data-blockers=found]');
          assertEqual(await text(page, '[data-testid=los-label]'), 'Blocked', `${c.q}: label on the line`);
        }
        if (c.q === 'v-a1-b1') {
          await frames(page);
          await page.screenshot({ path: join(ctx.outputDir, 'los-blocked.png') });
        }
      }
      // The last case (a1 -> b2) is visible: the witness is drawn; go to the observer's eye and back.
      await frames(page);
      await page.screenshot({ path: join(ctx.outputDir, 'los-visible.png') });
      const before = await modelOnScreen(page, 'b2');
      await page.click('[data-testid=btn-eye]');
      await page.waitForSelector('[data-testid=los-panel][data-eye=true]');
      await page.waitForSelector('[data-testid=eye-banner]');
      await frames(page);
      // Issue 29: the camera stands at the witness's start and looks along it: its end (on b2) is dead centre.
      const w = expected.get('v-a1-b2')!.witness!;
      const cam = await hook<{ mode: string; eye?: number[] }>(page, 'camera()');
      assert(cam.mode === 'eye' && samePoints([cam.eye!, w[1]], [w[0], w[1]]), `the eye is the witness's start: ${JSON.stringify(cam)} vs ${JSON.stringify(w)}`);
      const aim = await screenOf(page, w[1] as [number, number, number]);
      // The table's canvas is framed beside the tool palette and the Battlefield card (issue 35 item 4).
      const vp = (await page.locator('.table-canvas').boundingBox())!;
      assert(Math.hypot(aim[0] - vp.x - vp.width / 2, aim[1] - vp.y - vp.height / 2) < 3, `the eye view looks at the target (the canvas's centre): it is at ${aim}`);
      await page.screenshot({ path: join(ctx.outputDir, 'los-eye.png') });
      await page.click('[data-testid=btn-eye-back]');
      await page.waitForSelector('[data-testid=los-panel][data-eye=false]');
      await frames(page);
      const after = await modelOnScreen(page, 'b2');
      assert(Math.hypot(after[0] - before[0], after[1] - before[1]) < 1, `back restores the table view (b2 at ${before} before, ${after} after)`);

      const download = page.waitForEvent('download', { timeout: 30_000 });
      await page.click('[data-testid=btn-export]');
      const file = await download;
      assert(file.suggestedFilename().endsWith('.png'), `download name ${file.suggestedFilename()}`);
      await file.saveAs(join(ctx.outputDir, 'los-proof.png'));
      const href = (await page.getAttribute('[data-testid=proof-link]', 'href')) ?? '';
      assert(href.startsWith('data:image/png;base64,') && href.length > 10_000, 'the proof link holds a PNG');
      const proof = await hook<{ headline: string; details: string[] } | null>(page, 'lastProof()');
      assert(proof && proof.headline.includes('VISIBLE') && !proof.headline.includes('NOT') && proof.details.join(' ').includes('Witness'), `proof text: ${JSON.stringify(proof)}`);
      const png = readFileSync(join(ctx.outputDir, 'los-proof.png'));
      assert(png.subarray(1, 4).toString() === 'PNG', 'the downloaded proof is a PNG');
      assert(errors.length === 0, `console errors:\n${errors.join('\n')}`);
    },
  },
  {
    name: 'move tool: dragging shows the live path length (= adjudicator movePath), refuses an illegal drop, undo/redo, coherency follows',
    async run(ctx) {
      // The lane's page on the fixture (harness tableViewPage), handed on: the combat test, next, opens the fixture again.
      const { page, errors } = await tableViewPage(ctx, FIXTURE);
      await prepare(page, 'move');
      const versionBefore = await hook<number>(page, 'version()');
      type MoveSt = { name: string; start?: [number, number]; to?: [number, number]; measured?: { to: [number, number]; value: number | null; reason?: string } | null };
      const moveState = async () => (await hook<{ move: MoveSt }>(page, 'state()')).move;

      // Press a1, carry it south; the length appears, then changes as the pointer moves on.
      const start = (await hook<[number, number]>(page, "modelCentre('a1')"))!;
      await page.mouse.move(...(await modelOnScreen(page, 'a1')));
      await page.mouse.down();
      const mid = await screenOf(page, [12, 9.5, 0]);
      await page.mouse.move(mid[0], mid[1], { steps: 8 });
      await page.waitForSelector('[data-testid=move-panel][data-status=dragging][data-legal=true]');
      const first = await text(page, '[data-testid=move-length]');
      const end = await screenOf(page, [12, 6.5, 0]);
      await page.mouse.move(end[0], end[1], { steps: 8 });
      await page.waitForFunction((v) => {
        const el = document.querySelector('[data-testid=move-panel][data-legal=true] [data-testid=move-length]');
        return !!el && el.textContent !== v;
      }, first);
      const s1 = await moveState();
      assert(s1.measured && s1.measured.value !== null && s1.to && near(s1.measured.to[0], s1.to[0]) && near(s1.measured.to[1], s1.to[1]), `live answer for the pointer: ${JSON.stringify(s1)}`);
      const second = await text(page, '[data-testid=move-length]');
      assert(parseFloat(second) > parseFloat(first), `the path length grows as the model is carried further: ${first} then ${second}`);
      assertEqual(second, `${s1.measured.value!.toFixed(2)}"`, 'length shown');
      // The adjudicator, on the same file with the same path, answers the same.
      const scenario = JSON.parse(readFileSync(fixturePath(ctx), 'utf8')) as { queries: unknown[] };
      scenario.queries = [{ id: 'drag', kind: 'movePath', model: 'a1', path: [start, s1.to] }];
      const check = join(ctx.outputDir, 'movepath-check.json');
      writeFileSync(check, JSON.stringify(scenario, null, 1));
      const want = (await adjudicate(check)).get('drag')!;
      assertEqual(s1.measured.value, want.value, 'movePath answer vs adjudicator');
      await frames(page);
      await page.screenshot({ path: join(ctx.outputDir, 'move-drag.png') });
      await page.mouse.up();
      await page.waitForSelector('[data-testid=move-last][data-kind=moved]');
      const moved = await hook<[number, number]>(page, "modelCentre('a1')");
      assert(near(moved[0], s1.to![0]) && near(moved[1], s1.to![1]), `a1 now stands where it was dropped: ${moved}`);
      await page.waitForFunction((v) => window.__sightline!.tools!.version() > v, versionBefore);
      // a1 is now far from a2: the engine says Alpha is out of coherency (red rings, listed).
      await page.waitForSelector('[data-testid=incoherent-alpha]', { timeout: 30_000 });

      // An illegal drop: onto b1. The reason shows in red; the drop is refused; nothing moves.
      const version1 = await hook<number>(page, 'version()');
      await page.mouse.move(...(await modelOnScreen(page, 'a1')));
      await page.mouse.down();
      const onB1 = await screenOf(page, [24, 12, 0]);
      await page.mouse.move(onB1[0], onB1[1], { steps: 10 });
      await page.waitForSelector('[data-testid=move-panel][data-legal=false] [data-testid=move-reason]');
      const reason = await text(page, '[data-testid=move-reason]');
      assert(/b1|model/.test(reason), `the reason names the problem: ${reason}`);
      await frames(page);
      await page.screenshot({ path: join(ctx.outputDir, 'move-illegal.png') });
      await page.mouse.up();
      await page.waitForSelector('[data-testid=move-last][data-kind=refused]');
      const still = await hook<[number, number]>(page, "modelCentre('a1')");
      assert(near(still[0], moved[0]) && near(still[1], moved[1]), `a refused drop leaves a1 in place: ${still}`);
      assertEqual(await hook<number>(page, 'version()'), version1, 'no edit was made');
      assertEqual((await hook<{ done: unknown[] }>(page, 'history()')).done.length, 1, 'one move on the undo stack');

      // Undo (Ctrl+Z) puts it back; redo (Ctrl+Y) moves it again.
      await page.keyboard.press('Control+z');
      await page.waitForSelector('[data-testid=move-last][data-kind=undone]');
      const back = await hook<[number, number]>(page, "modelCentre('a1')");
      assert(near(back[0], start[0]) && near(back[1], start[1]), `undo returns a1 to ${start}: ${back}`);
      await page.waitForSelector('[data-testid=incoherent-alpha]', { state: 'detached', timeout: 30_000 });
      await page.keyboard.press('Control+y');
      await page.waitForSelector('[data-testid=move-last][data-kind=redone]');
      const again = await hook<[number, number]>(page, "modelCentre('a1')");
      assert(near(again[0], s1.to![0]) && near(again[1], s1.to![1]), `redo moves a1 again: ${again}`);
      assert(errors.length === 0, `console errors:\n${errors.join('\n')}`);
    },
  },
  {
    name: 'combat pairs, coherency and objectives equal the adjudicator; combat ranges; the engine survives a worker crash',
    async run(ctx) {
      const expected = await adjudicate(fixturePath(ctx));
      // The lane's page on the fixture (harness tableViewPage; the move test's in this suite), reset:
      // the fixture opened again (the move test moved a1), the select tool, as a fresh page starts.
      // Closed at the end (its engine worker was killed), not handed on.
      const { page, errors } = await tableViewPage(ctx, FIXTURE);
      if ((await page.getAttribute('[data-testid=tool-select]', 'aria-pressed')) !== 'true') {
        await page.click('[data-testid=tool-select]');
        await page.waitForSelector('[data-testid=tool-select][aria-pressed=true]');
      }
      await page.waitForSelector('[data-testid=board-panel][data-status=shown]', { timeout: 30_000 });
      // Coherency: delta is out (d1, d2 isolated), alpha is coherent.
      const delta = expected.get('coherent-delta')!;
      assertEqual(delta.value, false, 'fixture: delta is incoherent');
      const line = await text(page, '[data-testid=incoherent-delta]');
      for (const m of delta.isolated ?? []) assert(line.includes(m), `isolated ${m} listed: ${line}`);
      assertEqual(await page.locator('[data-testid=incoherent-alpha]').count(), expected.get('coherent-alpha')!.value ? 0 : 1, 'alpha coherency shown');

      // Combat: toggle (C), wait for the job, compare with every inCombat answer.
      await page.click('[data-testid=btn-top]');
      await page.keyboard.press('c');
      await page.waitForSelector('[data-testid=combat][data-status=shown]', { timeout: 60_000 });
      const pairs = (await hook<{ combat: { value: { a: string; b: string; models?: string[] }[] } }>(page, 'state()')).combat.value;
      for (const [id, a] of expected) {
        if (!id.startsWith('combat-')) continue;
        const [, u, v] = id.split('-');
        const found = pairs.find((p) => (p.a === u && p.b === v) || (p.a === v && p.b === u));
        assertEqual(!!found, a.value, `${u} and ${v} in combat`);
        if (found && a.models) assertEqual([...found.models!].sort().join(','), [...a.models].sort().join(','), `${id}: model pair`);
      }
      // Select alpha (shift-click) to see its combat ranges.
      await clickAt(page, await modelOnScreen(page, 'a1'), true);
      await page.waitForFunction(() => document.querySelector('[data-testid=selection-panel]')?.textContent?.includes('2 models selected'));
      await page.click('[data-testid=btn-oblique]');
      await frames(page);
      await page.screenshot({ path: join(ctx.outputDir, 'combat.png') });

      // Kill the worker: the pill says "restarted", and the tools still answer from the restored state.
      await hook<void>(page, 'simulateEngineCrash()');
      await page.waitForSelector('[data-testid=engine-status][data-state=restarted]');
      await page.click('[data-testid=tool-measure]');
      await hook<void>(page, "pick({kind: 'model', id: 'a1'})");
      await hook<void>(page, "pick({kind: 'model', id: 'b1'})");
      await page.waitForSelector('[data-testid=measure-panel][data-status=done]', { timeout: 60_000 });
      assertEqual(await text(page, '[data-testid=measure-3d]'), `${(expected.get('m-a1-b1')!.value as number).toFixed(2)}"`, 'distance after a restart');
      assert(errors.length === 0, `console errors:\n${errors.join('\n')}`);
      await page.close();
    },
  },
  {
    name: 'who sees whom: every cell equals the adjudicator on the unit pair, both directions; a click checks that pair',
    async run(ctx) {
      // The default battlefield (hidden and visible pairs among its 12 units), and the adjudicator on
      // the same file (its meshes named by absolute path, since the copy lives elsewhere), asked
      // every pair of units from different armies both ways.
      const file = join(ctx.root, 'assets/scenarios/default.json');
      const scenario = JSON.parse(readFileSync(file, 'utf8')) as { units: { id: string; army: string }[]; terrain: { pieces: { src?: string }[] }[]; queries: unknown[] };
      for (const f of scenario.terrain) for (const p of f.pieces) if (p.src) p.src = resolve(dirname(file), p.src);
      const pairs = scenario.units.flatMap((a) => scenario.units.filter((b) => b.army !== a.army).map((b) => [a.id, b.id] as const));
      scenario.queries = pairs.map(([a, b]) => ({ id: `${a}>${b}`, kind: 'visible', observer: a, target: b }));
      const check = join(ctx.outputDir, 'sight-table-check.json');
      writeFileSync(check, JSON.stringify(scenario, null, 1));
      const want = await adjudicate(check);

      const { page, errors } = await tableViewPage(ctx); // the lane's default battlefield (harness), reset
      await prepare(page, 'los');
      await page.click('[data-testid=btn-sight-table]');
      await page.waitForSelector('[data-testid=sight-table][data-status=shown]', { timeout: 60_000 });
      const cells = (await page.$$eval('[data-testid=sight-cell]', (els) => els.map((e) => ({ a: e.getAttribute('data-a')!, b: e.getAttribute('data-b')!, visible: e.getAttribute('data-visible')! })))) as { a: string; b: string; visible: string }[];
      const north = scenario.units.filter((u) => u.army === 'north').length;
      assertEqual(cells.length, north * (scenario.units.length - north), 'one cell per pair of units from different armies');
      for (const c of cells) {
        assertEqual(c.visible, String(want.get(`${c.a}>${c.b}`)!.value), `${c.a} and ${c.b}: cell vs adjudicator`);
        assertEqual(c.visible, String(want.get(`${c.b}>${c.a}`)!.value), `${c.b} and ${c.a}: the reverse direction agrees`);
      }
      assert(new Set(cells.map((c) => c.visible)).size === 2, `the battlefield has both verdicts: ${JSON.stringify(cells)}`);
      await frames(page);
      await page.screenshot({ path: join(ctx.outputDir, 'sight-table.png') });
      // A click on a cell checks that pair of units with the line-of-sight tool.
      const pick = cells.find((c) => c.visible === 'true')!;
      await page.click(`[data-testid=sight-cell][data-a=${pick.a}][data-b=${pick.b}]`);
      await page.waitForSelector('[data-testid=los-panel][data-status=done]', { timeout: 60_000 });
      const st = (await hook<{ los: { observer: { kind: string; id: string }; target: { kind: string; id: string }; result: { visible: boolean; witness?: number[][] } } }>(page, 'state()')).los;
      assertEqual(JSON.stringify([st.observer, st.target]), JSON.stringify([{ kind: 'unit', id: pick.a }, { kind: 'unit', id: pick.b }]), 'the clicked pair, as units');
      const answer = want.get(`${pick.a}>${pick.b}`)!;
      assertEqual(st.result.visible, true, 'the pair is visible');
      assert(st.result.witness && samePoints(st.result.witness, answer.witness!), `witness ${JSON.stringify(st.result.witness)} vs adjudicator ${JSON.stringify(answer.witness)}`);
      assertEqual(await page.getAttribute(`[data-testid=sight-cell][data-a=${pick.a}][data-b=${pick.b}]`, 'aria-pressed'), 'true', 'the checked pair is marked in the table');
      assertEqual((await page.$$('[data-testid=sight-cell][aria-pressed=true]')).length, 1, 'one cell marked');
      assert(errors.length === 0, `console errors:\n${errors.join('\n')}`);
      // The page stays the lane's (tableViewPage) for the next test on the default battlefield.
    },
  },
  {
    name: 'a bad ?scenario= file: the page lists every problem with its JSON path, as the adjudicator does',
    async run(ctx) {
      const bad = join(ctx.root, 'tests/e2e/fixtures/bad.json');
      const r = await adjudicateFile(bad);
      assertEqual(r.status, 2, 'adjudicator exit code');
      const problems = r.stderr.split('\n').filter((l) => /^\s+\S+: /.test(l)).map((l) => l.trim());
      assert(problems.length >= 2, `the adjudicator lists the problems: ${r.stderr}`);
      const opened = await ctx.openPage();
      const { page, errors } = opened;
      await page.route(
        (u) => u.pathname === '/__e2e__/bad.json',
        (route) => route.fulfill({ body: readFileSync(bad, 'utf8'), contentType: 'application/json' }).catch(() => undefined),
      );
      await page.goto(`${ctx.baseUrl}?scenario=/__e2e__/bad.json`, { waitUntil: 'domcontentloaded' });
      await page.waitForSelector('body[data-ready=error]', { state: 'attached', timeout: 60_000 });
      const shown = await text(page, '[role=alert]');
      for (const p of problems) assert(shown.includes(p), `the page shows "${p}": ${shown}`);
      assert(errors.every((e) => e.includes('did not load')), `only the load failure is reported:\n${errors.join('\n')}`);
      await page.close();
    },
  },
];
