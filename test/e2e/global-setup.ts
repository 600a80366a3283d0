// Build the renderer and the server bundle once per run if missing or stale (scripts/e2e.mjs
// has usually done so already), so a bare `npx playwright test` works too. Hosts then start
// with --no-build, so a renderer source saved mid-run does not rebuild under a running test.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export default async function globalSetup(): Promise<void> {
  const web = (await import(pathToFileURL(path.join(root, 'scripts', 'web.mjs')).href)) as {
    ensureRendererBuilt: () => Promise<boolean>;
    ensureServerBuilt: () => Promise<boolean>;
  };
  await web.ensureRendererBuilt();
  await web.ensureServerBuilt();
}
