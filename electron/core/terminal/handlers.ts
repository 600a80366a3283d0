// The terminal channels of the contract table (shared/ipc.ts, shared/terminal.ts), for api-handlers.ts.
import type { ChannelOf, Handlers } from '../../../shared/ipc';
import type { RunCommands } from './run-command';
import type { TerminalService } from './terminal-service';

export function terminalHandlers(terminals: () => TerminalService, runs: () => RunCommands): Handlers<ChannelOf<'terminal'>> {
  return {
    'terminal:create': (i) => terminals().create(i.id, i.cols, i.rows),
    'terminal:write': (i) => {
      terminals().write(i.terminalId, i.data);
      return {};
    },
    'terminal:resize': (i) => {
      terminals().resize(i.terminalId, i.cols, i.rows);
      return {};
    },
    'terminal:close': async (i) => {
      await terminals().close(i.terminalId);
      return {};
    },
    // confirmed-handlers.ts gives it the person's confirmation of a .clide/run; without it, none.
    'terminal:run': (i) => runs().run(i.id, { cols: i.cols, rows: i.rows }, undefined),
    'terminal:list': (i) => ({ terminals: terminals().list(i.id) }),
    'terminal:attach': (i) => terminals().attach(i.terminalId),
  };
}
