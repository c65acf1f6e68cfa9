/**
 * End-to-end checks of the files, palette, autosave, share links, dice tray and offline promise,
 * plus screenshot comparisons. NOT a vitest file: run with `npx tsx tests/e2e/run.ts` (these tests'
 * names start with `files:`, so `E2E_ONLY=files:` runs just them).
 *
 * The page is read through `window.__sightlineFiles` (src/ui/files/testHook.ts) and
 * `window.__sightline.tools` (projection of table points to pixels, for real mouse clicks). Waits
 * are on ready signals (the edit counter, the autosave counter, `data-status`), never fixed delays.
 *
 * Screenshot baselines: `tests/e2e/baselines/<name>.png`, compared pixel by pixel in the browser
 * itself (both PNGs decoded through `<img>` + canvas). A pixel differs when a channel differs by
 * more than 40 (of 255); a comparison fails when more than 1% of the pixels differ, or the sizes
 * differ. A missing baseline is CREATED from the current run (the test passes and says so):
 * review the new file and commit it. To refresh a baseline after an intended visual change,
 * delete it and run the tests again. The current image is always written to
 * `tests/e2e/__output__/<name>.png`.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { bundledSrcOf, legacyBundledAsset, renameMeshSources } from '../../src/scenario/bundled';
import { assert, assertEqual, filesCall as files, frames, keptPage, motionOn, openApp, screenOf, toolsCall as tools, type E2EContext, type E2ETest, type OpenedPage } from './harness';
import { adjudicateFile } from './adjudicator';

type P3 = [number, number, number];
interface ScenarioJson {
  name?: string;
  terrain?: { id: string; pieces: { shape: string; src?: string }[] }[];
  units?: { id: string; army: string; models: { id: string; position: [number, number]; elevation?: number }[] }[];
}



/** Opens the app (default battlefield, or a fixture) and waits for the workbench's hook. */
async function open(ctx: E2EContext, fixture?: string) {
  const opened = await openApp(ctx, fixture);
  await opened.page.waitForFunction(() => !!window.__sightlineFiles);
  return opened;
}

/** The default battlefield's scenario as each kept page booted with it (to tell whether a reset is needed). */
const bootedWith = new WeakMap<Page, unknown>();

/**
 * The default battlefield's page, shared by this file's tests that start from it (harness
 * `keptPage`: one boot, 8-9.5 CPU-s, instead of one each; docs/performance.md, "The test run").
 * A test gets it as a fresh page shows it: the previous test's edits undone with the app's own New
 * (confirmed; only when the battlefield differs from the one booted, so a test that changed nothing
 * leaves the undo history empty), the palette and the grid off, nothing armed. The tests must not
 * close it.
 */
async function onDefault(ctx: E2EContext): Promise<OpenedPage> {
  const opened = await keptPage(ctx, 'files: default battlefield', async () => {
    const o = await open(ctx);
    bootedWith.set(o.page, await files<unknown>(o.page, 'scenario()'));
    return o;
  });
  const { page } = opened;
  await page.keyboard.press('Escape');
  if (await page.$('[data-testid=btn-palette][aria-pressed=true]')) {
    await page.click('[data-testid=btn-palette]');
    await page.waitForSelector('[data-testid=palette]', { state: 'detached' });
  }
  if (await page.$('[data-testid=btn-grid][aria-pressed=true]')) {
    await page.click('[data-testid=btn-grid]');
    await page.waitForSelector('[data-testid=btn-grid][aria-pressed=false]');
  }
  if (!sameJson(await files<unknown>(page, 'scenario()'), bootedWith.get(page))) {
    const v = await files<number>(page, 'version()');
    await confirmNew(page);
    await editedAfter(page, v);
    assert(sameJson(await files<unknown>(page, 'scenario()'), bootedWith.get(page)), 'New gave the kept page its default battlefield back');
  }
  return opened;
}

/** Deep equality that ignores object key order. */
function sameJson(a: unknown, b: unknown): boolean {
  const canon = (v: unknown): unknown =>
    Array.isArray(v) ? v.map(canon) : v && typeof v === 'object' ? Object.fromEntries(Object.keys(v as object).sort().map((k) => [k, canon((v as Record<string, unknown>)[k])])) : v;
  return JSON.stringify(canon(a)) === JSON.stringify(canon(b));
}

/** Waits until the edit counter passed `v`, and returns it. */
async function editedAfter(page: Page, v: number): Promise<number> {
  await page.waitForFunction((n) => window.__sightlineFiles!.version() > n && !window.__sightlineFiles!.busy(), v, { timeout: 60_000 });
  return files<number>(page, 'version()');
}

/**
 * Clicks New and then its confirmation, first checking that the confirmation takes the click where
 * it shows: the files note (shown for 6 s after a save, an open or a restore) and the dice panel sit
 * at the same place above the files bar, and a note over it once held every click for those 6 s.
 */
async function confirmNew(page: Page): Promise<void> {
  await page.click('[data-testid=btn-new]');
  const onTop = await page.$eval('[data-testid=btn-new-confirm]', (b) => {
    const r = b.getBoundingClientRect();
    return b.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
  });
  assert(onTop, 'the New confirmation is on top (no note or panel over its button)');
  await page.click('[data-testid=btn-new-confirm]');
}

/** Waits until the autosave holds the page's latest edit. */
async function autosaved(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const h = window.__sightlineFiles!;
      const a = h.autosave();
      return !h.busy() && a.lastError === null && a.savedVersion === h.version();
    },
    undefined,
    { timeout: 60_000 },
  );
}


/** Top-down view, palette open. */
export async function openPalette(page: Page): Promise<void> {
  await page.click('[data-testid=btn-top]');
  await page.click('[data-testid=btn-palette]');
  await page.waitForSelector('[data-testid=palette]');
  await frames(page);
}

/** Clicks a table point with the armed palette item and waits for the outcome (placed or refused). */
export async function placeAt(page: Page, p: P3): Promise<{ ok: boolean; text: string; version: number }> {
  const v = await files<number>(page, 'version()');
  // Read without waiting: before the first placement there is no note yet (textContent would wait
  // for the element until its timeout).
  const lastNote = () => page.evaluate(() => document.querySelector('[data-testid=place-last]')?.textContent ?? null);
  const before = (await lastNote()) ?? '';
  const [x, y] = await screenOf(page, p);
  await page.mouse.move(x, y);
  await page.mouse.click(x, y);
  await page
    .waitForFunction(
      ([n, prev]) => {
        const h = window.__sightlineFiles!;
        if (h.busy()) return false;
        if (h.version() > (n as number)) return true;
        const last = document.querySelector('[data-testid=place-last]');
        return !!last && last.getAttribute('data-ok') === 'false' && last.textContent !== prev;
      },
      [v, before] as const,
      { timeout: 60_000 },
    )
    .catch(async (e: Error) => {
      const last = (await lastNote()) ?? '(none)';
      throw new Error(`placing at ${JSON.stringify(p)} (pixel ${x}, ${y}): no outcome (${e.message.split('\n')[0]}); last note: ${last}; version ${await files<number>(page, 'version()')} (was ${v})`);
    });
  const last = page.locator('[data-testid=place-last]');
  return { ok: (await last.getAttribute('data-ok')) === 'true', text: (await last.textContent()) ?? '', version: await files<number>(page, 'version()') };
}

/**
 * The problems the adjudicator prints for a file (exit 2), one per line, path first: the command's
 * own entry run in this process (adjudicator.ts; the command as a child process is vitest's).
 */
async function adjudicatorProblems(file: string): Promise<string[]> {
  const r = await adjudicateFile(file);
  assertEqual(r.status, 2, `adjudicator exit code on ${file}`);
  return r.stderr
    .split('\n')
    .filter((l) => /^\s+\S+: /.test(l))
    .map((l) => l.trim());
}

/** Dispatches a drop of in-memory files on the page (as a drag-and-drop from the desktop does). */
async function dropFiles(page: Page, list: { name: string; text: string }[]): Promise<void> {
  await page.evaluate(
    `(() => {
      const dt = new DataTransfer();
      for (const f of ${JSON.stringify(list)}) dt.items.add(new File([f.text], f.name, { type: f.name.endsWith('.json') ? 'application/json' : 'application/octet-stream' }));
      const at = document.querySelector('canvas');
      at.dispatchEvent(new DragEvent('dragenter', { bubbles: true, cancelable: true, dataTransfer: dt }));
      at.dispatchEvent(new DragEvent('dragover', { bubbles: true, cancelable: true, dataTransfer: dt }));
      at.dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: dt }));
    })()`,
  );
}

/** Problems listed by the problems dialog. */
async function shownProblems(page: Page): Promise<string[]> {
  await page.waitForSelector('[data-testid=file-problems]', { timeout: 60_000 });
  return (await page.locator('[data-testid=file-problem]').allTextContents()).map((t) => t.trim());
}

/** Everything that identifies the battlefield on the table, as the page shows it. */
async function tableState(page: Page) {
  return {
    scenario: await files<unknown>(page, 'scenario()'),
    version: await files<number>(page, 'version()'),
    name: await page.textContent('[data-testid=scenario-name]'),
    models: await page.textContent('[data-testid=model-count]'),
    terrain: await page.textContent('[data-testid=terrain-count]'),
  };
}

// ---- Screenshot comparison -------------------------------------------------------------------

const PIXEL_THRESHOLD = 40;
const MAX_DIFF_RATIO = 0.01;

/** Compares two PNG data URLs in the page: the share of pixels whose channels differ by more than the threshold. */
async function pixelDiff(page: Page, a: string, b: string, threshold = PIXEL_THRESHOLD): Promise<{ width: number; height: number; sameSize: boolean; ratio: number }> {
  return page.evaluate(`(async () => {
    const load = (src) => new Promise((resolve, reject) => { const i = new Image(); i.onload = () => resolve(i); i.onerror = () => reject(new Error('not a PNG')); i.src = src; });
    const [ia, ib] = await Promise.all([load(${JSON.stringify(a)}), load(${JSON.stringify(b)})]);
    if (ia.naturalWidth !== ib.naturalWidth || ia.naturalHeight !== ib.naturalHeight) return { width: ia.naturalWidth, height: ia.naturalHeight, sameSize: false, ratio: 1 };
    const px = (img) => { const c = document.createElement('canvas'); c.width = img.naturalWidth; c.height = img.naturalHeight; const g = c.getContext('2d'); g.drawImage(img, 0, 0); return g.getImageData(0, 0, c.width, c.height).data; };
    const da = px(ia), db = px(ib);
    let differing = 0;
    for (let i = 0; i < da.length; i += 4) {
      if (Math.abs(da[i] - db[i]) > ${threshold} || Math.abs(da[i + 1] - db[i + 1]) > ${threshold} || Math.abs(da[i + 2] - db[i + 2]) > ${threshold}) differing++;
    }
    return { width: ia.naturalWidth, height: ia.naturalHeight, sameSize: true, ratio: differing / (da.length / 4) };
  })()`);
}

/**
 * The picture a WebGL canvas inside `scope` shows, as a PNG data URL: the canvas itself, or, when
 * its frames are drawn off screen (`data-deferred`: DeferredPresent, software rasteriser), the 2D
 * canvas that shows them (rows stored bottom-up, flipped back here as CSS flips them on screen).
 */
async function shownPng(page: Page, scope: string): Promise<string> {
  return (await page.evaluate(`(() => {
    const gl = document.querySelector(${JSON.stringify(`${scope} canvas:not([data-testid=shown-frame])`)});
    if (!gl.hasAttribute('data-deferred')) return gl.toDataURL('image/png');
    const d = gl.parentElement.querySelector('[data-testid=shown-frame]');
    const c = document.createElement('canvas');
    c.width = d.width;
    c.height = d.height;
    const g = c.getContext('2d');
    g.translate(0, c.height);
    g.scale(1, -1);
    g.drawImage(d, 0, 0);
    return c.toDataURL('image/png');
  })()`)) as string;
}

/**
 * Compares a PNG data URL with `tests/e2e/baselines/<name>.png`, creating the baseline when it is
 * missing. Returns a line for the log.
 */
async function matchBaseline(ctx: E2EContext, page: Page, name: string, dataUrl: string): Promise<string> {
  assert(dataUrl.startsWith('data:image/png;base64,'), `${name}: not a PNG data URL`);
  const bytes = Buffer.from(dataUrl.slice('data:image/png;base64,'.length), 'base64');
  writeFileSync(join(ctx.outputDir, `${name}.png`), bytes);
  const dir = join(ctx.root, 'tests/e2e/baselines');
  const file = join(dir, `${name}.png`);
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(file, bytes);
    return `created baseline ${file} (review and commit it)`;
  }
  const base = `data:image/png;base64,${readFileSync(file).toString('base64')}`;
  const d = await pixelDiff(page, dataUrl, base);
  assert(d.sameSize, `${name}: the image is ${d.width}x${d.height}, not the baseline's size (see ${join(ctx.outputDir, `${name}.png`)})`);
  assert(d.ratio <= MAX_DIFF_RATIO, `${name}: ${(d.ratio * 100).toFixed(2)}% of the pixels differ from ${file} (limit ${MAX_DIFF_RATIO * 100}%); the current image is ${join(ctx.outputDir, `${name}.png`)}`);
  return `${name}: ${(d.ratio * 100).toFixed(3)}% of pixels differ from the baseline`;
}

// ---- Tests -------------------------------------------------------------------------------------

export const tests: E2ETest[] = [
  {
    name: 'files: a bad file (picked or dropped) lists every problem with its JSON path; the battlefield stays',
    async run(ctx) {
      const bad = join(ctx.root, 'tests/e2e/fixtures/bad.json');
      const expected = await adjudicatorProblems(bad);
      assert(expected.length >= 2, `the adjudicator lists the problems: ${expected.join(' | ')}`);
      const { page, errors } = await onDefault(ctx);
      const before = await tableState(page);

      // 1. The file picker: the engine's loadScenario problems, as the adjudicator prints them.
      await page.setInputFiles('[data-testid=file-input]', bad);
      const shown = await shownProblems(page);
      for (const p of expected) assert(shown.includes(p), `the page shows "${p}": ${JSON.stringify(shown)}`);
      assertEqual(shown.length, expected.length, 'as many problems as the adjudicator');
      assert(((await page.textContent('[data-testid=file-problems] h2')) ?? '').includes('bad.json'), 'the dialog names the file');
      assert(sameJson(await tableState(page), before), 'the battlefield did not change');
      await page.click('[data-testid=btn-problems-close]');
      await page.waitForSelector('[data-testid=file-problems]', { state: 'detached' });

      // 2. Drag and drop of a file that is not JSON at all.
      await dropFiles(page, [{ name: 'broken.json', text: '{"battlefield": {"width": 60,' }]);
      const syntax = await shownProblems(page);
      assertEqual(syntax.length, 1, `one problem: ${JSON.stringify(syntax)}`);
      assert(syntax[0].startsWith('(file): broken.json is not valid JSON'), `JSON syntax problem: ${syntax[0]}`);
      await page.click('[data-testid=btn-problems-close]');

      // 3. A valid file naming a mesh nobody gave: the path of the reference, plus any schema problem.
      const missing = {
        battlefield: { width: 30, depth: 20 },
        terrain: [{ id: 'ruin', type: 'obstacle', pieces: [{ shape: 'mesh', src: 'my-own-ruin.glb', position: [10, 10, 0] }] }],
        units: [{ id: 'u', army: 'a', models: [{ id: 'm', base: { round: 32 }, height: 0, position: [5, 5] }] }],
      };
      await dropFiles(page, [{ name: 'missing-mesh.json', text: JSON.stringify(missing) }]);
      const mesh = await shownProblems(page);
      assert(mesh.some((p) => p.startsWith('terrain[0].pieces[0].src: the mesh file "my-own-ruin.glb" was not found')), `missing mesh reported with its path: ${JSON.stringify(mesh)}`);
      assert(mesh.some((p) => p.startsWith('units[0].models[0].height:')), `the schema problem is reported too: ${JSON.stringify(mesh)}`);
      assert(sameJson(await tableState(page), before), 'the battlefield still did not change');
      await page.click('[data-testid=btn-problems-close]');
      await page.screenshot({ path: join(ctx.outputDir, 'files-problems.png') });
      assert(errors.length === 0, `console errors:\n${errors.join('\n')}`);
    },
  },
  {
    name: 'files: palette places terrain and models through the engine; models land on terrain (engine elevation); refused spots change nothing',
    async run(ctx) {
      const { page, errors } = await onDefault(ctx);
      await openPalette(page);
      const terrain0 = Number(await page.textContent('[data-testid=terrain-count]'));
      const models0 = Number(await page.textContent('[data-testid=model-count]'));

      // A wall in an empty spot: the engine reloads the layout; one more terrain feature.
      await page.click('[data-testid=place-wall]');
      const wall = await placeAt(page, [30, 15, 0]);
      assert(wall.ok, `the wall is placed: ${wall.text}`);
      await page.waitForFunction((n) => document.querySelector('[data-testid=terrain-count]')?.textContent === String(n), terrain0 + 1);
      let s = await files<ScenarioJson>(page, 'scenario()');
      const placed = s.terrain!.find((t) => t.id === 'wall-1');
      assert(placed && placed.pieces[0].shape === 'box', `wall-1 is in the engine's scenario: ${JSON.stringify(placed)}`);

      // A Kenney tower (a bundled mesh file).
      await page.click('[data-testid=place-tower]');
      const tower = await placeAt(page, [30, 27, 0]);
      assert(tower.ok, `the tower is placed: ${tower.text}`);
      s = await files<ScenarioJson>(page, 'scenario()');
      assert(s.terrain!.some((t) => t.id === 'tower-1' && t.pieces.every((p) => p.src?.startsWith('../kenney/castle/archive-tower-'))), 'tower-1 names the bundled Kenney pieces');

      // A wall through models is refused (it would lift them); nothing changes.
      await page.click('[data-testid=place-wall]');
      const onModels = await placeAt(page, [25, 8, 0]);
      assert(!onModels.ok && /would stand under/.test(onModels.text), `a wall on models is refused: ${onModels.text}`);
      assertEqual(await page.textContent('[data-testid=terrain-count]'), String(terrain0 + 2), 'no terrain added');

      // A 32 mm model of Judicators on the floor of the northern hall (1" up): it rests on it.
      await page.click('[data-testid=base-r32]');
      await page.selectOption('[data-testid=model-unit]', 'n-judicators');
      await page.click('[data-testid=place-model]');
      const onHall = await placeAt(page, [44, 39.2, 1]);
      assert(onHall.ok, `the model is placed: ${onHall.text}`);
      s = await files<ScenarioJson>(page, 'scenario()');
      const judicators = s.units!.find((u) => u.id === 'n-judicators')!;
      const added = judicators.models[judicators.models.length - 1];
      assert(added.id === 'n-judicators-6' && Math.abs(added.position[0] - 44) < 0.3 && Math.abs(added.position[1] - 39.2) < 0.3, `added to the unit where clicked: ${JSON.stringify(added)}`);
      const top = await tools<P3>(page, `modelTop('${added.id}')`);
      assertEqual(Math.round((top[2] - 1.5) * 1000) / 1000, 1, 'drawn standing on the hall floor (elevation 1")');
      assert(/1\.00" up/.test(onHall.text), `the note says where it stands: ${onHall.text}`);
      await page.waitForFunction((n) => document.querySelector('[data-testid=model-count]')?.textContent === String(n), models0 + 1);

      // On top of another model: the engine refuses (Core 15.0); nothing is added.
      const refused = await placeAt(page, [44.2, 37.6, 1]);
      assert(!refused.ok && /overlapping model n-judicators-2/.test(refused.text), `refused on a model: ${refused.text}`);
      assertEqual(await page.textContent('[data-testid=model-count]'), String(models0 + 1), 'no model added');

      // A new unit in a new army.
      await page.selectOption('[data-testid=model-unit]', '__new__');
      await page.fill('[data-testid=new-unit-name]', 'Stormcast Vanguard');
      await page.selectOption('[data-testid=new-unit-army]', '__new__');
      await page.fill('[data-testid=new-army-name]', 'east');
      await page.click('[data-testid=base-o60]');
      await page.waitForSelector('[data-testid=place-model][aria-pressed=true]'); // still armed
      const fresh = await placeAt(page, [33, 28.5, 0]);
      assert(fresh.ok, `a model of a new unit is placed: ${fresh.text}`);
      s = await files<ScenarioJson>(page, 'scenario()');
      const unit = s.units!.find((u) => u.id === 'stormcast-vanguard');
      assert(unit && unit.army === 'east' && unit.models.length === 1, `the new unit is in the engine's scenario: ${JSON.stringify(unit)}`);
      await frames(page);
      await page.screenshot({ path: join(ctx.outputDir, 'files-palette.png') });

      // Placements join the undo history (Ctrl+Z / Ctrl+Y), newest first.
      await page.keyboard.press('Escape'); // disarm the palette
      await page.evaluate('document.activeElement?.blur()');
      const historyDone = () => tools<number>(page, 'history().done.length');
      const placements = await historyDone();
      assertEqual(placements, 4, 'wall, tower, judicator and the new unit are undoable');
      const key = async (combo: string, done: number, models: number) => {
        await page.keyboard.press(combo);
        await page.waitForFunction(`window.__sightline.tools.history().done.length === ${done} && !window.__sightlineFiles.busy()`, undefined, { timeout: 60_000 });
        await page.waitForFunction((n) => document.querySelector('[data-testid=model-count]')?.textContent === String(n), models);
      };
      await key('Control+z', 3, models0 + 1);
      s = await files<ScenarioJson>(page, 'scenario()');
      assert(!s.units!.some((u) => u.id === 'stormcast-vanguard'), 'undo took the new unit back out of the engine');
      await key('Control+z', 2, models0);
      s = await files<ScenarioJson>(page, 'scenario()');
      assert(!s.units!.find((u) => u.id === 'n-judicators')!.models.some((m) => m.id === 'n-judicators-6'), 'undo took the judicator back');
      await key('Control+y', 3, models0 + 1);
      s = await files<ScenarioJson>(page, 'scenario()');
      assert(s.units!.find((u) => u.id === 'n-judicators')!.models.some((m) => m.id === 'n-judicators-6'), 'redo placed the judicator again');
      await key('Control+z', 2, models0);
      await key('Control+z', 1, models0);
      assertEqual(await page.textContent('[data-testid=terrain-count]'), String(terrain0 + 1), 'undo took the tower back');
      assert(errors.length === 0, `console errors:\n${errors.join('\n')}`);
    },
  },
  {
    name: 'files: save downloads the scenario; New resets to the default; re-opening the saved file gives the same scenario',
    async run(ctx) {
      const { page, errors } = await onDefault(ctx);
      const fresh = await files<ScenarioJson>(page, 'scenario()');
      await openPalette(page);
      await page.click('[data-testid=place-cylinder]');
      assert((await placeAt(page, [30, 15, 0])).ok, 'a pillar is placed');
      const edited = await files<ScenarioJson>(page, 'scenario()');

      const download = page.waitForEvent('download', { timeout: 30_000 });
      await page.click('[data-testid=btn-save]');
      const file = await download;
      assert(file.suggestedFilename().endsWith('.json'), `download name ${file.suggestedFilename()}`);
      const saved = join(ctx.outputDir, 'saved-scenario.json');
      await file.saveAs(saved);
      const savedJson = JSON.parse(readFileSync(saved, 'utf8')) as ScenarioJson;
      // Issue 39: the saved file names the bundled meshes `bundled:<path>` (it answers wherever it lands); all else is exact.
      const portable = renameMeshSources(edited, (src) => {
        const asset = legacyBundledAsset(src);
        return asset ? bundledSrcOf(asset) : null;
      });
      assert(sameJson(savedJson, portable), 'the saved file is the engine\'s scenario (bundled meshes named bundled:...)');

      // New: back to the default battlefield (after a confirmation).
      let v = await files<number>(page, 'version()');
      await confirmNew(page);
      v = await editedAfter(page, v);
      assert(sameJson(await files<ScenarioJson>(page, 'scenario()'), fresh), 'New restores the default battlefield');

      // Re-open the saved file: the same scenario as saved.
      await page.setInputFiles('[data-testid=file-input]', saved);
      await editedAfter(page, v);
      assert(sameJson(await files<ScenarioJson>(page, 'scenario()'), savedJson), 're-opening gives the saved scenario');
      assertEqual(await page.textContent('[data-testid=terrain-count]'), String(savedJson.terrain!.length), 'terrain drawn');
      assert(errors.length === 0, `console errors:\n${errors.join('\n')}`);
    },
  },
  {
    name: 'files: autosave — a reload restores the last state (moves, placements, view); New is saved too',
    async run(ctx) {
      const { page, errors } = await onDefault(ctx);
      await openPalette(page);
      await page.click('[data-testid=btn-grid]');
      await page.click('[data-testid=base-r25]');
      await page.click('[data-testid=place-model]');
      assert((await placeAt(page, [30, 27, 0])).ok, 'a model is placed');
      // Move a model with the engine's move tool (drag), as a player would.
      await page.keyboard.press('Escape');
      await page.click('[data-testid=tool-move]');
      const v = await files<number>(page, 'version()');
      await page.mouse.move(...(await screenOf(page, await tools<P3>(page, "modelTop('s-weirdnob-1')"))));
      await page.mouse.down();
      const to = await screenOf(page, [33, 12, 0]);
      await page.mouse.move(to[0], to[1], { steps: 8 });
      await page.waitForSelector('[data-testid=move-panel][data-status=dragging][data-legal=true]');
      await page.mouse.up();
      await page.waitForSelector('[data-testid=move-last][data-kind=moved]');
      await editedAfter(page, v);
      await autosaved(page);
      const before = await files<ScenarioJson>(page, 'scenario()');
      const moved = before.units!.find((u) => u.id === 's-weirdnob')!.models[0].position;
      assert(Math.abs(moved[1] - 8) > 2, `the weirdnob moved: ${moved}`);

      await page.reload({ waitUntil: 'domcontentloaded' });
      await page.waitForSelector('body[data-ready=true]', { state: 'attached', timeout: 120_000 });
      await page.waitForFunction(() => !!window.__sightlineFiles);
      assert(sameJson(await files<ScenarioJson>(page, 'scenario()'), before), 'the reload restored the battlefield as it was');
      await page.waitForSelector('[data-testid=btn-grid][aria-pressed=true]');
      await page.waitForSelector('[data-testid=btn-top][aria-pressed=true]');
      assertEqual(await files<string>(page, 'startup()'), 'autosave', 'the page started from the autosave');

      // New, then reload: the default battlefield (the reset was saved).
      const v2 = await files<number>(page, 'version()');
      await confirmNew(page);
      await editedAfter(page, v2);
      await autosaved(page);
      const reset = await files<ScenarioJson>(page, 'scenario()');
      await page.reload({ waitUntil: 'domcontentloaded' });
      await page.waitForSelector('body[data-ready=true]', { state: 'attached', timeout: 120_000 });
      await page.waitForFunction(() => !!window.__sightlineFiles);
      assert(sameJson(await files<ScenarioJson>(page, 'scenario()'), reset), 'after New and a reload, the default battlefield');
      assert(errors.length === 0, `console errors:\n${errors.join('\n')}`);
    },
  },
  {
    name: 'files: share link round trip (deflate-raw + base64url in the hash); a damaged link is explained',
    async run(ctx) {
      const { page, errors } = await onDefault(ctx);
      await openPalette(page);
      await page.click('[data-testid=place-gate]');
      assert((await placeAt(page, [30, 15, 0])).ok, 'a gate is placed');
      const original = await files<ScenarioJson>(page, 'scenario()');
      await page.click('[data-testid=btn-share]');
      const url = (await page.inputValue('[data-testid=share-url]')).trim();
      assert(/#share=1\.[A-Za-z0-9_-]+$/.test(url), `a share link: ${url.slice(0, 80)}…`);
      assert(url.length < 8000, `the link is short enough: ${url.length} characters`);
      assert(errors.length === 0, `console errors:\n${errors.join('\n')}`);

      // Another browser (fresh storage) opens the link: the same battlefield.
      const other = await ctx.openPage();
      await other.page.goto(url, { waitUntil: 'domcontentloaded' });
      await other.page.waitForSelector('body[data-ready]', { state: 'attached', timeout: 120_000 });
      assertEqual(await other.page.evaluate(() => document.body.dataset.ready), 'true', 'the shared battlefield loads');
      await other.page.waitForFunction(() => !!window.__sightlineFiles);
      // Issue 39: the link names the bundled meshes `bundled:<path>` (location-independent); all else is exact.
      const portable = renameMeshSources(original, (src) => {
        const asset = legacyBundledAsset(src);
        return asset ? bundledSrcOf(asset) : null;
      });
      assert(sameJson(await files<ScenarioJson>(other.page, 'scenario()'), portable), 'the link carries the scenario exactly (bundled meshes named bundled:...)');
      await other.page.waitForFunction(() => window.location.hash === '');
      assert(other.errors.length === 0, `console errors:\n${other.errors.join('\n')}`);
      await other.page.close();

      // A damaged link: the problem is shown, with a way back to the default battlefield.
      const broken = await ctx.openPage();
      await broken.page.goto(`${ctx.baseUrl}#share=1.AAAAAAAA`, { waitUntil: 'domcontentloaded' });
      await broken.page.waitForSelector('body[data-ready=error]', { state: 'attached', timeout: 60_000 });
      const alert = (await broken.page.textContent('[role=alert]')) ?? '';
      assert(alert.includes('(share link):'), `the damaged link is explained: ${alert}`);
      await broken.page.waitForSelector('[data-testid=btn-recover]');
      await broken.page.close();
    },
  },
  {
    name: 'files: screenshots match the committed baselines (default battlefield top-down; dice tray)',
    async run(ctx) {
      // The suite's default page (reset as the other tests get it), the pointer off the table (no hover).
      const { page, errors } = await onDefault(ctx);
      // No dice thrown on this page yet (the dice-tray test, after this one, leaves its dice beside
      // the table, and the top-down picture would not be the baseline's).
      assertEqual((await files<{ rolls: number[] }>(page, 'dice()')).rolls.length, 0, 'no dice thrown on this page before the screenshot');
      await page.mouse.move(0, 0);
      await page.click('[data-testid=btn-top]');
      await page.waitForSelector('[data-testid=btn-top][aria-pressed=true]');
      await frames(page, 4);
      const table = await files<string | null>(page, 'capture()');
      assert(table, 'the canvas was captured');
      console.log(`        ${await matchBaseline(ctx, page, 'default-top', table)}`);
      // With a software rasteriser the frames on screen are drawn off screen and shown in a 2D
      // canvas under the WebGL one (DeferredPresent): what is shown must be exactly the frame a
      // direct draw (the capture) gives.
      if (await page.evaluate(`document.querySelector('canvas').hasAttribute('data-deferred')`)) {
        await page.waitForSelector('canvas[data-frame=shown]:not([data-regressed])', { state: 'attached' });
        const d = await pixelDiff(page, await shownPng(page, 'body'), table, 2);
        assert(d.sameSize, `the frame shown is ${d.width}x${d.height}, not the canvas's size`);
        assert(d.ratio === 0, `the frame shown differs from a direct draw in ${(d.ratio * 100).toFixed(3)}% of its pixels`);
        console.log('        the frame shown (drawn off screen) is the direct draw, to within 2 levels per channel');
      }

      await files<void>(page, 'rollDice([3, 1, 6, 5, 2, 4], 11)');
      await page.waitForSelector('[data-testid=dice-tray][data-status=settled]', { timeout: 60_000 });
      await frames(page, 3);
      // The tray's WebGL canvas (not its shown-frame sibling, which never carries data-frame) has
      // its last frame on screen: a deferred canvas says `shown`; a direct one has no attribute.
      await page.waitForFunction(() => {
        const c = document.querySelector('[data-testid=dice-tray] canvas[data-deferred]');
        return !c || c.getAttribute('data-frame') === 'shown';
      });
      const tray = await shownPng(page, '[data-testid=dice-tray]');
      console.log(`        ${await matchBaseline(ctx, page, 'dice-tray', tray)}`);
      assert(errors.length === 0, `console errors:\n${errors.join('\n')}`);
    },
  },
  {
    name: 'files: the dice tray shows the requested faces (physics animates, faces read back from the drawn dice)',
    async run(ctx) {
      const { page, errors } = await onDefault(ctx);
      await motionOn(page); // the throw's physics is what this test shows: the run's reduced motion would show the dice at rest
      const faces = [6, 5, 4, 3, 2, 1, 1, 6, 3, 4, 2, 5];
      await files<void>(page, `rollDice(${JSON.stringify(faces)}, 3)`);
      await page.waitForSelector('[data-testid=dice-tray][data-status=settled]', { timeout: 60_000 });
      const d = await files<{ rolls: number[]; settled: number[] }>(page, 'dice()');
      assertEqual(d.settled.join(','), faces.join(','), 'the dice settle on the requested faces');
      assertEqual(await page.getAttribute('[data-testid=dice-tray]', 'data-faces'), faces.join(','), 'data-faces');
      assert(((await page.textContent('[data-testid=dice-result]')) ?? '').includes(`sum ${faces.reduce((a, b) => a + b, 0)}`), 'the sum is shown');
      // The Roll button: random faces from the page, the same faces read back.
      await page.fill('[data-testid=dice-count]', '5');
      await page.click('[data-testid=btn-roll]');
      await page.waitForFunction(() => {
        const d = window.__sightlineFiles!.dice();
        return d.rolls.length === 5 && d.settled !== null;
      }, undefined, { timeout: 60_000 });
      const r = await files<{ rolls: number[]; settled: number[] }>(page, 'dice()');
      assertEqual(r.settled.join(','), r.rolls.join(','), 'random roll shown as rolled');
      await page.screenshot({ path: join(ctx.outputDir, 'dice.png') });
      assert(errors.length === 0, `console errors:\n${errors.join('\n')}`);
    },
  },
  {
    name: 'files: offline — no request leaves localhost (load, Kenney meshes, dice physics), and no CDN URL in the build',
    async run(ctx) {
      const { page, errors } = await ctx.openPage();
      const outside: string[] = [];
      const seen: string[] = [];
      page.context().on('request', (r) => {
        const u = new URL(r.url());
        seen.push(r.url());
        if (u.protocol === 'data:' || u.protocol === 'blob:') return;
        if (u.hostname !== 'localhost' && u.hostname !== '127.0.0.1') outside.push(r.url());
      });
      await page.goto(ctx.baseUrl, { waitUntil: 'domcontentloaded' });
      await page.waitForSelector('body[data-ready=true]', { state: 'attached', timeout: 120_000 });
      await page.waitForFunction(() => !!window.__sightlineFiles);
      await openPalette(page);
      await page.click('[data-testid=place-tree]');
      assert((await placeAt(page, [30, 27, 0])).ok, 'trees are placed');
      await files<void>(page, 'rollDice([1, 2, 3], 1)');
      await page.waitForSelector('[data-testid=dice-tray][data-status=settled]', { timeout: 60_000 });
      await page.click('[data-testid=tool-los]');
      await tools<void>(page, "pick({kind: 'model', id: 'n-liberators-1'})");
      await tools<void>(page, "pick({kind: 'model', id: 's-brutes-1'})");
      await page.waitForSelector('[data-testid=los-panel][data-status=done]', { timeout: 60_000 });
      assert(seen.some((u) => u.includes('.glb')), 'mesh files were fetched (from the page origin)');
      assert(outside.length === 0, `requests left localhost:\n${outside.join('\n')}`);

      // The build itself names no CDN (drei's Environment presets, default Text font, Draco decoders).
      const dist = process.env.E2E_OUT_DIR ?? join(ctx.root, 'dist');
      const cdn = /(cdn\.jsdelivr\.net|unpkg\.com|githack\.com|gstatic\.com|googleapis\.com|cdnjs\.cloudflare\.com|esm\.sh|skypack\.dev|raw\.githubusercontent\.com)/;
      const hits: string[] = [];
      const walk = (dir: string) => {
        for (const f of readdirSync(dir)) {
          const p = join(dir, f);
          if (statSync(p).isDirectory()) walk(p);
          else if (/\.(js|html|css)$/.test(f)) {
            const m = cdn.exec(readFileSync(p, 'utf8'));
            if (m) hits.push(`${p}: ${m[0]}`);
          }
        }
      };
      walk(dist);
      assert(hits.length === 0, `CDN URLs in the build:\n${hits.join('\n')}`);
      assert(errors.length === 0, `console errors:\n${errors.join('\n')}`);
      await page.close();
    },
  },
];
