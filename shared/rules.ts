// What decides what is asked: the permission rules in force in a session (list_permission_rules)
// and the hooks that will run (get_hooks_listing), as the "Rules and hooks" panel shows them.
// The app's own shapes; electron/core/protocol/rules-control.ts reads the CLI's answers into them.
import { z } from 'zod';
import { lazySchema } from './lazy-schema';

const SessionId = lazySchema(() => z.string().min(1).max(200));

export const ruleBehaviors = ['allow', 'ask', 'deny'] as const;
export const RuleBehaviorSchema = lazySchema(() => z.enum(ruleBehaviors));
export type RuleBehavior = z.infer<typeof RuleBehaviorSchema>;

/** The scopes whose rules live in a settings file (the only ones a rule can be removed from). */
export const fileScopes = ['localSettings', 'projectSettings', 'userSettings'] as const;
export const FileScopeSchema = lazySchema(() => z.enum(fileScopes));
export type FileScope = z.infer<typeof FileScopeSchema>;

export function isFileScope(source: string): source is FileScope {
  return (fileScopes as readonly string[]).includes(source);
}

export const PermissionRuleSchema = lazySchema(() =>
  z.object({
    /** allow, ask or deny. */
    behavior: RuleBehaviorSchema,
    /**
     * Where it comes from: userSettings, projectSettings, localSettings, policySettings,
     * flagSettings, cliArg (--allowedTools), command (a slash command's grant), session (this
     * session only), and more in newer CLIs: an open set.
     */
    source: z.string(),
    /** The rule exactly as stored, e.g. `Bash(npm test *)`; may hold hidden characters. */
    rule: z.string(),
    /** Claude Code's plain reading: `prefix` and `suffix` are its words, `emphasis` the rule's own part. */
    reading: z.object({ prefix: z.string(), emphasis: z.string().optional(), suffix: z.string().optional() }).optional(),
    /** persistent (a settings file), session (memory, until the process ends) or readonly. */
    editability: z.string(),
    /** Managed settings allow only their own rules: this one is listed but not applied. */
    notInEffect: z.boolean().optional(),
    /** The settings file it is in (absolute), when clide could see it on this computer. */
    file: z.string().optional(),
    /** clide saved it when the person chose "Always allow". */
    byClide: z.boolean(),
    /** clide can remove it here: one clide saved, in a settings file on this computer. */
    removable: z.boolean(),
  }),
);
export type PermissionRule = z.infer<typeof PermissionRuleSchema>;

export const SettingsProblemSchema = lazySchema(() =>
  z.object({
    /** The settings file that was skipped (absent when Claude Code does not say). */
    file: z.string().optional(),
    /** The field at fault, dotted; empty for the whole file. */
    path: z.string(),
    message: z.string(),
  }),
);
export type SettingsProblem = z.infer<typeof SettingsProblemSchema>;

export const RulesStateSchema = lazySchema(() =>
  z.object({
    rules: z.array(PermissionRuleSchema),
    /** Folders beyond the working folder that the session may use, and who granted them. */
    directories: z.array(z.object({ path: z.string(), source: z.string() })),
    /** Managed settings allow only their own rules (the others show notInEffect). */
    managedOnly: z.boolean(),
    /** Settings files Claude Code skipped: their rules are not in force and not listed. */
    errors: z.array(SettingsProblemSchema),
    /** The session runs on a remote host: its files are there, and clide does not change them. */
    remote: z.boolean(),
    /** When Claude Code was asked (epoch ms). */
    at: z.number(),
  }),
);
export type RulesState = z.infer<typeof RulesStateSchema>;

export const HookSchema = lazySchema(() =>
  z.object({
    event: z.string(),
    /** Which tool (or source, agent...) it fires for; empty: every time its event happens. */
    matcher: z.string(),
    /** userSettings, projectSettings, localSettings, policySettings, pluginHook, sessionHook, ... */
    source: z.string(),
    /** Claude Code's words for the source, e.g. "Project settings (.claude/settings.json)". */
    sourceLabel: z.string(),
    pluginName: z.string().optional(),
    /** command, prompt, agent, http, mcp_tool, ... */
    type: z.string(),
    /** What `text` is: Command, Prompt, URL, ... */
    textLabel: z.string(),
    /** What runs, with control characters shown (by Claude Code). */
    text: z.string(),
    statusMessage: z.string().optional(),
    /** Its `if` condition, when it has one. */
    condition: z.string().optional(),
    timeoutSec: z.number().optional(),
    once: z.boolean().optional(),
    background: z.boolean().optional(),
    /** The session's mode or policy keeps it from running. */
    disabled: z.boolean().optional(),
  }),
);
export type Hook = z.infer<typeof HookSchema>;

export const HookEventSchema = lazySchema(() =>
  z.object({
    name: z.string(),
    /** Claude Code's one line on when it fires. */
    summary: z.string(),
    hooks: z.array(HookSchema),
  }),
);
export type HookEvent = z.infer<typeof HookEventSchema>;

export const HooksStateSchema = lazySchema(() =>
  z.object({
    /** Events with at least one hook, in the order they happen in a session. */
    events: z.array(HookEventSchema),
    policy: z.object({
      /** Managed settings turn every hook off. */
      disabledByPolicy: z.boolean(),
      /** Only managed hooks run (and they are not listed). */
      managedOnly: z.boolean(),
      /** disableAllHooks is set somewhere: none runs. */
      allDisabled: z.boolean(),
      /** Hooks from managed settings (they run even when the person's settings turn hooks off). */
      policyHookCount: z.number(),
    }),
    /** The session runs in safe mode or bare mode: how to leave it. */
    safeMode: z.object({ exitHint: z.string() }).optional(),
    bareMode: z.object({ exitHint: z.string() }).optional(),
    errors: z.array(SettingsProblemSchema),
    at: z.number(),
  }),
);
export type HooksState = z.infer<typeof HooksStateSchema>;

/** A rule to remove: as the list named it. */
export const RuleRefSchema = lazySchema(() =>
  z.object({ source: FileScopeSchema, behavior: RuleBehaviorSchema, rule: z.string().min(1).max(20_000) }).strict(),
);
export type RuleRef = z.infer<typeof RuleRefSchema>;

export const rulesContracts = {
  /** The permission rules in force in the session now (starts a tab not yet started). */
  list: lazySchema(() => ({ input: z.object({ id: SessionId }).strict(), output: RulesStateSchema })),
  /** The hooks that will run in the session now. */
  hooks: lazySchema(() => ({ input: z.object({ id: SessionId }).strict(), output: HooksStateSchema })),
  /**
   * Remove a rule clide saved with "Always allow" from its settings file; answers once Claude
   * Code no longer lists it. Refused, with the reason, for any other rule.
   */
  remove: lazySchema(() => ({ input: z.object({ id: SessionId, rule: RuleRefSchema }).strict(), output: RulesStateSchema })),
} as const;
