// Which tool call started a task. task_started names only the call's id and a task_type, and on
// 2.1.332 a Monitor's task is a plain `local_bash`: the tool's name (and a shell's command line)
// come from the tool_use block that the assistant message carried just before. The last few
// calls are remembered for that; a task starts within moments of its call (a foreground Bash
// about 3 s in), long before hundreds of later calls could push it out.
import type { SessionEvent } from '../../../shared/events';

const KEEP = 256;

export class TaskOrigins {
  private readonly calls = new Map<string, { name: string; command?: string }>();

  /** Look at one outgoing event: remember tool calls, fill in the origin of a task that starts. */
  see(e: SessionEvent): void {
    if (e.kind === 'block' && e.block.type === 'tool_use') {
      const command = e.block.input.command;
      this.calls.set(e.block.id, { name: e.block.name, command: typeof command === 'string' ? command : undefined });
      if (this.calls.size > KEEP) this.calls.delete(this.calls.keys().next().value as string);
    } else if (e.kind === 'task' && e.phase === 'started' && e.task.toolUseId) {
      const call = this.calls.get(e.task.toolUseId);
      if (!call) return;
      e.task.toolName ??= call.name;
      e.task.command ??= call.command;
    }
  }
}
