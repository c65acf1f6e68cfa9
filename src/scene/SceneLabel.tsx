import { Html } from '@react-three/drei';
import type { ReactNode } from 'react';

/** Props of {@link SceneLabel}. Table space (inches, z up). */
export interface SceneLabelProps {
  /** Where the label is anchored, table space. */
  position: [number, number, number];
  /** Extra class names (e.g. `ok`, `bad`, `muted`) on the chip. */
  tone?: 'ok' | 'bad' | 'info' | 'muted';
  /** A test id for the chip. */
  testId?: string;
  children: ReactNode;
}

/** A small text chip that follows a point of the table on screen (DOM, never blocks the pointer). */
export function SceneLabel({ position, tone = 'info', testId, children }: SceneLabelProps) {
  return (
    <Html position={position} center zIndexRange={[6, 0]} style={{ pointerEvents: 'none' }}>
      <div className={`scene-label ${tone}`} data-testid={testId}>
        {children}
      </div>
    </Html>
  );
}
