/**
 * The Play mode's dice panel: the engine's rolls of the last action as text (each step: which
 * roll, its dice in the colour they are thrown in, what a die needs, the outcome), the choice
 * "tray only (no throw)", a button (and the K key) that skips a throw, and where the panel sits.
 *
 * By default it is docked in the left column of the window (under the page's info panel, over the selection panel) and the table is framed beside it
 * (the canvas is narrowed, the camera re-frames), so the panel never covers the table or its edge;
 * it can float (drag its title bar anywhere) or be closed (×; the "Dice" button brings it back).
 * Where it sits is kept in the browser. The dice themselves are thrown onto the battlefield
 * (`src/scene/dice`); the faces read back from them are on each step (`data-shown`).
 */
import { useEffect, useRef, useState, useSyncExternalStore, type CSSProperties, type PointerEvent as ReactPointerEvent } from 'react';
import type { DiceStep } from '../../client/gameClient';
import { diceKind } from '../../scene/dice/diceKinds';
import { tableDice } from '../../scene/dice/tableDiceStore';
import './playDice.css';

/** Where the panel sits. */
export type DicePanelDock = 'left' | 'float' | 'closed';

/** Props of {@link PlayDicePanel}. */
export interface PlayDicePanelProps {
  /** The engine's dice steps of the last action that rolled (none: nothing rolled yet). */
  steps: DiceStep[];
  /** Changes with every new set of steps. */
  throwId: number;
}

const PLACE_KEY = 'sightline.dicePanel';

interface Place {
  dock: DicePanelDock;
  /** Top-left corner when floating, CSS pixels. */
  x: number;
  y: number;
}

function loadPlace(): Place {
  try {
    const p = JSON.parse(localStorage.getItem(PLACE_KEY) ?? 'null') as Partial<Place> | null;
    if (p && (p.dock === 'left' || p.dock === 'float' || p.dock === 'closed')) return { dock: p.dock, x: Number(p.x) || 80, y: Number(p.y) || 80 };
  } catch {
    // Unreadable: the default.
  }
  return { dock: 'left', x: 80, y: 80 };
}

/**
 * Bottom of the left column's top panel, CSS pixels, followed as it resizes, opens and closes: the
 * page's info panel (`.app > .info`, top left) or, in Play, the measuring tool's panel that takes
 * its place while it is open (`.app > .tool-panel`, styles.css "The left column", session 40); the
 * lower of those shown; 0 without one.
 */
function useInfoBottom(): number {
  const [bottom, setBottom] = useState(0);
  useEffect(() => {
    const app = document.querySelector('.app');
    if (!app) return;
    const ro = new ResizeObserver(() => read());
    let watched: Element[] = [];
    const read = () => {
      const panels = [...app.querySelectorAll(':scope > .info, :scope > .tool-panel')];
      if (panels.length !== watched.length || panels.some((p, i) => p !== watched[i])) {
        ro.disconnect();
        panels.forEach((p) => ro.observe(p));
        watched = panels;
      }
      setBottom(Math.max(0, ...panels.map((p) => Math.round(p.getBoundingClientRect().bottom))));
    };
    read();
    const mo = new MutationObserver(read);
    mo.observe(app, { childList: true });
    return () => {
      mo.disconnect();
      ro.disconnect();
    };
  }, []);
  return bottom;
}

/**
 * Room to leave under the docked panel for the page's selection panel (`.app > .selection`, bottom
 * left, in the same column: styles.css, "The left column"): the window's height less the top of
 * the highest such panel, plus a 10 px gap, CSS pixels, followed as panels open, close and resize;
 * 12 (the column's margin) without one.
 */
function useSelectionRoom(): number {
  const [room, setRoom] = useState(12);
  useEffect(() => {
    const app = document.querySelector('.app');
    if (!app) return;
    const ro = new ResizeObserver(() => read());
    let watched: Element[] = [];
    const read = () => {
      const panels = [...app.querySelectorAll(':scope > .selection')];
      if (panels.length !== watched.length || panels.some((p, i) => p !== watched[i])) {
        ro.disconnect();
        panels.forEach((p) => ro.observe(p));
        watched = panels;
      }
      const top = Math.min(...panels.map((p) => p.getBoundingClientRect().top));
      setRoom(panels.length ? Math.max(12, Math.round(window.innerHeight - top + 10)) : 12);
    };
    read();
    const mo = new MutationObserver(read);
    mo.observe(app, { childList: true });
    window.addEventListener('resize', read);
    return () => {
      mo.disconnect();
      ro.disconnect();
      window.removeEventListener('resize', read);
    };
  }, []);
  return room;
}

/** The dice panel of the Play mode (see the module comment). */
export function PlayDicePanel({ steps, throwId }: PlayDicePanelProps) {
  const [place, setPlaceState] = useState<Place>(loadPlace);
  const setPlace = (p: Place) => {
    setPlaceState(p);
    try {
      localStorage.setItem(PLACE_KEY, JSON.stringify(p));
    } catch {
      // Not kept.
    }
  };
  const mode = useSyncExternalStore(tableDice.subscribe, () => tableDice.get().mode);
  // The faces read back from the drawn dice, per step, for this throw.
  const [shown, setShown] = useState<{ id: number; faces: number[][] } | null>(null);
  useEffect(() => tableDice.onSettled((id, faces) => setShown({ id, faces })), []);
  const drag = useRef<{ dx: number; dy: number } | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const infoBottom = useInfoBottom();
  const selectionRoom = useSelectionRoom();

  const onHeadDown = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (place.dock !== 'float' || (e.target as HTMLElement).closest('button')) return;
    drag.current = { dx: e.clientX - place.x, dy: e.clientY - place.y };
    (e.currentTarget as HTMLDivElement).setPointerCapture(e.pointerId);
  };
  const onHeadMove = (e: ReactPointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d) return;
    const w = box.current?.offsetWidth ?? 280;
    setPlaceState((p) => ({ ...p, x: Math.max(0, Math.min(window.innerWidth - w, e.clientX - d.dx)), y: Math.max(0, Math.min(window.innerHeight - 40, e.clientY - d.dy)) }));
  };
  const onHeadUp = () => {
    if (!drag.current) return;
    drag.current = null;
    setPlace(place);
  };

  if (place.dock === 'closed') {
    return (
      <button type="button" className="play-dice-open panel" data-testid="play-dice-open" title="Show the dice panel" onClick={() => setPlace({ ...place, dock: 'left' })}>
        Dice{steps.length ? ` · ${steps.length}` : ''}
      </button>
    );
  }
  const shownFaces = shown && shown.id === throwId ? shown.faces : null;
  return (
    <div
      ref={box}
      className="play-dice-panel panel"
      data-testid="play-dice-panel"
      data-dock={place.dock}
      style={place.dock === 'float' ? { left: place.x, top: place.y } : ({ '--dice-top': `${infoBottom + 10}px`, '--dice-bottom': `${selectionRoom}px` } as CSSProperties)}
      role="region"
      aria-label="Dice"
    >
      <div className={`play-head play-dice-head${place.dock === 'float' ? ' movable' : ''}`} onPointerDown={onHeadDown} onPointerMove={onHeadMove} onPointerUp={onHeadUp} data-testid="play-dice-head">
        <span>Dice · the engine's rolls</span>
        <span className="play-dice-buttons">
          {place.dock === 'left' ? (
            <button type="button" data-testid="play-dice-float" title="Float the panel (then drag its title to move it)" onClick={() => setPlace({ ...place, dock: 'float' })}>
              ⇱
            </button>
          ) : (
            <button type="button" data-testid="play-dice-dock" title="Dock the panel on the left, beside the table" onClick={() => setPlace({ ...place, dock: 'left' })}>
              ⇤
            </button>
          )}
          <button type="button" data-testid="play-dice-close" aria-label="Close the dice panel" title="Close" onClick={() => setPlace({ ...place, dock: 'closed' })}>
            ×
          </button>
        </span>
      </div>
      <div className="play-dice-options">
        <label>
          <input type="checkbox" data-testid="play-dice-tray-only" checked={mode === 'tray'} onChange={(e) => tableDice.setMode(e.target.checked ? 'tray' : 'throw')} /> Tray only (no throw)
        </label>
        <button type="button" data-testid="play-dice-skip" title="Send the dice rolling now to the tray (K)" onClick={() => tableDice.skipThrow()}>
          Skip throw (K)
        </button>
      </div>
      {steps.length === 0 ? (
        <div className="play-rule">No dice rolled yet: an attack, a charge or a spell throws its dice onto the table, then into the tray on its south edge.</div>
      ) : (
        <ol className="play-steps" data-testid="play-steps" data-throw={throwId} aria-live="polite">
          {steps.map((s, i) => {
            const kind = diceKind(s.purpose);
            return (
              <li key={`${throwId}-${i}`} data-testid={`play-step-${i}`} data-dice={s.dice.join(',')} data-shown={shownFaces?.[i]?.join(',') ?? ''}>
                <b>{s.label}</b> <span className="play-rule">{s.rule}</span>
                <div className="play-step-detail">{s.detail}</div>
                <div aria-label={`${s.label}: ${s.dice.join(', ')}`}>
                  {s.dice.slice(0, 60).map((d, j) => (
                    <i key={j} style={{ background: kind.color, color: kind.pips }}>
                      {d}
                    </i>
                  ))}
                  {s.dice.length > 60 && <span className="play-rule">+{s.dice.length - 60}</span>}
                </div>
                <div className="play-step-out">
                  {s.target && <>needs {s.target} · </>}
                  {s.outcome}
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
