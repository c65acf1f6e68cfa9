import { useCallback, useEffect, useState, type MutableRefObject } from 'react';
import type { SceneHandleRef } from '../../scene/SceneBridge';
import type { BattlefieldData } from '../../scene/types';
import type { Engine } from '../engine/engine';
import { atGamePositions, disputeFilename, disputeScenario } from '../files/dispute';
import { portableScenario } from '../files/meshes';
import { encodeShare, shareUrl } from '../files/share';
import { point3 } from '../format';
import { pickName } from '../names';
import type { Proof } from '../panels/LosPanel';
import { playGame } from '../play/game';
import { composeProof, downloadDataUrl, type ProofText } from '../proof';
import { foundBlockers, type LosState } from '../tools/losTool';

/** The dispute link and file made by the line-of-sight panel's Share. */
export interface DisputeShare {
  url: string;
  fileUrl: string;
  filename: string;
  /** Set when the link is long enough that some apps may cut it. */
  warning?: string;
}

/** What {@link useLosShare} gives the line-of-sight panel. */
export interface LosShare {
  /** The last exported proof (a PNG data URL with its file name and text), or null. */
  proof: (Proof & { text: ProofText }) | null;
  share: DisputeShare | null;
  /** Exports the proof PNG of the finished check (the view with the verdict written on it, Core 6.0). */
  exportProof: () => Promise<void>;
  /** Makes the dispute link and file of the finished check (issue 29). */
  shareDispute: () => Promise<void>;
}

/**
 * The line-of-sight panel's Export and Share. Export: a capture of the view with the verdict,
 * the witness or the blockers, and the table written under it, downloaded as a PNG. Share (issue
 * 29): the battlefield as it stands with the pair's `visible` query, as a link and a file; in a
 * game, every model where the game has it now (the game's board, not the engine worker's copy,
 * which follows the game a step later), its armies named as Play names them (`armyNames`, by drawn
 * army id). Both are forgotten with each new check.
 */
export function useLosShare(engine: Engine, los: LosState, bridge: SceneHandleRef, dataRef: MutableRefObject<BattlefieldData | null>, playActive: boolean, armyNames?: Record<string, string>): LosShare {
  const [proof, setProof] = useState<(Proof & { text: ProofText }) | null>(null);
  const [share, setShare] = useState<DisputeShare | null>(null);
  const exportProof = useCallback(async () => {
    const h = bridge.current;
    const d = dataRef.current;
    if (!h || !d || los.name !== 'done') return;
    const r = los.result;
    const observer = pickName(d, los.observer);
    const target = pickName(d, los.target);
    const details: string[] = [];
    if (r.visible && r.witness) {
      details.push(`Witness: ${r.observerModel ?? 'observer'} ${point3(r.witness[0])} → ${r.targetModel ?? 'target'} ${point3(r.witness[1])}, touching no terrain and no other model.`);
    } else {
      details.push('No line from any point of the observer to any point of the target is clear.');
      const found = foundBlockers(los);
      if (found && found.blockers.length) {
        const terrain = found.blockers.filter((b) => b.kind === 'terrain').map((b) => b.name);
        const models = found.blockers.filter((b) => b.kind === 'model').map((b) => b.name);
        details.push(`Blocked by: ${[...terrain, ...models].join(', ')} (every terrain feature, then every model, touching the ${found.lines.length} lines tested).`);
      }
    }
    details.push(`Core 6.0 · ${d.name} · ${d.width}" × ${d.depth}" · Sightline engine · ${new Date().toISOString().replace('T', ' ').slice(0, 19)} UTC`);
    const text: ProofText = { headline: `${observer} → ${target}: ${r.visible ? 'VISIBLE' : 'NOT VISIBLE'}`, visible: r.visible, details };
    try {
      const url = await composeProof(h.capturePng(), text, h.canvas().clientWidth);
      const filename = `sightline-los-${los.observer.id}-${los.target.id}.png`;
      setProof({ url, filename, text });
      downloadDataUrl(url, filename);
    } catch (e) {
      console.warn('Sightline: the proof could not be exported', e);
    }
  }, [los, bridge, dataRef]);
  useEffect(() => {
    setProof(null);
    setShare(null);
  }, [los.name === 'done' ? los.n : -1]); // eslint-disable-line react-hooks/exhaustive-deps

  const shareDispute = useCallback(async () => {
    if (los.name !== 'done') return;
    const s = await engine.track(engine.client.getScenario());
    if (!s) return;
    const game = playActive ? playGame() : null;
    const table = game ? atGamePositions(s, (await game.summary()).board, armyNames) : s;
    const dispute = portableScenario(disputeScenario(table, los.observer, los.target));
    const url = shareUrl(await encodeShare(dispute));
    const text = `${JSON.stringify(dispute, null, 2)}\n`;
    const fileUrl = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
    const warning = url.length > 8000 ? `The link is long (${url.length} characters); some apps cut long links: send the file instead.` : undefined;
    setShare((prev) => {
      if (prev) URL.revokeObjectURL(prev.fileUrl);
      return { url, fileUrl, filename: disputeFilename(los.observer.id, los.target.id), warning };
    });
  }, [los, engine, playActive, armyNames]);
  return { proof, share, exportProof, shareDispute };
}
