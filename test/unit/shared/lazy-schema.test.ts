// Schemas built on first use (shared/lazy-schema.ts): the stand-in behaves as the built schema
// in every way the app uses one, and loading the contract and the core builds none of them.
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { lazySchema } from '../../../shared/lazy-schema';

// Every schema the modules under test make, counted: zod's factories (z.object, z.string...)
// as seen by every module here, the contract's included.
const made = vi.hoisted(() => ({ count: 0 }));
vi.mock('zod', async (original) => {
  const m = await original<typeof import('zod')>();
  const counted = new Proxy(m.z, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver) as unknown;
      if (typeof key !== 'string' || !/^[a-z]/.test(key) || typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        made.count++;
        return (value as (...a: unknown[]) => unknown)(...args);
      };
    },
  });
  return { ...m, z: counted };
});

describe('lazySchema', () => {
  it('builds nothing until touched, then once, and behaves as the built schema', () => {
    let builds = 0;
    const Item = lazySchema(() => (builds++, z.object({ name: z.string().min(1), size: z.number().optional() })));
    const Event = lazySchema(() => z.discriminatedUnion('kind', [z.object({ kind: z.literal('item'), item: Item }), z.object({ kind: z.literal('none') })]));
    expect(builds).toBe(0);

    expect(Item.parse({ name: 'a' })).toEqual({ name: 'a' });
    expect(Item.safeParse({ name: '' }).success).toBe(false);
    expect(builds).toBe(1);
    // Nested in another schema, in a discriminated union, with its methods and its shape.
    expect(Event.parse({ kind: 'item', item: { name: 'b', size: 2 } })).toEqual({ kind: 'item', item: { name: 'b', size: 2 } });
    expect(Event.safeParse({ kind: 'item', item: {} }).success).toBe(false);
    expect(Item.optional().parse(undefined)).toBeUndefined();
    expect(Item.extend({ done: z.boolean() }).parse({ name: 'c', done: true })).toEqual({ name: 'c', done: true });
    expect(Object.keys(Item.shape)).toEqual(['name', 'size']);
    expect(Item.shape.size.unwrap().parse(3)).toBe(3);
    expect(Item instanceof z.ZodObject).toBe(true);
    expect(Item.safeParse(5).error?.issues[0]?.message).toMatch(/expected object/);
    expect(builds).toBe(1);
  });

  it('stands in for a table of schemas: keys, spreading, lookups', () => {
    const A = z.string();
    const table = lazySchema(() => ({ one: { input: A, output: A } }));
    expect(Object.keys(table)).toEqual(['one']);
    expect({ ...table }.one.input).toBe(A);
    expect(Object.hasOwn(table, 'one')).toBe(true);
    expect('two' in table).toBe(false);
  });
});

describe('the contract', () => {
  it('builds no schema when it loads, only those of a channel when it is first called', async () => {
    const before = made.count;
    const ipc = await import('../../../shared/ipc');
    // The core as the hosts load it: the session host, the protocol, the channel handlers.
    await import('../../../electron/core/host');
    await import('../../../electron/core/api-handlers');
    const loaded = made.count;
    // Loading them made over a thousand before (about half of the core's load time). A schema
    // declared at a module's top level is made on first use: lazySchema(() => z.object(...)).
    expect(loaded - before).toBe(0);
    const built = (): number => made.count;

    const send = ipc.contractFor('session:send')!;
    expect(send.input.safeParse({ id: 's1', text: 'hi' }).success).toBe(true);
    expect(send.input.safeParse({ id: '', text: 'hi' }).success).toBe(false);
    const forSend = built() - loaded;
    expect(forSend).toBeGreaterThan(0);
    // Another call of the same channel builds nothing more.
    send.input.parse({ id: 's2', text: 'again' });
    expect(built() - loaded).toBe(forSend);
    // Every channel is still listed without building its schemas.
    expect(ipc.channels().length).toBeGreaterThan(80);
    expect(built() - loaded).toBe(forSend);
  });
});
