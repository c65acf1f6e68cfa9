/**
 * A tiny end-to-end harness (no test framework): tests are plain async functions that get a
 * fresh browser page on the built app and throw on failure. Used by `run.ts`.
 */
import type { Browser, Page } from 'playwright-core';

/** What a test gets. */
export interface E2EContext {
  browser: Browser;
  /** Base URL of the served build, e.g. `http://localhost:4173/`. */
  baseUrl: string;
  /** Folder for screenshots and other artefacts (tests/e2e/__output__). */
  outputDir: string;
  /** Repository root. */
  root: string;
  /** Opens a new page (1280 x 800) that records console errors, page errors and failed requests. */
  openPage: () => Promise<{ page: Page; errors: string[]; warnings: string[] }>;
}

/** One end-to-end test. */
export interface E2ETest {
  name: string;
  run: (ctx: E2EContext) => Promise<void>;
}

/** Throws with `message` unless `cond` holds. */
export function assert(cond: unknown, message: string): asserts cond {
  if (!cond) throw new Error(message);
}

/** Throws unless `actual === expected`, showing both. */
export function assertEqual<T>(actual: T, expected: T, what: string): void {
  if (actual !== expected) throw new Error(`${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
}
