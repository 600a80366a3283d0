// Vite's client types (CSS imports, import.meta.env) for every project that type-checks the
// renderer, including the test project.
/// <reference types="vite/client" />
