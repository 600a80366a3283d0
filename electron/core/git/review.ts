// "Send review": the person's comments on lines of the session's changes, as one message to
// Claude that names each file and line with its comment (sent through the normal send path).
import type { ReviewComment } from '../../../shared/git';
import { repoPath } from './paths';

export function reviewMessage(comments: readonly ReviewComment[], intro?: string): string {
  const byFile = new Map<string, ReviewComment[]>();
  for (const c of comments) {
    const p = repoPath(c.path);
    byFile.set(p, [...(byFile.get(p) ?? []), c]);
  }
  const n = comments.length;
  const head = intro?.trim() || `Review of your changes: ${n} ${n === 1 ? 'comment' : 'comments'}. Please address each one.`;
  const parts = [head];
  for (const [file, list] of byFile) {
    const items = [...list]
      .sort((a, b) => a.startLine - b.startLine)
      .map((c) => {
        const end = c.endLine !== undefined && c.endLine > c.startLine ? c.endLine : undefined;
        const where = end ? `Lines ${c.startLine}-${end}` : `Line ${c.startLine}`;
        const side = c.side === 'old' ? ' (as it was before your change)' : '';
        const body = c.comment.trim().split('\n').join('\n  ');
        return `- ${where}${side}: ${body}`;
      });
    parts.push(`${file}\n${items.join('\n')}`);
  }
  return parts.join('\n\n');
}
