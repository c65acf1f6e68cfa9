/**
 * Bundled mesh files: every Kenney glTF binary under assets/kenney, mapped from its repository
 * path (`assets/kenney/castle/vault-gate.glb`) to the URL vite serves it at. Which asset a scenario's
 * `mesh.src` names is `src/scenario/bundled.ts`'s question (`bundled:` names, paths relative to the
 * scenario file); this module only knows where vite serves each one.
 */
import { foldPath } from '../scenario/bundled';

const GLB_URLS = import.meta.glob('../../assets/kenney/**/*.glb', { query: '?url', import: 'default', eager: true }) as Record<string, string>;

/** Repository path (no leading slash) -> served URL. */
export const BUNDLED_MESHES: ReadonlyMap<string, string> = new Map(Object.entries(GLB_URLS).map(([key, url]) => [foldPath(key.replace(/^(\.\.\/)+/, '')), url]));
