// "Always allow" in words: what each permission suggestion the CLI offers would save, and where.
// Pure functions, so the exact wording is tested without a browser.
import type { PermissionSuggestion } from '../../../../shared/events';
import { permissionModeLabel } from '../../lib/format';
import { nonEmpty } from '../../../../shared/guards';

export const destinations = ['session', 'localSettings', 'projectSettings', 'userSettings'] as const;
export type Destination = (typeof destinations)[number];

const destinationText: Record<string, string> = {
  session: 'this session only',
  localSettings: 'this project, just you (.claude/settings.local.json)',
  projectSettings: 'this project, shared (.claude/settings.json)',
  userSettings: 'all your projects (~/.claude/settings.json)',
  cliArg: 'this session (command-line setting)',
};

export function destinationLabel(destination: unknown): string {
  return typeof destination === 'string' ? (destinationText[destination] ?? destination) : 'an unnamed place';
}

/** `{toolName: "Bash", ruleContent: "npm test *"}` -> "Bash(npm test *)". */
export function ruleText(rule: unknown): string {
  if (typeof rule !== 'object' || rule === null) return String(rule);
  const r = rule as Record<string, unknown>;
  const tool = nonEmpty(r.toolName) ?? '?';
  const content = nonEmpty(r.ruleContent);
  return content ? `${tool}(${content})` : tool;
}

function rulesOf(s: PermissionSuggestion): string[] {
  return Array.isArray(s.rules) ? s.rules.map(ruleText) : [];
}

function dirsOf(s: PermissionSuggestion): string[] {
  return Array.isArray(s.directories) ? s.directories.filter((d): d is string => typeof d === 'string') : [];
}

export interface SuggestionText {
  /** What it does, e.g. "Allow Bash(npm test *)". */
  what: string;
  /** Where it is saved, e.g. "this project, just you (.claude/settings.local.json)". */
  where: string;
  /** Whether the person may save it somewhere else (rules and folders can; a mode switch cannot). */
  movable: boolean;
}

export function describeSuggestion(s: PermissionSuggestion): SuggestionText {
  const where = destinationLabel(s.destination);
  const behavior = nonEmpty(s.behavior) ?? 'allow';
  const verb = behavior === 'deny' ? 'Deny' : behavior === 'ask' ? 'Always ask for' : 'Allow';
  switch (s.type) {
    case 'addRules':
      return { what: `${verb} ${rulesOf(s).join(', ')}`, where, movable: true };
    case 'replaceRules':
      return { what: `Replace the ${behavior} rules with ${rulesOf(s).join(', ')}`, where, movable: true };
    case 'removeRules':
      return { what: `Remove the ${behavior} rules ${rulesOf(s).join(', ')}`, where, movable: true };
    case 'setMode': {
      const mode = permissionModeLabel(nonEmpty(s.mode));
      return { what: s.destination === 'session' ? `Switch to ${mode} for this session` : `Use ${mode} by default`, where, movable: false };
    }
    case 'addDirectories':
      return { what: `Allow access to ${dirsOf(s).join(', ')}`, where, movable: true };
    case 'removeDirectories':
      return { what: `Remove access to ${dirsOf(s).join(', ')}`, where, movable: true };
    default:
      return { what: `Save this setting: ${JSON.stringify(s)}`, where, movable: false };
  }
}

/** The suggestions to send, with rules and folders moved to the scope the person picked. */
export function withDestination(chosen: readonly PermissionSuggestion[], destination: Destination | undefined): PermissionSuggestion[] {
  return chosen.map((s) => (destination && describeSuggestion(s).movable ? { ...s, destination } : s));
}

/** The scope the CLI suggested for the movable suggestions (the first one names it). */
export function suggestedDestination(suggestions: readonly PermissionSuggestion[]): Destination | undefined {
  const first = suggestions.find((s) => describeSuggestion(s).movable);
  const d = first?.destination;
  return (destinations as readonly unknown[]).includes(d) ? (d as Destination) : undefined;
}

export { destinationText };
