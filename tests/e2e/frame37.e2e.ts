/**
 * Issue 35 item 4 (session 37): the table view frames the table beside every open panel. The tool
 * palette owns the west strip and the right column (the Battlefield card, the placement palette,
 * the tool panels) the east strip, so a terrain feature at the table's west or east edge is drawn
 * under no panel in both camera views, and a real mouse click on it picks it. A window narrower
 * than 900 px keeps the table under the panels (the canvas fills the window).
 *
 * Session 39: the info panel (top left) and the selection panel (bottom left) lie in the left
 * column with the tool palette (styles.css, "The left column"), so with a model selected the
 * table's four corners are under no panel in both camera views.
 *
 * "Under no panel" is the page's own answer: `document.elementFromPoint` at the feature's screen
 * position is the table's canvas (or the frame shown under it), not a panel.
 */
import type { Page } from 'playwright-core';
import { openPalette, placeAt } from './files.e2e';
import { assert, boxOf, assertEqual, filesCall as files, frames, screenOf, tableViewPage, toolsCall as tools, type E2ETest } from './harness';


/** What the page shows at a screen point: 'table' (the canvas or its shown frame) or the covering element's classes. */
const shownAt = (page: Page, [x, y]: [number, number]) =>
  page.evaluate(
    ([px, py]) => {
      const e = document.elementFromPoint(px, py);
      if (!e) return 'nothing';
      return e.closest('.table-canvas') ? 'table' : `${e.tagName.toLowerCase()}.${(e.closest('.panel') ?? e).className}`;
    },
    [x, y] as const,
  );

/** The selected terrain feature (the sandbox editor's), or null. */
const selectedTerrain = async (page: Page) => (await tools<{ edit: { selected: string | null } }>(page, 'state()')).edit.selected;

/** Pillars (radius 1.5", 3" tall) at the west and east edges, half way along a territory line, clear of the default battlefield's terrain and models. */
const EDGES: { side: string; at: [number, number, number] }[] = [
  { side: 'west', at: [1.6, 14, 0] },
  { side: 'east', at: [58.4, 14, 0] },
];

export const tests: E2ETest[] = [
  {
    name: 'frame37: the table view frames the table beside the tool palette and the right column; terrain at the west and east edges is shown and picked with a click in both camera views; a narrow window keeps the table under the panels',
    async run(ctx) {
      const { page, errors } = await tableViewPage(ctx); // the lane's default battlefield (harness), reset
      await openPalette(page); // top-down, the placement palette open above the Battlefield card
      await page.waitForSelector('[data-testid=board-panel]');

      // The canvas lies between the palette's strip and the right column's.
      const canvas = (await boxOf(page, '.table-canvas'))!;
      const palette = (await boxOf(page, '.tools'))!;
      const board = (await boxOf(page, '.board'))!;
      const placing = (await boxOf(page, '.palette'))!;
      assert(canvas.x >= palette.x + palette.width, `the canvas starts right of the tool palette: canvas ${JSON.stringify(canvas)}, palette ${JSON.stringify(palette)}`);
      assert(canvas.x + canvas.width <= Math.min(board.x, placing.x), `the canvas ends left of the Battlefield card and the placement palette: canvas ${JSON.stringify(canvas)}, card ${JSON.stringify(board)}, palette ${JSON.stringify(placing)}`);

      const ids: string[] = [];
      for (const e of EDGES) {
        // The pillar stays armed after a placement (a second click would disarm it).
        if (!(await page.$('[data-testid=place-cylinder][aria-pressed=true]'))) await page.click('[data-testid=place-cylinder]');
        const placed = await placeAt(page, e.at); // a real click on the edge's screen position
        assert(placed.ok, `the ${e.side} pillar is placed: ${placed.text}`);
        const scenario = await files<{ terrain?: { id: string; pieces: { center?: [number, number] }[] }[] }>(page, 'scenario()');
        const t = scenario.terrain!.find((f) => f.pieces[0]?.center?.[0] === e.at[0] && f.pieces[0]?.center?.[1] === e.at[1]);
        assert(t, `the ${e.side} pillar is in the engine's scenario at ${e.at}`);
        ids.push(t.id);
      }
      await page.keyboard.press('Escape'); // disarm; the palette stays open
      await page.evaluate('document.activeElement?.blur()');
      await page.waitForSelector('[data-testid=palette]');

      for (const view of ['top', 'oblique'] as const) {
        await page.click(`[data-testid=btn-${view}]`);
        await page.waitForSelector(`[data-testid=btn-${view}][aria-pressed=true]`);
        await frames(page, 3);
        for (const [i, e] of EDGES.entries()) {
          // The pillar's top centre and its foot on the table's outer side: both drawn, under no panel.
          const top = await screenOf(page, [e.at[0], e.at[1], 3]);
          const foot = await screenOf(page, [e.side === 'west' ? 0.2 : 59.8, e.at[1], 0]);
          for (const [what, p] of [['top', top], ['outer foot', foot]] as const) {
            assertEqual(await shownAt(page, p), 'table', `${view} view: the ${e.side} pillar's ${what} at ${p.map(Math.round)} is shown (no panel over it)`);
          }
          await page.mouse.move(top[0], top[1], { steps: 2 });
          await page.mouse.click(top[0], top[1]);
          await page.waitForFunction((id) => (window.__sightline!.tools!.state() as { edit: { selected: string | null } }).edit.selected === id, ids[i], { timeout: 30_000 }).catch(async () => {
            throw new Error(`${view} view: a click on the ${e.side} pillar (${top.map(Math.round)}) did not pick it: selected ${await selectedTerrain(page)}`);
          });
          await page.keyboard.press('Escape');
          await page.waitForFunction(() => (window.__sightline!.tools!.state() as { edit: { selected: string | null } }).edit.selected === null);
        }
      }

      // Session 39: the left column. With a model selected (the selection panel open at the bottom
      // left, the info panel at the top left), the two panels lie left of the canvas and the table's
      // four corners are shown under no panel in both camera views.
      const scenarioNow = await files<{ units?: { models: { id: string }[] }[] }>(page, 'scenario()');
      await tools(page, `pick(${JSON.stringify({ kind: 'model', id: scenarioNow.units![0].models[0].id })})`);
      await page.waitForSelector('[data-testid=selection-panel]');
      const canvasNow = (await boxOf(page, '.table-canvas'))!;
      assertEqual(canvasNow.x, canvas.x, 'the canvas did not move when the selection panel opened');
      for (const panel of ['.info', '.selection', '.tools']) {
        const b = (await boxOf(page, panel))!;
        assert(b.x + b.width <= canvasNow.x, `the ${panel} panel lies left of the canvas: panel ${JSON.stringify(b)}, canvas ${JSON.stringify(canvasNow)}`);
      }
      const CORNERS: [string, [number, number, number]][] = [
        ['south-west', [0.3, 0.3, 0]],
        ['south-east', [59.7, 0.3, 0]],
        ['north-west', [0.3, 43.7, 0]],
        ['north-east', [59.7, 43.7, 0]],
      ];
      for (const view of ['top', 'oblique'] as const) {
        await page.click(`[data-testid=btn-${view}]`);
        await page.waitForSelector(`[data-testid=btn-${view}][aria-pressed=true]`);
        await frames(page, 3);
        assert(await page.$('[data-testid=selection-panel]'), `${view} view: the selection panel is still open`);
        for (const [corner, at] of CORNERS) {
          const p = await screenOf(page, at);
          assertEqual(await shownAt(page, p), 'table', `${view} view: the table's ${corner} corner at ${p.map(Math.round)} is shown (no panel over it)`);
        }
      }
      await page.keyboard.press('Escape');

      // A narrow window: the canvas fills it, under the panels, as before.
      await page.setViewportSize({ width: 880, height: 800 });
      await page.waitForFunction(() => {
        const r = document.querySelector('.table-canvas')!.getBoundingClientRect();
        return r.x === 0 && r.width === 880;
      });
      await page.setViewportSize({ width: 1280, height: 800 });
      assertEqual(errors.join('\n'), '', 'console errors');
    },
  },
];
