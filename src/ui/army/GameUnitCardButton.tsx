import { useCallback, useState } from 'react';
import { playGame } from '../play/game';
import type { CardUnit } from './UnitCard';
import { UnitCardOverlay } from './UnitCardOverlay';
import './army.css';

/** Props of {@link GameUnitCardButton}. */
export interface GameUnitCardButtonProps {
  /** The game's unit id (a unit of either player's army). */
  unitId: string;
  /** The button's text. Default: "Unit card". */
  label?: string;
}

/**
 * In Play mode: a button that opens the card of one of the game's units, read from the game
 * worker's state (`players[p].roster`, the army as the battle plays it, bases and heights
 * included). A unit the game does not know (a scenario unit in the sandbox) shows why instead.
 */
export function GameUnitCardButton({ unitId, label = 'Unit card' }: GameUnitCardButtonProps) {
  const [card, setCard] = useState<{ unit: CardUnit; army: string; used: string[] } | { missing: string } | null>(null);
  const close = useCallback(() => setCard(null), []);
  const open = async () => {
    try {
      const g = playGame();
      if (!g) return setCard({ missing: 'the online game is not connected yet' });
      const s = await g.state();
      for (const p of ['p1', 'p2'] as const) {
        const roster = s.players[p].roster;
        const u = [...roster.units, ...(roster.manifestations ?? [])].find((x) => x.id === unitId);
        // The abilities it used this turn (Core 28.2's record), marked on its list.
        const turn = s.stage === 'turn' ? s.turnInRound : -1;
        const used = (s.abilities?.used ?? []).filter((x) => x.unitId === unitId && x.at.round === s.round && x.at.turn === turn).map((x) => x.name);
        if (u) return setCard({ unit: u as CardUnit, army: `${roster.name} (${p})`, used });
      }
      setCard({ missing: `"${unitId}" is not a unit of the game's armies` });
    } catch (e) {
      setCard({ missing: `the game could not be read: ${(e as Error).message}` });
    }
  };
  return (
    <>
      <button type="button" className="selection-card-btn" data-testid={`unit-card-open-${unitId}`} onClick={() => void open()} title="The unit's warscroll: characteristics, weapons, abilities, keywords">
        {label}
      </button>
      {card && 'missing' in card && <div className="muted" role="alert">{card.missing}</div>}
      {card && 'unit' in card && (
        <UnitCardOverlay unit={card.unit} subtitle={card.army} onClose={close} usedAbilities={card.used} />
      )}
    </>
  );
}
