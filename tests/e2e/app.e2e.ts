/**
 * End-to-end checks of the built app in real Chromium (software WebGL). NOT a vitest file: run
 * with `npx tsx tests/e2e/run.ts`, which builds, serves and drives the browser. The three tests
 * view the same default battlefield: they share one booted page (harness `keptPage`), in order.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { assert, assertEqual, frames, keptPage, type E2EContext, type E2ETest } from './harness';

interface ScenarioFile {
  name?: string;
  battlefield: { width: number; depth: number };
  terrain?: unknown[];
  units?: { id: string; name?: string; models: { id: string; position: [number, number]; base: { round?: number; oval?: [number, number] } }[] }[];
}

function readScenario(root: string): ScenarioFile {
  return JSON.parse(readFileSync(join(root, 'assets/scenarios/default.json'), 'utf8')) as ScenarioFile;
}

/**
 * The default battlefield's page, booted once for this file's tests (harness `keptPage`): the app
 * loaded and its ready signal (`body[data-ready]`) waited for, failing on a load error.
 */
function openReady(ctx: E2EContext) {
  return keptPage(ctx, 'app: default battlefield', () => bootReady(ctx));
}

async function bootReady(ctx: E2EContext) {
  const opened = await ctx.openPage();
  const { page } = opened;
  await page.goto(ctx.baseUrl, { waitUntil: 'domcontentloaded' });
  await page.waitForSelector('body[data-ready]', { state: 'attached', timeout: 120_000 });
  const ready = await page.evaluate(() => document.body.dataset.ready);
  if (ready !== 'true') {
    const problems = await page.evaluate(() => document.body.dataset.problems ?? '');
    throw new Error(`the app signalled "${ready}" instead of ready:\n${problems}`);
  }
  return opened;
}

/**
 * Where a table point (inches) appears on screen in the top-down view. Mirrors CameraRig's framing
 * (fov 40, 3" margin, north up, table centre at the canvas centre); exact for points on the mat.
 */
function topDownPixel(x: number, y: number, w: number, d: number, vw: number, vh: number): [number, number] {
  const t = Math.tan((40 * Math.PI) / 180 / 2);
  const dist = Math.max((d + 6) / 2 / t, (w + 6) / 2 / (t * (vw / vh)));
  const pxPerInch = vh / 2 / (dist * t);
  return [vw / 2 + (x - w / 2) * pxPerInch, vh / 2 - (y - d / 2) * pxPerInch];
}

export const tests: E2ETest[] = [
  {
    name: 'default scenario loads, signals ready with the right counts, no console errors, screenshot',
    async run(ctx) {
      const s = readScenario(ctx.root);
      const { page, errors } = await openReady(ctx);
      const info = await page.evaluate(() => window.__sightline);
      assert(info, 'window.__sightline is not set');
      const models = (s.units ?? []).reduce((n, u) => n + u.models.length, 0);
      assertEqual(info.terrainCount, (s.terrain ?? []).length, 'terrain count');
      assertEqual(info.modelCount, models, 'model count');
      assertEqual(info.scenarioName, s.name, 'scenario name');
      assert(models >= 10 && (s.terrain ?? []).length >= 5, 'the default scenario should hold a real battle');
      assertEqual(await page.textContent('[data-testid=model-count]'), String(models), 'model count shown in the panel');
      // One WebGL canvas (with a software rasteriser, its frames are shown in a 2D canvas under it).
      assert((await page.locator('canvas:not([data-testid=shown-frame])').count()) === 1, 'exactly one WebGL canvas');
      await frames(page);
      await page.screenshot({ path: join(ctx.outputDir, 'default.png') });
      // The engine worker's nested visibility helper (the second core for whole-table jobs) builds
      // its copy of the world in the background: wait for it to report ready.
      const helper = await page.evaluate(`(async () => {
        for (;;) {
          const s = await window.__sightlineFiles.engineStats();
          if (s.helper !== 'loading') return s.helper;
          await new Promise((r) => setTimeout(r, 50));
        }
      })()`);
      assertEqual(helper, 'ready', "the engine's visibility helper");
      assert(errors.length === 0, `console errors:\n${errors.join('\n')}`);
    },
  },
  {
    name: 'orbiting draws the table at a lower resolution; a still camera gets the full picture back',
    async run(ctx) {
      const { page, errors } = await openReady(ctx);
      await frames(page);
      const size = () => page.evaluate(`(() => { const c = document.querySelector('canvas'); return { w: c.width, h: c.height, regressed: c.hasAttribute('data-regressed') }; })()`) as Promise<{ w: number; h: number; regressed: boolean }>;
      const full = await size();
      assert(!full.regressed && full.w > 0, `the still canvas should be at full resolution: ${JSON.stringify(full)}`);
      // Orbit through the same controls a drag uses, one step per frame, and look mid-orbit.
      const during = (await page.evaluate(`new Promise((resolve) => {
        let n = 0;
        const step = () => {
          window.__sightlineFiles.orbit(2);
          if (++n < 6) return requestAnimationFrame(step);
          requestAnimationFrame(() => { const c = document.querySelector('canvas'); resolve({ w: c.width, h: c.height, regressed: c.hasAttribute('data-regressed') }); });
        };
        requestAnimationFrame(step);
      })`)) as { w: number; h: number; regressed: boolean };
      assert(during.regressed, 'the canvas should be marked regressed while the camera moves');
      // Software WebGL here: half the pixel ratio while moving (renderProfile.movingScale 0.5).
      assertEqual(during.w, Math.round(full.w / 2), 'canvas width while orbiting');
      await frames(page); // waits for the debounce: no data-regressed, then paints
      const after = await size();
      assertEqual(JSON.stringify(after), JSON.stringify({ w: full.w, h: full.h, regressed: false }), 'canvas size and flag once the camera is still');
      assert(errors.length === 0, `console errors:\n${errors.join('\n')}`);
    },
  },
  {
    name: 'top-down view with grid; hover card, click selects a model, shift-click its unit',
    async run(ctx) {
      const s = readScenario(ctx.root);
      const { page, errors } = await openReady(ctx);
      await page.click('[data-testid=btn-top]');
      await page.click('[data-testid=btn-grid]');
      assertEqual(await page.getAttribute('[data-testid=btn-top]', 'aria-pressed'), 'true', 'top-down pressed');
      assertEqual(await page.getAttribute('[data-testid=btn-grid]', 'aria-pressed'), 'true', 'grid pressed');
      await frames(page);
      await page.screenshot({ path: join(ctx.outputDir, 'topdown-grid.png') });

      // A unit of several models, standing on the table near the centre (pick the middle model).
      const unit = (s.units ?? []).find((u) => u.models.length >= 3 && u.name)!;
      const m = unit.models[Math.floor(unit.models.length / 2)];
      // The table's canvas is framed beside the tool palette and the Battlefield card (issue 35 item 4).
      const vp = (await page.locator('.table-canvas').boundingBox())!;
      const [cx, cy] = topDownPixel(m.position[0], m.position[1], s.battlefield.width, s.battlefield.depth, vp.width, vp.height);
      const [px, py] = [vp.x + cx, vp.y + cy];
      await page.mouse.move(px - 3, py - 3);
      await page.mouse.move(px, py, { steps: 3 });
      const card = page.locator('[data-testid=hover-card]');
      await card.waitFor({ state: 'visible', timeout: 10_000 });
      const text = (await card.textContent()) ?? '';
      assert(text.includes(unit.name!), `hover card names the unit "${unit.name}": ${text}`);
      assert(/Model/.test(text) && !text.includes(m.id) && /Base/.test(text) && /Height/.test(text) && /Elevation/.test(text), `hover card shows the model by name (issue 35: not its id), base, height, elevation: ${text}`);

      await page.mouse.click(px, py);
      const panel = page.locator('[data-testid=selection-panel]');
      await panel.waitFor({ state: 'visible', timeout: 10_000 });
      assert(((await panel.textContent()) ?? '').includes('Selected model'), 'click selects one model');
      await page.keyboard.down('Shift');
      await page.mouse.click(px, py);
      await page.keyboard.up('Shift');
      await page.waitForFunction((n) => document.querySelector('[data-testid=selection-panel]')?.textContent?.includes(`${n} models selected`), unit.models.length, { timeout: 10_000 });
      await frames(page);
      await page.screenshot({ path: join(ctx.outputDir, 'selection.png') });
      await page.keyboard.press('Escape');
      await panel.waitFor({ state: 'detached', timeout: 10_000 });
      assert(errors.length === 0, `console errors:\n${errors.join('\n')}`);
    },
  },
];
