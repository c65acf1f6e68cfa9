/**
 * End-to-end runner: builds the app (`npx vite build`), serves `dist/` with
 * `npx vite preview --port 4173 --strictPort`, drives Debian's Chromium through playwright-core
 * and runs the tests of every `*.e2e.ts` file imported below. `E2E_ONLY=<substring>[|<substring>...]` runs only the tests whose name contains one of them. Prints `N passed, M failed` last; exits 1 on any failure.
 *
 *   npx tsx tests/e2e/run.ts            # build + test
 *   E2E_SKIP_BUILD=1 npx tsx tests/e2e/run.ts   # reuse an existing dist/
 *   E2E_PORT=4273 E2E_OUT_DIR=/tmp/dist2 npx tsx tests/e2e/run.ts   # a second run beside another
 */
import type { ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { tests as appTests } from './app.e2e';
import { tests as toolTests } from './tools.e2e';
import { tests as playTests } from './play.e2e';
import { tests as play18Tests } from './play18.e2e';
import { tests as play18bTests } from './play18b.e2e';
import { tests as fileTests } from './files.e2e';
import { tests as battleTests } from './battle.e2e';
import { tests as armyTests } from './army.e2e';
import { tests as layoutTests } from './layout.e2e';
import { tests as sandbox18Tests } from './sandbox18.e2e';
import { tests as edit18Tests } from './edit18.e2e';
import { tests as round18Tests } from './round18.e2e';
import { tests as offlineTests } from './offline.e2e';
import { tests as disputeTests } from './dispute.e2e';
import { tests as realArmyTests } from './realArmy.e2e';
import { tests as leavePlayTests } from './leavePlay.e2e';
import { tests as dice27Tests } from './dice27.e2e';
import { tests as campaignTests } from './campaign.e2e';
import { tests as drop28Tests } from './drop28.e2e';
import { tests as onlineTests } from './online.e2e';
import { tests as campaignOnlineTests } from './campaignOnline.e2e';
import { tests as twistsTests } from './twists.e2e';
import { tests as flow35Tests } from './flow35.e2e';
import type { E2EContext } from './harness';
import { buildApp, e2eConfig, launchChromium, serveApp, stopServer } from './server';

const tests = [
  ...appTests,
  ...toolTests,
  ...playTests,
  ...play18Tests,
  ...play18bTests,
  ...fileTests,
  ...battleTests,
  ...armyTests,
  ...layoutTests,
  ...sandbox18Tests,
  ...edit18Tests,
  ...round18Tests,
  ...offlineTests,
  ...disputeTests,
  ...realArmyTests,
  ...leavePlayTests,
  ...dice27Tests,
  ...campaignTests,
  ...drop28Tests,
  ...onlineTests,
  ...campaignOnlineTests,
  ...twistsTests,
  ...flow35Tests,
];

// E2E_PORT and E2E_OUT_DIR let two runs share the machine (each its own server and build).
const cfg = e2eConfig(4173);
const { root, outputDir, baseUrl } = cfg;

async function main(): Promise<number> {
  mkdirSync(outputDir, { recursive: true });
  let server: ChildProcess | null = null;
  let browser: Browser | null = null;
  let passed = 0;
  let failed = 0;
  try {
    buildApp(cfg);
    server = await serveApp(cfg);
    browser = await launchChromium();
    const b = browser;
    const ctx: E2EContext = {
      browser: b,
      baseUrl,
      outputDir,
      root,
      async openPage() {
        const page = await b.newPage({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
        const errors: string[] = [];
        const warnings: string[] = [];
        page.on('console', (msg) => {
          if (msg.type() === 'error') errors.push(`console.error: ${msg.text()}`);
          else if (msg.type() === 'warning') warnings.push(msg.text());
        });
        page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
        page.on('requestfailed', (r) => errors.push(`request failed: ${r.url()} (${r.failure()?.errorText})`));
        page.on('response', (r) => {
          if (r.status() >= 400) errors.push(`HTTP ${r.status()}: ${r.url()}`);
        });
        return { page, errors, warnings };
      },
    };
    const only = process.env.E2E_ONLY;
    for (const t of only ? tests.filter((x) => only.split('|').some((o) => x.name.includes(o))) : tests) {
      const started = Date.now();
      try {
        await t.run(ctx);
        passed++;
        console.log(`  ok    ${t.name} (${Date.now() - started} ms)`);
      } catch (e) {
        failed++;
        console.log(`  FAIL  ${t.name}\n        ${(e as Error).message.replace(/\n/g, '\n        ')}`);
      }
    }
  } catch (e) {
    failed += Math.max(1, tests.length - passed - failed);
    console.log(`  FAIL  setup: ${(e as Error).message}`);
  } finally {
    await browser?.close().catch(() => undefined);
    stopServer(server);
  }
  console.log(`screenshots: ${outputDir}`);
  console.log(`${passed} passed, ${failed} failed`);
  return failed === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(e);
    console.log('0 passed, 1 failed');
    process.exit(1);
  },
);
