// Sessions on remote hosts over SSH (electron/core/remote): where a session runs, the hosts
// New session offers, connecting (host keys, password and passphrase prompts) and the remote
// folder field.
import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { AppErrorSchema } from './result';
import { PathCompletionSchema } from './folders';

const USER = '[A-Za-z0-9._][A-Za-z0-9._-]{0,63}';
const HOST = '(?:[A-Za-z0-9_][A-Za-z0-9_.-]{0,252}|\\[[0-9A-Fa-f:.]{2,45}\\])';
/** `[user@]host[:port]`: an alias from ~/.ssh/config or a host typed as it is. Never starts with `-`. */
export const LOCATION_PATTERN = new RegExp(`^(?:(${USER})@)?(${HOST})(?::([0-9]{1,5}))?$`);

export const LocationSchema = lazySchema(() =>
  z.string().trim().min(1).max(330).regex(LOCATION_PATTERN, 'is not a host: type user@host or user@host:port, or pick one from the list'),
);

export interface SshTarget {
  user?: string;
  host: string;
  port?: number;
}

/** The parts of a location, or undefined when it is not one. */
export function parseLocation(text: string): SshTarget | undefined {
  const m = LOCATION_PATTERN.exec(text.trim());
  if (!m?.[2]) return undefined;
  const port = m[3] === undefined ? undefined : Number(m[3]);
  if (port !== undefined && (port < 1 || port > 65535)) return undefined;
  return { user: m[1], host: m[2], port };
}

/** The one spelling of a location: what it is stored and compared under. */
export function formatLocation(t: SshTarget): string {
  return `${t.user ? `${t.user}@` : ''}${t.host}${t.port && t.port !== 22 ? `:${t.port}` : ''}`;
}

export const RemoteHostSchema = lazySchema(() =>
  z.object({
    /** What session:create takes as `location`. */
    location: z.string(),
    /** From ~/.ssh/config (or a file it includes), typed earlier, or both. */
    fromConfig: z.boolean(),
    /** What ~/.ssh/config says it is, for the list (HostName, User, Port). */
    hostName: z.string().optional(),
    user: z.string().optional(),
    port: z.number().optional(),
    /** Folders sessions on it started in, newest first. */
    recentFolders: z.array(z.string()),
    /** Epoch ms a session last started there. */
    lastUsed: z.number().optional(),
    /** A connection to it is open now. */
    connected: z.boolean(),
  }),
);
export type RemoteHost = z.infer<typeof RemoteHostSchema>;

export const RemoteHostsSchema = lazySchema(() =>
  z.object({
    hosts: z.array(RemoteHostSchema),
    /** Why the ssh config could not be read completely (the list is what could be read). */
    configProblem: z.string().optional(),
  }),
);
export type RemoteHosts = z.infer<typeof RemoteHostsSchema>;

export const HostKeySchema = lazySchema(() => z.object({ type: z.string(), fingerprint: z.string(), bits: z.number().optional() }));
export type HostKey = z.infer<typeof HostKeySchema>;

export const ConnectResultSchema = lazySchema(() =>
  z.discriminatedUnion('state', [
    z.object({
      state: z.literal('connected'),
      location: z.string(),
      /** The remote user's home folder. */
      home: z.string(),
      /** Where `claude` is there; absent when it is not installed (`claudeProblem` says what to do). */
      claudePath: z.string().optional(),
      claudeProblem: AppErrorSchema.optional(),
    }),
    /**
     * ssh does not know this host's key. Nothing was accepted: show the fingerprints, and call
     * remote:trustHost with `token` only when the person confirms they are the host's.
     */
    z.object({
      state: z.literal('host-key-unknown'),
      location: z.string(),
      /** The name the key is known under ([host]:port). */
      knownAs: z.string(),
      keys: z.array(HostKeySchema),
      /** Where the confirmed keys are added. */
      knownHostsFile: z.string(),
      token: z.string(),
    }),
    z.object({ state: z.literal('failed'), location: z.string(), error: AppErrorSchema }),
  ]),
);
export type ConnectResult = z.infer<typeof ConnectResultSchema>;

/** A password or key passphrase ssh asks for (through clide's SSH_ASKPASS helper). */
export const RemotePromptSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    location: z.string(),
    /** ssh's own words ("Enter passphrase for key '…':", "user@host's password:"). */
    text: z.string(),
    /** A yes/no question rather than a secret (SSH_ASKPASS_PROMPT=confirm). */
    confirm: z.boolean(),
  }),
);
export type RemotePrompt = z.infer<typeof RemotePromptSchema>;

const PromptId = lazySchema(() => z.string().min(1).max(100));

export const RemoteInputs = lazySchema(() => ({
  location: z.object({ location: LocationSchema }).strict(),
  trust: z.object({ location: LocationSchema, token: z.string().min(1).max(100) }).strict(),
  complete: z.object({ location: LocationSchema, prefix: z.string().max(4096) }).strict(),
  /** `answer` absent: the person cancelled. Never stored, never logged. */
  answer: z.object({ id: PromptId, answer: z.string().max(4096).optional() }).strict(),
}));

export const remoteContracts = {
  /** Hosts from ~/.ssh/config (and its Includes) and the ones used before, with their recent folders. */
  hosts: lazySchema(() => ({ input: z.object({}).strict(), output: RemoteHostsSchema })),
  /** Open (or reuse) the connection to a host and find `claude` there. Asks nothing behind the person's back. */
  connect: lazySchema(() => ({ input: RemoteInputs.location, output: ConnectResultSchema })),
  /** Add the host keys a `host-key-unknown` answer showed to known_hosts (the person confirmed them). */
  trustHost: lazySchema(() => ({ input: RemoteInputs.trust, output: z.object({}) })),
  /** Completion for the folder field, on the remote host. */
  complete: lazySchema(() => ({ input: RemoteInputs.complete, output: PathCompletionSchema })),
  /** Prompts waiting for an answer now (a window that opens late, or comes back, shows them). */
  prompts: lazySchema(() => ({ input: z.object({}).strict(), output: z.object({ prompts: z.array(RemotePromptSchema) }) })),
  /** The answer to a `remote-prompt` event. */
  answer: lazySchema(() => ({ input: RemoteInputs.answer, output: z.object({}) })),
} as const;

export const RemoteEventSchemas = lazySchema(
  () =>
    [
      z.object({ type: z.literal('remote-prompt'), prompt: RemotePromptSchema }),
      /** The prompt is no longer asked (answered, or ssh gave up). */
      z.object({ type: z.literal('remote-prompt-closed'), id: z.string() }),
    ] as const,
);
