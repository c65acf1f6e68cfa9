/**
 * The Play mode's dice: the engine's rolls of the last action, one step at a time, thrown in the 3D
 * dice tray (`src/scene/DiceTray.tsx`: rapier in a worker animates the throw; each die settles
 * showing the engine's value), with the steps listed beside it (which roll, its target number, the
 * successes). The tray throws step 1, then each next step once the previous one has settled; a
 * click on a step throws it again.
 */
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import type { DiceStep } from '../../client/gameClient';

// The tray (and through it the physics worker and rapier) loads on the first roll only.
const DiceTray = lazy(() => import('../../scene/DiceTray').then((m) => ({ default: m.DiceTray })));

/** Pause after a step has settled before the next one is thrown (reading time), ms. */
const NEXT_STEP_MS = 700;

/** Props of {@link PlayDice}. */
export interface PlayDiceProps {
  /** The engine's dice steps of the last action that rolled (see `GameApi.act`). */
  steps: DiceStep[];
  /** Changes for every new set of steps (a new action), so equal dice are thrown again. */
  throwId: number;
  /** Called when the dice of step `index` rest, with the faces read back from the drawn dice. */
  onSettled?: (throwId: number, index: number, shown: number[]) => void;
}

/** The steps of the last roll and the tray that throws them. */
export function PlayDice({ steps, throwId, onSettled }: PlayDiceProps) {
  const [current, setCurrent] = useState(0);
  const [rethrow, setRethrow] = useState(0);
  const [shown, setShown] = useState<(number[] | null)[]>([]);
  const settledRef = useRef(onSettled);
  settledRef.current = onSettled;

  useEffect(() => {
    setCurrent(0);
    setShown(steps.map(() => null));
  }, [throwId]); // eslint-disable-line react-hooks/exhaustive-deps

  const onTraySettled = useCallback(
    (faces: number[]) => {
      setShown((s) => {
        const next = [...s];
        next[current] = faces;
        return next;
      });
      settledRef.current?.(throwId, current, faces);
    },
    [current, throwId],
  );

  // The next step once this one rests (a timer of the UI's pace; tests wait on `data-status`).
  useEffect(() => {
    if (shown[current] == null || current >= steps.length - 1 || shown[current + 1] != null) return;
    const t = setTimeout(() => setCurrent((c) => (c === current ? c + 1 : c)), NEXT_STEP_MS);
    return () => clearTimeout(t);
  }, [shown, current, steps.length]);

  if (steps.length === 0) return null;
  const step = steps[Math.min(current, steps.length - 1)];
  return (
    <div className="play-dice-box" data-testid="play-dice" data-throw={throwId} data-step={current} data-steps={steps.length}>
      <Suspense fallback={<div className="dice-tray play-tray" data-testid="dice-tray" data-status="loading" />}>
        <DiceTray className="dice-tray play-tray" rolls={step.dice} seed={throwId * 97 + current * 7 + rethrow + 1} onSettled={onTraySettled} />
      </Suspense>
      <ol className="play-steps" data-testid="play-steps">
        {steps.map((s, i) => (
          <li
            key={i}
            className={i === current ? 'on' : undefined}
            data-testid={`play-step-${i}`}
            data-dice={s.dice.join(',')}
            data-shown={shown[i]?.join(',') ?? ''}
            title="Throw this step again"
            onClick={() => {
              setCurrent(i);
              setShown((x) => x.map((v, j) => (j === i ? null : v)));
              setRethrow((r) => r + 1);
            }}
          >
            <b>{s.label}</b> <span className="play-rule">{s.rule}</span>
            <div className="play-step-detail">{s.detail}</div>
            <div>
              {s.dice.slice(0, 40).map((d, j) => (
                <i key={j} className={s.sides === 3 ? 'd3' : undefined}>
                  {d}
                </i>
              ))}
              {s.dice.length > 40 && <span className="play-rule">+{s.dice.length - 40}</span>}
            </div>
            <div className="play-step-out">
              {s.target && <>needs {s.target} · </>}
              {s.outcome}
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}
