// The team channels of the contract table (shared/ipc.ts), for api-handlers.ts.
import { ClideError } from '../../../shared/result';
import type { TeamTaskStatus } from '../../../shared/team';
import type { TeamBroker } from './broker';

type Handler = (input: never) => unknown;

export function teamHandlers(team: () => TeamBroker | undefined): Record<string, Handler> {
  const broker = (): TeamBroker => {
    const b = team();
    if (!b) throw new ClideError({ kind: 'internal', message: 'This host runs without the team broker.', hint: 'Start clide normally to use the Team panel.' });
    return b;
  };
  return {
    'team:snapshot': () => broker().state(),
    'team:addTask': (i: { title: string; description?: string; assignee?: string }) => broker().addTask(i),
    'team:editTask': (i: { taskId: string; title?: string; description?: string; status?: TeamTaskStatus; note?: string }) => broker().editTask(i),
    'team:reassignTask': (i: { taskId: string; assignee: string | null }) => broker().reassignTask(i.taskId, i.assignee),
    'team:removeTask': (i: { taskId: string }) => {
      broker().removeTask(i.taskId);
      return {};
    },
    'team:pause': () => {
      broker().pause();
      return {};
    },
    'team:resume': () => {
      broker().resume();
      return {};
    },
    'team:release': (i: { sessionId: string }) => {
      broker().release(i.sessionId);
      return {};
    },
  };
}
