import type { BattlefieldData, HoverTarget } from '../scene/types';
import { TERRAIN_LABELS } from '../scene/palette';
import { formatBase, inches, titleCase } from './format';
import { modelLabel } from './names';

/** Props of {@link HoverCard}. */
export interface HoverCardProps {
  /** The battlefield (to look the target up). */
  data: BattlefieldData;
  /** What the pointer is over. */
  target: HoverTarget;
  /** Pointer position, client pixels. */
  x: number;
  /** Pointer position, client pixels. */
  y: number;
  /** The armies' names by the table's army id (Play: the game's armies); else the army id in title case. */
  armyNames?: Record<string, string>;
}

/** A small card beside the pointer: a model's unit, base, height and elevation, or a terrain feature / objective. */
export function HoverCard({ data, target, x, y, armyNames }: HoverCardProps) {
  let title = '';
  let rows: [string, string][] = [];
  if (target.kind === 'model') {
    const m = data.models.find((mm) => mm.id === target.id);
    if (!m) return null;
    const u = data.units.find((uu) => uu.id === m.unitId);
    title = u?.name ?? m.unitId;
    rows = [
      ['Model', modelLabel(data, m)],
      ['Army', armyNames?.[m.army] ?? titleCase(m.army)],
      ['Base', formatBase(m.base)],
      ['Height', inches(m.height)],
      ['Elevation', `${inches(m.elevation)}${m.standingOn ? ` (on ${m.standingOn})` : m.elevationResolved ? ' (table)' : ''}`],
    ];
  } else if (target.kind === 'terrain') {
    const t = data.terrain.find((tt) => tt.id === target.id);
    if (!t) return null;
    title = t.name;
    rows = [
      ['Type', TERRAIN_LABELS[t.type]],
      ['Abilities', t.abilities.length ? t.abilities.map(titleCase).join(', ') : 'none'],
      ['Height', inches(t.maxHeight)],
      ['Pieces', String(t.pieceCount)],
    ];
  } else {
    const o = data.objectives.find((oo) => oo.id === target.id);
    if (!o) return null;
    title = `Objective ${o.id}`;
    rows = [
      ['Position', `${inches(o.x)}, ${inches(o.y)}`],
      ['Diameter', `${Math.round(o.diameter * 25.4)} mm`],
    ];
  }
  const flipX = x > window.innerWidth - 280;
  const flipY = y > window.innerHeight - 180;
  return (
    <div
      className="hover-card panel"
      data-testid="hover-card"
      style={{ left: flipX ? undefined : x + 16, right: flipX ? window.innerWidth - x + 16 : undefined, top: flipY ? undefined : y + 16, bottom: flipY ? window.innerHeight - y + 16 : undefined }}
    >
      <div className="hover-title">{title}</div>
      <dl>
        {rows.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
