// A schema (or a table of schemas) built the first time anything touches it, not when its
// module loads. zod builds each schema eagerly: loading the core made some 1,500 of them, about
// half of its import (50 of 105 ms on an idle two-core machine), which the browser host and the
// desktop app pay at every start before the window gets its first answer. Most are needed only
// when their channel is first called, or never in a given run.
//
// The value returned stands in for the built one everywhere: reading, calling its methods,
// nesting it in another schema, `instanceof`, spreading a table (not calling it: schemas are
// objects). It forwards every operation
// to the built value, so what it is typed as is exactly what `build` returns.

export function lazySchema<T extends object>(build: () => T): T {
  let built: T | undefined;
  const real = (): T => (built ??= build());
  // An empty target: it has no fixed properties of its own, so the proxy may report whatever
  // the built value has (a proxy may never hide a target's non-configurable property).
  return new Proxy({} as T, {
    get: (_t, key) => {
      const r = real();
      return Reflect.get(r, key, r);
    },
    set: (_t, key, value) => Reflect.set(real(), key, value),
    has: (_t, key) => Reflect.has(real(), key),
    ownKeys: () => Reflect.ownKeys(real()),
    getOwnPropertyDescriptor: (_t, key) => {
      const d = Reflect.getOwnPropertyDescriptor(real(), key);
      // Reported as configurable: the target has no such property, and a proxy may not report
      // one it lacks as fixed. Nothing in the app redefines a schema's properties.
      return d && { ...d, configurable: true };
    },
    defineProperty: (_t, key, d) => Reflect.defineProperty(real(), key, d),
    deleteProperty: (_t, key) => Reflect.deleteProperty(real(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(real()),
  });
}
