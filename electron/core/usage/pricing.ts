// What clide charges a message at when its transcript does not carry Claude Code's own cost
// (`costUSD`, written by older CLIs): US dollars per million tokens, by model family.
//
// Source: Anthropic's published API prices, https://docs.anthropic.com/en/docs/about-claude/pricing
// (checked 2026-01-15). Cache writes are priced as 5-minute writes (1.25x input; a 1-hour write
// costs 2x), cache reads at 0.1x input. Subscription plans are not billed per token: for them
// these figures say what the same work would cost through the API.
export const PRICING_DATE = '2026-01-15';
export const PRICING_SOURCE = 'https://docs.anthropic.com/en/docs/about-claude/pricing';

export interface Price {
  /** Per million tokens. */
  input: number;
  output: number;
  cacheWrite: number;
  cacheRead: number;
}

const price = (input: number, output: number): Price => ({ input, output, cacheWrite: input * 1.25, cacheRead: input / 10 });

/** First match wins: the older, dearer generations before a family's general entry. */
const TABLE: ReadonlyArray<{ match: RegExp; price: Price }> = [
  { match: /claude-3-opus|opus-4-0|opus-4-1|opus-4(?:-20|$)/, price: price(15, 75) },
  { match: /opus/, price: price(5, 25) },
  { match: /sonnet/, price: price(3, 15) },
  { match: /3-5-haiku|haiku-3-5/, price: price(0.8, 4) },
  { match: /claude-3-haiku/, price: price(0.25, 1.25) },
  { match: /haiku/, price: price(1, 5) },
];

/** The price of a model by its id, or undefined for one the table does not know. */
export function priceOf(model: string): Price | undefined {
  const id = model.toLowerCase();
  return TABLE.find((t) => t.match.test(id))?.price;
}

export interface TokenCounts {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
}

/** Dollars for these tokens of this model; undefined when the model has no price here. */
export function costOf(model: string, t: TokenCounts): number | undefined {
  const p = priceOf(model);
  if (!p) return undefined;
  return (t.input * p.input + t.output * p.output + t.cacheRead * p.cacheRead + t.cacheWrite * p.cacheWrite) / 1e6;
}
