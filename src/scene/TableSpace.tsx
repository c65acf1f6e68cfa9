import type { ReactNode } from 'react';

/** Props of {@link TableSpace}. */
export interface TableSpaceProps {
  /** Battlefield width in inches (table x). */
  width: number;
  /** Battlefield depth in inches (table y). */
  depth: number;
  /** Children drawn in table coordinates (inches, z up). */
  children?: ReactNode;
}

/**
 * The one place where table space meets three's y-up world: children use table coordinates
 * (x along the width, y along the depth, z up) and come out as scene (x, z, -y), shifted so the
 * centre of the table is the scene origin. North (table +y) is scene -z.
 */
export function TableSpace({ width, depth, children }: TableSpaceProps) {
  return (
    <group rotation={[-Math.PI / 2, 0, 0]} position={[-width / 2, 0, depth / 2]}>
      {children}
    </group>
  );
}
