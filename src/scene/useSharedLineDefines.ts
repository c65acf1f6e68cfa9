import { useLayoutEffect, useRef, type ComponentRef } from 'react';
import type { Line } from '@react-three/drei';

/**
 * A ref for a drei `<Line>` whose material gets its shader defines up front, in one order:
 * three-stdlib's LineMaterial adds USE_LINE_COLOR_ALPHA in onBeforeCompile, after three has keyed
 * the program, so the same material compiled again (after drei disposed it) got another key and
 * its own program, linked anew on every drag step. Set here (after drei's own effect set or
 * removed USE_DASH), every line shares the programs ShaderWarmup made.
 * @param dashed - whether the line is dashed (adds USE_DASH).
 */
export function useSharedLineDefines(dashed: boolean) {
  const line = useRef<ComponentRef<typeof Line>>(null);
  useLayoutEffect(() => {
    const material = line.current?.material;
    if (!material) return;
    material.defines = dashed ? { USE_LINE_COLOR_ALPHA: '1', USE_DASH: '' } : { USE_LINE_COLOR_ALPHA: '1' };
  }, [dashed]);
  return line;
}
