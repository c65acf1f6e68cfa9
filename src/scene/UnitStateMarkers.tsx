import { useFrame, useThree } from '@react-three/fiber';
import { useEffect, useMemo, useRef } from 'react';
import { Vector3, type Group } from 'three';
import { stackChips, type ChipBox } from './chipStack';
import type { ModelView } from './types';

/** What {@link UnitStateMarkers} draws for one unit (from the game summary). */
export interface UnitStateMark {
  unitId: string;
  /** Health of each model. */
  health: number;
  /** Damage points on the wounded model. */
  damage: number;
  /** Slain models. */
  slain: number;
  /** The model that carries the damage points; null when none is alive. */
  woundedModel: string | null;
  /** Words for what the unit did this turn / its state ("moved", "shot", "in combat"…); empty: none. */
  flags: string[];
}

/** Props of {@link UnitStateMarkers}. Table space (inches, z up). */
export interface UnitStateMarkersProps {
  /** The models on the table. */
  models: ModelView[];
  /** One per unit; a unit with no flags, no damage and nothing slain gets no marker. */
  marks: UnitStateMark[];
}

/** One chip of the overlay: where it points on the table, what it says. */
interface Chip {
  key: string;
  /** Table-space anchor, inches. */
  at: [number, number, number];
  text: string;
  tone: 'info' | 'bad' | 'wound';
  testId: string;
  /** Extra `data-*` attributes. */
  data: Record<string, string>;
}

/** The chips for the marks (pure): a state chip per unit, a wound chip per wounded model. */
export function markerChips(models: readonly ModelView[], marks: readonly UnitStateMark[]): Chip[] {
  const byId = new Map(models.map((m) => [m.id, m]));
  const chips: Chip[] = [];
  for (const k of marks) {
    const mine = [...byId.values()].filter((m) => m.unitId === k.unitId);
    if (mine.length === 0) continue;
    const words = [...k.flags, ...(k.slain > 0 ? [`${k.slain} slain`] : [])];
    const m = mine[0];
    if (words.length > 0) {
      chips.push({
        key: `s-${k.unitId}`,
        at: [m.footprint.x, m.footprint.y, m.elevation + m.height + 0.9],
        text: words.join(' · '),
        // In combat, or a target of the selected unit ("in range · visible"): red.
        tone: k.flags.some((f) => f === 'in combat' || f.startsWith('in range')) ? 'bad' : 'info',
        testId: `mark-state-${k.unitId}`,
        data: { unit: k.unitId, slain: String(k.slain) },
      });
    }
    const w = k.woundedModel ? byId.get(k.woundedModel) : undefined;
    if (w && w.unitId === k.unitId && k.damage > 0) {
      chips.push({
        key: `w-${w.id}`,
        at: [w.footprint.x, w.footprint.y, w.elevation + w.height + 0.35],
        text: `♥ ${k.health - k.damage}/${k.health}`,
        tone: 'wound',
        testId: `mark-wounds-${w.id}`,
        data: { model: w.id, damage: String(k.damage), health: String(k.health) },
      });
    }
  }
  return chips;
}

/**
 * The game's state on the table (issue 18, "the table tells the state"): over each unit's first
 * model a chip with what it did this turn, whether it is in combat and how many of its models are
 * slain (`mark-state-<unitId>`); over the model carrying the unit's damage a chip with its health
 * left, "♥ left/health" (`mark-wounds-<modelId>`, `data-damage`, `data-health`).
 *
 * The chips are plain DOM in one layer over the canvas, made and removed by this component alone
 * (no React portal per chip) and moved each frame to the camera's projection of their anchor: a
 * chip that disappears while a model is slain can never confuse another tree's DOM. Chips that would
 * overlap on screen are stacked upwards (`stackChips`), so each stays legible.
 */
export function UnitStateMarkers({ models, marks }: UnitStateMarkersProps) {
  const gl = useThree((s) => s.gl);
  const camera = useThree((s) => s.camera);
  const size = useThree((s) => s.size);
  const invalidate = useThree((s) => s.invalidate);
  const frame = useRef<Group>(null);
  const layer = useRef<HTMLDivElement | null>(null);
  const shown = useRef(new Map<string, { el: HTMLDivElement; at: Vector3 }>());
  const chips = useMemo(() => markerChips(models, marks), [models, marks]);

  useEffect(() => {
    const host = gl.domElement.parentElement;
    if (!host) return;
    const div = document.createElement('div');
    div.className = 'unit-state-markers';
    div.dataset.testid = 'unit-state-markers';
    host.appendChild(div);
    layer.current = div;
    const live = shown.current;
    return () => {
      div.remove();
      live.clear();
      layer.current = null;
    };
  }, [gl]);

  useEffect(() => {
    const div = layer.current;
    if (!div) return;
    const keep = new Set(chips.map((c) => c.key));
    for (const [key, c] of shown.current) {
      if (!keep.has(key)) {
        c.el.remove();
        shown.current.delete(key);
      }
    }
    for (const c of chips) {
      let s = shown.current.get(c.key);
      if (!s) {
        const el = document.createElement('div');
        el.style.display = 'none';
        div.appendChild(el);
        s = { el, at: new Vector3() };
        shown.current.set(c.key, s);
      }
      s.el.className = `scene-label unit-mark ${c.tone}`;
      s.el.dataset.testid = c.testId;
      for (const [k, v] of Object.entries(c.data)) s.el.dataset[k] = v;
      if (s.el.textContent !== c.text) s.el.textContent = c.text;
      s.at.set(c.at[0], c.at[1], c.at[2]);
    }
    div.dataset.count = String(chips.length);
    invalidate();
  }, [chips, invalidate]);

  const v = useMemo(() => new Vector3(), []);
  useFrame(() => {
    const g = frame.current;
    if (!g) return;
    // Project every chip, then stack those that would overlap (issue 28: chips stay legible).
    const on: { el: HTMLDivElement; box: ChipBox }[] = [];
    for (const s of shown.current.values()) {
      v.copy(s.at).applyMatrix4(g.matrixWorld).project(camera);
      const visible = v.z > -1 && v.z < 1;
      s.el.style.display = visible ? '' : 'none';
      if (visible) on.push({ el: s.el, box: { x: ((v.x + 1) / 2) * size.width, y: ((1 - v.y) / 2) * size.height, w: 0, h: 0 } });
    }
    for (const c of on) {
      c.box.w = c.el.offsetWidth;
      c.box.h = c.el.offsetHeight;
    }
    const ys = stackChips(on.map((c) => c.box));
    on.forEach((c, i) => {
      c.el.style.transform = `translate(${c.box.x}px, ${ys[i]}px) translate(-50%, -100%)`;
    });
  });

  return <group ref={frame} name="unit-state-markers" />;
}
