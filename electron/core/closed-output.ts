// Whoever reads the app's stdout and stderr may go away while it runs: the terminal it was
// started from is closed, its output is piped into `head`, the script that launched it exits.
// A write to that closed pipe then fails with EPIPE, and a stream error nobody listens for is
// thrown. In the browser host the handler of uncaught errors logged it, which failed again: the
// host quit in the middle of serving, or spun on it for ever. The desktop app shows a dialog for
// each one. The logs are lost either way; the app should go on.

/** Writes to a closed pipe are dropped from now on; any other error on these streams still throws. */
export function ignoreClosedOutput(streams: readonly NodeJS.WriteStream[] = [process.stdout, process.stderr]): void {
  for (const stream of streams)
    stream.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EPIPE' || err.code === 'ERR_STREAM_DESTROYED') return;
      throw err;
    });
}
