/**
 * The passive abilities that could matter at an attack, charge or move, beside its option in the
 * Play panel (ABILITIES.md "Passive abilities"; `src/game/stepPassives.ts`): those the engine
 * applies itself are marked so; the others are for the player to apply by hand (Core 5.4).
 */
import type { OptionEntry } from '../../../client/gameClient';
import './abilities.css';

/** Props of {@link StepPassives}. */
export interface StepPassivesProps {
  /** The option's `passives` (required, non-empty). */
  passives: NonNullable<OptionEntry['passives']>;
}

/** One line per passive: its unit and name (its Effect on hover), and who applies it. */
export function StepPassives({ passives }: StepPassivesProps) {
  return (
    <ul className="play-step-passives" data-testid="play-step-passives">
      {passives.map((p, i) => (
        <li key={i} title={p.effect}>
          {p.unit}: <b>{p.name}</b> — {p.auto ? 'applied by the engine' : 'apply by hand'}
        </li>
      ))}
    </ul>
  );
}
