// New session's "Work in a new worktree", for the folder being chosen: offered when the folder
// is in a git repository (checked as the repository was last time), with the base to branch
// from, the suggested branch name (checked as it is typed) and where the worktree will go; or
// shown disabled with the reason (not a repository, git missing or too old, no commits yet).
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { GitCapability, WorktreeRequest } from '../../../../shared/git';
import { getApi } from '../../api';
import { useActions } from '../../actions-context';
import { guarded } from '../../lib/guarded';
import { tildify } from '../../lib/format';
import { useClide } from '../../store/store';
import { HiddenCharsNote, VisibleText } from '../common/visible-text';
import { branchNameProblem, worktreeDirOf } from './branch-name';
import '../worktree/worktree.css';

const DEBOUNCE_MS = 250;

type Start = { ok: true; worktree?: WorktreeRequest } | { ok: false; error: string };

export interface WorktreeChoice {
  node: ReactNode;
  /** What session:create gets for this folder: the choice made here, or for a recent folder its repository's last choice. */
  forFolder(resolved: string): Promise<Start>;
}

const trim = (p: string) => (p.length > 1 ? p.replace(/[\\/]+$/, '') : p);

async function capabilityOf(cwd: string): Promise<GitCapability | undefined> {
  const r = await guarded(() => getApi().worktree.capability({ cwd }));
  return r.ok && typeof r.value.available === 'boolean' ? r.value : undefined;
}

export function useWorktreeOption(path: string): WorktreeChoice {
  const actions = useActions();
  const home = useClide((s) => s.environment?.homeDir);
  const repos = useClide((s) => s.settings?.repositories);
  /** The answer for the folder last typed (`path`: what it was typed as). */
  const [answer, setAnswer] = useState<{ path: string; cap?: { cwd: string; value: GitCapability } }>({ path: '' });
  const [checked, setChecked] = useState(false);
  const [branch, setBranch] = useState('');
  const [base, setBase] = useState('');
  const seq = useRef(0);
  /** The folder whose choices are on screen. */
  const shownCwd = useRef<string | undefined>(undefined);
  const branchId = useId();
  const baseId = useId();

  useEffect(() => {
    const mine = ++seq.current;
    const t = setTimeout(() => {
      void (async () => {
        const r = await actions.completePath(path.trim() || '~');
        const cwd = r.ok && r.value.target === 'directory' ? r.value.resolved : undefined;
        const value = cwd ? await capabilityOf(cwd) : undefined;
        // Only the answer to the latest folder counts.
        if (mine !== seq.current) return;
        if (!cwd || !value) {
          shownCwd.current = undefined;
          return setAnswer({ path });
        }
        const folder = trim(cwd);
        setAnswer({ path, cap: { cwd: folder, value } });
        // The same folder typed another way (a completion's trailing slash): what the person
        // chose and typed for it stays.
        if (shownCwd.current === folder) return;
        shownCwd.current = folder;
        setChecked(value.available && value.remembered === true);
        setBranch(value.suggestedBranch ?? '');
        setBase(value.branches[0] ?? value.repo?.branch ?? '');
      })();
    }, DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [path, actions]);

  // The last answer stays on screen while a newly typed folder is checked.
  const checking = answer.path !== path;
  const cap = answer.cap;
  const v = cap?.value;
  const problem = checked ? branchNameProblem(branch) : undefined;
  const taken = checked && v?.branches.includes(branch) ? `A branch named ${branch} already exists.` : undefined;
  const error = problem ?? taken;
  const current = v?.repo?.branch ?? v?.branches[0];

  const forFolder = async (resolved: string): Promise<Start> => {
    if (cap && trim(resolved) === cap.cwd) {
      if (!checked || !cap.value.available) return { ok: true };
      if (error) return { ok: false, error };
      const edited = branch !== cap.value.suggestedBranch;
      return { ok: true, worktree: { ...(edited ? { branch } : {}), ...(base && base !== current ? { base } : {}) } };
    }
    // A recent folder started in one click: as its repository was started last time.
    const other = await capabilityOf(resolved);
    return { ok: true, worktree: other?.available && other.remembered === true ? {} : undefined };
  };

  const setup = v?.repo ? repos?.[v.repo.mainRoot]?.setupCommand : undefined;
  const node = !v ? (
    checking ? (
      <p className="wt-option muted">Checking the folder for git…</p>
    ) : null
  ) : !v.available ? (
    <div className="wt-option is-off">
      <label className="choice">
        <input type="checkbox" disabled checked={false} onChange={() => undefined} />
        <span>Work in a new worktree</span>
      </label>
      <p className="field-help">
        <VisibleText text={`${v.reason ?? 'Not available for this folder.'}${v.hint ? ` ${v.hint}` : ''}`} />
      </p>
    </div>
  ) : (
    <div className="wt-option">
      <label className="choice">
        <input type="checkbox" checked={checked} onChange={(e) => setChecked(e.target.checked)} />
        <span>
          Work in a new worktree <span className="field-help"> · a branch and folder of its own, so other sessions never touch its files</span>
        </span>
      </label>
      {checked && (
        <div className="wt-option-fields">
          <label className="wt-field" htmlFor={branchId}>
            <span className="field-label">Branch</span>
            <input
              id={branchId}
              className="text-input mono"
              value={branch}
              spellCheck={false}
              aria-invalid={error ? true : undefined}
              onChange={(e) => setBranch(e.target.value)}
            />
          </label>
          <label className="wt-field is-base" htmlFor={baseId}>
            <span className="field-label">From</span>
            <select id={baseId} className="select" value={base} onChange={(e) => setBase(e.target.value)}>
              {v.branches.map((b) => (
                <option key={b} value={b}>
                  {b === current ? `${b} (current)` : b}
                </option>
              ))}
              {v.branches.length === 0 && v.repo && <option value="">{`HEAD (${v.repo.head.slice(0, 8)})`}</option>}
            </select>
          </label>
          <HiddenCharsNote text={branch} />
          {error ? (
            <p className="modal-error" role="alert">
              {error}
            </p>
          ) : (
            <p className="field-help">
              Worktree:{' '}
              <span className="mono">
                <VisibleText text={tildify(v.worktreeDir ? worktreeDirOf(v.worktreeDir, branch) : '', home)} />
              </span>
              {setup ? (
                <>
                  {' '}
                  · then runs{' '}
                  <code>
                    <VisibleText text={setup} />
                  </code>
                </>
              ) : null}
            </p>
          )}
        </div>
      )}
    </div>
  );
  return { node, forFolder };
}
