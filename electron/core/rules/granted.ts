// The rules clide saved because the person chose "Always allow", so the Rules panel can mark
// them and offer to take them out again. Claude Code's listing does not say who added a rule,
// so clide keeps its own note of each one it sent (addRules in updatedPermissions): the scope,
// the behavior, the rule, and for a settings file the files it can land in (the candidates for
// the session's folder at that moment). A listed rule is clide's when a note matches it and the
// file that holds it is one of the note's. Notes for settings files are kept in the data dir
// (always-allowed.json), so the marks outlive a restart; session-only ones live with their tab.
import path from 'node:path';
import { z } from 'zod';
import { lazySchema } from '../../../shared/lazy-schema';
import { isRecord, nonEmpty } from '../../../shared/guards';
import { FileScopeSchema, isFileScope, ruleBehaviors, RuleBehaviorSchema, type FileScope, type RuleBehavior } from '../../../shared/rules';
import { readJsonFile, writeJsonFileAtomic } from '../json-file';

const GrantSchema = lazySchema(() =>
  z.object({ scope: FileScopeSchema, behavior: RuleBehaviorSchema, key: z.string(), files: z.array(z.string()), at: z.number() }),
);
type Grant = z.infer<typeof GrantSchema>;
const FileSchema = lazySchema(() => z.object({ version: z.literal(1), grants: z.array(GrantSchema) }));

/** Enough for years of "Always allow"; the oldest notes go first. */
const MAX_GRANTS = 1000;

/**
 * A rule compared the way Claude Code spells it: it stores `{toolName: "Bash", ruleContent:
 * "echo (a) *"}` as `Bash(echo \(a\) *)`, so escapes before parentheses and backslashes are
 * dropped on both sides before comparing.
 */
export function ruleKey(rule: string): string {
  return rule.replace(/\\([\\()])/g, '$1');
}

/** `{toolName, ruleContent}` as the rule string it becomes (before Claude Code's escaping). */
function ruleOf(value: unknown): string | undefined {
  if (!isRecord(value)) return undefined;
  const tool = nonEmpty(value.toolName);
  if (!tool) return undefined;
  const content = nonEmpty(value.ruleContent);
  return content === undefined ? tool : `${tool}(${content})`;
}

/** The rules one "Always allow" adds: addRules updates, each with its scope and behavior. */
export function addedRules(updates: readonly Record<string, unknown>[]): Array<{ destination: string; behavior: RuleBehavior; rule: string }> {
  return updates.flatMap((u) => {
    if (u.type !== 'addRules' || !Array.isArray(u.rules) || typeof u.destination !== 'string') return [];
    const behavior = (ruleBehaviors as readonly unknown[]).includes(u.behavior) ? (u.behavior as RuleBehavior) : 'allow';
    const destination = u.destination;
    return u.rules.flatMap((r) => {
      const rule = ruleOf(r);
      return rule ? [{ destination, behavior, rule }] : [];
    });
  });
}

export class GrantedRules {
  private grants: Grant[];
  /** Session-only rules per tab: `behavior\0key`. */
  private readonly sessionOnly = new Map<string, Set<string>>();
  private readonly file: string | undefined;

  constructor(
    dataDir: string | undefined,
    private readonly now: () => number = Date.now,
  ) {
    this.file = dataDir ? path.join(dataDir, 'always-allowed.json') : undefined;
    const read = this.file ? readJsonFile(this.file, FileSchema, { version: 1, grants: [] }) : undefined;
    if (read?.warning) console.warn(`[clide] ${read.warning}`);
    this.grants = read?.value.grants ?? [];
  }

  /** Note the rules an answer saved. `files` gives a scope's candidate files for that tab's folder. */
  note(tabId: string, updates: readonly Record<string, unknown>[], files: (scope: FileScope) => string[]): void {
    let changed = false;
    for (const { destination, behavior, rule } of addedRules(updates)) {
      const key = ruleKey(rule);
      if (destination === 'session') {
        const set = this.sessionOnly.get(tabId) ?? new Set<string>();
        set.add(`${behavior}\0${key}`);
        this.sessionOnly.set(tabId, set);
      } else if (isFileScope(destination)) {
        const candidates = files(destination);
        this.grants = this.grants.filter((g) => !(g.scope === destination && g.behavior === behavior && g.key === key && sameFiles(g.files, candidates)));
        this.grants.push({ scope: destination, behavior, key, files: candidates, at: this.now() });
        changed = true;
      }
    }
    if (changed) this.save();
  }

  /** Whether clide saved this listed rule; `file` is the settings file that holds it. */
  isClides(tabId: string, listed: { source: string; behavior: RuleBehavior; rule: string }, file: string | undefined): boolean {
    const key = ruleKey(listed.rule);
    if (listed.source === 'session') return this.sessionOnly.get(tabId)?.has(`${listed.behavior}\0${key}`) ?? false;
    if (!file) return false;
    return this.grants.some((g) => g.scope === listed.source && g.behavior === listed.behavior && g.key === key && g.files.includes(file));
  }

  /** The rule was taken out of `file`: its notes for that file go. */
  forget(listed: { source: string; behavior: RuleBehavior; rule: string }, file: string): void {
    const key = ruleKey(listed.rule);
    const before = this.grants.length;
    this.grants = this.grants.filter((g) => !(g.scope === listed.source && g.behavior === listed.behavior && g.key === key && g.files.includes(file)));
    if (this.grants.length !== before) this.save();
  }

  /** The tab is closed: its session-only rules ended with its process. */
  forgetTab(tabId: string): void {
    this.sessionOnly.delete(tabId);
  }

  private save(): void {
    this.grants = this.grants.slice(-MAX_GRANTS);
    if (!this.file) return;
    try {
      writeJsonFileAtomic(this.file, { version: 1, grants: this.grants });
    } catch (err) {
      // The marks are a convenience: without the file they last until the app quits.
      console.warn(`[clide] could not save ${this.file}: ${(err as Error).message}`);
    }
  }
}

function sameFiles(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((f, i) => f === b[i]);
}
