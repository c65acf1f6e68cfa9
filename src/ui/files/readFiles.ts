/**
 * Reads what the user picked or dropped: exactly one scenario `.json`, plus any mesh files it names
 * (`.glb`, `.gltf`, `.bin`, `.stl`, `.obj`, matched to `src` by file name). I/O and JSON parsing
 * only: the engine validates the scenario.
 */
import { SCENARIO_LIMITS } from '../../scenario/schema';

/** A scenario read from disk, not yet validated. */
export interface PickedScenario {
  json: unknown;
  /** The file's name. */
  label: string;
  /** Display name when the scenario has none (the file name without `.json`). */
  fallbackName: string;
  /** Other files picked with it, keyed by lower-case file name. */
  picked: Map<string, ArrayBuffer>;
}

/** A pick that could not be read: every problem, each led by `(file)`. */
export class PickError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
    this.name = 'PickError';
  }
}

const MESH_EXT = /\.(glb|gltf|bin|stl|obj)$/i;

/** Reads a scenario and its mesh files from a pick or a drop. @throws PickError */
export async function readPickedFiles(files: readonly File[]): Promise<PickedScenario> {
  if (files.length === 0) throw new PickError(['(file): no file was given']);
  const jsons = files.filter((f) => /\.json$/i.test(f.name) || f.type === 'application/json');
  if (jsons.length === 0) throw new PickError([`(file): no scenario (.json) file among ${files.map((f) => f.name).join(', ')}`]);
  if (jsons.length > 1) throw new PickError([`(file): open one scenario at a time (got ${jsons.map((f) => f.name).join(', ')})`]);
  const file = jsons[0];
  const ignored = files.filter((f) => f !== file && !MESH_EXT.test(f.name));
  if (ignored.length) throw new PickError(ignored.map((f) => `(file): ${f.name} is neither a scenario (.json) nor a mesh file (.glb, .gltf, .bin, .stl, .obj)`));
  if (file.size > SCENARIO_LIMITS.fileBytes) throw new PickError([`(file): ${file.name} is ${file.size} bytes, more than the ${SCENARIO_LIMITS.fileBytes / 1024 / 1024} MB a scenario file may have`]);
  let text: string;
  try {
    text = await file.text();
  } catch (e) {
    throw new PickError([`(file): ${file.name} could not be read: ${(e as Error).message}`]);
  }
  let json: unknown;
  try {
    json = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (e) {
    throw new PickError([`(file): ${file.name} is not valid JSON: ${(e as Error).message}`]);
  }
  const picked = new Map<string, ArrayBuffer>();
  await Promise.all(files.filter((f) => f !== file).map(async (f) => picked.set(f.name.toLowerCase(), await f.arrayBuffer())));
  return { json, label: file.name, fallbackName: file.name.replace(/\.json$/i, ''), picked };
}
