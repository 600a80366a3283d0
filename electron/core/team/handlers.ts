// The team channels of the contract table (shared/ipc.ts), for api-handlers.ts.
import { ClideError } from '../../../shared/result';
import type { ChannelOf, Handlers } from '../../../shared/ipc';
import type { TeamBroker } from './broker';

export function teamHandlers(team: () => TeamBroker | undefined): Handlers<ChannelOf<'team'>> {
  const broker = (): TeamBroker => {
    const b = team();
    if (!b) throw new ClideError({ kind: 'internal', message: 'This host runs without the team broker.', hint: 'Start clide normally to use the Team panel.' });
    return b;
  };
  return {
    'team:snapshot': () => broker().state(),
    'team:addTask': (i) => broker().addTask(i),
    'team:editTask': (i) => broker().editTask(i),
    'team:reassignTask': (i) => broker().reassignTask(i.taskId, i.assignee),
    'team:removeTask': (i) => {
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
    'team:release': (i) => {
      broker().release(i.sessionId);
      return {};
    },
  };
}
