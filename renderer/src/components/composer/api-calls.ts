// The host calls behind the composer, the prompts, the mode controls, Ask aside and the limits. Like app-actions.ts,
// each returns a Result and never throws, and a host that refuses the window is reported once,
// for the whole window.
import type { FileSuggestions, ImageInput, InputOf, OutputOf, PermissionDecision, PromptAnswer } from '../../../../shared/ipc';
import type { McpChange } from '../../../../shared/mcp';
import type { Result } from '../../../../shared/result';
import type { PlanUsage } from '../../../../shared/usage';
import { getApi } from '../../api';
import { guarded } from '../../lib/guarded';
import { clideStore } from '../../store/store';

async function call<T>(f: () => Promise<Result<T>>): Promise<Result<T>> {
  const r = await guarded(f);
  if (!r.ok && r.error.kind === 'unauthorized') clideStore.getState().setConnection('refused', r.error);
  return r;
}

export interface SendInput {
  text: string;
  images?: ImageInput[];
  /** Hold it in the queue while a turn runs (Enter), instead of steering the turn (send now). */
  queue?: boolean;
}

export const answering = {
  send(id: string, { text, images, queue }: SendInput): Promise<Result<OutputOf<'session', 'send'>>> {
    const input: InputOf<'session', 'send'> = { id, text };
    if (images && images.length > 0) input.images = images;
    if (queue) input.queue = true;
    return call(() => getApi().session.send(input));
  },
  respond: (id: string, requestId: string, decision: PermissionDecision) => call(() => getApi().session.respond({ id, requestId, decision })),
  answerPrompt: (id: string, requestId: string, answer: PromptAnswer) => call(() => getApi().session.answerPrompt({ id, requestId, answer })),
  interrupt: (id: string) => call(() => getApi().session.interrupt({ id })),
  queueEdit: (id: string, messageId: string, text: string) => call(() => getApi().session.queueEdit({ id, messageId, text })),
  queueRemove: (id: string, messageId: string) => call(() => getApi().session.queueRemove({ id, messageId })),
  queueMove: (id: string, messageId: string, to: number) => call(() => getApi().session.queueMove({ id, messageId, to })),
  queueSendNow: (id: string, messageId: string) => call(() => getApi().session.queueSendNow({ id, messageId })),
  queueResume: (id: string) => call(() => getApi().session.queueResume({ id })),
  fileSuggestions: (id: string, query: string): Promise<Result<FileSuggestions>> => call(() => getApi().session.fileSuggestions({ id, query })),
  /** Bypass permissions needs the nonce of its confirmation (mode-requests.ts requestBypass). */
  setPermissionMode: (id: string, mode: string, confirm?: string) =>
    call(() => getApi().session.setPermissionMode(confirm ? { id, mode, confirm } : { id, mode })),
  setModel: (id: string, model: string) => call(() => getApi().session.setModel({ id, model })),
  setEffort: (id: string, level: string) => call(() => getApi().session.setEffort({ id, level })),
  setOutputStyle: (id: string, style: string) => call(() => getApi().session.setOutputStyle({ id, style })),
  /** What came of it is also said in the transcript (a notice), success or not. */
  reload: (id: string) => call(() => getApi().session.reload({ id })),
  mcpStatus: (id: string) => call(() => getApi().session.mcpStatus({ id })),
  mcpChange: (id: string, change: McpChange) => call(() => getApi().session.mcpChange({ id, change })),
  /** A tool's MCP Apps UI, read from its server. */
  mcpReadApp: (id: string, server: string, uri: string) => call(() => getApi().session.mcpReadApp({ id, server, uri })),
  /** Ask aside: the answer comes as `aside` events. */
  ask: (id: string, question: string) => call(() => getApi().session.ask({ id, question })),
  cancelAside: (id: string, asideId: string) => call(() => getApi().session.cancelAside({ id, asideId })),
  /** After a usage limit: continue by itself when it resets (on), or not. */
  autoContinue: (id: string, on: boolean) => call(() => getApi().session.autoContinue({ id, on })),
  getUsage: (id: string): Promise<Result<PlanUsage>> => call(() => getApi().session.getUsage({ id })),
  stopTask: (id: string, taskId: string) => call(() => getApi().session.stopTask({ id, taskId })),
  taskOutput: (id: string, taskId: string) => call(() => getApi().session.taskOutput({ id, taskId })),
  backgroundTasks: (id: string, toolUseId?: string) => call(() => getApi().session.backgroundTasks(toolUseId ? { id, toolUseId } : { id })),
};
