import { useEffect, useRef, useState } from 'react';
import type { BattlefieldData } from '../../scene/types';
import type { Engine } from '../engine/engine';
import { perfMark, traced } from '../../client/perfTrace';
import { publishError } from '../readySignal';
import { ScenarioFetchError, type ScenarioSource } from '../scenarioSource';
import { sceneDataClient } from '../sceneData/sceneDataClient';

/** Where the page's first load stands. */
export type LoadState = { status: 'loading' } | { status: 'ready' } | { status: 'error'; problems: string[] };

/** What {@link useScenarioLoad} gives the page. */
export interface ScenarioLoad {
  load: LoadState;
  /** The table as the scene-data worker built it (null until built); edits replace it. */
  data: BattlefieldData | null;
  setData: React.Dispatch<React.SetStateAction<BattlefieldData | null>>;
  /** The engine worker holds the scenario. */
  engineLoaded: boolean;
}

/**
 * Loads the page's scenario once: fetches it from `source`, then gives the same files to the
 * engine worker and the scene-data worker in parallel. `onOpened` gets the scenario's JSON as
 * fetched (the page reopens a dispute it carries). Problems are published as the page's error
 * signal and shown as the load's `error` state (every problem a line naming where).
 */
export function useScenarioLoad(engine: Engine, source: () => Promise<ScenarioSource>, onOpened: (json: unknown) => void): ScenarioLoad {
  const [load, setLoad] = useState<LoadState>({ status: 'loading' });
  const [data, setData] = useState<BattlefieldData | null>(null);
  const [engineLoaded, setEngineLoaded] = useState(false);
  const opened = useRef(onOpened);
  opened.current = onOpened;
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const fail = (problems: string[]) => {
      console.error('Sightline: the scenario did not load:\n' + problems.join('\n'));
      publishError(problems);
      setLoad((l) => (l.status === 'error' ? l : { status: 'error', problems }));
    };
    perfMark('load');
    engine.setPhase('loading');
    traced('page.source', source).then(
      (src) => {
        opened.current(src.json);
        engine.track(engine.client.loadScenario(src.json, src.meshes)).then(
          (r) => {
            if (r.ok) {
              engine.setPhase('ready');
              setEngineLoaded(true);
            } else {
              engine.setPhase('error');
              fail(r.problems);
            }
          },
          (e: unknown) => {
            engine.setPhase('error');
            fail([`(engine): ${(e as Error).message}`]);
          },
        );
        traced('page.sceneData.build', () => sceneDataClient().build(src.json, src.meshes, src.fallbackName))
          .then(
            (r) => {
              if (r.ok) {
                perfMark('data');
                setData(r.data);
                setLoad((l) => (l.status === 'loading' ? { status: 'ready' } : l));
              } else fail(r.problems);
            },
            (e: unknown) => fail([`(scene): ${(e as Error).message}`]),
          );
      },
      (e: unknown) => {
        engine.setPhase('error');
        fail(e instanceof ScenarioFetchError ? e.problems : [e instanceof Error ? e.message : String(e)]);
      },
    );
  }, [engine, source]);
  return { load, data, setData, engineLoaded };
}
