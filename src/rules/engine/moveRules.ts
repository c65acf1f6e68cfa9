/**
 * The rule each kind of move's allowance comes from, shared by the rules engine (which cites it
 * when a model would move farther, `moves.ts`) and the Play screen (which refuses a drop that is
 * too far for certain before asking the engine). No imports: safe for any layer above `src/rules`.
 */

/** A kind of move the engine checks against an allowance (Core 14.1, 14.3, 15.3; Commands 3.0, 8.0). */
export type MoveKind = 'normal' | 'run' | 'retreat' | 'charge' | 'redeploy' | 'pileIn' | 'powerThrough' | 'free';

/**
 * The rule of each kind of move's allowance: Normal Move, Run and Retreat Core 14.1, Charge
 * Core 14.3, Redeploy Commands 3.0, pile-in Core 15.3, Power Through Commands 8.0, an ability's `free` move Core 15.0.
 */
export const MOVE_RULES: Readonly<Record<MoveKind, string>> = {
  normal: 'Core 14.1',
  run: 'Core 14.1',
  retreat: 'Core 14.1',
  charge: 'Core 14.3',
  redeploy: 'Commands 3.0',
  pileIn: 'Core 15.3',
  powerThrough: 'Commands 8.0',
  // An ability's move under Core 15.0 alone, its end checked against the ability's text (session 38, abilityMove38.ts).
  free: 'Core 15.0',
};

/** The rule cited when a move of `kind` goes too far; any kind not in {@link MOVE_RULES}: Core 15.0 (no part of the base farther than the maximum). */
export function moveRule(kind: string): string {
  return (MOVE_RULES as Record<string, string>)[kind] ?? 'Core 15.0';
}
