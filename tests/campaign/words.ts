/**
 * What a player should never read in a Path to Glory battle's log or the campaign's refusals
 * (issue 37 item 8): a unit named by its id, or "undefined".
 */
import type { Campaign } from '../../src/campaign/schema';

/** Every unit id of the campaigns' armies (the test army's ids differ from their names: `a-liberators` / Liberators). */
export const ids = (c: Campaign[]): string[] => c.flatMap((x) => x.units.map((u) => u.id));

/** The words of `text` a player should never read: "undefined", then each unit id it names (a whole word, hyphens included). */
export const badWords = (text: string, unitIds: readonly string[]): string[] => [
  ...(/\bundefined\b/.test(text) ? ['undefined'] : []),
  ...unitIds.filter((id) => new RegExp(`(^|[^\\w-])${id.replace(/[-]/g, '\\-')}($|[^\\w-])`).test(text)),
];
