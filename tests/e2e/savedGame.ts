// A saved game uploaded into Play as a player's file: the browser tests that start from a set-up.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { readBundledNode } from '../../src/game/node';
import { GameApi } from '../../src/game/session';
import { assert, reopenPlayBy, type E2EContext } from './harness';

/**
 * Uploads, like a player's file, the saved game of a set-up (`workers/gameSetup.ts`, the bench's
 * `towerSetup`, ...) with these actions (and `extra` saved-game fields such as `reserves`), written
 * exactly as the engine writes it (set-up, table with its meshes carried) into the test's output
 * folder as `file`, and waits for Play, reopened in place on it, to be ready. Throws when the set-up does not start.
 */
export async function uploadGame(
  ctx: E2EContext,
  page: Page,
  setup: Parameters<GameApi['startOnTable']>[0],
  actions: unknown[],
  file: string,
  extra: Record<string, unknown> = {},
): Promise<void> {
  const api = new GameApi({ readBundled: readBundledNode });
  const started = await api.startOnTable(setup);
  assert(started.ok, `the set-up starts: ${started.ok ? '' : started.problems.join('; ')}`);
  const path = join(ctx.outputDir, file);
  writeFileSync(path, JSON.stringify({ ...api.save(), ...extra, actions }));
  // Play reopens in place on the loaded game (no page reload).
  await reopenPlayBy(page, () => page.setInputFiles('[data-testid=play-load]', path));
}
