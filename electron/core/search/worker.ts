// The search worker (a worker_threads thread, in Electron's main process as under Node): the
// only owner of the index. Indexing reads and tokenises gigabytes; doing it here keeps the
// main process, which relays every session's stream, free. Queries are answered between
// indexing batches, so a search never waits for a whole pass.
import { parentPort, workerData } from 'node:worker_threads';
import type { SearchProgress } from '../../../shared/search';
import { isCorruption, openIndex, removeIndexFiles, INDEX_FILE, type Database } from './index-db';
import { Indexer } from './indexer';
import { searchIndex } from './query';
import { usageReport, type IndexedUsage } from '../usage/report';
import type { FromWorker, ToWorker, WorkerSetup } from './worker-protocol';
import path from 'node:path';

const setup = workerData as WorkerSetup;
const port = parentPort!;
let db: Database | undefined;
let indexer: Indexer | undefined;
let progress: SearchProgress = { state: 'idle', filesDone: 0, filesTotal: 0 };
let running = false;
let again = false;
let closing = false;
/** The last usage report, until an update changes what was read. */
let usage: IndexedUsage | undefined;

function send(m: FromWorker): void {
  port.postMessage(m);
}

function setProgress(p: Partial<SearchProgress>): void {
  progress = { ...progress, ...p };
  send({ type: 'progress', progress });
}

function open(): void {
  try {
    const opened = openIndex(setup.dir);
    db = opened.db;
    indexer = new Indexer(db, setup.projectsDir);
    if (opened.rebuilt) setProgress({ message: `Rebuilding the search index: ${opened.rebuilt.reason}.` });
  } catch (err) {
    db = undefined;
    setProgress({ state: 'unavailable', message: `Search is not available: ${(err as Error).message}` });
  }
}

/** A damaged index found while in use: start a new one and index everything again. */
function recover(err: unknown): void {
  usage = undefined;
  try {
    db?.close();
  } catch {
    // Already unusable.
  }
  removeIndexFiles(path.join(setup.dir, INDEX_FILE));
  open();
  setProgress({ message: `Rebuilding the search index: it was damaged (${(err as Error).message}).` });
  again = true;
}

const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

async function update(): Promise<void> {
  if (running) {
    again = true;
    return;
  }
  running = true;
  try {
    do {
      again = false;
      if (!indexer || closing) break;
      try {
        const stats = await indexer.update((p) => setProgress({ state: 'indexing', ...p }), breathe);
        if (stats.read > 0 || stats.removed > 0) usage = undefined;
        // Done: a note about a rebuild or an earlier failure has served its purpose.
        if (progress.state !== 'idle' || progress.filesTotal !== stats.files || progress.message)
          setProgress({ state: 'idle', filesDone: stats.files, filesTotal: stats.files, message: undefined });
      } catch (err) {
        if (isCorruption(err)) recover(err);
        else setProgress({ state: 'idle', message: `The search index could not be updated: ${(err as Error).message}` });
      }
    } while (again && !closing);
  } finally {
    running = false;
  }
}

port.on('message', (m: ToWorker) => {
  if (m.type === 'update') void update();
  else if (m.type === 'search') {
    if (!db) return send({ type: 'result', id: m.id, page: { hits: [] }, progress });
    try {
      send({ type: 'result', id: m.id, page: searchIndex(db, m.query, m.limit, m.cursor), progress });
    } catch (err) {
      if (isCorruption(err)) {
        recover(err);
        void update();
      }
      send({ type: 'result', id: m.id, error: (err as Error).message, progress });
    }
  } else if (m.type === 'usage') {
    if (!db) return send({ type: 'usage', id: m.id, error: progress.message ?? 'The index is not open.', progress });
    try {
      // While an update runs the figures are those read so far, not kept for later.
      const report = usage ?? usageReport(db);
      if (!running) usage = report;
      send({ type: 'usage', id: m.id, usage: report, progress });
    } catch (err) {
      if (isCorruption(err)) {
        recover(err);
        void update();
      }
      send({ type: 'usage', id: m.id, error: (err as Error).message, progress });
    }
  } else if (m.type === 'close') {
    closing = true;
    const finish = () => {
      try {
        db?.close();
      } catch {
        // Closing is best effort; the next start checks the file.
      }
      db = undefined;
      send({ type: 'closed' });
      port.close();
    };
    const wait = () => (running ? setTimeout(wait, 5) : finish());
    wait();
  }
});

open();
send({ type: 'progress', progress });
