// A part of the window loaded on demand: a failure is said when someone waits for the part,
// not when the background fetch that nobody waits for fails, and a later try can bring it.
import { describe, expect, it } from 'vitest';
import { failedParts, lazyPart, retryFailedParts } from '../../../renderer/src/lib/lazy-part';

/** An importer that fails while `gone` is set, as a chunk the host no longer serves. */
function flaky() {
  const state = { gone: true, calls: 0 };
  const importer = async () => {
    state.calls++;
    if (state.gone) throw new Error('Failed to fetch dynamically imported module');
    return { ready: true };
  };
  return { state, importer };
}

describe('lazyPart', () => {
  it('keeps a failed background fetch quiet, and says a failed wanted load', async () => {
    const { state, importer } = flaky();
    const part = lazyPart('the test dialog', importer);
    await expect(part.load({ quiet: true })).rejects.toThrow();
    expect(failedParts()).not.toContain(part);
    expect(part.failure()?.message).toMatch(/Failed to fetch/);

    await expect(part.load()).rejects.toThrow();
    expect(failedParts()).toContain(part);
    expect(state.calls).toBe(2);

    // Try again, once the chunk is served: the part arrives and is no longer listed.
    state.gone = false;
    retryFailedParts();
    await expect.poll(() => part.loaded()).toEqual({ ready: true });
    expect(failedParts()).not.toContain(part);
    expect(part.failure()).toBeUndefined();
  });

  it('says the failure when someone asks while the background fetch is under way', async () => {
    const { importer } = flaky();
    const part = lazyPart('the test panel', importer);
    const background = part.load({ quiet: true });
    const asked = part.load();
    await expect(asked).rejects.toThrow();
    await expect(background).rejects.toThrow();
    expect(failedParts()).toContain(part);
  });

  it('loads once', async () => {
    let calls = 0;
    const part = lazyPart('the test banner', async () => {
      calls++;
      return { n: calls };
    });
    const [a, b] = await Promise.all([part.load({ quiet: true }), part.load()]);
    expect(a).toBe(b);
    expect(await part.load()).toBe(a);
    expect(calls).toBe(1);
  });
});
