// Every IPC channel is registered through one helper: it checks that the call comes from the
// app's own top-level page, then hands the raw input to dispatch(), which safeParses it against
// the contract and returns a typed Result. Nothing here throws across IPC.
import { ipcMain, type IpcMainInvokeEvent, type WebContents } from 'electron';
import { channels, EVENTS_CHANNEL, type AppEvent } from '../shared/ipc';
import { fail, type Result } from '../shared/result';
import { dispatch } from './core/api-handlers';

export type Handlers = Parameters<typeof dispatch>[0];

type SenderEvent = Pick<IpcMainInvokeEvent, 'senderFrame'>;

/** The sender must be a live, top-level frame showing the app's own page. */
export function isTrustedSender(event: SenderEvent, isAppPage: (url: string) => boolean): boolean {
  let frame: IpcMainInvokeEvent['senderFrame'];
  try {
    frame = event.senderFrame;
  } catch {
    // Reading senderFrame after the frame navigated or was destroyed can throw.
    return false;
  }
  if (!frame || frame.parent !== null) return false;
  return isAppPage(frame.url);
}

function describeSender(event: SenderEvent): string {
  try {
    const frame = event.senderFrame;
    if (!frame) return 'a frame that no longer exists';
    return `${frame.parent === null ? 'top-level' : 'sub'} frame ${frame.url.slice(0, 300)}`;
  } catch {
    return 'an unknown frame';
  }
}

/** Register one channel: sender check, then the validated call. */
export function handleChannel(channel: string, isAppPage: (url: string) => boolean, run: (input: unknown) => Promise<Result<unknown>>): void {
  ipcMain.handle(channel, async (event, input: unknown): Promise<Result<unknown>> => {
    if (!isTrustedSender(event, isAppPage)) {
      console.warn(`[clide] rejected IPC call ${channel} from ${describeSender(event)}`);
      return fail('unauthorized', 'This page is not allowed to talk to clide.');
    }
    return run(input);
  });
}

/** Register every contract channel; returns a function that removes them again. */
export function registerIpcHandlers(opts: { handlers: Handlers; isAppPage: (url: string) => boolean }): () => void {
  const all = channels();
  for (const { channel } of all) {
    handleChannel(channel, opts.isAppPage, (input) => dispatch(opts.handlers, channel, input));
  }
  return () => {
    for (const { channel } of all) ipcMain.removeHandler(channel);
  };
}

/** Push every batch of host events to every live window. */
export function forwardHostEvents(host: { subscribe(listener: (batch: AppEvent[]) => void): () => void }, targets: () => WebContents[]): () => void {
  return host.subscribe((batch) => {
    for (const contents of targets()) {
      if (contents.isDestroyed()) continue;
      try {
        contents.send(EVENTS_CHANNEL, batch);
      } catch (err) {
        // A window closing between the check and the send must not stop the others.
        console.warn('[clide] could not deliver events to a window:', err);
      }
    }
  });
}
