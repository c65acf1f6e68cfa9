import { lazy, Suspense, useState } from 'react';
import '../sandbox/sandbox.css';
import { cryptoRandom, describeRoll, reroll, rollDice, successes, type DiceRoll, type DieKind, type RerollKind } from './diceRoller';

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
  /** Throws these faces in the tray (the tray shows only this roll). */
  onThrow: (faces: number[]) => void;
  onSettled: (faces: number[]) => void;
  onClose: () => void;
}

const TARGETS = [null, 2, 3, 4, 5, 6] as const;

/**
 * The dice tray in an overlay panel, bottom centre, with a general dice roller (issue 18): N D6 or
 * D3, a target to count successes against ("4+"), re-roll the failures or the 1s (the other dice
 * keep their faces; the tray throws the roll again with its new faces), sort the faces. The tray
 * shows only the current roll; × closes it. Logic: `diceRoller.ts`.
 */
export function DicePanel({ rolls, seed, settled, onThrow, onSettled, onClose }: DicePanelProps) {
  const [count, setCount] = useState(Math.max(1, rolls.length || 2));
  const [kind, setKind] = useState<DieKind>('D6');
  const [target, setTarget] = useState<number | null>(null);
  const [sort, setSort] = useState(false);
  const [own, setOwn] = useState<DiceRoll | null>(null);
  // A roll thrown from elsewhere (the test hook, the engine) is a D6 roll of its faces.
  const current: DiceRoll = own && own.faces.join(',') === rolls.join(',') ? own : { kind: 'D6', faces: rolls, rerolled: [] };
  const throwRoll = (r: DiceRoll) => {
    setOwn(r);
    onThrow(r.faces);
  };
  const failures = target === null ? 0 : current.faces.length - successes(current.faces, target);
  const ones = current.faces.filter((f) => f === 1).length;
  const resting = settled !== null && settled.length > 0;
  return (
    <div className="dice-panel panel" data-testid="dice-panel">
      <div className="tool-head">
        <span>Dice</span>
        <button type="button" onClick={onClose} aria-label="Close the dice tray" data-testid="dice-close">
          ×
        </button>
      </div>
      <div className="row">
        <input type="number" min={1} max={60} value={count} data-testid="dice-count" onChange={(e) => setCount(Math.min(60, Math.max(1, Math.round(Number(e.target.value) || 1))))} />
        <select value={kind} data-testid="dice-kind" aria-label="Die" onChange={(e) => setKind(e.target.value as DieKind)}>
          <option value="D6">D6</option>
          <option value="D3">D3</option>
        </select>
        <button type="button" data-testid="btn-roll" onClick={() => throwRoll(rollDice(kind, count, cryptoRandom))}>
          Roll {count}
          {kind}
        </button>
      </div>
      <div className="dice-options">
        <label>
          Target{' '}
          <select value={target ?? ''} data-testid="dice-target" onChange={(e) => setTarget(e.target.value ? Number(e.target.value) : null)}>
            {TARGETS.map((t) => (
              <option key={t ?? 'none'} value={t ?? ''}>
                {t === null ? 'none' : `${t}+`}
              </option>
            ))}
          </select>
        </label>
        <button type="button" data-testid="btn-reroll-failures" disabled={!resting || failures === 0} onClick={() => throwRoll(reroll(current, 'failures' as RerollKind, target, cryptoRandom))}>
          Re-roll failures
        </button>
        <button type="button" data-testid="btn-reroll-ones" disabled={!resting || ones === 0} onClick={() => throwRoll(reroll(current, 'ones', target, cryptoRandom))}>
          Re-roll 1s
        </button>
        <label>
          <input type="checkbox" checked={sort} data-testid="dice-sort" onChange={(e) => setSort(e.target.checked)} /> Sort
        </label>
      </div>
      <Suspense fallback={<div className="dice-tray" data-testid="dice-tray" data-status="loading" />}>
        <DiceTray rolls={rolls} seed={seed} onSettled={onSettled} />
      </Suspense>
      <div className="result" data-testid="dice-result" data-successes={target === null || !resting ? '' : String(successes(current.faces, target))}>
        {resting ? describeRoll(current, target, sort) : rolls.length ? 'Rolling…' : 'Roll some dice.'}
      </div>
    </div>
  );
}
