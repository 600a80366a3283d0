// The branch name typed in New session, checked as it is typed with git's own rules for a
// branch (`git check-ref-format --branch`; a unit test holds them against the real git), and
// the folder its worktree would get. The core checks the name again with git before it is used.

/** Why git would refuse the name as a branch, in one sentence; undefined when it is fine. */
export function branchNameProblem(name: string): string | undefined {
  if (name.trim() === '') return 'Type a branch name.';
  if (name !== name.trim() || /\s/.test(name)) return 'A branch name cannot contain spaces.';
  // eslint-disable-next-line no-control-regex -- control characters are exactly what git refuses
  if (/[\u0000-\u001f\u007f]/.test(name)) return 'A branch name cannot contain control characters.';
  const bad = /[~^:?*[\\]/.exec(name);
  if (bad) return `A branch name cannot contain “${bad[0]}”.`;
  if (name.startsWith('-')) return 'A branch name cannot start with “-”.';
  if (name === 'HEAD' || name === '@') return `“${name}” is reserved by git.`;
  if (name.includes('..')) return 'A branch name cannot contain “..”.';
  if (name.includes('@{')) return 'A branch name cannot contain “@{”.';
  if (name.startsWith('/') || name.endsWith('/') || name.includes('//'))
    return 'Slashes separate parts of the name: no slash at either end, and never two in a row.';
  if (name.endsWith('.')) return 'A branch name cannot end with “.”.';
  for (const part of name.split('/')) {
    if (part.startsWith('.')) return 'No part of a branch name can start with “.”.';
    if (part.endsWith('.lock')) return 'No part of a branch name can end with “.lock”.';
  }
  return undefined;
}

/**
 * Where the worktree of `branch` goes: beside the suggested one, the branch's `/` made `-`
 * (as the core names it: `<root>/<repo>/<branch>`).
 */
export function worktreeDirOf(suggestedDir: string, branch: string): string {
  const sep = suggestedDir.includes('\\') && !suggestedDir.includes('/') ? '\\' : '/';
  const cut = Math.max(suggestedDir.lastIndexOf('/'), suggestedDir.lastIndexOf('\\'));
  const parent = cut >= 0 ? suggestedDir.slice(0, cut) : suggestedDir;
  return `${parent}${sep}${branch.replace(/\//g, '-')}`;
}
