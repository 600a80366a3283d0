// Messages between the page and the highlighting worker.

export interface HighlightRequest {
  id: number;
  code: string;
  /** The fence's language, already sanitised; absent to let the worker guess (short code only). */
  lang?: string;
}

export type HighlightReply = { id: number; ok: true; classes: string[]; runs: Int32Array; language?: string } | { id: number; ok: false };
