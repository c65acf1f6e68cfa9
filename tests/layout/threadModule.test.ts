import { mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { bundledModule } from '../../src/layout/threadModule';

const dir = mkdtempSync(join(tmpdir(), 'thread-module-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('bundledModule (the layout pool threads\' one-file module)', () => {
  it('bundles an entry with its imports, keeps the bundle while they are unchanged, and makes it again when one changes', async () => {
    const entry = join(dir, 'entry.ts');
    const dep = join(dir, 'dep.ts');
    writeFileSync(dep, 'export const answer: number = 6 * 7;\n');
    writeFileSync(entry, "import { answer } from './dep';\nexport const doubled: number = 2 * answer;\n");
    const url = bundledModule(entry);
    expect(url).not.toBeNull();
    const file = fileURLToPath(url!);
    expect((await import(`${url!.href}?v=1`)).doubled).toBe(84);
    const made = statSync(file).mtimeMs;
    const text = readFileSync(file, 'utf8');
    // Unchanged inputs: the same file, not made again.
    expect(bundledModule(entry)!.href).toBe(url!.href);
    expect(statSync(file).mtimeMs).toBe(made);
    // A changed import (new size and time): made again with the new value.
    writeFileSync(dep, 'export const answer: number = 100;\n');
    utimesSync(dep, new Date(), new Date(Date.now() + 5000));
    expect(bundledModule(entry)!.href).toBe(url!.href);
    expect(readFileSync(file, 'utf8')).not.toBe(text);
    expect((await import(`${url!.href}?v=2`)).doubled).toBe(200);
  });

  it('gives null for an entry it cannot bundle (missing, or a syntax error), so the caller starts the thread another way', () => {
    expect(bundledModule(join(dir, 'missing.ts'))).toBeNull();
    const broken = join(dir, 'broken.ts');
    writeFileSync(broken, 'export const = ;\n');
    expect(bundledModule(broken)).toBeNull();
  });
});
