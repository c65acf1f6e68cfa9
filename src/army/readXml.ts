/**
 * Safe reading of BattleScribe roster XML (`.ros`) into the same tree New Recruit's JSON export
 * has (see `tree.ts`): attributes as properties, element text as `$text`, containers
 * (`<forces><force/>...</forces>`) as arrays (`forces: [{...}]`).
 *
 * Safety: a DOCTYPE or ENTITY declaration is refused before parsing (never expanded, never
 * fetched: the parser has no network access and is also configured to accept no declared
 * entity); only the five predefined XML entities and character references are decoded. Element
 * nesting is bounded by {@link MAX_XML_DEPTH}; malformed or truncated XML is refused with its
 * line and column.
 *
 * Decoding: `&lt; &gt; &amp; &quot; &apos;` and `&#n;` / `&#xh;` only; any other `&name;` is
 * left as written.
 *
 * @module
 */

import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { refuse } from './errors';
import type { RNode } from './tree';

/** Deepest element nesting accepted (real rosters nest about 20 deep). */
export const MAX_XML_DEPTH = 100;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  textNodeName: '$text',
  alwaysCreateTextNode: false,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  removeNSPrefix: true,
  // No entity processing in the parser at all: the five predefined entities and character
  // references are decoded by decodeXmlText below; a declared entity cannot exist (refused).
  processEntities: false,
  htmlEntities: false,
  maxNestedTags: MAX_XML_DEPTH,
  isArray: (_name: string, _jpath: unknown, _leaf: boolean, isAttribute: boolean) => !isAttribute,
});

function lineCol(text: string, index: number): string {
  let line = 1;
  let last = -1;
  for (let i = 0; i < index; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      last = i;
    }
  }
  return `line ${line}, column ${index - last}`;
}

/**
 * Parse roster XML text into the roster tree (the root object has a `roster` property).
 * @param text The XML document.
 * @param where Name of the input for error messages.
 * @throws ArmyImportError for a DOCTYPE/ENTITY declaration, malformed or truncated XML, nesting
 *   deeper than {@link MAX_XML_DEPTH}.
 */
export function readRosterXml(text: string, where: string): RNode {
  const decl = /<!\s*(DOCTYPE|ENTITY)/i.exec(text);
  if (decl) refuse(`${where}: XML with a ${decl[1].toUpperCase()} declaration at ${lineCol(text, decl.index)} is refused (entities are never expanded)`);
  const v = XMLValidator.validate(text, { allowBooleanAttributes: false });
  if (v !== true) {
    const e = v.err;
    refuse(`${where}: not valid XML at line ${e.line}, column ${e.col}: ${e.msg}${/closed|unclosed|expected/i.test(e.msg) ? ' (truncated file?)' : ''}`);
  }
  let raw: unknown;
  try {
    raw = parser.parse(text);
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    if (/nested tags/i.test(msg)) refuse(`${where}: XML elements nested more than ${MAX_XML_DEPTH} deep (a roster nests about 20)`);
    refuse(`${where}: not valid XML: ${msg}`);
  }
  return normalise(raw) as RNode;
}

/**
 * Turn the parser's shape (every element an array) into New Recruit's JSON shape: a single
 * element under a key becomes an object, a container element with no attributes or text whose
 * children all have one tag becomes the array of those children, an element with only text and
 * no attributes becomes that string (as in the JSON export), an empty element `{}`.
 */
function normalise(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(normalise);
  if (typeof v === 'string') return decodeXmlText(v);
  if (v === null || typeof v !== 'object') return v;
  const o = v as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [k, val] of Object.entries(o)) {
    if (!Array.isArray(val)) {
      out[k] = typeof val === 'string' ? decodeXmlText(val) : val; // attribute or $text
      continue;
    }
    const container = containerChildren(val);
    if (container !== undefined) out[k] = container.map(normalise);
    else out[k] = val.length === 1 ? normalise(val[0]) : val.map(normalise);
  }
  return out;
}

/** The children of a container element (`<forces><force/><force/></forces>`), else undefined. */
function containerChildren(val: unknown[]): unknown[] | undefined {
  if (val.length !== 1) return undefined;
  const el = val[0];
  if (el === '') return [];
  if (el === null || typeof el !== 'object' || Array.isArray(el)) return undefined;
  const keys = Object.keys(el);
  if (keys.length === 0) return [];
  if (keys.length !== 1) return undefined;
  const only = (el as Record<string, unknown>)[keys[0]];
  if (!Array.isArray(only) || keys[0] === '$text') return undefined;
  return only;
}

const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** Decode the five predefined XML entities and character references (nothing else). */
export function decodeXmlText(s: string): string {
  if (s.indexOf('&') < 0) return s;
  return s.replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|[A-Za-z]{2,4});/g, (m, e: string) => {
    if (e[0] === '#') {
      const cp = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return cp > 0 && cp <= 0x10ffff ? String.fromCodePoint(cp) : m;
    }
    return PREDEFINED[e] ?? m;
  });
}
