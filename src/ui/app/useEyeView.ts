import { useEffect, useMemo, useRef, useState } from 'react';
import type { BattlefieldData, CameraView, ModelView } from '../../scene/types';
import { modelPair, topCentre } from '../names';
import { eyeView } from '../tools/eyeView';
import { favouriteLine, foundBlockers, type LosState } from '../tools/losTool';

/** What {@link useEyeView} gives the page. */
export interface EyeViewState {
  /** The line-of-sight tool's finished check that asked for the eye view, or null. */
  losEye: Extract<LosState, { name: 'done' }> | null;
  /** Its observer and target models as drawn, or null. */
  eyePair: [ModelView, ModelView] | null;
  /** The camera is (asked to be) at the observer's eye. */
  eyeActive: boolean;
  /** The eye view is drawn (a few frames after it was asked for): the banner may say so. */
  eyeDrawn: boolean;
}

/**
 * The observer's-eye view, following the line-of-sight tool's `eye` state. Issue 29: "Visible":
 * the eye at the witness's observer end, looking along it; "Not visible": at the observer end of
 * the most favourable line tested (tools/eyeView.ts). While the blockers are still coming the
 * view waits; without them (lookup failed) the eye falls back to the top centre. Leaving it
 * restores the table view (oblique or top) the page had.
 */
export function useEyeView(los: LosState, data: BattlefieldData | null, setView: React.Dispatch<React.SetStateAction<CameraView>>): EyeViewState {
  const losEye = los.name === 'done' && los.eye ? los : null;
  const eyeProof = losEye ? foundBlockers(losEye) : null;
  const eyeLine = eyeProof && eyeProof.lines.length ? eyeProof.lines[eyeProof.favourite] : null;
  const eyePair = useMemo(
    () => (losEye && data ? modelPair(data, losEye.observer, losEye.target, losEye.result.observerModel ?? eyeLine?.observerModel, losEye.result.targetModel ?? eyeLine?.targetModel) : null),
    [losEye, data, eyeLine],
  );
  const eyePose = useMemo(() => {
    if (!losEye || !eyePair) return null;
    const pose = eyeView(losEye.result, favouriteLine(eyeProof));
    if (pose) return pose;
    if (!losEye.result.visible && losEye.blockers?.status === 'pending') return null;
    const [o, t] = eyePair;
    const eye = topCentre(o);
    eye[2] += 0.02;
    return { eye, target: [t.footprint.x, t.footprint.y, t.elevation + t.height * 0.6] as [number, number, number] };
  }, [losEye, eyePair, eyeProof]);
  // Issue 39: the banner says "Observer's eye" only once that view is drawn (a few frames after the
  // camera was asked to move), not while the table view is still on screen.
  const [eyeDrawn, setEyeDrawn] = useState('');
  const tableMode = useRef<'oblique' | 'top'>('oblique');
  const eyeKey = eyePose ? `${eyePose.eye.join(',')}>${eyePose.target.join(',')}` : '';
  useEffect(() => {
    if (!eyeKey) return setEyeDrawn('');
    let frame = 0;
    let left = 3;
    const tick = () => (--left > 0 ? (frame = requestAnimationFrame(tick)) : setEyeDrawn(eyeKey));
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [eyeKey]);
  useEffect(() => {
    if (eyePose) {
      setView((v) => {
        if (v.mode !== 'eye') tableMode.current = v.mode;
        return { mode: 'eye', seq: v.seq + 1, eye: eyePose.eye, target: eyePose.target };
      });
    } else {
      setView((v) => (v.mode === 'eye' ? { mode: tableMode.current, seq: v.seq + 1, restore: true } : v));
    }
  }, [eyeKey]); // eslint-disable-line react-hooks/exhaustive-deps
  return { losEye, eyePair, eyeActive: eyePose !== null, eyeDrawn: eyeKey !== '' && eyeDrawn === eyeKey };
}
