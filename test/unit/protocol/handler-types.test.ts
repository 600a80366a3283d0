// The handler table is typed by the contract table (shared/ipc.ts): `npm run typecheck` checks
// every `@ts-expect-error` below, so a table that gains, loses or renames a channel, or a handler
// whose input or output disagrees with its contract, stops compiling. The runtime test checks
// the real table against the same list of channels.
import { describe, expect, it } from 'vitest';
import { createHandlers } from '../../../electron/core/api-handlers';
import type { SessionHost } from '../../../electron/core/host';
import { teamHandlers } from '../../../electron/core/team/handlers';
import { channels, type ChannelOf, type Handlers } from '../../../shared/ipc';

/** Never called: what matters is that each line marked `@ts-expect-error` fails to compile. */
export function compileChecks(table: Handlers): unknown[] {
  const { 'session:kill': kill, ...withoutKill } = table;
  return [
    // @ts-expect-error a table without session:kill is missing a channel
    withoutKill satisfies Handlers,
    // @ts-expect-error session:kill renamed is both a missing and an unknown channel
    { ...withoutKill, 'session:terminate': kill } satisfies Handlers,
    // @ts-expect-error 'session:explode' is not a channel
    { ...table, 'session:explode': () => ({}) } satisfies Handlers,
    // @ts-expect-error the input disagrees with the contract: session:kill receives { id: string }
    { ...table, 'session:kill': (i: { id: number }) => (void i, {}) } satisfies Handlers,
    // @ts-expect-error session:setModel answers { model: string }, here as a promise
    { ...table, 'session:setModel': async () => ({ model: 42 }) } satisfies Handlers,
    // @ts-expect-error session:setModel answers { model: string }
    { ...table, 'session:setModel': () => ({ modl: 'opus' }) } satisfies Handlers,
    // @ts-expect-error only team channels belong in teamHandlers()
    { ...teamHandlers(() => undefined), 'session:kill': kill } satisfies Handlers<ChannelOf<'team'>>,
    // The same handlers written as their contracts say compile.
    { ...withoutKill, 'session:kill': kill, 'session:setModel': (i) => ({ model: i.model }) } satisfies Handlers,
  ];
}

describe('the handler table', () => {
  it('has one handler for each contract channel, none more', () => {
    const handlers = createHandlers({} as SessionHost);
    expect(Object.keys(handlers).sort()).toEqual(
      channels()
        .map((c) => c.channel)
        .sort(),
    );
    expect(Object.keys(teamHandlers(() => undefined)).sort()).toEqual(
      channels()
        .filter((c) => c.domain === 'team')
        .map((c) => c.channel)
        .sort(),
    );
  });
});
