// `system` messages -> app events. Each subtype is either turned into an event or ignored
// here on purpose, with the reason beside it.
import type { SessionEvent } from '../../../shared/events';
import { infoFromInit } from './normalize';

type Sys = Record<string, unknown> & { subtype: string };

export function systemEvents(m: Sys, notice: (level: 'info' | 'warning' | 'error', code: string, text: string) => SessionEvent): SessionEvent[] {
  switch (m.subtype) {
    case 'init':
      return [{ kind: 'info', info: infoFromInit(m) }];
    case 'status': {
      const out: SessionEvent[] = [];
      if (typeof m.permissionMode === 'string') out.push({ kind: 'info', info: { permissionMode: m.permissionMode } });
      if (m.status === 'compacting') out.push(notice('info', 'compacting', 'Compacting the conversation…'));
      return out;
    }
    case 'compact_boundary': {
      const meta = (m.compact_metadata ?? {}) as { trigger?: string; pre_tokens?: number; post_tokens?: number };
      const pre = meta.pre_tokens ? ` from ${formatTokens(meta.pre_tokens)}` : '';
      const post = meta.post_tokens ? ` to ${formatTokens(meta.post_tokens)}` : '';
      return [notice('info', 'compact-boundary', `Conversation compacted (${meta.trigger ?? 'auto'})${pre}${post} tokens.`)];
    }
    case 'api_retry': {
      const attempt = typeof m.attempt === 'number' ? m.attempt : undefined;
      const max = typeof m.max_retries === 'number' ? m.max_retries : undefined;
      const status = typeof m.error_status === 'number' ? ` (HTTP ${m.error_status})` : '';
      const delay = typeof m.retry_delay_ms === 'number' ? `, retrying in ${Math.round(m.retry_delay_ms / 100) / 10} s` : '';
      const of = attempt !== undefined ? ` attempt ${attempt}${max ? ` of ${max}` : ''}` : '';
      return [notice('warning', 'api-retry', `The API request failed${status}${delay}${of}.`)];
    }
    // Informational only: hook lifecycle, the thinking-token estimate (counts the signature,
    // so it is only a "still thinking" signal), and housekeeping.
    case 'hook_started':
    case 'hook_progress':
    case 'hook_response':
    case 'thinking_tokens':
    case 'session_state_changed':
    case 'commands_changed':
    case 'files_persisted':
    case 'background_tasks_changed':
      return [];
    default:
      return [];
  }
}

function formatTokens(n: number): string {
  return n >= 1000 ? `${Math.round(n / 100) / 10}k` : String(n);
}
