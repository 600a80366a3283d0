// The task board outlives a restart: it is kept in the data dir as one small JSON file,
// written atomically after every change. An unreadable file is set aside with a notice for the
// Team panel and the board starts empty; it never stops the app.
import { z } from 'zod';
import { TeamTaskSchema, type TeamTask } from '../../../shared/team';
import { readJsonFile, writeJsonFileAtomic } from '../json-file';
import { MAX_TASKS } from './board';

export interface SavedBoard {
  /** The number of the last task made, so numbers are never reused (T3 after T1, T2). */
  seq: number;
  tasks: TeamTask[];
}

const SavedBoardSchema = z.object({
  version: z.literal(1),
  seq: z.number().int().min(0),
  tasks: z.array(TeamTaskSchema).max(MAX_TASKS),
});

export const EMPTY_BOARD: SavedBoard = { seq: 0, tasks: [] };

export function loadBoard(file: string): { board: SavedBoard; warning?: string } {
  const { value, warning } = readJsonFile(file, SavedBoardSchema, { version: 1 as const, ...EMPTY_BOARD });
  return { board: { seq: value.seq, tasks: value.tasks }, warning };
}

export function saveBoard(file: string, board: SavedBoard): void {
  writeJsonFileAtomic(file, { version: 1, seq: board.seq, tasks: board.tasks });
}
