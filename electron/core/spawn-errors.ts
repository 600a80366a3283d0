// Why a `claude` process could not start, said so a person can fix it. Node reports a missing
// working directory, a missing executable and a missing script interpreter all as ENOENT, so
// the cause is found by looking, not by trusting the error code.
import fs from 'node:fs';
import path from 'node:path';
import type { AppError } from '../../shared/result';

const INSTALL_HINT = 'Install Claude Code (npm install -g @anthropic-ai/claude-code) or set CLIDE_CLAUDE_PATH to the claude executable.';

/**
 * What is wrong with a working directory a window asked for. A relative path would be taken
 * from the host's own working directory (wherever clide or `npm run web` was started), which
 * is never what the person meant, so it is refused rather than guessed.
 */
export function requestedCwdProblem(cwd: string): AppError | undefined {
  if (!path.isAbsolute(cwd)) {
    return {
      kind: 'invalid-input',
      message: `The working directory must be a full path, not ${JSON.stringify(cwd.length > 200 ? `${cwd.slice(0, 200)}…` : cwd)}.`,
      hint: 'Choose the folder with the folder field or picker, or type its full path.',
    };
  }
  return cwdProblem(cwd);
}

export function cwdProblem(cwd: string): AppError | undefined {
  try {
    if (fs.statSync(cwd).isDirectory()) return undefined;
    return { kind: 'cwd-missing', message: `The working directory is not a folder: ${cwd}`, hint: 'Choose an existing folder for the session.' };
  } catch {
    return {
      kind: 'cwd-missing',
      message: `The working directory does not exist (it may have been moved or deleted): ${cwd}`,
      hint: 'Choose an existing folder for the session, or recreate this one and resume.',
    };
  }
}

export function spawnProblem(err: NodeJS.ErrnoException, command: string, cwd: string): AppError {
  if (err.code === 'ENOENT') {
    const dir = cwdProblem(cwd);
    if (dir) return dir;
    if (fs.existsSync(command)) {
      return {
        kind: 'cli-not-executable',
        message: `${command} exists but could not be started: the interpreter named on its first line (#!) is missing.`,
        hint: `Reinstall Claude Code, or point CLIDE_CLAUDE_PATH at the claude executable itself.`,
      };
    }
    return { kind: 'cli-not-found', message: `Claude Code was not found at ${command}.`, hint: INSTALL_HINT };
  }
  if (err.code === 'EACCES' || err.code === 'EISDIR' || err.code === 'ENOEXEC') {
    const isDir = safeIsDirectory(command);
    return {
      kind: 'cli-not-executable',
      message: isDir ? `${command} is a folder, not the claude executable.` : `${command} is not executable.`,
      hint: isDir
        ? 'Point CLIDE_CLAUDE_PATH at the claude executable inside it.'
        : `Make it executable (chmod +x ${command}) or point CLIDE_CLAUDE_PATH at the right file.`,
    };
  }
  if (err.code === 'EMFILE' || err.code === 'ENFILE' || err.code === 'EAGAIN' || err.code === 'ENOMEM') {
    return {
      kind: 'spawn-failed',
      message: `Could not start Claude: the system is out of resources (${err.code}).`,
      hint: 'Close some sessions or other programs and try again.',
    };
  }
  return { kind: 'spawn-failed', message: `Could not start Claude: ${err.message}`, hint: 'Check that Claude Code runs in a terminal, then try again.' };
}

function safeIsDirectory(p: string): boolean {
  try {
    return fs.statSync(p).isDirectory();
  } catch {
    return false;
  }
}
