/**
 * The visibility helper's Web Worker: exposes one {@link VisibilityHelper} over comlink. Started by
 * the engine worker (see `workers/helperLink.ts`), never by the page.
 */
import * as Comlink from 'comlink';
import { VisibilityHelper } from './visibilityHelper';

Comlink.expose(new VisibilityHelper(), self);
