import { WebGLRenderer } from 'three';
/**
 * How heavily the main canvas may draw, decided once per page from the WebGL implementation: on a
 * software rasteriser (SwiftShader, llvmpipe, lavapipe, Microsoft Basic Render Driver) every pixel
 * and every triangle costs CPU time, so multisampling is turned off and the pixel ratio is kept at 1.
 * On a GPU the canvas draws with 4x MSAA and up to 1.5 device pixels per CSS pixel. Either way
 * the canvas draws fewer pixels while the camera moves ({@link RenderProfile.movingScale}).
 */

/** The render settings of the main canvas. */
export interface RenderProfile {
  /** True when the WebGL implementation rasterises on the CPU. */
  software: boolean;
  /** Multisampled drawing buffer (MSAA). */
  antialias: boolean;
  /** Device pixel ratio range for the canvas, `[min, max]`. */
  dpr: [number, number];
  /**
   * The fraction of that pixel ratio drawn while the camera moves (R3F's `performance.min`): the
   * canvas regresses to it on every camera change and returns to full resolution 250 ms after the
   * last one (see `AdaptiveResolution`). 0.5 in software (a quarter of the pixels), 0.75 on a GPU.
   */
  movingScale: number;
  /**
   * Ask for a desynchronized (low-latency) WebGL context, true in software. With software
   * compositing, the compositor's commit of a normal WebGL canvas reads it back on the main thread
   * and waits there for the software rasteriser to finish the frame (most of each frame's 60 ms in
   * SwiftShader, measured); a desynchronized canvas is presented apart from the page's paint, so
   * the main thread stays free. Off on a GPU, where the normal path costs little and some
   * platforms tear with it.
   */
  desynchronized: boolean;
  /**
   * Draw frames off screen and show them once finished (`DeferredPresent`, in the table and the
   * dice tray), true in software: with the canvas never drawn into, no task waits for the
   * rasteriser at all. Off on a GPU, where drawing straight into the canvas costs little.
   */
  offscreenFrames: boolean;
  /** The WebGL renderer string the decision was made from ('' when unknown). */
  renderer: string;
}

const SOFTWARE = /swiftshader|llvmpipe|lavapipe|softpipe|software|basic render/i;

let cached: RenderProfile | null = null;

/** Classifies a WebGL renderer string (`UNMASKED_RENDERER_WEBGL`, else `RENDERER`). */
export function isSoftwareRendererName(name: string): boolean {
  return SOFTWARE.test(name);
}

/**
 * The render profile of this page, probed once on a throw-away WebGL2 context (released at once).
 * `?render=software` / `?render=gpu` in the page URL force either profile (for comparisons).
 */
export function renderProfile(): RenderProfile {
  if (cached) return cached;
  let renderer = '';
  if (typeof document !== 'undefined') {
    try {
      const gl = document.createElement('canvas').getContext('webgl2');
      if (gl) {
        const ext = gl.getExtension('WEBGL_debug_renderer_info');
        renderer = String(gl.getParameter(ext ? ext.UNMASKED_RENDERER_WEBGL : gl.RENDERER) ?? '');
        gl.getExtension('WEBGL_lose_context')?.loseContext();
      }
    } catch {
      /* no WebGL2: the canvas reports it itself */
    }
  }
  const forced = typeof location !== 'undefined' ? new URLSearchParams(location.search).get('render') : null;
  const software = forced === 'software' ? true : forced === 'gpu' ? false : isSoftwareRendererName(renderer);
  cached = { software, antialias: !software, dpr: software ? [1, 1] : [1, 1.5], movingScale: software ? 0.5 : 0.75, desynchronized: software, offscreenFrames: software, renderer };
  return cached;
}

/**
 * An R3F `gl` factory: three's renderer on a WebGL2 context asked for with `desynchronized: true`
 * (three has no parameter for it) and otherwise the attributes three and R3F would ask for
 * (alpha, depth, no stencil, premultiplied alpha, drawing buffer not preserved, high performance).
 * Falls back to three's own context when the browser refuses one.
 */
export function desynchronizedRenderer(antialias: boolean): (defaults: { canvas: object }) => WebGLRenderer {
  return ({ canvas }) => {
    const attributes: WebGLContextAttributes & { desynchronized: boolean } = {
      alpha: true,
      depth: true,
      stencil: false,
      antialias,
      premultipliedAlpha: true,
      preserveDrawingBuffer: false,
      powerPreference: 'high-performance',
      failIfMajorPerformanceCaveat: false,
      desynchronized: true,
    };
    const element = canvas as HTMLCanvasElement;
    const made = element.getContext('webgl2', attributes);
    // A context lost already (or none) goes to three, which then makes and reports its own.
    const context = made && !made.isContextLost() ? made : undefined;
    return new WebGLRenderer({ canvas: element, antialias, alpha: true, powerPreference: 'high-performance', context });
  };
}
