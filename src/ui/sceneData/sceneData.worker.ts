/**
 * Scene-data worker: builds the battlefield's render data (mesh parsing, terrain BVH for where
 * models stand) so the page's main thread never does that work. See {@link SceneDataApi}.
 */
import * as Comlink from 'comlink';
import { SceneDataApi } from './sceneDataApi';

Comlink.expose(new SceneDataApi(), self);
