// What the Team panel asks of the host. Each call returns a Result and never throws, so the
// panel can say in place what went wrong; the new team state arrives as a pushed event.
import type { ClideApi } from '../../../../shared/ipc';
import type { Result } from '../../../../shared/result';
import type { TeamTask, TeamTaskStatus } from '../../../../shared/team';
import { getApi } from '../../api';
import { guarded } from '../../lib/guarded';

export interface TeamActions {
  addTask(input: { title: string; description?: string; assignee?: string }): Promise<Result<TeamTask>>;
  editTask(input: { taskId: string; title?: string; description?: string; status?: TeamTaskStatus; note?: string }): Promise<Result<TeamTask>>;
  reassignTask(taskId: string, assignee: string | null): Promise<Result<TeamTask>>;
  removeTask(taskId: string): Promise<Result<unknown>>;
  pause(): Promise<Result<unknown>>;
  resume(): Promise<Result<unknown>>;
  release(sessionId: string): Promise<Result<unknown>>;
}

export function createTeamActions(api: Pick<ClideApi, 'team'> = getApi()): TeamActions {
  return {
    addTask: (input) => guarded(() => api.team.addTask(input)),
    editTask: (input) => guarded(() => api.team.editTask(input)),
    reassignTask: (taskId, assignee) => guarded(() => api.team.reassignTask({ taskId, assignee })),
    removeTask: (taskId) => guarded(() => api.team.removeTask({ taskId })),
    pause: () => guarded(() => api.team.pause({})),
    resume: () => guarded(() => api.team.resume({})),
    release: (sessionId) => guarded(() => api.team.release({ sessionId })),
  };
}

let shared: TeamActions | undefined;

export function teamActions(): TeamActions {
  shared ??= createTeamActions();
  return shared;
}
