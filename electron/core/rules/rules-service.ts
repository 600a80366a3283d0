// The "Rules and hooks" panel's side in the main process: the permission rules in force in a
// session, each with the settings file it is in and whether clide saved it ("Always allow");
// the hooks that will run; and removing a rule clide saved.
//
// Claude Code offers no request that removes a rule (update_settings refuses `permissions`), so
// the rule is taken out of its settings file. Claude Code watches those files and reads a
// changed one again on its own (about a second on 2.1.332); the removal answers once the next
// list_permission_rules no longer has the rule, so what the panel shows is what Claude enforces.
import type { PermissionDecision } from '../../../shared/ipc';
import { ClideError } from '../../../shared/result';
import { isFileScope, type HooksState, type PermissionRule, type RuleRef, type RulesState } from '../../../shared/rules';
import type { ListedRules } from '../protocol/rules-control';
import { GrantedRules } from './granted';
import { fileHolding, removeRule, settingsFiles } from './settings-files';

export interface RulesTab {
  session: { permissionRules(): Promise<ListedRules>; hooksListing(): Promise<Omit<HooksState, 'at'>> };
  cwd: string;
  /** The session runs on a remote host: its settings files are there. */
  remote: boolean;
}

export interface RulesOptions {
  /** The tab with this id (throws session-not-found). */
  tab(id: string): RulesTab;
  /** Claude Code's config dir (CLAUDE_CONFIG_DIR, else ~/.claude): the user settings are there. */
  configDir: string;
  /** Where the notes of clide's own rules are kept (none: in memory). */
  dataDir?: string;
  now?: () => number;
  /** How long Claude Code may take to read a changed settings file (default 30 s), and how often to look. */
  settleMs?: number;
  pollMs?: number;
}

const DEFAULT_SETTLE_MS = 30_000;
const DEFAULT_POLL_MS = 250;

export class RulesService {
  private readonly granted: GrantedRules;
  private readonly now: () => number;

  constructor(private readonly opts: RulesOptions) {
    this.now = opts.now ?? Date.now;
    this.granted = new GrantedRules(opts.dataDir, this.now);
  }

  /** A prompt was answered: note the rules "Always allow" saved, to mark them later. */
  noteDecision(id: string, decision: PermissionDecision): void {
    if (decision.behavior !== 'allow' || !decision.updatedPermissions?.length) return;
    const tab = this.opts.tab(id);
    // A remote session's files are on its host: clide neither marks nor removes its rules.
    if (tab.remote) return;
    this.granted.note(id, decision.updatedPermissions, (scope) => settingsFiles(scope, tab.cwd, this.opts.configDir));
  }

  forgetTab(id: string): void {
    this.granted.forgetTab(id);
  }

  async list(id: string): Promise<RulesState> {
    const tab = this.opts.tab(id);
    const listed = await tab.session.permissionRules();
    const rules = listed.rules.map((r): PermissionRule => {
      const file = !tab.remote && isFileScope(r.source) ? fileHolding(settingsFiles(r.source, tab.cwd, this.opts.configDir), r.behavior, r.rule) : undefined;
      const byClide = !tab.remote && this.granted.isClides(id, r, file);
      return { ...r, file, byClide, removable: byClide && file !== undefined };
    });
    return { rules, directories: listed.directories, managedOnly: listed.managedOnly, errors: listed.errors, remote: tab.remote, at: this.now() };
  }

  async hooks(id: string): Promise<HooksState> {
    return { ...(await this.opts.tab(id).session.hooksListing()), at: this.now() };
  }

  /** Take a rule clide saved out of its settings file; answers the rules once Claude Code no longer lists it. */
  async remove(id: string, ref: RuleRef): Promise<RulesState> {
    const tab = this.opts.tab(id);
    if (tab.remote) {
      throw new ClideError({
        kind: 'invalid-input',
        message: 'The rules of a session on a remote host are in settings files on that host; clide does not change them.',
        hint: 'Edit the file on the host; Claude Code reads it again when it changes.',
      });
    }
    const before = await this.list(id);
    const row = before.rules.find((r) => same(r, ref));
    // Already gone (another window, or the file was edited): nothing to do.
    if (!row) return before;
    if (!row.byClide) {
      throw new ClideError({
        kind: 'invalid-input',
        message: `clide removes only the rules it saved with "Always allow", and ${ref.rule} is not one of them.`,
        hint: row.file ? `Edit ${row.file} to remove it.` : 'Edit the settings file it is in to remove it.',
      });
    }
    const candidates = settingsFiles(ref.source, tab.cwd, this.opts.configDir);
    const holding = candidates.filter((f) => fileHolding([f], ref.behavior, ref.rule));
    if (holding.length === 0) {
      throw new ClideError({
        kind: 'rule-not-removed',
        message: `clide could not find ${ref.rule} in ${candidates.join(' or ')}, where Claude Code keeps these rules.`,
      });
    }
    for (const file of holding) removeRule(file, ref.behavior, ref.rule);
    const after = await this.settled(id, ref, holding);
    for (const file of holding) this.granted.forget(ref, file);
    return after;
  }

  /** The rules once Claude Code has read the changed file and dropped the rule. */
  private async settled(id: string, ref: RuleRef, files: string[]): Promise<RulesState> {
    const deadline = this.now() + (this.opts.settleMs ?? DEFAULT_SETTLE_MS);
    for (;;) {
      const state = await this.list(id);
      if (!state.rules.some((r) => same(r, ref))) return state;
      if (this.now() >= deadline) {
        throw new ClideError({
          kind: 'rule-not-removed',
          message: `${ref.rule} was taken out of ${files.join(' and ')}, but Claude Code still applies it.`,
          hint: 'Claude Code may not have noticed the change: start the session again, or run /permissions in a terminal to see where it reads the rule from.',
        });
      }
      await new Promise((resolve) => setTimeout(resolve, this.opts.pollMs ?? DEFAULT_POLL_MS));
    }
  }
}

function same(r: { source: string; behavior: string; rule: string }, ref: RuleRef): boolean {
  return r.source === ref.source && r.behavior === ref.behavior && r.rule === ref.rule;
}
