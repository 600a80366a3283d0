// A turn a subscription's usage limit ended, as 2.1.332 writes it (seen live with the fake API's
// 429 and its anthropic-ratelimit-unified-* headers; see test/integration/usage-limit-real-cli):
// a rejected rate_limit_event (not always: the CLI skips it for a limit that resets within a few
// seconds), a "<synthetic>" assistant message whose api_error_params repeat the limit, and a
// result with api_error `usage_limit_reached`. The result's event says the turn hit the limit
// and when it resets.
import { describe, expect, it } from 'vitest';
import { WireNormalizer } from '../../../electron/core/protocol/normalize';
import type { WireOf } from '../../../electron/core/protocol/wire';
import type { SessionEvent } from '../../../shared/events';

const RESET = 1796177125;

const rejected: WireOf<'rate_limit_event'> = {
  type: 'rate_limit_event',
  rate_limit_info: { status: 'rejected', resetsAt: RESET, rateLimitType: 'five_hour' },
};

const apiError: WireOf<'assistant'> = {
  type: 'assistant',
  message: { id: 'm-err', model: '<synthetic>', content: [{ type: 'text', text: "You've hit your 5-hour limit · resets 2:05am (UTC)" }] },
  parent_tool_use_id: null,
  is_api_error_message: true,
  error: 'rate_limit',
  api_error_params: { rate_limit_info: { status: 'rejected', resetsAt: RESET, rateLimitType: 'five_hour', isUsingOverage: false } },
};

function result(extra: Partial<WireOf<'result'>> = {}): WireOf<'result'> {
  return {
    type: 'result',
    subtype: 'success',
    is_error: true,
    result: "You've hit your 5-hour limit · resets 2:05am (UTC)",
    api_error_status: 429,
    api_error: 'usage_limit_reached',
    terminal_reason: 'api_error',
    ...extra,
  };
}

const turnResult = (events: SessionEvent[]) => {
  const e = events.find((x) => x.kind === 'result');
  if (e?.kind !== 'result') throw new Error('no result');
  return e.result;
};

describe('a turn ended by a usage limit', () => {
  it('says so, with the reset from the rate_limit_event', () => {
    const n = new WireNormalizer({ now: () => 1 });
    n.rateLimit(rejected);
    expect(n.assistant({ ...apiError, api_error_params: undefined })).toEqual([]);
    expect(turnResult(n.result(result())).usageLimit).toEqual({ resetsAt: RESET * 1000, limitType: 'five_hour' });
  });

  it("takes the reset from the error message's params when there was no rate_limit_event", () => {
    const n = new WireNormalizer({ now: () => 1 });
    n.assistant(apiError);
    expect(turnResult(n.result(result())).usageLimit).toEqual({ resetsAt: RESET * 1000, limitType: 'five_hour' });
  });

  it('knows no reset when the CLI named none, and forgets a limit once a turn has ended', () => {
    const n = new WireNormalizer({ now: () => 1 });
    expect(turnResult(n.result(result())).usageLimit).toEqual({});
    n.rateLimit(rejected);
    n.result(result());
    expect(turnResult(n.result(result())).usageLimit).toEqual({});
  });

  it('other errors, even 429s and an earlier rejection that cleared, are not a usage limit', () => {
    const n = new WireNormalizer({ now: () => 1 });
    n.rateLimit(rejected);
    n.rateLimit({ type: 'rate_limit_event', rate_limit_info: { status: 'allowed' } });
    expect(turnResult(n.result(result({ api_error: 'rate_limit', result: 'API Error: Request rejected (429)' }))).usageLimit).toBeUndefined();
    expect(turnResult(n.result(result({ api_error: undefined, api_error_status: undefined, is_error: false }))).usageLimit).toBeUndefined();
  });
});
