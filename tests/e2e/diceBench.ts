/**
 * Dice bench (issue 27; NOT part of the test run): 40 dice thrown onto the default battlefield
 * (`window.__sightlineDice.throw`, as a roll in Play or the dice roller throws them), in headless
 * Chromium with SwiftShader (software WebGL: absolute times are pessimistic next to a GPU).
 *
 * - `rolling`: the main-thread time of each animation frame while the dice roll (from the frame's
 *   start, its requestAnimationFrame timestamp, to a message posted from it: the physics steps,
 *   React, the render and the page's other frame work), from the moment the dice are let go until
 *   they rest;
 * - `idle`: the same, for the same scene with the dice at rest in the tray, a redraw asked for
 *   every animation frame (the camera turned by 0°, so the frame is the same picture);
 * - `framesDrawn`: how many of those frames the scene was drawn in (with SwiftShader the table's
 *   frames are drawn off screen and frames asked for meanwhile are merged, `DeferredPresent`);
 * - median and p95 of each in ms, and their ratios (rolling / idle) from the same page;
 * - the throw: dice, physics steps until rest, dice turned late (0 expected).
 *
 * Writes `tests/e2e/__output__/dice-bench.json` and prints it.
 *
 *   npx tsx tests/e2e/diceBench.ts                      # build, serve on E2E_PORT (default 4175), measure
 *   E2E_SKIP_BUILD=1 E2E_OUT_DIR=/tmp/dist-dice E2E_PORT=4331 npx tsx tests/e2e/diceBench.ts
 */
import type { ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { buildApp, e2eConfig, launchChromium, serveApp, stopServer } from './server';
import { runBench, stats, writeSummary } from './stats';

const cfg = e2eConfig(4175);
const DICE = Number(process.env.DICE_BENCH_DICE ?? 40);
const IDLE_FRAMES = Number(process.env.DICE_BENCH_IDLE_FRAMES ?? 120);
const load = () => loadavg().map((x) => Math.round(x * 100) / 100);

/** Throws `DICE` dice (faces 1..6 in turn) with `seed`; resolves with the throw's sequence number. */
function throwDice(page: Page, seed: number): Promise<number> {
  const faces = Array.from({ length: DICE }, (_, i) => (i % 6) + 1);
  return page.evaluate(`window.__sightlineDice.throw(${JSON.stringify({ id: seed, seed, groups: [{ label: 'Hit rolls', purpose: 'hit', faces: faces.slice(0, DICE / 2) }, { label: 'Wound rolls', purpose: 'wound', faces: faces.slice(DICE / 2) }] })})`) as Promise<number>;
}

/** Waits until throw `seq` rested on the table and went into the tray. */
async function settled(page: Page, seq: number): Promise<void> {
  await page.waitForFunction((s) => window.__sightlineDice!.lastThrown()?.seq === s && window.__sightlineDice!.state().rolling === null, seq, { timeout: 180_000 });
}

/**
 * Main-thread time of every animation frame (from the frame's start, the rAF timestamp, to a
 * message posted from its callback: every rAF callback, the render, style and layout of the frame),
 * and whether the scene was drawn in it; `orbit`: turn the camera by 0° each frame (a redraw
 * of the same picture); stops when `until()` (page expression) holds, or after `max` frames.
 */
function frameTimes(page: Page, opts: { orbit: boolean; until: string; max: number }): Promise<{ busy: number; drawn: boolean }[]> {
  return page.evaluate(`new Promise((resolve) => {
    const files = window.__sightlineFiles;
    files.renderTimes();
    const out = [];
    const ch = new MessageChannel();
    let start = 0, n = 0;
    // renderTimes() hands over (and clears) the renders since its last call.
    ch.port1.onmessage = () => out.push({ busy: performance.now() - start, drawn: files.renderTimes().length > 0 });
    const frame = (t) => {
      if (n++ >= ${opts.max} || (${opts.until})) return setTimeout(() => resolve(out), 50);
      requestAnimationFrame(frame);
      // The frame's start (the same for every callback of the frame, whichever runs first).
      start = t;
      if (${opts.orbit}) files.orbit(0);
      ch.port2.postMessage(0);
    };
    requestAnimationFrame(frame);
  })`) as Promise<{ busy: number; drawn: boolean }[]>;
}

async function main(): Promise<void> {
  mkdirSync(cfg.outputDir, { recursive: true });
  let server: ChildProcess | null = null;
  let browser: Browser | null = null;
  try {
    buildApp(cfg);
    server = await serveApp(cfg);
    browser = await launchChromium();
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(cfg.baseUrl, { waitUntil: 'domcontentloaded' });
    await page.waitForSelector('body[data-ready]', { state: 'attached', timeout: 120_000 });
    const loadBefore = load();
    // Warm-up: rapier's wasm, the dice materials and shaders; its dice then lie in the tray.
    await settled(page, await throwDice(page, 1));
    const idleFrames = await frameTimes(page, { orbit: true, until: 'false', max: IDLE_FRAMES });
    const seq = await throwDice(page, 2);
    // From the moment the dice are let go (their rest predicted) until they rest.
    await page.waitForFunction((s) => { const st = window.__sightlineDice!.state(); return st.rolling === s && st.phase !== 'predicting'; }, seq, { timeout: 120_000, polling: 'raf' });
    const rollingFrames = await frameTimes(page, { orbit: false, until: `window.__sightlineDice.lastThrown()?.seq === ${seq}`, max: 3000 });
    const idle = idleFrames.map((f) => f.busy);
    const rolling = rollingFrames.map((f) => f.busy);
    const rest = (await page.evaluate('window.__sightlineDice.lastThrown()')) as { steps: number; late: number; faces: number[][] };
    await settled(page, seq);
    await page.screenshot({ path: join(cfg.outputDir, 'dice-bench.png') });
    const s = { idle: stats(idle), rolling: stats(rolling) };
    const drawn = { idle: idleFrames.filter((f) => f.drawn).length, rolling: rollingFrames.filter((f) => f.drawn).length };
    const ratio = (a: number, b: number) => (b > 0 ? Math.round((a / b) * 100) / 100 : null);
    const summary = {
      renderer: 'headless Chromium, SwiftShader (software WebGL), 1280 x 800',
      scene: 'default battlefield (assets/scenarios/default.json), no Play',
      dice: DICE,
      throw: { physicsSteps: rest.steps, diceTurnedLate: rest.late, facesAsAsked: JSON.stringify(rest.faces.flat()) === JSON.stringify(Array.from({ length: DICE }, (_, i) => (i % 6) + 1)) },
      mainThreadMsPerFrame: { rolling: s.rolling, idle: s.idle, ratioMedian: ratio(s.rolling.median, s.idle.median), ratioP95: ratio(s.rolling.p95, s.idle.p95) },
      framesDrawn: drawn,
      pageErrors: errors,
      machine: { loadBefore, loadAfter: load() },
    };
    writeSummary(cfg.outputDir, 'dice-bench.json', summary);
  } finally {
    await browser?.close().catch(() => undefined);
    stopServer(server);
  }
}

runBench(main);
