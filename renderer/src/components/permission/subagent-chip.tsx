// A prompt asked from inside a subagent says so, naming the subagent's task.
import { blocksOf, type TranscriptItem } from '../../../../shared/transcript';
import { useSessionField } from '../../store/hooks';
import { VisibleText } from '../common/visible-text';

function agentLabel(items: readonly TranscriptItem[], toolUseId: string): string | undefined {
  // Newest first: the Agent call that runs now is near the end.
  for (let i = items.length - 1; i >= 0; i--) {
    const item = items[i];
    if (item?.type !== 'assistant') continue;
    for (const b of blocksOf(item)) {
      if (b.tool?.id !== toolUseId) continue;
      const input = b.tool.input;
      const text = typeof input.description === 'string' ? input.description : typeof input.subagent_type === 'string' ? input.subagent_type : undefined;
      return text ?? '';
    }
  }
  return undefined;
}

export function SubagentChip({ sessionId, parentToolUseId }: { sessionId: string; parentToolUseId: string | undefined }) {
  const label = useSessionField(sessionId, (v) => (parentToolUseId ? agentLabel(v.items, parentToolUseId) : undefined), undefined);
  if (!parentToolUseId) return null;
  return (
    <span className="chip chip-subagent" title="Asked by a subagent Claude started">
      <span>Subagent{label ? <VisibleText text={`: ${label}`} /> : ''}</span>
    </span>
  );
}
