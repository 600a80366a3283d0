// Password and passphrase prompts of ssh, shown as a dialog. ssh runs SSH_ASKPASS (forced, so
// no terminal or DISPLAY is needed, OpenSSH 8.4+) with its prompt; clide's helper is a small
// sh script that hands the prompt to the running app through a pair of named pipes in a
// private folder made for that one connection attempt, waits for the answer and prints it.
//
// Why named pipes: the helper must work wherever ssh does, with nothing but /bin/sh (a unix
// socket needs nc or a language runtime, and the desktop app's binary cannot run scripts).
// The answer is passed through and dropped: never stored, never logged.
import { randomBytes, randomUUID } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { RemotePrompt } from '../../../shared/remote';
import { ClideError } from '../../../shared/result';

/**
 * The helper. It writes "pid NUL kind NUL prompt NUL" to `req`, then reads lines from `ans`
 * until one starts with its own pid (an answer meant for an earlier helper that died is
 * skipped): "<pid> ok:<answer>" prints the answer, anything else is a cancel (exit 1).
 */
export const ASKPASS_SCRIPT = `#!/bin/sh
# clide's SSH_ASKPASS helper: asks the running clide app, prints the answer for ssh.
d=$CLIDE_ASKPASS_DIR
[ -n "$d" ] && [ -p "$d/req" ] && [ -p "$d/ans" ] || exit 1
printf '%s\\0%s\\0%s\\0' "$$" "\${SSH_ASKPASS_PROMPT:-}" "$1" > "$d/req" || exit 1
while IFS= read -r line; do
  case $line in
    "$$ ok:"*) printf '%s\\n' "\${line#"$$ ok:"}"; exit 0 ;;
    "$$ "*) exit 1 ;;
  esac
done < "$d/ans"
exit 1
`;

export interface AskpassHandlers {
  onPrompt(prompt: RemotePrompt): void;
  onClosed(id: string): void;
}

interface Open {
  prompt: RemotePrompt;
  pid: string;
  channel: AskpassChannel;
}

export class Askpass {
  private readonly open = new Map<string, Open>();
  private script: string | undefined;

  constructor(
    private readonly dir: string,
    private readonly handlers: AskpassHandlers,
  ) {}

  /** Whether prompts can be shown on this platform (named pipes: not on Windows). */
  get available(): boolean {
    return process.platform !== 'win32';
  }

  /** A prompt channel for one ssh process: its environment, and close() when ssh is done. */
  channel(location: string): AskpassChannel {
    if (!this.available) return new AskpassChannel(this, location, undefined, {});
    const script = this.installScript();
    const dir = path.join(this.dir, `a-${randomBytes(6).toString('hex')}`);
    fs.mkdirSync(dir, { mode: 0o700 });
    const made = spawnSync('mkfifo', ['-m', '600', path.join(dir, 'req'), path.join(dir, 'ans')]);
    if (made.status !== 0) {
      fs.rmSync(dir, { recursive: true, force: true });
      throw new ClideError({
        kind: 'internal',
        message: `clide could not make the pipes for ssh's password prompts: ${made.stderr?.toString().trim() || made.error?.message}`,
      });
    }
    return new AskpassChannel(this, location, dir, { SSH_ASKPASS: script, SSH_ASKPASS_REQUIRE: 'force', CLIDE_ASKPASS_DIR: dir });
  }

  /** The person answered (or cancelled, with no answer). */
  answer(id: string, answer: string | undefined): void {
    const o = this.open.get(id);
    if (!o) throw new ClideError({ kind: 'invalid-input', message: 'That prompt is no longer waiting for an answer.' });
    this.open.delete(id);
    o.channel.reply(o.pid, answer);
    this.handlers.onClosed(id);
  }

  /** Prompts waiting now (a window that connects late shows them too). */
  pending(): RemotePrompt[] {
    return [...this.open.values()].map((o) => o.prompt);
  }

  asked(channel: AskpassChannel, pid: string, kind: string, text: string): void {
    const prompt: RemotePrompt = { id: randomUUID(), location: channel.location, text: text.trim(), confirm: kind === 'confirm' };
    this.open.set(prompt.id, { prompt, pid, channel });
    this.handlers.onPrompt(prompt);
  }

  dropped(channel: AskpassChannel): void {
    for (const [id, o] of this.open) {
      if (o.channel !== channel) continue;
      this.open.delete(id);
      this.handlers.onClosed(id);
    }
  }

  private installScript(): string {
    const file = path.join(this.dir, 'askpass.sh');
    if (this.script === file && fs.existsSync(file)) return file;
    fs.mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, ASKPASS_SCRIPT, { mode: 0o700 });
    fs.renameSync(tmp, file);
    this.script = file;
    return file;
  }
}

export class AskpassChannel {
  private req: net.Socket | undefined;
  private ansFd: number | undefined;
  private buffered = '';
  private closed = false;

  constructor(
    private readonly owner: Askpass,
    readonly location: string,
    private readonly dir: string | undefined,
    readonly env: Record<string, string>,
  ) {
    if (!dir) return;
    // Both pipes are opened read-write: that never blocks, and the read side never sees EOF
    // between two helpers.
    const flags = fs.constants.O_RDWR | fs.constants.O_NONBLOCK;
    this.ansFd = fs.openSync(path.join(dir, 'ans'), flags);
    this.req = new net.Socket({ fd: fs.openSync(path.join(dir, 'req'), flags), readable: true, writable: false });
    this.req.on('data', (chunk: Buffer) => this.read(chunk.toString('utf8')));
    this.req.on('error', () => {});
  }

  reply(pid: string, answer: string | undefined): void {
    if (this.closed || this.ansFd === undefined) return;
    // A line per answer; a newline could never be part of what ssh reads as one answer.
    const line = answer === undefined ? `${pid} no\n` : `${pid} ok:${answer.replace(/[\r\n]/g, '')}\n`;
    try {
      fs.writeSync(this.ansFd, line);
    } catch {
      // The helper is gone (ssh gave up): nothing waits for the answer.
    }
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.owner.dropped(this);
    this.req?.destroy();
    if (this.ansFd !== undefined) fs.closeSync(this.ansFd);
    if (this.dir) fs.rmSync(this.dir, { recursive: true, force: true });
  }

  private read(text: string): void {
    this.buffered += text;
    for (;;) {
      const parts = this.buffered.split('\0');
      if (parts.length < 4) return;
      const [pid = '', kind = '', prompt = ''] = parts;
      this.buffered = parts.slice(3).join('\0');
      if (/^\d+$/.test(pid)) this.owner.asked(this, pid, kind, prompt);
    }
  }
}
