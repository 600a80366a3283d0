// Remote rigs for vitest (remote-rig.ts): each one made in a test is shut down after it.
import { afterEach } from 'vitest';
import type { FakeReply, Responder } from './fake-api';
import { startRemoteRig, type RemoteRig, type RigOptions } from './remote-rig';

export { remoteClaudes, TEST_REMOTE_ENV, type RemoteRig, type RigOptions } from './remote-rig';

export type MakeRig = (script: Responder | FakeReply[], opts?: RigOptions) => Promise<RemoteRig>;

/** Call once at the top of a test file. */
export function remoteRigs(): MakeRig {
  let made: Array<{ dispose(): Promise<void> }> = [];
  afterEach(async () => {
    const all = made;
    made = [];
    for (const rig of all) await rig.dispose();
  });
  return async (script, opts = {}) => {
    const rig = await startRemoteRig(script, opts);
    made.push(rig);
    return rig;
  };
}
