// The control channel: request/response correlation over the same stdin/stdout as the
// conversation. Two rules the CLI depends on:
//  - every inbound control_request gets exactly one control_response, or the turn hangs;
//  - a control_cancel_request withdraws an inbound request, after which we must not answer.
// Every outbound request has a timeout, and all of them fail at once when the process dies.
import { randomUUID } from 'node:crypto';
import { ClideError, type AppError } from '../../../shared/result';

export type Json = Record<string, unknown>;

export interface InboundRequest {
  requestId: string;
  subtype: string;
  request: Json;
}

interface Outbound {
  subtype: string;
  resolve: (value: Json) => void;
  reject: (err: ClideError) => void;
  timer: ReturnType<typeof setTimeout> | undefined;
  onProgress?: (progress: Json) => void;
}

/** What a long-running outbound request (side_question) may add. */
export interface RequestExtras {
  /** Each `control_request_progress` the CLI sends for this request, in order. */
  onProgress?(progress: Json): void;
  /** Aborting sends control_cancel_request; the CLI then answers the request with an error. */
  signal?: AbortSignal;
}

export interface ControlChannelOptions {
  /** Serialises and writes one message; the session owns the write queue. */
  write: (message: Json) => void;
  defaultTimeoutMs?: number;
  newId?: () => string;
}

/** A control request the CLI refused, with its machine-readable `error_code` when it gave one. */
export class ControlRefused extends ClideError {
  constructor(
    info: AppError,
    readonly code: string | undefined,
  ) {
    super(info);
  }
}

export class ControlChannel {
  private readonly outbound = new Map<string, Outbound>();
  /** Inbound requests we still owe an answer to. */
  private readonly inbound = new Map<string, InboundRequest>();
  private closedWith: AppError | undefined;
  private readonly write: (message: Json) => void;
  private readonly defaultTimeoutMs: number;
  private readonly newId: () => string;

  constructor(opts: ControlChannelOptions) {
    this.write = opts.write;
    this.defaultTimeoutMs = opts.defaultTimeoutMs ?? 30_000;
    this.newId = opts.newId ?? randomUUID;
  }

  /** Send a request to the CLI; resolves with its `response` object. */
  request(subtype: string, payload: Json = {}, timeoutMs = this.defaultTimeoutMs, extras: RequestExtras = {}): Promise<Json> {
    if (this.closedWith) return Promise.reject(new ClideError(this.closedWith));
    const requestId = this.newId();
    return new Promise<Json>((resolve, reject) => {
      const entry: Outbound = { subtype, resolve, reject, timer: undefined, onProgress: extras.onProgress };
      if (timeoutMs > 0 && Number.isFinite(timeoutMs)) {
        entry.timer = setTimeout(() => {
          this.outbound.delete(requestId);
          reject(
            new ClideError({
              kind: 'control-timeout',
              message: `Claude did not answer "${subtype}" within ${Math.round(timeoutMs / 1000)} s.`,
              hint: 'The session may be stuck; stop the turn or restart the session.',
            }),
          );
        }, timeoutMs);
        entry.timer.unref?.();
      }
      this.outbound.set(requestId, entry);
      try {
        this.write({ type: 'control_request', request_id: requestId, request: { subtype, ...payload } });
      } catch (err) {
        this.settle(requestId);
        reject(err instanceof ClideError ? err : new ClideError({ kind: 'not-running', message: String(err) }));
        return;
      }
      if (extras.signal?.aborted) this.cancel(requestId);
      else extras.signal?.addEventListener('abort', () => this.cancel(requestId), { once: true });
    });
  }

  /**
   * Progress of an outbound request still waiting (system/control_request_progress, correlated
   * by request_id). Returns false when it matches nothing (already answered, or unknown).
   */
  progress(requestId: string, progress: Json): boolean {
    const entry = this.outbound.get(requestId);
    if (!entry) return false;
    entry.onProgress?.(progress);
    return true;
  }

  /** Ask the CLI to give up an outbound request; its answer (an error) still settles it. */
  private cancel(requestId: string): void {
    if (!this.outbound.has(requestId)) return;
    this.writeSafely({ type: 'control_cancel_request', request_id: requestId });
  }

  /** Number of outbound requests still waiting. */
  get pendingOutbound(): number {
    return this.outbound.size;
  }

  /** Inbound requests not yet answered or withdrawn. */
  get owed(): InboundRequest[] {
    return [...this.inbound.values()];
  }

  /** A control_response arrived. Returns false if it matched nothing (late or unknown). */
  handleResponse(response: { subtype: 'success' | 'error'; request_id: string; response?: unknown; error?: unknown; error_code?: unknown }): boolean {
    const entry = this.settle(response.request_id);
    if (!entry) return false;
    if (response.subtype === 'success') {
      const value = response.response;
      entry.resolve(typeof value === 'object' && value !== null ? (value as Json) : {});
    } else {
      entry.reject(
        new ControlRefused(
          {
            kind: 'control-error',
            message: `Claude refused "${entry.subtype}": ${errorText(response.error)}`,
            detail: typeof response === 'object' ? JSON.stringify(response).slice(0, 2000) : undefined,
          },
          typeof response.error_code === 'string' ? response.error_code : undefined,
        ),
      );
    }
    return true;
  }

  /** Record an inbound request; the caller answers it later with reply()/replyError(). */
  receive(requestId: string, request: Json & { subtype: string }): InboundRequest {
    const entry: InboundRequest = { requestId, subtype: request.subtype, request };
    if (this.inbound.has(requestId)) {
      // A duplicate id would let one answer satisfy two asks; answer the newcomer with an error.
      this.writeSafely({ type: 'control_response', response: { subtype: 'error', request_id: requestId, error: 'Duplicate request_id' } });
      return entry;
    }
    this.inbound.set(requestId, entry);
    return entry;
  }

  isOwed(requestId: string): boolean {
    return this.inbound.has(requestId);
  }

  /** Answer an inbound request with success. Returns false if it was already answered or withdrawn. */
  reply(requestId: string, response: Json): boolean {
    if (!this.inbound.delete(requestId)) return false;
    this.write({ type: 'control_response', response: { subtype: 'success', request_id: requestId, response } });
    return true;
  }

  replyError(requestId: string, error: string): boolean {
    if (!this.inbound.delete(requestId)) return false;
    this.write({ type: 'control_response', response: { subtype: 'error', request_id: requestId, error } });
    return true;
  }

  /** control_cancel_request: the CLI no longer wants an answer. Returns the withdrawn request. */
  withdraw(requestId: string): InboundRequest | undefined {
    const entry = this.inbound.get(requestId);
    this.inbound.delete(requestId);
    return entry;
  }

  /** The process died: every outbound request fails now; inbound ones can no longer be answered. */
  close(error: AppError): InboundRequest[] {
    this.closedWith = error;
    const owed = [...this.inbound.values()];
    this.inbound.clear();
    for (const [id, entry] of [...this.outbound]) {
      this.settle(id);
      entry.reject(new ClideError(error));
    }
    return owed;
  }

  private settle(requestId: string): Outbound | undefined {
    const entry = this.outbound.get(requestId);
    if (!entry) return undefined;
    this.outbound.delete(requestId);
    if (entry.timer) clearTimeout(entry.timer);
    return entry;
  }

  private writeSafely(message: Json): void {
    try {
      this.write(message);
    } catch {
      // The process is gone; nothing to answer any more.
    }
  }
}

function errorText(error: unknown): string {
  if (typeof error === 'string') return error;
  if (error && typeof error === 'object' && 'message' in error) return String((error as { message: unknown }).message);
  return JSON.stringify(error) ?? 'unknown error';
}
