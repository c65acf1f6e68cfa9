/**
 * Node-only companion of `bundled.ts`: where a scenario's mesh `src` lies on disk. `bundled:<path>`
 * is Sightline's own `assets/<path>` (this checkout's), wherever the scenario file is; any other
 * relative `src` is a file beside the scenario, and when no file lies there, an older file's name
 * for a bundled mesh (`../kenney/castle/x.glb`, relative to `assets/scenarios/`) is looked up among
 * Sightline's assets. Used by `loadScenarioFile` (adjudicate, layout) and the game commands.
 * @module
 */
import { existsSync } from 'node:fs';
import { dirname, isAbsolute, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundledAssetPath, legacyBundledAsset } from './bundled';

/** This checkout's root folder (where `assets/` lies). */
export const SIGHTLINE_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The file of a bundled asset's repository path (`assets/kenney/x.glb`) in this checkout. */
export function bundledAssetFile(assetPath: string): string {
  const full = resolve(SIGHTLINE_ROOT, assetPath);
  if (!full.startsWith(resolve(SIGHTLINE_ROOT, 'assets') + sep)) throw new Error(`"${assetPath}" is not a bundled asset`);
  return full;
}

/**
 * The file a mesh `src` of the scenario in folder `scenarioDir` names (see the module notes).
 * @throws Error for a malformed `bundled:` name.
 */
export function meshFileOf(src: string, scenarioDir: string): string {
  const asset = bundledAssetPath(src);
  if (asset) return bundledAssetFile(asset);
  if (isAbsolute(src)) return src;
  const beside = resolve(scenarioDir, src);
  if (existsSync(beside)) return beside;
  const legacy = legacyBundledAsset(src);
  if (legacy) {
    const file = resolve(SIGHTLINE_ROOT, legacy);
    if (file.startsWith(resolve(SIGHTLINE_ROOT, 'assets') + sep) && existsSync(file)) return file;
  }
  return beside;
}
