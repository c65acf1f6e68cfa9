/**
 * Cheaper shadow filtering for software rasterisers. three's PCF shadows take 5 hardware-filtered
 * taps on a rotated Vogel disk per pixel (a square root, a sine and a cosine each, plus a noise
 * hash), which on a GPU is nothing and on SwiftShader is a large share of every frame: the mat
 * alone covers most of the screen. With the battlefield's 2048-texel map a shadow texel is smaller
 * than a screen pixel at table views, so one hardware-filtered tap (a bilinear 2x2 comparison)
 * draws nearly the same edge.
 */
import { ShaderChunk } from 'three';

/** The 5-tap Vogel-disk sum of `shadowmap_pars_fragment` (directional and spot lights). */
const FIVE_TAPS = /float phi = interleavedGradientNoise\( gl_FragCoord\.xy \) \* PI2;\s*shadow = \(\s*(texture\( shadowMap, vec3\( shadowCoord\.xy \+ vogelDiskSample\( \d, 5, phi \) \* radius, shadowCoord\.z \) \)\s*\+?\s*){5}\) \* 0\.2;/;

const ONE_TAP = 'shadow = texture( shadowMap, vec3( shadowCoord.xy, shadowCoord.z ) );';

let applied: boolean | null = null;

/**
 * Replaces three's 5-tap PCF shadow lookup by a single filtered tap, for every material compiled
 * afterwards (a global shader chunk; idempotent). Returns whether the replacement is in force
 * (false when this version of three words the chunk differently: then nothing changes).
 */
export function applyOneTapShadowFilter(): boolean {
  if (applied !== null) return applied;
  const chunk = ShaderChunk.shadowmap_pars_fragment;
  applied = FIVE_TAPS.test(chunk);
  if (applied) (ShaderChunk as Record<string, string>).shadowmap_pars_fragment = chunk.replace(FIVE_TAPS, ONE_TAP);
  return applied;
}
