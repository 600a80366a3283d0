// Types shared by the transcript's rows and cards. They live apart from the components because
// those render each other in a circle (a row holds blocks, a block a tool card, a subagent's
// card rows again), and importing one another for them would tie the modules into a cycle.
import type { ComponentType } from 'react';
import type { TaskView, ToolState } from '../../../../shared/transcript';
import type { CardKind } from '../../lib/tools/tool-head';

export interface ItemRowProps {
  sessionId: string;
  /** The entry's position in the session's items (entries never move). */
  pos: number;
  /** The entry shown just before this one (to group consecutive replies under one author line). */
  prevPos?: number;
  /** Inside a subagent card. */
  nested?: boolean;
}

/**
 * The row component (items.tsx), handed down through blocks and tool cards to a subagent's
 * card, which shows its messages with it: passed in, because importing it back would close the
 * cycle items → blocks → tool-card → tool-bodies → agent-body → items.
 */
export type RowComponent = ComponentType<ItemRowProps>;

export type Phase = 'preparing' | 'waiting' | 'running' | 'done' | 'error' | 'stopped';

export interface BodyProps {
  sessionId: string;
  kind: CardKind;
  tool: { id: string; name: string; input: Record<string, unknown> };
  state: ToolState;
  task: TaskView | undefined;
  phase: Phase;
  streamingInput?: string;
  onOpen?: () => void;
  row: RowComponent;
}
