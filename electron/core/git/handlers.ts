// The `git:*` and `worktree:*` channels of the contract table (shared/ipc.ts), for
// api-handlers.ts. Each looks the session's tree up from its id (isolation.ts checks it).
import type { DiffScope, ReviewComment } from '../../../shared/git';
import { ClideError } from '../../../shared/result';
import type { SessionView } from '../../../shared/transcript';
import { diffFiles, listChanges } from './changes';
import { archiveWorktree } from './archive';
import type { HunkRef } from './edits';
import type { Isolation } from './isolation';
import { abortMerge, conflictDiffs, mergeBack, mergeState } from './merge';
import { checkPullRequest, createPullRequest } from './pull-request';
import { reviewMessage } from './review';

type Handler = (input: never) => unknown;

export interface GitHandlerHost {
  readonly isolation: Isolation;
  send(id: string, text: string, images?: never[], queue?: boolean): { queued?: string };
  close(id: string): Promise<void>;
  view(id: string): SessionView;
}

type Id = { id: string };
type FileRef = { path: string; oldPath?: string; untracked?: boolean };

export function gitHandlers(host: () => GitHandlerHost): Record<string, Handler> {
  const iso = () => host().isolation;
  const run = async (id: string) => {
    const tree = await iso().tree(id);
    return { tree, run: iso().runIn(tree.cwd) };
  };
  /** An edit from the panel: the tab's glance follows at once. */
  const edited = <T>(id: string, value: T): T => {
    iso().touched(id);
    return value;
  };
  return {
    'git:status': (i: Id) => iso().statusFor(i.id),
    'git:changes': async (i: Id) => {
      const { tree, run: r } = await run(i.id);
      return listChanges(r, tree);
    },
    'git:diff': async (i: Id & { files: FileRef[]; scope?: DiffScope; full?: boolean }) => {
      const { tree, run: r } = await run(i.id);
      return { files: await diffFiles(r, tree, i.files, i.scope ?? 'base', i.full) };
    },
    'git:revert': async (i: Id & { path: string; hunk?: HunkRef; scope?: 'base' | 'unstaged' }) => edited(i.id, await iso().edits.revert(await iso().tree(i.id), i.path, i.hunk, i.scope)),
    'git:undo': async (i: Id & { token: string }) => edited(i.id, await iso().edits.undoRevert(await iso().tree(i.id), i.token)),
    'git:stage': async (i: Id & { path: string; hunk?: HunkRef }) => {
      await iso().edits.stage(await iso().tree(i.id), i.path, i.hunk);
      return edited(i.id, {});
    },
    'git:unstage': async (i: Id & { path: string; hunk?: HunkRef }) => {
      await iso().edits.unstage(await iso().tree(i.id), i.path, i.hunk);
      return edited(i.id, {});
    },
    'git:commit': async (i: Id & { message: string; all?: boolean }) => edited(i.id, await iso().edits.commit(await iso().tree(i.id), i.message, i.all)),
    'git:review': (i: Id & { comments: ReviewComment[]; intro?: string }) => {
      const text = reviewMessage(i.comments, i.intro);
      return { text, ...host().send(i.id, text, undefined, true) };
    },
    'git:sharedTrees': () => iso().sharedTrees(),
    'worktree:capability': (i: { cwd: string; hint?: string }) => iso().capability(i.cwd, i.hint),
    'worktree:confirmSetup': (i: Id & { hash: string; run: boolean }) => {
      iso().confirmSetup(i.id, i.hash, i.run);
      return {};
    },
    'worktree:startAnyway': (i: Id) => {
      iso().startAnyway(i.id);
      return {};
    },
    'worktree:retrySetup': (i: Id) => {
      iso().retrySetup(i.id);
      return {};
    },
    'worktree:recreate': async (i: Id) => {
      await iso().recreate(i.id);
      return {};
    },
    'worktree:merge': async (i: Id & { strategy?: 'merge' | 'rebase' }) => edited(i.id, await mergeBack(iso().git, await iso().worktree(i.id), i.strategy)),
    'worktree:mergeState': async (i: Id) => mergeState(iso().git, await iso().worktree(i.id)),
    'worktree:conflictDiffs': async (i: Id) => ({ files: await conflictDiffs(iso().git, await iso().worktree(i.id)) }),
    'worktree:mergeAbort': async (i: Id) => edited(i.id, await abortMerge(iso().git, await iso().worktree(i.id))),
    'worktree:prCheck': async (i: Id) => checkPullRequest(iso().git, await iso().worktree(i.id), { env: iso().env }),
    'worktree:createPr': async (i: Id & { title: string; body: string }) => createPullRequest(iso().git, await iso().worktree(i.id), i, { env: iso().env }),
    'worktree:archive': async (i: Id & { deleteBranch?: boolean; confirm?: string }) => {
      const wt = await iso().worktree(i.id);
      const status = host().view(i.id).status;
      if (status === 'working' || status === 'waiting') {
        throw new ClideError({ kind: 'session-busy', message: 'Claude is working in this worktree.', hint: 'Stop the turn first, then archive.' });
      }
      const result = await archiveWorktree(iso().git, wt, i);
      if (result.outcome === 'archived') {
        iso().registry.remove(wt.worktreeDir);
        await host().close(i.id);
      }
      return result;
    },
  };
}
