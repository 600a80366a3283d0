// Settings for isolated sessions: where new worktrees are made, and per repository whether New
// session offers a worktree first and which command sets a new worktree up (e.g. `npm ci`,
// run after the checkout's untracked .env files are copied), and which command Run starts in a
// session's terminal (e.g. `npm run dev`).
import type { ComponentType } from 'react';
import type { SettingsPatch } from '../../../../shared/settings';
import { folderName, tildify } from '../../lib/format';
import { useClide } from '../../store/store';
import { VisibleText } from '../common/visible-text';

interface TextProps {
  label: string;
  value: string;
  placeholder: string;
  mono?: boolean;
  onCommit(value: string): unknown;
}

export interface WorktreeSettingsProps {
  save(field: keyof SettingsPatch, patch: SettingsPatch): Promise<boolean>;
  errors: Partial<Record<keyof SettingsPatch, string>>;
  /** The dialog's own text field (saved on Enter or blur). */
  Text: ComponentType<TextProps>;
}

export function WorktreeSettings({ save, errors, Text }: WorktreeSettingsProps) {
  const settings = useClide((s) => s.settings);
  const home = useClide((s) => s.environment?.homeDir);
  // The repositories known from earlier choices, and the one of the shown session's worktree.
  const shown = useClide((s) => (s.activeId ? s.sessions[s.activeId]?.worktree?.info.repoRoot : undefined));
  if (!settings) return null;
  const roots = Object.keys(settings.repositories).sort();
  if (shown && !roots.includes(shown)) roots.unshift(shown);
  return (
    <fieldset className="field">
      <legend className="field-label">Worktrees</legend>
      <Text
        key={settings.worktreeRoot}
        label="Folder for new worktrees"
        value={settings.worktreeRoot}
        placeholder={tildify(`${home ?? '~'}/.clide/worktrees`, home)}
        mono
        onCommit={(worktreeRoot) => save('worktreeRoot', { worktreeRoot })}
      />
      <p className="field-help">Each worktree goes in a folder of its repository’s name below it, named after its branch. Empty: ~/.clide/worktrees.</p>
      {errors.worktreeRoot && <p className="modal-error">{errors.worktreeRoot}</p>}
      {roots.length > 0 && (
        <div className="wt-repos">
          {roots.map((root) => {
            const r = settings.repositories[root] ?? {};
            return (
              <div key={root} className="wt-repo" role="group" aria-label={`Repository ${folderName(root)}`}>
                <div className="wt-repo-name">
                  <strong>
                    <VisibleText text={folderName(root)} />
                  </strong>{' '}
                  <span className="muted mono">
                    <VisibleText text={tildify(root, home)} />
                  </span>
                </div>
                <label className="choice">
                  <input
                    type="checkbox"
                    checked={r.worktrees === true}
                    onChange={(e) => void save('repository', { repository: { root, worktrees: e.target.checked } })}
                  />
                  <span>New sessions here start in a worktree of their own</span>
                </label>
                <Text
                  key={`${root}|${r.setupCommand ?? ''}`}
                  label={`Setup command for ${folderName(root)}`}
                  value={r.setupCommand ?? ''}
                  placeholder="Setup command, e.g. npm ci (runs in each new worktree)"
                  mono
                  onCommit={(setupCommand) => save('repository', { repository: { root, setupCommand } })}
                />
                <Text
                  key={`${root}|run|${r.runCommand ?? ''}`}
                  label={`Run command for ${folderName(root)}`}
                  value={r.runCommand ?? ''}
                  placeholder="Run command, e.g. npm run dev (Run in the terminal panel)"
                  mono
                  onCommit={(runCommand) => save('repository', { repository: { root, runCommand } })}
                />
              </div>
            );
          })}
          <p className="field-help">
            A committed .clide/setup file runs too, after you have seen and allowed its content once; so does a committed .clide/run when no run command is set
            here.
          </p>
          {errors.repository && <p className="modal-error">{errors.repository}</p>}
        </div>
      )}
    </fieldset>
  );
}
