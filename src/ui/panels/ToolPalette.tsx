import type { ToolId } from '../tools/types';

/** One tool button's description. */
interface ToolButton {
  id: ToolId;
  label: string;
  key: string;
  title: string;
  icon: string;
}

const TOOLS: ToolButton[] = [
  { id: 'select', label: 'Select', key: 'Esc', title: 'Select models (Esc); shift-click for the unit. W A S D pan the camera, Q E turn it', icon: '⬚' },
  { id: 'measure', label: 'Measure', key: 'M', title: 'Measure between two things (M)', icon: '⟷' },
  { id: 'ruler', label: 'Ruler', key: 'U', title: 'Measure from any point of the table to any other (U)', icon: '📏' },
  { id: 'los', label: 'Line of sight', key: 'L', title: 'Can this model see that one? (L)', icon: '◉' },
  { id: 'move', label: 'Move', key: 'X', title: 'Drag a model; Ctrl+Z / Ctrl+Y undo and redo (X)', icon: '✥' },
];

/** Props of {@link ToolPalette}. */
export interface ToolPaletteProps {
  /** The active tool (its button is shown pressed). */
  active: ToolId;
  /** Activate a tool. */
  onActivate: (id: ToolId) => void;
  /** Whether the combat-range overlay is on. */
  combatOn: boolean;
  /** Toggle the combat-range overlay (C). */
  onToggleCombat: () => void;
}

/** The tools (select, measure, line of sight, move) and the combat-range toggle, top centre. */
export function ToolPalette({ active, onActivate, combatOn, onToggleCombat }: ToolPaletteProps) {
  return (
    <div className="tools panel" role="toolbar" aria-label="Tools" data-testid="tool-palette">
      {TOOLS.map((t) => (
        <button key={t.id} type="button" data-testid={`tool-${t.id}`} aria-pressed={active === t.id} onClick={() => onActivate(t.id)} title={t.title}>
          <span className="icon" aria-hidden>
            {t.icon}
          </span>
          <span className="label">{t.label}</span>
          <kbd>{t.key}</kbd>
        </button>
      ))}
      <span className="sep" />
      <button type="button" data-testid="btn-combat" aria-pressed={combatOn} onClick={onToggleCombat} title='3" combat ranges of the selected units (every unit when none is selected), and who is in combat (C)'>
        <span className="icon" aria-hidden>
          ⚔
        </span>
        <span className="label">Combat 3"</span>
        <kbd>C</kbd>
      </button>
    </div>
  );
}
