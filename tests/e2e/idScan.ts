/**
 * Issue 35 item 1, "names, never ids": a scan of every text the page shows (every DOM text node,
 * and the `title`, `aria-label`, `placeholder` and `alt` attributes: tooltips and labels), failing
 * on the game's ids and the engine's words. What counts as an id:
 * - any unit or model id of the game (given: from the summary), as a whole token;
 * - a model id in the importer's form (`gutrippaz.1`, `p2-king-brodd.1`) or a player-2 prefix (`p2-…`);
 * - a camelCase engine key (`arcaneBolt`, `seizeTheCentre`, `startOfTurn`);
 * - an internal reference of the rules inventory (`A-G28`, `INVENTORY`), which a player cannot look up;
 * - the engine's "(s)" plurals ("1 model(s)").
 */
import type { Page } from 'playwright-core';

/** One text the page shows, and where (`text`, `title`, `aria-label`, ...; the closest test id). */
export interface ShownText {
  where: string;
  text: string;
}

/** Every text the page shows now: text nodes (not script/style) and the tooltip/label attributes. */
export async function shownTexts(page: Page): Promise<ShownText[]> {
  // A string, not a function: tsx's name-keeping helpers do not exist in the page.
  return (await page.evaluate(`(() => {
    const out = [];
    const near = (el) => { const t = el && el.closest ? el.closest('[data-testid]') : null; return t ? t.getAttribute('data-testid') : (el ? el.tagName.toLowerCase() : ''); };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const p = n.parentElement;
      if (!p || p.closest('script, style, noscript')) continue;
      const t = (n.textContent || '').trim();
      if (t) out.push({ where: 'text@' + near(p), text: t });
    }
    for (const el of document.querySelectorAll('[title], [aria-label], [placeholder], [alt]')) {
      for (const a of ['title', 'aria-label', 'placeholder', 'alt']) {
        const v = el.getAttribute(a);
        if (v && v.trim()) out.push({ where: a + '@' + near(el), text: v.trim() });
      }
    }
    return out;
  })()`)) as ShownText[];
}

/** Token: letters, digits and `_ . : / -`, starting and ending with a letter or digit (as playerWords reads ids). */
const TOKEN = /[A-Za-z0-9_](?:[A-Za-z0-9_.:/-]*[A-Za-z0-9_])?/g;

/** Patterns of ids and engine words, each with what it is. */
export const ENGINE_WORDS: [RegExp, string][] = [
  [/(?<![\w.-])[a-z][a-z0-9]*(?:-[a-z0-9]+)*\.\d+\b/, 'a model id'],
  [/(?<![\w.-])p[12]-[a-z0-9]/, "a player's id prefix"],
  [/(?<![\w.-])[a-z]+(?:[A-Z][a-z]+)+\b/, 'a camelCase engine key'],
  [/\bA-G\d+\b|\bINVENTORY\b/, 'an internal reference'],
  [/\w\(s\)/, 'an engine plural "(s)"'],
];

/** The offending texts: each with the id or engine word it shows. */
export function idsShown(texts: readonly ShownText[], ids: ReadonlySet<string>): string[] {
  const bad: string[] = [];
  for (const { where, text } of texts) {
    const hit = (text.match(TOKEN) ?? []).find((t) => ids.has(t));
    if (hit) {
      bad.push(`${where}: id "${hit}" in "${text.slice(0, 160)}"`);
      continue;
    }
    for (const [re, what] of ENGINE_WORDS) {
      const m = re.exec(text);
      if (m) {
        bad.push(`${where}: ${what} "${m[0]}" in "${text.slice(0, 160)}"`);
        break;
      }
    }
  }
  return [...new Set(bad)];
}
