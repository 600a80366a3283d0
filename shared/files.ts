// The Files panel beside a session (electron/core/files): its folder's tree with git's marks,
// quick open, and a viewer and editor whose saves the core refuses when the file changed since
// it was read. Every path is relative to the session's folder (its worktree for an isolated
// session) and is checked there by its real path before anything is read or written.
import { z } from 'zod';
import { lazySchema } from './lazy-schema';

const SessionId = lazySchema(() => z.string().min(1).max(200));
/** A path relative to the session's folder, `/`-separated (the core checks it on the disk). */
const FilePath = lazySchema(() => z.string().min(1).max(4096));

/** Past this a text file opens read-only (the editor stays quick, a save stays small). */
export const MAX_EDITABLE_BYTES = 2 * 1024 * 1024;
/** Past this a text file is not shown at all ("too large"), only offered to another editor. */
export const MAX_VIEW_BYTES = 8 * 1024 * 1024;
/** Images up to this are shown (as a data URL the core makes). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** What one quick-open answer lists at most. */
export const MAX_FIND_RESULTS = 200;

/**
 * What a read saw: a save is refused when the file's bytes on disk are no longer these (the
 * hash decides; mtime and size let a check skip reading an unchanged file).
 */
export const FileVersionSchema = lazySchema(() => z.object({ mtimeMs: z.number(), size: z.number(), hash: z.string().min(1).max(128) }).strict());
export type FileVersion = z.infer<typeof FileVersionSchema>;

export const FileEntrySchema = lazySchema(() =>
  z.object({
    /** Relative to the session's folder; folders end with `/`. */
    path: z.string(),
    folder: z.boolean(),
  }),
);
export type FileEntry = z.infer<typeof FileEntrySchema>;

/** git's mark of a file, as the Changes panel lists it. */
export const fileMarks = ['modified', 'added', 'untracked', 'renamed', 'conflicted', 'type-changed', 'copied'] as const;
export const FileMarkSchema = lazySchema(() => z.enum(fileMarks));
export type FileMark = z.infer<typeof FileMarkSchema>;

export const FileContentSchema = lazySchema(() =>
  z.discriminatedUnion('kind', [
    z.object({
      kind: z.literal('text'),
      text: z.string(),
      version: FileVersionSchema,
      /** Over MAX_EDITABLE_BYTES: shown, not editable. */
      readOnly: z.boolean(),
    }),
    z.object({ kind: z.literal('image'), dataUrl: z.string(), size: z.number(), version: FileVersionSchema }),
    /** Not text (a NUL in its first bytes), or an image over MAX_IMAGE_BYTES. */
    z.object({ kind: z.literal('binary'), size: z.number() }),
    z.object({ kind: z.literal('too-large'), size: z.number() }),
  ]),
);
export type FileContent = z.infer<typeof FileContentSchema>;

export const SaveResultSchema = lazySchema(() =>
  z.discriminatedUnion('outcome', [
    z.object({ outcome: z.literal('saved'), version: FileVersionSchema }),
    /** The file is no longer what was read (changed on disk, or by Claude): nothing was written. */
    z.object({ outcome: z.literal('conflict'), version: FileVersionSchema.optional(), missing: z.boolean().optional() }),
  ]),
);
export type SaveResult = z.infer<typeof SaveResultSchema>;

export const editorIds = ['default', 'code', 'cursor', 'zed', 'env'] as const;
export const EditorIdSchema = lazySchema(() => z.enum(editorIds));
export type EditorId = z.infer<typeof EditorIdSchema>;

export const filesContracts = {
  /** One folder's entries (`dir` '' for the top, else ending with `/`), .gitignore respected. */
  list: lazySchema(() => ({
    input: z.object({ id: SessionId, dir: z.string().max(4096) }).strict(),
    output: z.object({ root: z.string(), entries: z.array(FileEntrySchema), truncated: z.boolean() }),
  })),
  /** git's marks of the folder's files, the same listing the Changes panel shows; none outside a repository. */
  marks: lazySchema(() => ({
    input: z.object({ id: SessionId }).strict(),
    output: z.object({ repo: z.boolean(), marks: z.array(z.object({ path: z.string(), mark: FileMarkSchema })) }),
  })),
  /** Quick open: the files whose path fuzzily matches `query`, best first. */
  find: lazySchema(() => ({
    input: z.object({ id: SessionId, query: z.string().max(1000), limit: z.number().int().min(1).max(MAX_FIND_RESULTS).optional() }).strict(),
    output: z.object({ paths: z.array(z.string()), total: z.number(), truncated: z.boolean() }),
  })),
  read: lazySchema(() => ({ input: z.object({ id: SessionId, path: FilePath }).strict(), output: FileContentSchema })),
  /** Whether the file is still `version` (cheap when mtime and size agree); `version` is what it is now. */
  check: lazySchema(() => ({
    input: z.object({ id: SessionId, path: FilePath, version: FileVersionSchema }).strict(),
    output: z.object({ changed: z.boolean(), missing: z.boolean().optional(), version: FileVersionSchema.optional() }),
  })),
  /** Save over `base` (what the editor read); refused as a conflict when the file is no longer that. */
  write: lazySchema(() => ({
    input: z.object({ id: SessionId, path: FilePath, text: z.string().max(MAX_EDITABLE_BYTES), base: FileVersionSchema }).strict(),
    output: SaveResultSchema,
  })),
  /** The editors this computer has (the host's: in the browser host, the machine clide runs on). */
  editors: lazySchema(() => ({
    input: z.object({}).strict(),
    output: z.object({ editors: z.array(z.object({ id: EditorIdSchema, label: z.string() })) }),
  })),
  /** Open the file (or the folder, without `path`) in another editor on the host machine. */
  openIn: lazySchema(() => ({
    input: z.object({ id: SessionId, path: FilePath.optional(), editor: EditorIdSchema }).strict(),
    output: z.object({}),
  })),
};
