/**
 * Every unit of a game state with its models where they stand (GAME.md `state`, `units`): what a
 * bot or a tool needs to see the table without the app.
 */
import type { GameState } from '../../rules/engine';
import type { World } from '../../geometry/world';
import { rosterEntry } from './roster';

/**
 * Where a unit is: `battlefield` (set up, some model alive), `destroyed` (every model slain, Core
 * 18.0), or the engine's off-table status: `reserve` (Core 24.1), `undeployed` (not deployed yet,
 * or never, Core 10.0), `unsummoned` (a manifestation not on the battlefield, Magic 7.0), `removed`
 * (removed from play without being destroyed).
 */
export type UnitPlace = 'battlefield' | 'destroyed' | 'reserve' | 'undeployed' | 'unsummoned' | 'removed';

/** One model of {@link UnitView}. */
export interface ModelView {
  id: string;
  /** `slain` (Core 18.0), else its unit's place (`battlefield`, `reserve`, ...). */
  status: Exclude<UnitPlace, 'destroyed'> | 'slain';
  /**
   * Where the model stands, inches, as the table uses them: `[x, y, z]`, `x, y` the plan-view
   * centre of its base (the battlefield's corner at 0, 0), `z` the height its base stands at (0 on
   * the battlefield, a floor's height on terrain); `null` when it is not on the battlefield.
   */
  position: [number, number, number] | null;
  /**
   * Damage points allocated to this model. Core 18.2 allocates damage points to the unit, a model
   * being slain each time they reach its Health: the points not yet enough to slay a model are
   * shown on the model that would be slain next (its unit's slain priority, Core 18.3, else the
   * last living model in roster order, the engine's first choice); 0 on the others.
   */
  damage: number;
  /** Health characteristic left: Health minus `damage`; 0 when slain. */
  health: number;
}

/** One unit of GAME.md `state`'s `units`. */
export interface UnitView {
  id: string;
  name: string;
  player: 'p1' | 'p2';
  status: UnitPlace;
  /** A manifestation (Magic 7.0). */
  manifestation?: true;
  /** The Health characteristic of each model (its warscroll). */
  healthPerModel: number;
  /** Damage points allocated to the unit and not yet enough to slay a model (Core 18.2). */
  damage: number;
  /** Models not slain. */
  modelsLeft: number;
  models: ModelView[];
}

/**
 * The units of state `s`, in the state's order, each with its models.
 * @param world the game's World synced to `s` (`port.sync(portView(s))`): models on the battlefield
 *   are read from it (base centre and the height it stands at).
 */
export function unitViews(s: GameState, world: World): UnitView[] {
  return Object.values(s.units).map((u) => {
    const ru = rosterEntry(s, u.id)!;
    const slain = new Set(u.slain);
    const alive = ru.models.map((m) => m.id).filter((id) => !slain.has(id));
    const status: UnitPlace = u.status ?? (alive.length ? 'battlefield' : 'destroyed');
    const health = ru.warscroll.health;
    const wounded = u.damage > 0 ? (u.slainPriority.find((id) => alive.includes(id)) ?? alive[alive.length - 1]) : undefined;
    const models: ModelView[] = ru.models.map((m) => {
      const isSlain = slain.has(m.id);
      const w = status === 'battlefield' && !isSlain ? world.models.get(m.id) : undefined;
      const damage = m.id === wounded ? u.damage : 0;
      return {
        id: m.id,
        status: isSlain ? 'slain' : (u.status ?? 'battlefield'),
        position: w ? [w.footprint.x, w.footprint.y, w.elevation] : null,
        damage,
        health: isSlain ? 0 : health - damage,
      };
    });
    return {
      id: u.id,
      name: ru.name,
      player: u.owner,
      status,
      ...(u.manifestation ? { manifestation: true as const } : {}),
      healthPerModel: health,
      damage: u.damage,
      modelsLeft: alive.length,
      models,
    };
  });
}
