// The task board outlives a restart: it is kept in the data dir as one small JSON file,
// written atomically after every change. An unreadable file is set aside with a notice for the
// Team panel and the board starts empty; it never stops the app.
import { z } from 'zod';
import { lazySchema } from '../../../shared/lazy-schema';
import { TeamTaskSchema } from '../../../shared/team';
import { readJsonFile, writeJsonFileAtomic } from '../json-file';
import { MAX_TASKS, type SavedBoard } from './board';

const SavedBoardSchema = lazySchema(() =>
  z.object({
    version: z.literal(1),
    seq: z.number().int().min(0),
    tasks: z.array(TeamTaskSchema).max(MAX_TASKS),
  }),
);

export function loadBoard(file: string): { board: SavedBoard; warning?: string } {
  const { value, warning } = readJsonFile(file, SavedBoardSchema, { version: 1 as const, seq: 0, tasks: [] });
  return { board: { seq: value.seq, tasks: value.tasks }, warning };
}

export function saveBoard(file: string, board: SavedBoard): void {
  writeJsonFileAtomic(file, { version: 1, seq: board.seq, tasks: board.tasks });
}
