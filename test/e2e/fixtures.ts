// One fixture for every end-to-end test of the browser host: a private sandbox (fake API,
// HOME, config dir, working directory), the host as a real `node scripts/web.mjs` process
// pointed at the pinned CLI, and at the end a graceful stop that must leave no `claude`
// process behind.
import { test as base, expect, type Page } from '@playwright/test';
import { cliSandbox, type CliSandbox, type SandboxOptions } from '../support/real-cli';
import { startWebHost, survivors, type WebHostProcess } from '../support/web-host';

export interface StartedHost {
  sandbox: CliSandbox;
  host: WebHostProcess;
}

export interface ClideFixture {
  /**
   * Start a host (extra env is merged over the sandbox's; extra args follow the defaults); no
   * spare unless env asks; `prepare` sets up the sandbox (e.g. its working directory) before the host starts.
   */
  start(opts?: { env?: NodeJS.ProcessEnv; args?: string[]; prepare?(sandbox: CliSandbox): void; sandbox?: SandboxOptions }): Promise<StartedHost>;
  /** Open the host's URL (with its token) and wait for the composer of the first session. */
  open(page: Page, started: StartedHost): Promise<void>;
}

export const test = base.extend<{ clide: ClideFixture }>({
  clide: async ({ page }, use, testInfo) => {
    const started: StartedHost[] = [];
    // Refused loads are expected in some tests; a script error or a CSP violation never is.
    const pageErrors: string[] = [];
    page.on('pageerror', (err) => pageErrors.push(`uncaught: ${err.message}`));
    // An MCP app's frame (its own page, electron/web/app-frame.ts) is where untrusted code meets
    // its policy: refusals there are the sandbox working, and the MCP Apps tests check their
    // outcomes themselves. They name that page, or (a refused fetch) the frame's own connect-src
    // 'none', which the window's policy never has; Chromium's second line for a refused fetch
    // names only the URL, so it is matched to the first.
    const frameRefused = new Set<string>();
    page.on('console', (msg) => {
      const text = msg.text();
      if (msg.type() !== 'error' || !/Content Security Policy/i.test(text)) return;
      const connecting = /^Connecting to '([^']+)' violates the following Content Security Policy directive: "connect-src 'none'"/.exec(text);
      if (connecting?.[1]) return void frameRefused.add(connecting[1]);
      const fetching = /^Fetch API cannot load (\S+)\. Refused to connect/.exec(text);
      // The window uses no Trusted Types: a refusal of theirs is the frame's policy at work.
      const trustedTypes = /TrustedTypePolicy|Trusted Type/.test(text);
      if (trustedTypes || msg.location().url.endsWith('/mcp-app-frame.html') || (fetching?.[1] && frameRefused.has(fetching[1]))) return;
      pageErrors.push(`CSP: ${text}`);
    });
    await use({
      async start(opts = {}) {
        const sandbox = await cliSandbox([], opts.sandbox);
        try {
          opts.prepare?.(sandbox);
          // startWebHost starts no warm spare unless a test asks for one: the tests count their
          // tabs' processes, and the spare is tested on its own (test/integration/spare.test.ts).
          const env = { ...sandbox.env, ...opts.env };
          const host = await startWebHost({ cwd: sandbox.cwd, env, args: ['--no-build', ...(opts.args ?? [])] });
          const s = { sandbox, host };
          started.push(s);
          return s;
        } catch (err) {
          await sandbox.cleanup();
          throw err;
        }
      },
      async open(page, { host }) {
        await page.goto(host.url);
        await expect(page.getByRole('textbox', { name: 'Message Claude' })).toBeVisible();
      },
    });
    // What the window showed when the test failed, printed whole: CI keeps no screenshots, and
    // the report cuts a text attachment at 300 characters.
    if (testInfo.status !== testInfo.expectedStatus) {
      const shown = await page
        .locator('body')
        .ariaSnapshot({ timeout: 5000 })
        .catch((err: Error) => `(no snapshot: ${err.message})`);
      failureNote(testInfo.title, 'the page', shown);
    }
    // Every host is stopped and checked even when an earlier check fails.
    const problems: string[] = [];
    for (const { sandbox, host } of started) {
      const pids = host.claudePids();
      const exit = await host.stop('SIGTERM');
      if (testInfo.status !== testInfo.expectedStatus) await testInfo.attach('web-host-stderr', { body: host.stderr(), contentType: 'text/plain' });
      if (exit.code !== 0 || exit.signal !== null) problems.push(`web host exited with ${JSON.stringify(exit)}\n${host.stderr()}`);
      const left = survivors(pids);
      if (left.length > 0) {
        problems.push(`claude processes left running after the host stopped: ${left.join(', ')}`);
        for (const pid of left) process.kill(pid, 'SIGKILL');
      }
      await sandbox.cleanup();
    }
    expect(problems).toEqual([]);
    expect(pageErrors, 'errors in the page').toEqual([]);
  },
});

/** Print what a failed test saw, whole, under its title (the list reporter shows a test's stderr). */
export function failureNote(title: string, what: string, body: string): void {
  process.stderr.write(`\n[${title}] ${what} when it failed:\n${body}\n`);
}

export { expect };
