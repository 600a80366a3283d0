// A result's permission_denials in the app's terms. 2.1.337 marks a call auto mode refused
// without its safety check (auto_mode_unchecked) and ends such a turn with is_error: true and
// Claude's final reply in `result`: the turn did not fail, so it is not shown as an API error.
import type { SessionEvent, TurnResult } from '../../../shared/events';
import type { WireOf } from './wire';

type Denial = TurnResult['denials'][number];

const UNCHECKED = new Map<unknown, Denial['unchecked']>([
  ['no_check_in_session', 'no-check-in-session'],
  ['no_verdict', 'no-verdict'],
]);

export function denialsOf(msg: WireOf<'result'>): Denial[] {
  return (msg.permission_denials ?? []).map((d) => {
    // New values are additive: an unknown one is still a refusal without the check.
    const unchecked = d.auto_mode_unchecked ? (UNCHECKED.get(d.auto_mode_unchecked) ?? 'other') : undefined;
    return { toolName: d.tool_name ?? 'tool', toolUseId: d.tool_use_id, ...(unchecked ? { unchecked } : {}) };
  });
}

/** The turn ended with Claude's reply after auto mode refused calls unchecked, not on an error. */
export function endedWithUncheckedReply(msg: WireOf<'result'>, denials: readonly Denial[]): boolean {
  const apiError = (msg.api_error_status ?? undefined) !== undefined || !!msg.api_error;
  return msg.subtype === 'success' && !apiError && denials.some((d) => d.unchecked);
}

/** A note beside the reply: what auto mode refused without checking, and why. */
export function uncheckedNotice(denials: readonly Denial[], id: string, at: number): SessionEvent | undefined {
  const unchecked = denials.filter((d) => d.unchecked);
  if (unchecked.length === 0) return undefined;
  const tools = [...new Set(unchecked.map((d) => d.toolName))].join(', ');
  const why = unchecked.every((d) => d.unchecked === 'no-check-in-session')
    ? 'its safety check does not run in this session'
    : unchecked.every((d) => d.unchecked === 'no-verdict')
      ? 'its safety check gave no verdict (it may be unavailable)'
      : 'its safety check did not run';
  const n = unchecked.length;
  return {
    kind: 'notice',
    id: `auto-unchecked-${id}`,
    level: 'warning',
    code: 'auto-mode-unchecked',
    text: `Auto mode refused ${n} ${n === 1 ? 'action' : 'actions'} (${tools}) without judging them unsafe: ${why}. Claude’s reply says what it did instead; allow them yourself or switch the permission mode to let them run.`,
    at,
  };
}
