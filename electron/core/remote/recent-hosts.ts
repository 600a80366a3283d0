// Hosts sessions ran on, with their recent folders and per-host options, kept in the data dir
// (remote-hosts.json) so New session offers them again like recent local folders.
import path from 'node:path';
import { z } from 'zod';
import { lazySchema } from '../../../shared/lazy-schema';
import { readJsonFile, writeJsonFileAtomic } from '../json-file';

const MAX_HOSTS = 20;
const MAX_FOLDERS = 8;

const HostRecordSchema = lazySchema(() =>
  z.object({
    location: z.string(),
    folders: z.array(z.string()).default([]),
    lastUsed: z.number(),
    /** A working turn silent this long is "not responding" on this host (a slow link may need more). */
    silenceMs: z.number().int().min(0).optional(),
  }),
);
export type HostRecord = z.infer<typeof HostRecordSchema>;

const FileSchema = lazySchema(() => z.object({ version: z.literal(1), hosts: z.array(HostRecordSchema) }));

export class RecentHosts {
  private hosts: HostRecord[];
  private readonly file: string | undefined;

  constructor(
    dataDir: string | undefined,
    private readonly log: (m: string) => void = (m) => console.warn(`[clide] ${m}`),
  ) {
    this.file = dataDir ? path.join(dataDir, 'remote-hosts.json') : undefined;
    const read = this.file ? readJsonFile(this.file, FileSchema, { version: 1 as const, hosts: [] }) : { value: { version: 1 as const, hosts: [] } };
    if ('warning' in read && read.warning) this.log(read.warning);
    this.hosts = read.value.hosts;
  }

  list(): HostRecord[] {
    return [...this.hosts];
  }

  get(location: string): HostRecord | undefined {
    return this.hosts.find((h) => h.location === location);
  }

  /** A session started on `location` in `folder`. */
  used(location: string, folder: string, now = Date.now()): void {
    const old = this.get(location);
    const folders = [folder, ...(old?.folders ?? []).filter((f) => f !== folder)].slice(0, MAX_FOLDERS);
    const rec: HostRecord = { ...old, location, folders, lastUsed: now };
    this.hosts = [rec, ...this.hosts.filter((h) => h.location !== location)].slice(0, MAX_HOSTS);
    this.save();
  }

  setSilence(location: string, silenceMs: number | undefined): void {
    const old = this.get(location);
    const rec: HostRecord = { location, folders: old?.folders ?? [], lastUsed: old?.lastUsed ?? Date.now(), silenceMs };
    this.hosts = old ? this.hosts.map((h) => (h.location === location ? rec : h)) : [...this.hosts, rec].slice(-MAX_HOSTS);
    this.save();
  }

  private save(): void {
    if (!this.file) return;
    try {
      writeJsonFileAtomic(this.file, { version: 1, hosts: this.hosts });
    } catch (err) {
      this.log(`could not save the recent hosts: ${(err as Error).message}`);
    }
  }
}
