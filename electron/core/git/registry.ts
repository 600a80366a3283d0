// The worktrees clide made, kept in the data dir (atomically, like the other data files): what
// "a worktree clide manages" means for the safety checks, and how History and a resumed session
// know a folder is a session's worktree. Without a data dir it lives in memory only.
import path from 'node:path';
import { z } from 'zod';
import { lazySchema } from '../../../shared/lazy-schema';
import { WorktreeInfoSchema, type WorktreeInfo } from '../../../shared/git';
import { readJsonFile, writeJsonFileAtomic } from '../json-file';

const RegistryFileSchema = lazySchema(() => z.object({ version: z.literal(1), worktrees: z.array(WorktreeInfoSchema) }));

export class WorktreeRegistry {
  private readonly file: string | undefined;
  private readonly byDir = new Map<string, WorktreeInfo>();
  private readonly log: (m: string) => void;

  constructor(dataDir: string | undefined, log: (m: string) => void = (m) => console.warn(`[clide] ${m}`)) {
    this.log = log;
    this.file = dataDir ? path.join(dataDir, 'worktrees.json') : undefined;
    if (!this.file) return;
    const r = readJsonFile(this.file, RegistryFileSchema, { version: 1, worktrees: [] });
    if (r.warning) log(r.warning);
    for (const w of r.value.worktrees) this.byDir.set(w.worktreeDir, w);
  }

  get(dir: string): WorktreeInfo | undefined {
    return this.byDir.get(path.resolve(dir));
  }

  all(): WorktreeInfo[] {
    return [...this.byDir.values()];
  }

  add(info: WorktreeInfo): void {
    const prev = this.byDir.get(info.worktreeDir);
    if (prev && JSON.stringify(prev) === JSON.stringify(info)) return;
    this.byDir.set(info.worktreeDir, info);
    this.save();
  }

  remove(dir: string): void {
    if (this.byDir.delete(path.resolve(dir))) this.save();
  }

  private save(): void {
    if (!this.file) return;
    try {
      writeJsonFileAtomic(this.file, { version: 1, worktrees: this.all() });
    } catch (err) {
      this.log(`Could not save the list of worktrees to ${this.file}: ${(err as Error).message}`);
    }
  }
}
