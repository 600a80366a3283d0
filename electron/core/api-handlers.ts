// The server side of the contract table: one function per channel, shared by the Electron IPC
// layer and the browser host. Inputs are safeParsed here, so no handler ever sees bad input,
// and every failure crosses back as a typed error, never a thrown exception.
import { contractFor, type Channel, type Handlers } from '../../shared/ipc';
import { ClideError, fail, ok, toAppError, type Result } from '../../shared/result';
import type { SessionHost } from './host';
import type { WorktreeRequest } from '../../shared/git';
import { requestedCwdProblem } from './spawn-errors';
import { teamHandlers } from './team/handlers';
import { gitHandlers } from './git/handlers';
import { remoteHandlers } from './remote/handlers';
import { rulesHandlers } from './rules/handlers';
import { trustHandlers } from './trust/handlers';
import { usageHandlers } from './usage/handlers';
import { filesHandlers } from './files/handlers';
import { terminalHandlers } from './terminal/handlers';
import { desktopHandlers } from './desktop-handlers';
import { confirmedHandlers } from './confirmed-handlers';

export function createHandlers(host: SessionHost): Handlers {
  // The changes only the person makes are wrapped: each needs its dialog's nonce.
  return confirmedHandlers(host, {
    // A window that loads while the previous tabs are being reopened waits for them.
    'app:snapshot': async () => {
      // A window is up: index past sessions for search, in the background once it has drawn.
      host.search?.startSoon();
      await host.continuity.ready;
      return host.snapshot();
    },
    'app:checkClaude': () => host.checkClaude(),
    'app:focusWindow': () => {
      host.workspace.focusWindow();
      return {};
    },
    'settings:get': () => host.workspace.state(),
    'settings:update': (i) => host.workspace.update(i),
    'folders:pick': (i) => host.workspace.pickFolder(i.defaultPath),
    'folders:complete': (i) => host.workspace.completePath(i.prefix),
    // The folder is checked here, where both shells' windows come in, before anything is
    // created. (A tab reopened after a restart goes straight to the host: its folder may be
    // gone, and the tab then opens failed, with the way to recover, rather than being lost.)
    'session:create': async (i) => {
      // A folder on a remote host is checked there (remote/place.ts), not on this computer.
      if (i.location) return host.create(remoteChoices(i));
      // A past session of a worktree clide made opens even when that worktree was deleted:
      // its tab says so and offers to make it again from its branch (electron/core/git/isolation.ts).
      const managed = i.resume !== undefined && i.cwd !== undefined && host.isolation.worktreeOf(i.cwd) !== undefined;
      const problem = i.cwd === undefined || managed ? undefined : requestedCwdProblem(i.cwd);
      if (problem) throw new ClideError(problem);
      const { worktree, hint, ...choices } = i;
      if (!worktree) {
        // The person's choice for this repository, shown next time (not for a resumed session).
        if (!choices.resume) void host.isolation.rememberShared(choices.cwd ?? host.environment().defaultCwd);
        return host.create(choices);
      }
      const info = await host.isolation.prepare(choices.cwd ?? host.environment().defaultCwd, worktree, hint);
      try {
        return host.create({ ...choices, cwd: info.worktreeDir, worktree: info, setup: true });
      } catch (err) {
        await host.isolation.discard(info);
        throw err;
      }
    },
    'history:list': async () => {
      // Opening History is when new transcripts matter: the search index catches up meanwhile.
      host.search?.refresh();
      return { sessions: await host.continuity.list() };
    },
    'history:rename': async (i) => {
      await host.continuity.rename(i.sessionId, i.title);
      return {};
    },
    'history:fork': (i) => host.continuity.fork(i.id, i.messageId),
    'history:saveDraft': (i) => {
      host.continuity.saveDraft(i.id, i.text);
      return {};
    },
    'history:drafts': () => ({ drafts: host.continuity.drafts(), active: host.continuity.activeTab, split: host.continuity.splitLayout }),
    'history:saveLayout': (i) => {
      host.continuity.saveLayout(i.order, i.active, i.split);
      return {};
    },
    'history:search': (i) => host.searchHistory(i.query, i.limit, i.cursor),
    'history:searchStatus': () => host.searchProgress(),
    'session:send': (i) => host.send(i.id, i.text, i.images, i.queue),
    'session:queueEdit': (i) => {
      host.queueEdit(i.id, i.messageId, i.text);
      return {};
    },
    'session:queueRemove': (i) => {
      host.queueRemove(i.id, i.messageId);
      return {};
    },
    'session:queueMove': (i) => {
      host.queueMove(i.id, i.messageId, i.to);
      return {};
    },
    'session:queueSendNow': (i) => {
      host.queueSendNow(i.id, i.messageId);
      return {};
    },
    'session:queueResume': (i) => {
      host.queueResume(i.id);
      return {};
    },
    'session:fileSuggestions': (i) => host.fileSuggestions(i.id, i.query),
    'session:respond': (i) => {
      host.respond(i.id, i.requestId, i.decision);
      return {};
    },
    'session:answerPrompt': (i) => {
      host.answerPrompt(i.id, i.requestId, i.answer);
      return {};
    },
    'session:interrupt': async (i) => {
      await host.interrupt(i.id);
      return {};
    },
    'session:kill': async (i) => {
      await host.kill(i.id);
      return {};
    },
    'session:close': async (i) => {
      await host.close(i.id);
      return {};
    },
    'session:restart': (i) => {
      host.restart(i.id);
      return {};
    },
    'session:setPermissionMode': async (i) => ({ mode: await host.setPermissionMode(i.id, i.mode) }),
    'session:setModel': async (i) => ({ model: await host.setModel(i.id, i.model) }),
    'session:setMaxThinkingTokens': async (i) => {
      await host.setMaxThinkingTokens(i.id, i.tokens);
      return {};
    },
    'session:setEffort': async (i) => {
      await host.setEffort(i.id, i.level);
      return {};
    },
    'session:setOutputStyle': async (i) => {
      await host.setOutputStyle(i.id, i.style);
      return {};
    },
    'session:reload': (i) => host.reload(i.id),
    'session:getContextUsage': (i) => host.getContextUsage(i.id, i.cached),
    'session:mcpStatus': async (i) => ({ servers: await host.mcpStatus(i.id) }),
    'session:mcpChange': async (i) => ({ servers: await host.mcpChange(i.id, i.change) }),
    'session:mcpReadApp': (i) => host.mcpReadResource(i.id, i.server, i.uri),
    'session:rewindFiles': (i) => host.rewindFiles(i.id, i.userMessageId, i.dryRun),
    'session:stopTask': async (i) => {
      await host.stopTask(i.id, i.taskId);
      return {};
    },
    'session:taskOutput': (i) => host.getTaskOutput(i.id, i.taskId),
    'session:backgroundTasks': (i) => host.backgroundTasks(i.id, i.toolUseId),
    'session:rename': async (i) => {
      await host.rename(i.id, i.title);
      return {};
    },
    'session:ask': (i) => host.ask(i.id, i.question),
    'session:cancelAside': (i) => {
      host.cancelAside(i.id, i.asideId);
      return {};
    },
    'session:autoContinue': (i) => {
      host.autoContinue(i.id, i.on);
      return {};
    },
    'session:getUsage': (i) => host.getUsage(i.id),
    ...teamHandlers(() => host.team),
    ...gitHandlers(() => host),
    ...remoteHandlers(() => host.remote),
    ...rulesHandlers(() => host.rules),
    ...trustHandlers(() => host),
    ...usageHandlers(() => host.usage),
    ...filesHandlers(() => host.files),
    ...terminalHandlers(
      () => host.terminals,
      () => host.runs,
    ),
    ...desktopHandlers(() => host),
  });
}

/** A remote session's choices: a full path there, no worktree (not offered for remote hosts). */
function remoteChoices(i: { cwd?: string; resume?: string; model?: string; permissionMode?: string; worktree?: WorktreeRequest; location?: string }) {
  if (i.worktree) throw new ClideError({ kind: 'invalid-input', message: 'A session on a remote host cannot have a worktree of its own yet.' });
  if (!i.cwd || !i.cwd.startsWith('/')) {
    throw new ClideError({
      kind: 'invalid-input',
      message: 'A session on a remote host needs the full path of a folder there.',
      hint: 'Pick the folder with the folder field.',
    });
  }
  return { cwd: i.cwd, resume: i.resume, model: i.model, permissionMode: i.permissionMode, location: i.location };
}

/** Validate and run one call. Unknown channels and invalid input change nothing. */
export async function dispatch(handlers: Handlers, channel: string, rawInput: unknown): Promise<Result<unknown>> {
  const contract = contractFor(channel);
  // The table's type covers every channel; the lookup is checked anyway, since `channel` comes
  // from the window and could name anything (including Object.prototype's keys).
  const handler: ((input: never) => unknown) | undefined = Object.hasOwn(handlers, channel) ? handlers[channel as Channel] : undefined;
  if (!contract || !handler) return fail('invalid-input', `Unknown channel: ${String(channel).slice(0, 100)}`);
  const parsed = contract.input.safeParse(rawInput ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return fail('invalid-input', `Invalid input for ${channel}: ${issue ? `${issue.path.join('.') || '(root)'} ${issue.message}` : 'rejected'}`);
  }
  try {
    return ok(await handler(parsed.data as never));
  } catch (err) {
    if (!(err instanceof ClideError)) console.error(`[clide] ${channel} failed`, err);
    return { ok: false, error: toAppError(err) };
  }
}
