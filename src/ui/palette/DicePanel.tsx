import { lazy, Suspense, useState } from 'react';

// The tray (and, through it, the physics worker) loads on first use only.
const DiceTray = lazy(() => import('../../scene/DiceTray').then((m) => ({ default: m.DiceTray })));

/** Props of {@link DicePanel}. */
export interface DicePanelProps {
  /** The faces to show (given by whoever rolled them: the engine, or this panel's Roll button). */
  rolls: number[];
  /** Seed of the throw's motion. */
  seed: number;
  /** Faces read back from the dice once they rest (null while rolling). */
  settled: number[] | null;
  onRoll: (count: number) => void;
  onSettled: (faces: number[]) => void;
  onClose: () => void;
}

/** The dice tray in an overlay panel, bottom centre. */
export function DicePanel({ rolls, seed, settled, onRoll, onSettled, onClose }: DicePanelProps) {
  const [count, setCount] = useState(Math.max(1, rolls.length || 2));
  const sum = settled?.reduce((a, b) => a + b, 0) ?? 0;
  return (
    <div className="dice-panel panel" data-testid="dice-panel">
      <div className="tool-head">
        <span>Dice</span>
        <button type="button" onClick={onClose} aria-label="Close the dice tray">
          ×
        </button>
      </div>
      <div className="row">
        <input type="number" min={1} max={60} value={count} data-testid="dice-count" onChange={(e) => setCount(Math.min(60, Math.max(1, Math.round(Number(e.target.value) || 1))))} />
        <button type="button" data-testid="btn-roll" onClick={() => onRoll(count)}>
          Roll {count}D6
        </button>
      </div>
      <Suspense fallback={<div className="dice-tray" data-testid="dice-tray" data-status="loading" />}>
        <DiceTray rolls={rolls} seed={seed} onSettled={onSettled} />
      </Suspense>
      <div className="result" data-testid="dice-result">
        {settled && settled.length > 0 ? `${settled.join(', ')} · sum ${sum}` : rolls.length ? 'Rolling…' : 'Roll some dice.'}
      </div>
    </div>
  );
}
