import { Color, type WebGLRenderer } from 'three';
import { perfMark } from '../client/perfTrace';

/**
 * The table's WebGL renderer kept for the page's life, across the App's remounts (issue 35 item 6,
 * "a battle started within 3 s of Start"; session 39).
 *
 * Play is started, left and reopened in place: the page's root remounts the App (`Root.tsx`), so
 * `TableScene`'s react-three-fiber `Canvas` unmounts and mounts again. R3F then disposed the
 * renderer and forced its context lost, and the new canvas got a new WebGL context in which every
 * shader program was compiled and linked again: in software WebGL (SwiftShader, no
 * `KHR_parallel_shader_compile`) the main thread waits for each link, most of the first frame's
 * time after the switch (docs/performance.md, "Session 38: starting a battle").
 *
 * {@link keptRendererFactory} wraps the `gl` factory `TableScene` gives R3F: the first renderer it
 * makes is kept; a later mount whose kept renderer's canvas has left the document (its App
 * unmounted) gets that renderer back, its canvas put in the place of the one R3F made. The kept
 * renderer's `dispose` and `forceContextLoss` do nothing (R3F calls them when a root unmounts, and
 * the old root's teardown may come after the new root took the renderer), and every shader
 * program it links stays linked (one more use counted when it is made, so disposing the last
 * material that used it keeps it): the programs are the page's shader cache, as many as the
 * distinct shader variants the table has drawn. A second table mounted while the first is on the
 * page, or a kept renderer whose context was lost, gets a renderer of its own (the first case not
 * kept; the second replaces the kept one).
 *
 * The reused canvas loses the frame-state attributes of its last mount (`data-presented`,
 * `data-frame`, `data-regressed`, `data-deferred`), so waits for a new mount's first frame never
 * read the old one's.
 */

/** The renderer kept for the page, with its own dispose and forceContextLoss. */
let kept: { renderer: WebGLRenderer; dispose: () => void; forceContextLoss: () => void } | null = null;

/** Attributes a mount sets on its canvas (`DeferredPresent`, `AdaptiveResolution`). */
const FRAME_ATTRIBUTES = ['data-presented', 'data-frame', 'data-regressed', 'data-deferred'];

/** How many times a kept renderer was handed to a new mount on this page (for tests and the probe). */
export let keptRendererReuses = 0;

/** Keeps `renderer` for the page: its dispose and context loss become no-ops, its programs stay linked. */
function keep(renderer: WebGLRenderer): void {
  if (kept) {
    // The old one lost its context: released for real.
    kept.dispose();
    kept.forceContextLoss();
  }
  kept = { renderer, dispose: renderer.dispose.bind(renderer), forceContextLoss: renderer.forceContextLoss.bind(renderer) };
  renderer.dispose = () => undefined;
  renderer.forceContextLoss = () => undefined;
  // three's program cache (`WebGLPrograms.programs`, the same array as `info.programs`) counts a
  // program's uses and deletes it at zero: one more use from its creation keeps it.
  const programs = renderer.info.programs as unknown as ({ usedTimes: number }[] & { push: (...p: { usedTimes: number }[]) => number }) | null;
  if (programs) {
    const push = programs.push;
    programs.push = function pinned(this: typeof programs, ...added) {
      for (const p of added) p.usedTimes++;
      return push.apply(this, added);
    };
  }
}

/**
 * An R3F `gl` factory that hands back the page's kept renderer when it is free (see the module
 * comment), else makes one with `make` (keeping it when none is kept yet, or the kept one's context
 * was lost). `defaults.canvas` is the canvas R3F made; when the kept renderer is reused, its own
 * canvas replaces it in the document (same parent, same place).
 */
export function keptRendererFactory(make: (canvas: HTMLCanvasElement) => WebGLRenderer): (defaults: { canvas: object }) => WebGLRenderer {
  return ({ canvas }) => {
    const element = canvas as HTMLCanvasElement;
    const k = kept?.renderer;
    const lost = !!k && k.getContext().isContextLost();
    if (k && !lost && !k.domElement.isConnected && element.parentNode) {
      const old = k.domElement;
      for (const a of FRAME_ATTRIBUTES) old.removeAttribute(a);
      old.style.cssText = element.style.cssText;
      element.replaceWith(old);
      // Nothing of the last mount's state or picture carries over (the canvas shows the frames
      // drawn off screen under it, DeferredPresent, so it stays transparent).
      k.resetState();
      k.setRenderTarget(null);
      const color = k.getClearColor(new Color());
      const alpha = k.getClearAlpha();
      k.setClearColor(0x000000, 0);
      k.clear();
      k.setClearColor(color, alpha);
      keptRendererReuses++;
      perfMark('renderer.kept');
      return k;
    }
    const made = make(element);
    if (!k || lost) keep(made);
    return made;
  };
}

/** The renderer kept for the page now (null before the first table). For tests. */
export function keptRenderer(): WebGLRenderer | null {
  return kept?.renderer ?? null;
}
