// How rules and hooks read in the "Rules and hooks" panel, and what its search matches. Pure,
// so the wording and the filtering are tested without a browser.
import type { Hook, HookEvent, HooksState, PermissionRule, RuleBehavior } from '../../../../shared/rules';
import { tildify } from '../../lib/format';

export const BEHAVIOR_HEADINGS: Record<RuleBehavior, { title: string; means: string }> = {
  allow: { title: 'Allow', means: 'used without asking' },
  ask: { title: 'Ask', means: 'always asks first' },
  deny: { title: 'Deny', means: 'never used' },
};

/** An error as one line: Claude Code's reason (which ends without a full stop), then what to do. */
export function errorLine(e: { message: string; hint?: string }): string {
  if (!e.hint) return e.message;
  return `${e.message}${/[.!?…]$/.test(e.message) ? '' : '.'} ${e.hint}`;
}

/** What removing a rule changes, for the confirmation. */
export function removalNote(behavior: RuleBehavior): string {
  if (behavior === 'allow') return 'Claude will ask again before doing what it allowed.';
  if (behavior === 'ask') return 'Claude will no longer always ask first; the other rules and the mode decide.';
  return 'Claude will no longer be kept from it; the other rules and the mode decide.';
}

/** Where a rule comes from, in words; the file (when known) is shown beside it. */
const SCOPES: Record<string, { name: string; file?: string }> = {
  userSettings: { name: 'All your projects', file: '~/.claude/settings.json' },
  projectSettings: { name: 'This project, shared', file: '.claude/settings.json' },
  localSettings: { name: 'This project, just you', file: '.claude/settings.local.json' },
  policySettings: { name: 'Managed by your organisation' },
  flagSettings: { name: 'Settings given at start (--settings)' },
  cliArg: { name: 'Command line (--allowedTools)' },
  command: { name: 'Granted by a slash command' },
  session: { name: 'This session only' },
  mcpServerPolicy: { name: 'MCP server policy' },
  mcpMount: { name: 'An MCP server of this session' },
  toolsNarrowing: { name: 'The tools this session was limited to' },
  hostCredential: { name: 'A credential of this host' },
};

export function scopeName(source: string): string {
  return SCOPES[source]?.name ?? source;
}

/** "This project, just you · ~/app/.claude/settings.local.json" (the file found, else where that scope's file usually is). */
export function whereKept(rule: Pick<PermissionRule, 'source' | 'file'>, home: string | undefined): string {
  const scope = SCOPES[rule.source];
  const file = rule.file ? tildify(rule.file, home) : scope?.file;
  return file ? `${scopeName(rule.source)} · ${file}` : scopeName(rule.source);
}

/** The CLI's plain reading as one line (for search and titles). */
export function readingText(rule: Pick<PermissionRule, 'reading'>): string {
  const r = rule.reading;
  return r ? `${r.prefix}${r.emphasis ?? ''}${r.suffix ?? ''}` : '';
}

function has(query: string, ...texts: Array<string | undefined>): boolean {
  return texts.some((t) => t !== undefined && t.toLowerCase().includes(query));
}

/** A rule matches when its text, reading, behavior, scope or file holds every word of the query. */
export function ruleMatches(rule: PermissionRule, query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const marks = [rule.byClide ? 'clide always allow' : undefined, rule.notInEffect ? 'not in effect' : undefined];
  return words.every((w) =>
    has(w, rule.rule, readingText(rule), rule.behavior, BEHAVIOR_HEADINGS[rule.behavior].title, scopeName(rule.source), rule.source, rule.file, ...marks),
  );
}

/** Who gave the session an extra folder: a settings file, --add-dir, or /add-dir in the session. */
export function folderSource(source: string): string {
  if (source === 'cliArg') return 'Command line (--add-dir)';
  if (source === 'session') return 'Added in this session';
  return scopeName(source);
}

/** An extra folder matches on its path and who granted it. */
export function folderMatches(folder: { path: string; source: string }, query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return words.every((w) => has(w, folder.path, folderSource(folder.source), folder.source, 'folder'));
}

/** A hook matches on its event, the event's summary, matcher, what runs, type and source. */
export function hookMatches(event: HookEvent, hook: Hook, query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return words.every((w) =>
    has(
      w,
      event.name,
      event.summary,
      hook.matcher,
      hook.text,
      hook.statusMessage,
      hook.condition,
      hook.type,
      hook.textLabel,
      hook.sourceLabel,
      hook.source,
      hook.pluginName,
    ),
  );
}

/** The events with only their matching hooks, dropping events left empty. */
export function filterHooks(events: readonly HookEvent[], query: string): HookEvent[] {
  if (!query.trim()) return [...events];
  return events.map((e) => ({ ...e, hooks: e.hooks.filter((h) => hookMatches(e, h, query)) })).filter((e) => e.hooks.length > 0);
}

/** "timeout 5 s · in the background · once · not running" for a hook's extras. */
export function hookExtras(hook: Hook): string[] {
  const out: string[] = [];
  if (hook.timeoutSec !== undefined) out.push(`timeout ${hook.timeoutSec} s`);
  if (hook.background) out.push('runs in the background');
  if (hook.once) out.push('runs once');
  if (hook.disabled) out.push('not running in this session');
  return out;
}

/** What the hook's matcher means, said plainly. */
export function matcherText(hook: Hook): string {
  return hook.matcher === '' || hook.matcher === '*' ? 'every time' : hook.matcher;
}

/** Sentences about why hooks may not run (policy, safe or bare mode), most important first. */
export function hooksNotices(state: Pick<HooksState, 'policy' | 'safeMode' | 'bareMode'>): string[] {
  const out: string[] = [];
  const p = state.policy;
  if (p.disabledByPolicy) out.push('Your organisation’s managed settings turn every hook off: none of these run.');
  else if (p.allDisabled) out.push('Hooks are turned off (disableAllHooks): none of these run.');
  if (p.managedOnly) out.push('Your organisation allows only its own hooks; the others are not run, and its own are not listed.');
  if (p.policyHookCount === 1 && !p.managedOnly) out.push('1 hook from your organisation’s managed settings also runs.');
  if (p.policyHookCount > 1 && !p.managedOnly) out.push(`${p.policyHookCount} hooks from your organisation’s managed settings also run.`);
  if (state.safeMode) out.push(`Safe mode: hooks from settings files do not run.${state.safeMode.exitHint ? ` ${state.safeMode.exitHint}` : ''}`);
  if (state.bareMode) out.push(`Bare mode: hooks from settings files and plugins do not run.${state.bareMode.exitHint ? ` ${state.bareMode.exitHint}` : ''}`);
  return out;
}
