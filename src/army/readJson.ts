/**
 * Safe reading of New Recruit's JSON export. The nesting depth is measured on the text before
 * `JSON.parse` (so absurdly deep input is refused before any recursive walk), then the text is
 * parsed; errors carry the line and column.
 *
 * @module
 */

import { refuse } from './errors';
import type { RNode } from './tree';

/** Deepest array/object nesting accepted (real exports nest about 40 deep). */
export const MAX_JSON_DEPTH = 200;

/**
 * Parse a New Recruit JSON roster export.
 * @param text The JSON document.
 * @param where Name of the input for error messages.
 * @throws ArmyImportError for nesting deeper than {@link MAX_JSON_DEPTH} or invalid/truncated JSON.
 */
export function readRosterJson(text: string, where: string): RNode {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > MAX_JSON_DEPTH) refuse(`${where}: JSON nested more than ${MAX_JSON_DEPTH} deep at ${lineCol(text, i)}`);
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  try {
    const v: unknown = JSON.parse(text);
    if (v === null || typeof v !== 'object' || Array.isArray(v)) refuse(`${where}: not a roster: the JSON is not an object`);
    return v as RNode;
  } catch (e) {
    if (e instanceof Error && e.name === 'ArmyImportError') throw e;
    const msg = e instanceof Error ? e.message : String(e);
    const pos = /position (\d+)/.exec(msg);
    const at = pos ? ` at ${lineCol(text, Number(pos[1]))}` : '';
    const truncated = /end of (JSON )?input|Unterminated/i.test(msg) ? ' (truncated file?)' : '';
    refuse(`${where}: not valid JSON${at}: ${msg}${truncated}`);
  }
}

function lineCol(text: string, index: number): string {
  let line = 1;
  let last = -1;
  for (let i = 0; i < index && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      last = i;
    }
  }
  return `line ${line}, column ${index - last}`;
}
