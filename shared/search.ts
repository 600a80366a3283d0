// Full-text search over every past session (electron/core/search): the query a window sends,
// the hits it gets back, and how far the index has got.
import { z } from 'zod';
import { lazySchema } from './lazy-schema';

/** Which part of a message matched. */
export const SearchFieldSchema = lazySchema(() => z.enum(['prompt', 'reply', 'thinking', 'tool-input', 'tool-output', 'title']));
export type SearchField = z.infer<typeof SearchFieldSchema>;

/**
 * Where a hit is shown in the session's transcript: an entry (a prompt's uuid, a reply's
 * message id) or the tool card of a tool call (its result, or a subagent's work inside it).
 */
export const SearchTargetSchema = lazySchema(() => z.object({ itemId: z.string().optional(), toolUseId: z.string().optional() }));
export type SearchTarget = z.infer<typeof SearchTargetSchema>;

export const SearchHitSchema = lazySchema(() =>
  z.object({
    sessionId: z.string(),
    title: z.string(),
    cwd: z.string().optional(),
    /** The transcript record that matched. */
    uuid: z.string().optional(),
    target: SearchTargetSchema,
    field: SearchFieldSchema,
    /** The tool, for tool inputs and outputs. */
    tool: z.string().optional(),
    /** The match is in a subagent's conversation. */
    subagent: z.boolean(),
    /** A piece of the matched text around the match, on one line. */
    snippet: z.string(),
    /** [start, end) offsets into snippet of each matched word, for highlighting. */
    ranges: z.array(z.tuple([z.number(), z.number()])),
    /** Epoch ms of the record (0 when it had none). */
    at: z.number(),
  }),
);
export type SearchHit = z.infer<typeof SearchHitSchema>;

export const SearchProgressSchema = lazySchema(() =>
  z.object({
    state: z.enum(['idle', 'indexing', 'unavailable']),
    filesDone: z.number(),
    filesTotal: z.number(),
    /** Why search is unavailable, or what went wrong last (the index was rebuilt, a file could not be read). */
    message: z.string().optional(),
  }),
);
export type SearchProgress = z.infer<typeof SearchProgressSchema>;

export const SearchInputSchema = lazySchema(() =>
  z
    .object({
      query: z.string().max(1000),
      limit: z.number().int().min(1).max(100).optional(),
      /** From a previous result's `next`: the page after it. */
      cursor: z.string().max(200).optional(),
    })
    .strict(),
);
export type SearchInput = z.infer<typeof SearchInputSchema>;

export const SearchResultSchema = lazySchema(() =>
  z.object({
    hits: z.array(SearchHitSchema),
    /** Pass as `cursor` for more hits; absent when there are no more. */
    next: z.string().optional(),
    progress: SearchProgressSchema,
  }),
);
export type SearchResult = z.infer<typeof SearchResultSchema>;
