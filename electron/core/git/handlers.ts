// The `git:*` and `worktree:*` channels of the contract table (shared/ipc.ts), for
// api-handlers.ts. Each looks the session's tree up from its id (isolation.ts checks it).
import type { ChannelOf, Handlers } from '../../../shared/ipc';
import { ClideError } from '../../../shared/result';
import type { SessionView } from '../../../shared/transcript';
import { diffFiles, listChanges } from './changes';
import { archiveWorktree } from './archive';
import type { Isolation } from './isolation';
import { abortMerge, conflictDiffs, mergeBack, mergeState } from './merge';
import { realFilesIn } from './paths';
import { checkPullRequest, createPullRequest } from './pull-request';
import { reviewMessage } from './review';

export interface GitHandlerHost {
  readonly isolation: Isolation;
  send(id: string, text: string, images?: never[], queue?: boolean): { queued?: string };
  close(id: string): Promise<void>;
  view(id: string): SessionView;
}

export function gitHandlers(host: () => GitHandlerHost): Handlers<ChannelOf<'git'> | ChannelOf<'worktree'>> {
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
    'git:status': (i) => iso().statusFor(i.id),
    'git:changes': async (i) => {
      const { tree, run: r } = await run(i.id);
      return listChanges(r, tree, { counts: i.counts });
    },
    'git:diff': async (i) => {
      const { tree, run: r } = await run(i.id);
      return { files: await diffFiles(r, tree, i.files, i.scope ?? 'base', { full: i.full, compare: i.baseCommit }) };
    },
    'git:revert': async (i) => edited(i.id, await iso().edits.revert(await iso().tree(i.id), i.path, i.hunk, i.scope)),
    'git:undo': async (i) => edited(i.id, await iso().edits.undoRevert(await iso().tree(i.id), i.token)),
    'git:stage': async (i) => {
      await iso().edits.stage(await iso().tree(i.id), i.path, i.hunk);
      return edited(i.id, {});
    },
    'git:unstage': async (i) => {
      await iso().edits.unstage(await iso().tree(i.id), i.path, i.hunk);
      return edited(i.id, {});
    },
    'git:commit': async (i) => edited(i.id, await iso().edits.commit(await iso().tree(i.id), i.message, i.all)),
    'git:review': async (i) => {
      // The message sends Claude to each file: one a link leads out of the tree to is refused.
      await realFilesIn(
        (await iso().tree(i.id)).cwd,
        i.comments.map((c) => c.path),
      );
      const text = reviewMessage(i.comments, i.intro);
      return { text, ...host().send(i.id, text, undefined, true) };
    },
    'git:sharedTrees': () => iso().sharedTrees(),
    'worktree:capability': (i) => iso().capability(i.cwd, i.hint),
    'worktree:confirmSetup': (i) => {
      iso().confirmSetup(i.id, i.hash, i.run);
      return {};
    },
    'worktree:startAnyway': (i) => {
      iso().startAnyway(i.id);
      return {};
    },
    'worktree:retrySetup': (i) => {
      iso().retrySetup(i.id);
      return {};
    },
    'worktree:recreate': async (i) => {
      await iso().recreate(i.id);
      return {};
    },
    'worktree:merge': async (i) => edited(i.id, await mergeBack(iso().git, await iso().worktree(i.id), i.strategy)),
    'worktree:mergeState': async (i) => mergeState(iso().git, await iso().worktree(i.id)),
    'worktree:conflictDiffs': async (i) => ({ files: await conflictDiffs(iso().git, await iso().worktree(i.id)) }),
    'worktree:mergeAbort': async (i) => edited(i.id, await abortMerge(iso().git, await iso().worktree(i.id))),
    'worktree:prCheck': async (i) => checkPullRequest(iso().git, await iso().worktree(i.id), { env: iso().env }),
    'worktree:createPr': async (i) => createPullRequest(iso().git, await iso().worktree(i.id), i, { env: iso().env }),
    'worktree:archive': async (i) => {
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
