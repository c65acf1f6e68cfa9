/** Props of {@link Toolbar}. */
export interface ToolbarProps {
  /** Whether the 1" grid is shown. */
  showGrid: boolean;
  /** Whether territories are shown. */
  showTerritories: boolean;
  /** The current camera mode (its button is shown pressed; none in the observer's-eye view). */
  cameraMode: 'oblique' | 'top' | 'eye';
  /** Toggle the grid. */
  onToggleGrid: () => void;
  /** Toggle the territories. */
  onToggleTerritories: () => void;
  /** Frame the table straight from above, north up. */
  onTopDown: () => void;
  /** Frame the table from behind the south edge. */
  onOblique: () => void;
  /** Whether Play mode is on (src/ui/play). */
  playOn?: boolean;
  /** Toggle Play mode. */
  onTogglePlay?: () => void;
  /** Whether the Layout panel is open (src/ui/layout). Default false. */
  layoutOn?: boolean;
  /** Open or close the Layout panel; without it there is no Layout button. */
  onToggleLayout?: () => void;
  /** Whether the Path to Glory campaign screen is open (src/ui/campaign). Default false. */
  campaignOn?: boolean;
  /** Open or close the campaign screen; without it there is no Campaign button. */
  onToggleCampaign?: () => void;
}

/** View controls: camera presets and overlay toggles (keyboard: T, V, G, R). */
export function Toolbar({ showGrid, showTerritories, cameraMode, onToggleGrid, onToggleTerritories, onTopDown, onOblique, playOn, onTogglePlay, layoutOn, onToggleLayout, campaignOn, onToggleCampaign }: ToolbarProps) {
  return (
    <div className="toolbar panel" role="toolbar" aria-label="View">
      <button type="button" data-testid="btn-top" aria-pressed={cameraMode === 'top'} onClick={onTopDown} title="Top-down view (T)">
        Top-down
      </button>
      <button type="button" data-testid="btn-oblique" aria-pressed={cameraMode === 'oblique'} onClick={onOblique} title="Perspective view (V)">
        Perspective
      </button>
      <span className="sep" />
      <button type="button" data-testid="btn-grid" aria-pressed={showGrid} onClick={onToggleGrid} title='1" grid (G)'>
        Grid 1"
      </button>
      <button type="button" data-testid="btn-territories" aria-pressed={showTerritories} onClick={onToggleTerritories} title="Territories (R)">
        Territories
      </button>
      {onToggleLayout && (
        <button type="button" data-testid="btn-layout" aria-pressed={layoutOn === true} onClick={onToggleLayout} title="Layout lab: exposure heatmaps, hiding places, fire lanes and objective reach of each territory">
          Layout
        </button>
      )}
      {onToggleCampaign && (
        <button type="button" data-testid="btn-campaign" aria-pressed={campaignOn === true} onClick={onToggleCampaign} title="Path to Glory: the campaign's Order of Battle, its battles and their aftermath">
          Campaign
        </button>
      )}
      {onTogglePlay && (
        <>
          <span className="sep" />
          {playOn ? (
            <button type="button" data-testid="btn-play" data-play="on" onClick={onTogglePlay} title="Leave Play for the table tools, without reloading the page (the game in progress is autosaved: the address with ?play=1 resumes it)">
              Leave Play
            </button>
          ) : (
            <button type="button" data-testid="btn-play" data-play="off" onClick={onTogglePlay} title="Play a hot-seat battle (the rules engine adjudicates)">
              Play
            </button>
          )}
        </>
      )}
    </div>
  );
}
