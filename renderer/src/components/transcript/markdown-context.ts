// Where a piece of markdown lives and whether it is still being written, for the code blocks
// inside it (read by the formatter, markdown-render.tsx, which is loaded on demand).
import { createContext } from 'react';

/** Where this markdown lives, so an expanded code block stays expanded after a remount. */
export const ChunkKey = createContext<string | undefined>(undefined);
/** This chunk is still being written: its code is highlighted once it is complete, not on every delta. */
export const LiveChunk = createContext(false);
