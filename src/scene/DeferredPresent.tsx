import { useFrame, useThree } from '@react-three/fiber';
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { perfMark } from '../client/perfTrace';
import { Color, SRGBColorSpace, Vector2, WebGLRenderTarget, type WebGLRenderer } from 'three';

/** Props of {@link DeferredPresent}. */
export interface DeferredPresentProps {
  /** Called once, on the animation frame after the first frame is shown (the page's ready signal). */
  onFirstFrame?: () => void;
  /**
   * Multisampling of the off-screen frame (MSAA samples, resolved before the read-back): give
   * the canvas's own (4 for a canvas created with `antialias: true`) so the frames look the same.
   * Default 0.
   */
  samples?: number;
}

/** The attribute on the WebGL canvas counting the frames shown so far (for tests and tools). */
export const PRESENTED_ATTRIBUTE = 'data-presented';
/** `data-testid` of the 2D canvas that shows the frames. */
export const DISPLAY_TEST_ID = 'shown-frame';
/**
 * The attribute on the WebGL canvas saying whether a frame is being drawn (`drawing`: asked for,
 * not shown yet) or the latest one is on screen (`shown`).
 */
export const FRAME_STATE_ATTRIBUTE = 'data-frame';
/** The attribute marking a WebGL canvas whose frames are shown by {@link DeferredPresent}. */
const DEFERRED_ATTRIBUTE = 'data-deferred';

/** Whether {@link DeferredPresent} shows this WebGL canvas's frames (it is mounted on it). */
export const isDeferred = (canvas: HTMLCanvasElement): boolean => canvas.hasAttribute(DEFERRED_ATTRIBUTE);

/**
 * Shows the frames of a canvas without the main thread ever waiting for one to be drawn. For
 * software rasterisers (mounted by `TableScene` and the dice tray when
 * `renderProfile().offscreenFrames`), where a frame of a full battlefield takes SwiftShader
 * 0.15-0.3 s (measured: 1280x800, 242 models).
 *
 * Why: when a task has drawn into a WebGL canvas, Chromium hands the canvas to the compositor at
 * the end of that task, and with software compositing that hand-over reads the drawing buffer
 * back synchronously, first waiting for every queued draw to finish. A frame drawn into the canvas
 * therefore held the main thread for as long as it took to rasterise: every click, hover and tool
 * answer was a long task. Copying a finished frame into the canvas (`blitFramebuffer`) still cost
 * 50-70 ms on the main thread for the copy and its read-back.
 *
 * How: each frame is drawn into a render target the size of the drawing buffer (draws into a
 * framebuffer object leave the canvas untouched, so the task ends without waiting), then read back
 * with three's `readRenderTargetPixelsAsync` (a pixel-buffer read, a fence polled every 4 ms, and
 * the copy out once the fence has signalled) and put into a 2D canvas laid under the WebGL canvas
 * (its next sibling, `data-testid="shown-frame"`). The WebGL canvas is never drawn into, so it
 * stays transparent and keeps the pointer events. Rows come back bottom-up; the 2D canvas is
 * flipped with CSS. The target is marked as an XR target, the one way three offers to apply tone
 * mapping and the output colour space to a render target as to the screen, and its storage is
 * plain RGBA8, so its 8-bit pixels are exactly what drawing to the canvas would have written (same
 * programs, blending on the same encoded values).
 *
 * Frames asked for while one is in flight are merged: the newest state is drawn once the current
 * frame is shown. The WebGL canvas carries `data-deferred` while this is mounted, `data-presented`
 * (the number of frames shown) and `data-frame` (`drawing` or `shown`), so tests can wait for the
 * latest frame to be on screen. Something that draws straight into the WebGL canvas (the PNG
 * export) must clear it to transparent afterwards ({@link clearDirectFrame}).
 *
 * Takes over R3F's rendering (a `useFrame` with priority 1); mount it at most once per canvas.
 */
export function DeferredPresent({ onFirstFrame, samples = 0 }: DeferredPresentProps) {
  const gl = useThree((s) => s.gl);
  const invalidate = useThree((s) => s.invalidate);
  const target = useMemo(() => {
    const rt = new WebGLRenderTarget(1, 1, { depthBuffer: true, stencilBuffer: false, samples });
    // three applies tone mapping and the output colour space only to the screen and to XR targets:
    // as an XR target with an sRGB texture, the shaders write sRGB-encoded values, as to the screen.
    rt.texture.colorSpace = SRGBColorSpace;
    (rt as WebGLRenderTarget & { isXRRenderTarget: boolean }).isXRRenderTarget = true;
    // Stored as they are (an sRGB texture would otherwise get SRGB8_ALPHA8, which encodes again).
    rt.texture.internalFormat = 'RGBA8';
    return rt;
  }, [samples]);
  const display = useMemo(() => document.createElement('canvas'), []);
  const state = useRef({ frames: 0, inFlight: false, pending: false, disposed: false, image: null as ImageData | null });
  const firstFrame = useRef(onFirstFrame);
  firstFrame.current = onFirstFrame;

  useLayoutEffect(() => {
    const canvas = gl.domElement;
    const parent = canvas.parentElement;
    if (!parent) return;
    display.dataset.testid = DISPLAY_TEST_ID;
    // Under the (transparent) WebGL canvas, which keeps the pointer: z-index -1 inside the
    // canvas's own wrapper, made a stacking context so the frame cannot sink below the page.
    display.style.cssText = 'position:absolute;left:0;top:0;width:100%;height:100%;z-index:-1;transform:scaleY(-1);pointer-events:none;';
    const isolation = parent.style.isolation;
    parent.style.isolation = 'isolate';
    canvas.setAttribute(DEFERRED_ATTRIBUTE, '');
    // The canvas's frames are this mount's (a renderer kept across mounts, keptRenderer.ts, moves
    // its canvas to the next mount: the last one's late answers and clean-up leave it alone).
    owners.set(canvas, state.current);
    // After the WebGL canvas, so `querySelector('canvas')` still finds that one.
    parent.insertBefore(display, canvas.nextSibling);
    return () => {
      display.remove();
      parent.style.isolation = isolation;
      if (owners.get(canvas) !== state.current) return;
      owners.delete(canvas);
      canvas.removeAttribute(DEFERRED_ATTRIBUTE);
    };
  }, [gl, display]);

  useEffect(() => {
    const s = state.current;
    s.disposed = false;
    return () => {
      s.disposed = true;
      target.dispose();
    };
  }, [target]);

  useFrame(({ scene, camera }) => {
    const s = state.current;
    if (s.inFlight) {
      // Drawn once the current frame is shown; meanwhile the world matrices are brought up to
      // date as the draw would, since pointer picking reads them (a new mesh mounted in this
      // frame would otherwise sit at the origin until then).
      scene.updateMatrixWorld();
      if (camera.parent === null) camera.updateMatrixWorld();
      s.pending = true;
      return;
    }
    const size = gl.getDrawingBufferSize(_size);
    if (target.width !== size.x || target.height !== size.y) target.setSize(size.x, size.y);
    const previous = gl.getRenderTarget();
    if (s.frames === 0) perfMark('frame.draw');
    gl.setRenderTarget(target);
    gl.render(scene, camera);
    gl.setRenderTarget(previous);
    if (s.frames === 0) perfMark(`frame.drawn (${gl.info.programs?.length ?? 0} programs)`);
    const w = target.width;
    const h = target.height;
    const image = s.image && s.image.width === w && s.image.height === h ? s.image : new ImageData(w, h);
    s.image = image;
    s.inFlight = true;
    gl.domElement.setAttribute(FRAME_STATE_ATTRIBUTE, 'drawing');
    gl.readRenderTargetPixelsAsync(target, 0, 0, w, h, image.data)
      .then(
        () => {
          if (s.disposed || owners.get(gl.domElement) !== s) return;
          if (display.width !== w || display.height !== h) {
            display.width = w;
            display.height = h;
          }
          display.getContext('2d')?.putImageData(image, 0, 0);
          gl.domElement.setAttribute(PRESENTED_ATTRIBUTE, String(++s.frames));
          if (s.frames === 1) perfMark('frame.shown');
          if (s.frames === 1 && firstFrame.current) {
            const ready = firstFrame.current;
            requestAnimationFrame(() => ready());
          }
        },
        () => {
          // The context was lost: nothing to show; three and R3F restore it and ask again.
        },
      )
      .finally(() => {
        s.inFlight = false;
        if (s.disposed || owners.get(gl.domElement) !== s) return;
        if (s.pending) {
          s.pending = false;
          invalidate();
        } else gl.domElement.setAttribute(FRAME_STATE_ATTRIBUTE, 'shown');
      });
  }, 1);
  return null;
}

const _size = new Vector2();
/** The mount whose frames each WebGL canvas shows now (its `state`). */
const owners = new WeakMap<HTMLCanvasElement, object>();

/**
 * Clears the WebGL canvas to transparent after something drew into it directly (the PNG export),
 * so the frames {@link DeferredPresent} shows under it stay visible. Does nothing unless
 * `DeferredPresent` is mounted on this canvas (it marks the canvas `data-deferred`).
 */
export function clearDirectFrame(gl: WebGLRenderer): void {
  if (!gl.domElement.hasAttribute(DEFERRED_ATTRIBUTE)) return;
  const color = gl.getClearColor(_color);
  const alpha = gl.getClearAlpha();
  gl.setRenderTarget(null);
  gl.setClearColor(0x000000, 0);
  gl.clear();
  gl.setClearColor(color, alpha);
}

const _color = new Color();
