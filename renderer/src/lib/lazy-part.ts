// Parts of the window that the first screen does not need (the transcript's full entries, the
// markdown parser, prompts, dialogs, panels) are separate chunks of the bundle, loaded on
// demand and fetched in the background once the first screen is up (preloadParts), so opening
// one later finds it loaded. A part is a plain module reference, not React.lazy: a part that is
// already loaded renders in the same pass, with no Suspense fallback frame in between.
import { useEffect, useState } from 'react';

export interface LazyPart<M> {
  /** For messages: what this part is ("the settings dialog"). */
  readonly name: string;
  /** The module, once loaded. */
  loaded(): M | undefined;
  /**
   * Load it (once; again after a failure). `quiet`: a background fetch nobody waits for; its
   * failure is not shown (the part is tried again, and a failure said, when it is wanted).
   */
  load(options?: { quiet?: boolean }): Promise<M>;
  /** Why the last load failed, if it did. */
  failure(): Error | undefined;
}

const parts: Array<LazyPart<unknown>> = [];
const early: Array<LazyPart<unknown>> = [];
/** The parts whose last load failed, for the window to say so (a new array on every change). */
let failed: ReadonlyArray<LazyPart<unknown>> = [];
const failureListeners = new Set<() => void>();
/** Told whenever a part arrives (a component waiting on one that failed shows it after a retry). */
const loadListeners = new Set<() => void>();

function setFailed(part: LazyPart<unknown>, isFailed: boolean): void {
  if (failed.includes(part) === isFailed) return;
  failed = isFailed ? [...failed, part] : failed.filter((p) => p !== part);
  for (const l of [...failureListeners]) l();
}

/**
 * `soon`: the first screen shows it as soon as it can (the transcript's entries, the markdown
 * parser), so it is fetched right after the first paint, before the others.
 */
export function lazyPart<M>(name: string, importer: () => Promise<M>, { soon = false } = {}): LazyPart<M> {
  let module: M | undefined;
  let pending: Promise<M> | undefined;
  let error: Error | undefined;
  // Whether anyone but the background fetch waits for the load under way.
  let wanted = false;
  const part: LazyPart<M> = {
    name,
    loaded: () => module,
    failure: () => error,
    load({ quiet = false } = {}) {
      if (module) return Promise.resolve(module);
      if (!quiet) wanted = true;
      pending ??= importer().then(
        (m) => {
          module = m;
          error = undefined;
          setFailed(part as LazyPart<unknown>, false);
          for (const l of [...loadListeners]) l();
          return m;
        },
        (err: unknown) => {
          // A chunk that will not load (the host rebuilt the app since this page was opened, or
          // the connection dropped): say so, and let the next attempt try again.
          pending = undefined;
          error = err instanceof Error ? err : new Error(String(err));
          if (wanted) setFailed(part as LazyPart<unknown>, true);
          wanted = false;
          throw error;
        },
      );
      return pending;
    },
  };
  (soon ? early : parts).push(part as LazyPart<unknown>);
  return part;
}

/**
 * The part's module for rendering: undefined until it has loaded (the caller shows what it
 * shows meanwhile); the component renders again when it arrives, also after a failed load
 * was tried again (retryFailedParts). A failure itself is shown once for the window
 * (failedParts), not by every place that waits.
 */
export function useLazyPart<M>(part: LazyPart<M>, wanted = true): M | undefined {
  const module = part.loaded();
  const [, setTick] = useState(0);
  useEffect(() => {
    if (module || !wanted) return;
    const arrived = () => {
      if (part.loaded()) setTick((n) => n + 1);
    };
    loadListeners.add(arrived);
    part.load().catch(() => undefined);
    // Loaded between this render and this effect: render now.
    arrived();
    return () => void loadListeners.delete(arrived);
  }, [part, module, wanted]);
  return module;
}

/**
 * Fetch every part in the background once the first screen has been painted: the ones it shows
 * soon at once, the rest one after another while the window is idle. Not before: a chunk that
 * arrives is run at once, and one the size of the markdown formatter would hold up the very
 * frame it is meant to follow. Failures are left for the moment a part is needed, where they
 * can be shown.
 */
export function preloadParts(): void {
  const idle = (f: () => void) => (typeof requestIdleCallback === 'function' ? requestIdleCallback(f, { timeout: 1000 }) : setTimeout(f, 50));
  // Read as the walk goes: parts declared in a chunk loaded meanwhile join the end.
  const next = (i: number) => {
    const part = parts[i];
    if (!part) return;
    const go = () => idle(() => next(i + 1));
    // One whose failure the window shows is left to the person's Try again: fetched here, it
    // could arrive on its own while they reach for the button.
    if (failed.includes(part)) return go();
    part.load({ quiet: true }).then(go, go);
  };
  afterPaint(() => {
    for (const part of early) part.load({ quiet: true }).catch(() => undefined);
    idle(() => next(0));
  });
}

/** After the next frame has been painted. */
function afterPaint(f: () => void): void {
  requestAnimationFrame(() => setTimeout(f, 0));
}

/** The parts that failed to load, for useSyncExternalStore. */
export function failedParts(): ReadonlyArray<LazyPart<unknown>> {
  return failed;
}

export function onFailedParts(listener: () => void): () => void {
  failureListeners.add(listener);
  return () => void failureListeners.delete(listener);
}

/** Try every failed part again (after the person asked to). */
export function retryFailedParts(): void {
  for (const part of failed) part.load().catch(() => undefined);
}
