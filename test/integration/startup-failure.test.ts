// A resume Claude Code refuses (no conversation with that id): the tab says so in words that
// say what to do, not "exited with code 1" with a hint to resume again. From 2.1.337 the CLI
// names the cause (startup_failure_reason: resume_target_not_found); the pinned 2.1.332 writes
// the same zeroed result without it, so there the tab keeps the generic exit error.
import { describe, expect, it } from 'vitest';
import { claudeVersion } from '../support/real-cli';
import { realCliHosts } from '../support/real-cli-hosts';
import { waitFor } from '../support/wait';

const onRealCli = realCliHosts();
const GONE = '0d6c1a55-1111-4222-8333-944455556666';
const namesCause = () => claudeVersion().localeCompare('2.1.337', undefined, { numeric: true }) >= 0;

describe('a start Claude Code refuses', () => {
  it('resuming a conversation that does not exist fails with what to do, once', async () => {
    const { host } = await onRealCli([]);
    const { id } = host.create({ resume: GONE });
    host.send(id, 'hello again');
    const failure = await waitFor(() => host.view(id).failure, 'the failure');
    const view = host.view(id);
    if (namesCause()) {
      expect(failure.error).toMatchObject({ kind: 'session-not-found', message: 'Claude Code found no conversation to resume for this session.' });
      expect(failure.error.hint).toMatch(/Start a new session/);
      expect(failure.error.detail).toContain(`No conversation found with session ID: ${GONE}`);
      // Resuming again cannot help, and the failure is said once: no turn error beside it.
      expect(failure.resumable).toBe(false);
      expect(view.items.filter((i) => i.type === 'turn-error')).toEqual([]);
    } else {
      expect(failure.error.kind).toBe('process-exit');
    }
  });
});
