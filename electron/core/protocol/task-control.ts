// Outbound requests about background tasks, with what 2.1.332 answers (seen live, recorded in
// fixtures/background-tasks.jsonl):
// - stop_task {task_id}: an empty success, after task_updated {status: killed}, task_notification
//   {status: stopped} and the new live set; an unknown or ended id is also an empty success.
// - get_task_output {task_id}: {output, total_bytes, truncated} for a shell or Monitor task of
//   this process, running or ended (a foreground one too); refused for a subagent or an unknown
//   id with "get_task_output: no shell or Monitor task with that task_id in this session".
// - background_tasks {tool_use_id?}: with an id, {backgrounded: true} when that call's task was
//   moved, false when no foreground task belongs to it (a foreground Bash becomes a task only
//   about 3 s after it starts); without one, an empty success whatever it moved. Refused with
//   "Background tasks are disabled in this session." under CLAUDE_CODE_DISABLE_BACKGROUND_TASKS.
import { z } from 'zod';
import { lazySchema } from '../../../shared/lazy-schema';
import { ClideError } from '../../../shared/result';
import type { TaskOutput } from '../../../shared/tasks';
import type { Json } from './control';
import { parse, type Requester } from './requests';

const TaskOutputWire = lazySchema(() => z.looseObject({ output: z.string(), total_bytes: z.number().optional(), truncated: z.boolean().optional() }));
const BackgroundWire = lazySchema(() => z.looseObject({ backgrounded: z.boolean().optional() }));

/**
 * Ask; a refusal says what could not be done, in Claude Code's words (without the subtype it
 * puts in front of some: "get_task_output: no shell or Monitor task ...").
 */
async function ask(req: Requester, subtype: string, payload: Json, failed: string): Promise<Json> {
  try {
    return await req(subtype, payload);
  } catch (err) {
    if (!(err instanceof ClideError) || err.info.kind !== 'control-error') throw err;
    const said = err.info.message.replace(`Claude refused "${subtype}": `, '').replace(`${subtype}: `, '');
    throw new ClideError({ ...err.info, message: `${failed}: ${said}` });
  }
}

export async function stopTask(req: Requester, taskId: string): Promise<void> {
  await ask(req, 'stop_task', { task_id: taskId }, 'Claude Code did not stop the task');
}

export async function getTaskOutput(req: Requester, taskId: string): Promise<TaskOutput> {
  const answer = await ask(req, 'get_task_output', { task_id: taskId }, "Claude Code cannot read this task's output");
  const r = parse(TaskOutputWire, 'get_task_output', answer);
  return { output: r.output, totalBytes: r.total_bytes ?? Buffer.byteLength(r.output), truncated: r.truncated ?? false };
}

/** Move foreground work to the background: one call's task, or all of it (Ctrl+B). `backgrounded` only when a call was named. */
export async function backgroundTasks(req: Requester, toolUseId?: string): Promise<{ backgrounded?: boolean }> {
  const answer = await ask(req, 'background_tasks', toolUseId ? { tool_use_id: toolUseId } : {}, 'Claude Code moved nothing to the background');
  const r = parse(BackgroundWire, 'background_tasks', answer);
  return toolUseId ? { backgrounded: r.backgrounded ?? false } : {};
}
