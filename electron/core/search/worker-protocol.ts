// Messages between the search service (main process) and its worker.
import type { SearchProgress } from '../../../shared/search';
import type { QueryPage } from './query';
import type { IndexedUsage } from '../usage/report';

export interface WorkerSetup {
  /** Where the index file lives (the app's data dir). */
  dir: string;
  /** <config dir>/projects: the transcripts. */
  projectsDir: string;
}

export type ToWorker =
  { type: 'update' } | { type: 'search'; id: number; query: string; limit?: number; cursor?: string } | { type: 'usage'; id: number } | { type: 'close' };

export type FromWorker =
  | { type: 'progress'; progress: SearchProgress }
  | { type: 'result'; id: number; page?: QueryPage; error?: string; progress: SearchProgress }
  | { type: 'usage'; id: number; usage?: IndexedUsage; error?: string; progress: SearchProgress }
  | { type: 'closed' };
