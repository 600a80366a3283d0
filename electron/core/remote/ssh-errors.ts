// What ssh's stderr means, said so a person can act on it. ssh has one exit code for all of
// its own failures (255), so the cause is read from its words, which OpenSSH has kept stable
// for many years; anything not recognised is reported with ssh's own text.
import type { AppError } from '../../../shared/result';

/** ssh's lines without the terminal's carriage returns, and without its debug noise. */
export function cleanStderr(text: string): string {
  return text
    .replace(/\r/g, '')
    .split('\n')
    .filter((l) => l.trim() !== '' && !/^(debug\d|Warning: Permanently added)/.test(l))
    .join('\n')
    .trim();
}

/** The last meaningful line: the cause, in ssh's words. */
export function lastLine(text: string): string | undefined {
  const lines = cleanStderr(text).split('\n');
  return lines[lines.length - 1] || undefined;
}

/** Why connecting to `label` failed, from ssh's stderr and exit. */
export function connectProblem(label: string, stderr: string, spawnError?: NodeJS.ErrnoException): AppError {
  if (spawnError) return sshMissing(spawnError);
  const text = cleanStderr(stderr);
  const detail = text || undefined;
  if (/REMOTE HOST IDENTIFICATION HAS CHANGED|Host key for .* has changed/.test(text)) {
    return {
      kind: 'host-key-changed',
      message: `The host key of ${label} has changed, so clide refused to connect. This can mean someone is intercepting the connection, or that the host was reinstalled.`,
      hint: "Ask the host's administrator for its key fingerprint; only if it matches, remove the old key (ssh-keygen -R, as ssh says below) and connect again.",
      detail,
    };
  }
  if (/host key is known for|Host key verification failed/.test(text)) {
    return {
      kind: 'host-key-unknown',
      message: `${label} is not a known host yet: its key has not been confirmed.`,
      hint: 'Pick the host in New session to see its key fingerprint and confirm it.',
      detail,
    };
  }
  if (/Permission denied|Too many authentication failures|no more authentication methods/i.test(text)) {
    return {
      kind: 'auth-failed',
      message: `${label} refused the login.`,
      hint: 'Check the user name and your key (ssh-add, or IdentityFile in ~/.ssh/config), or the password, and try again.',
      detail,
    };
  }
  if (/Could not resolve hostname/i.test(text)) {
    return {
      kind: 'connection-failed',
      message: `The host name ${label} could not be found.`,
      hint: 'Check the spelling, or add the host to ~/.ssh/config.',
      detail,
    };
  }
  if (/Connection refused/i.test(text)) {
    return {
      kind: 'connection-failed',
      message: `${label} refused the connection: no ssh server is listening there.`,
      hint: 'Check the host and port, and that its ssh server runs.',
      detail,
    };
  }
  if (/timed out|Network is unreachable|No route to host|not responding/i.test(text)) {
    return { kind: 'connection-failed', message: `${label} could not be reached.`, hint: 'Check your network (and VPN), then try again.', detail };
  }
  return {
    kind: 'connection-failed',
    message: `Could not connect to ${label}${text ? `: ${lastLine(text)}` : '.'}`,
    hint: 'Check that `ssh` to this host works in a terminal, then try again.',
    detail,
  };
}

export function sshMissing(err: NodeJS.ErrnoException): AppError {
  return {
    kind: 'connection-failed',
    message: err.code === 'ENOENT' ? 'The ssh client was not found, so clide cannot reach remote hosts.' : `clide could not run ssh: ${err.message}`,
    hint: 'Install OpenSSH (on Debian and Ubuntu: apt-get install openssh-client) and try again.',
  };
}

export const NO_CAUSE = 'ssh ended without saying why.';

/** A session's connection dropped: the cause from ssh, and the way back. */
export function lostProblem(label: string, stderr: string, resumable: boolean): AppError {
  const cause = cleanStderr(stderr);
  return {
    kind: 'connection-lost',
    message: `Connection to ${label} lost.`,
    hint: resumable ? `Reconnect to continue the conversation on ${label}.` : `Reconnect to start Claude on ${label} again.`,
    detail: cause || NO_CAUSE,
  };
}
