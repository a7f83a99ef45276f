/**
 * Issue 31's relevance set: searches over the seed articles, each with the articles it must find.
 * A topic word's articles are the spec's matches (title or topic contains it), newest first, which
 * a test reads from the CMS rather than lists here.
 */
export type RelevanceKind = 'only one text' | 'misspelt' | 'prefix' | 'several words' | 'stem' | 'topic';

export interface RelevanceQuery {
  query: string;
  kind: RelevanceKind;
  /** The articles it must find, the one it should rank best first (empty for a topic: the spec's matches). */
  finds: string[];
}

const MULTI_YEAR = 'Why Multi-Year Procurement Is Back in Fashion';
const SHIPYARD = 'The Shipyard Problem: Capacity, Not Cash';
const BUDGET_REQUEST = 'Reading a Defense Budget Request in Ten Minutes';
const RARE_EARTHS = 'Rare Earths and the Magnet Bottleneck';
const STOCKS = 'Defense Stocks After the Election Cycle';
const SATELLITES = 'Small Satellites, Big Constellations';
const PHISHING = 'Phishing the Supply Chain: Cyber Risk in Second-Tier Suppliers';
const NATO = "NATO's Two Percent Became a Floor";
const MUNITIONS = 'Munitions Math: Why Artillery Shells Became a Strategic Commodity';
const BACKLOG = 'What Investors Miss About Backlog';
const LAUNCH = 'Launch Costs and the New Space Economy';
const SUBMARINES = 'Submarines, Sensors and the Undersea Balance';
const ZERO_TRUST = 'Zero Trust Meets the Flight Line';
const LATIN_AMERICA = "Latin America's Quiet Modernization";
const DRONES = 'Drones at Scale: The Attritable Aircraft Bet';
const INSURANCE = 'Cyber Insurance and the Defense Contractor';
const REARMAMENT = 'Budgets in an Era of Rearmament: What 2027 Will Test';

const each = (kind: RelevanceKind, pairs: [string, ...string[]][]): RelevanceQuery[] =>
  pairs.map(([query, ...finds]) => ({ query, kind, finds }));

export const RELEVANCE_SET: RelevanceQuery[] = [
  // A word of one article's text only (none of a title or a topic).
  ...each('only one text', [
    ['comptroller', BUDGET_REQUEST],
    ['acoustic', SUBMARINES],
    ['cranes', SHIPYARD],
    ['ceasefire', MUNITIONS],
    ['hangar', ZERO_TRUST],
    ['discount', MULTI_YEAR],
    ['pipefitters', SHIPYARD],
    ['enacted', BUDGET_REQUEST],
    ['actuators', RARE_EARTHS],
    ['rhetoric', STOCKS],
    ['tranches', SATELLITES],
    ['invoice', PHISHING],
    ['aspirational', NATO],
    ['propellant', MUNITIONS],
    ['misunderstood', BACKLOG],
    ['reusable', LAUNCH],
    ['deterrence', SUBMARINES],
    ['laptops', ZERO_TRUST],
    ['barranquilla', LATIN_AMERICA],
    ['replicator', DRONES],
    ['ransomware', INSURANCE],
    ['arithmetic', REARMAMENT],
  ]),
  ...each('misspelt', [
    ['submarnes', SUBMARINES],
    ['artilery', MUNITIONS],
    ['comptroler', BUDGET_REQUEST],
    ['ransomwear', INSURANCE],
    ['barranquila', LATIN_AMERICA],
    ['propelant', MUNITIONS],
    ['deterence', SUBMARINES],
    ['pipefiters', SHIPYARD],
  ]),
  // The last word cut short, as it is typed.
  ...each('prefix', [
    ['comptrol', BUDGET_REQUEST],
    ['acoust', SUBMARINES],
    ['replicat', DRONES],
    ['barranq', LATIN_AMERICA],
    ['ransomw', INSURANCE],
  ]),
  ...each('several words', [
    ['comptroller budget', BUDGET_REQUEST],
    ['pipefitters electricians', SHIPYARD],
    ['ransomware premiums', INSURANCE],
    ['reusable rockets', LAUNCH],
    ['permanent magnets', RARE_EARTHS],
  ]),
  // Another form of a word of the text.
  ...each('stem', [
    ['crane', SHIPYARD],
    ['hangars', ZERO_TRUST],
    ['underwriter', INSURANCE],
    ['forging', MUNITIONS],
    ['rocket', LAUNCH],
  ]),
  ...each('topic', [['naval'], ['Procurement'], ['geopolitics'], ['cyber'], ['space'], ['markets']]),
];

/** The reciprocal rank of a search: 1 / the place of the first article it must find among its results, 0 if none. */
export function reciprocalRank(results: string[], finds: string[]): number {
  const place = results.findIndex((title) => finds.includes(title));
  return place < 0 ? 0 : 1 / (place + 1);
}
