// Tabs that work in one working tree without isolation edit each other's files: each of them
// is told which other tabs share its tree (a `shared-tree` event when that changes).
import fs from 'node:fs';
import type { SessionEvent } from '../../../shared/events';
import { text, type GitRunner } from './runner';

export class SharedTrees {
  /** Session id -> its tree (the top of its checkout, or its folder outside a repository). */
  private readonly trees = new Map<string, string>();
  /** What each session was last told (the other ids); nothing told means "nobody". */
  private readonly told = new Map<string, string>();
  private readonly pending = new Set<string>();
  /** Tabs in the order they opened, whatever order their probes answer in. */
  private readonly order = new Map<string, number>();
  private next = 0;

  constructor(
    private readonly git: GitRunner,
    private readonly emit: (id: string, events: SessionEvent[]) => void,
  ) {}

  add(id: string, cwd: string): void {
    this.pending.add(id);
    this.order.set(id, this.next++);
    void this.treeOf(cwd).then((tree) => {
      if (!this.pending.delete(id)) return; // closed while asking
      this.trees.set(id, tree);
      const sorted = [...this.trees].sort(([a], [b]) => (this.order.get(a) ?? 0) - (this.order.get(b) ?? 0));
      this.trees.clear();
      for (const [k, v] of sorted) this.trees.set(k, v);
      this.update();
    });
  }

  remove(id: string): void {
    this.pending.delete(id);
    this.told.delete(id);
    this.order.delete(id);
    if (this.trees.delete(id)) this.update();
  }

  groups(): Array<{ tree: string; sessions: string[] }> {
    const by = new Map<string, string[]>();
    for (const [id, tree] of this.trees) by.set(tree, [...(by.get(tree) ?? []), id]);
    return [...by].filter(([, ids]) => ids.length > 1).map(([tree, sessions]) => ({ tree, sessions }));
  }

  private update(): void {
    for (const [id, tree] of this.trees) {
      const others = [...this.trees].filter(([o, t]) => o !== id && t === tree).map(([o]) => o);
      const key = others.join('\n');
      if ((this.told.get(id) ?? '') === key) continue;
      this.told.set(id, key);
      this.emit(id, [{ kind: 'shared-tree', tree, with: others }]);
    }
  }

  private async treeOf(cwd: string): Promise<string> {
    try {
      const out = await this.git.direct(['rev-parse', '--show-toplevel'], { cwd, okCodes: [0, 128] });
      if (out.code === 0) return text(out).trim();
    } catch {
      // No git, or no such folder: the folder itself is the tree.
    }
    try {
      return fs.realpathSync(cwd);
    } catch {
      return cwd;
    }
  }
}
