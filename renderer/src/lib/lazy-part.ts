// Parts of the window that the first screen does not need (the transcript's full entries, the
// markdown parser, prompts, dialogs, panels) are separate chunks of the bundle, loaded on
// demand and fetched in the background once the first screen is up (preloadParts), so opening
// one later finds it loaded. A part is a plain module reference, not React.lazy: a part that is
// already loaded renders in the same pass, with no Suspense fallback frame in between.
import { useEffect, useLayoutEffect, useState } from 'react';
import { holdKeys, releaseFirstScreenKeys, type KeyHold } from './key-hold';
import { shortcutTask } from './shortcuts';

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
      if (!quiet && shortcutTask()) keysWait(part as LazyPart<unknown>);
      pending ??= importer().then(
        (m) => {
          module = m;
          error = undefined;
          setFailed(part as LazyPart<unknown>, false);
          for (const l of [...loadListeners]) l();
          keysLoaded(part as LazyPart<unknown>);
          return m;
        },
        (err: unknown) => {
          // A chunk that will not load (the host rebuilt the app since this page was opened, or
          // the connection dropped): say so, and let the next attempt try again.
          pending = undefined;
          error = err instanceof Error ? err : new Error(String(err));
          if (wanted) setFailed(part as LazyPart<unknown>, true);
          wanted = false;
          keysReady(part as LazyPart<unknown>, true);
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
  // Asked for by a shortcut and not loaded yet: load it in the shortcut's own task (a layout
  // effect runs in it, before the next key can arrive), so the keys typed until it is drawn
  // wait for it (keysWait).
  const waiting = wanted && !module;
  useLayoutEffect(() => {
    if (waiting && shortcutTask()) part.load().catch(() => undefined);
  }, [part, waiting]);
  // While this component wants the part, it is drawn when it has rendered with it: this effect
  // runs after the part's own (a dialog opened, its field focused).
  useEffect(() => {
    if (!wanted) return;
    const p = part as LazyPart<unknown>;
    drawing.set(p, (drawing.get(p) ?? 0) + 1);
    return () => {
      drawing.set(p, (drawing.get(p) ?? 1) - 1);
      if (p.loaded()) keysReady(p);
    };
  }, [part, wanted]);
  useEffect(() => {
    if (wanted && module) keysReady(part as LazyPart<unknown>);
  }, [part, wanted, module]);
  return module;
}

/** How many mounted components want each part (useLazyPart): a part they show is drawn by them. */
const drawing = new Map<LazyPart<unknown>, number>();

/**
 * The keys held for the parts a shortcut asked for (lib/key-hold.ts): from the shortcut until
 * each of them is drawn (or, for one no component shows, loaded). One hold per shortcut;
 * dropped if any of them fails to load, since what they were typed for will not come.
 */
let keysHeld: { task: number; hold: KeyHold; parts: Set<LazyPart<unknown>>; failed: boolean } | undefined;

function keysWait(part: LazyPart<unknown>): void {
  const task = shortcutTask();
  if (keysHeld?.task !== task) {
    if (keysHeld) keysHeld.hold.release();
    keysHeld = { task, hold: holdKeys(), parts: new Set(), failed: false };
  }
  keysHeld.parts.add(part);
}

/**
 * A part the keys wait for has loaded. A component that shows it says when it is drawn
 * (useLazyPart); what it does may first need a render (code that opens a panel), so that is
 * looked at a frame later; a part nothing shows by then is ready.
 */
function keysLoaded(part: LazyPart<unknown>): void {
  if (keysHeld?.parts.has(part)) requestAnimationFrame(() => void (drawing.get(part) || keysReady(part)));
}

function keysReady(part: LazyPart<unknown>, failed = false): void {
  const held = keysHeld;
  if (!held?.parts.delete(part)) return;
  held.failed ||= failed;
  if (held.parts.size > 0) return;
  keysHeld = undefined;
  if (held.failed) held.hold.drop();
  else held.hold.release();
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
    // The first screen is up: the keys typed before it go to it (early.ts held them).
    releaseFirstScreenKeys();
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
