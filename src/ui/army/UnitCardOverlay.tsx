import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { UnitCard, type CardUnit } from './UnitCard';
import './army.css';

/** Props of {@link UnitCardOverlay}. */
export interface UnitCardOverlayProps {
  /** The unit shown. */
  unit: CardUnit;
  /** Closes the card (the × button, Escape, or a click beside the card). */
  onClose: () => void;
  /** A line under the name (e.g. the army); none by default. */
  subtitle?: string;
  /** The abilities the unit used this turn, marked on the card (default none). */
  usedAbilities?: readonly string[];
}

/**
 * A unit card over the page (in `document.body`, so no panel clips or moves it), on a dimmed
 * backdrop; Escape or a click beside the card closes it.
 */
export function UnitCardOverlay({ unit, onClose, subtitle, usedAbilities }: UnitCardOverlayProps) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.stopPropagation();
        onClose();
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [onClose]);
  return createPortal(
    <div className="unit-card-overlay" onClick={(e) => e.target === e.currentTarget && onClose()}>
      <UnitCard unit={unit} subtitle={subtitle} onClose={onClose} usedAbilities={usedAbilities} />
    </div>,
    document.body,
  );
}
