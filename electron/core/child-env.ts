// The environment a `claude` child gets: the app's own (so ANTHROPIC_BASE_URL, proxies and
// API keys reach it) minus variables that would make it misbehave when started from here.
const DROP = new Set(['CLAUDECODE', 'NODE_OPTIONS', 'ELECTRON_RUN_AS_NODE']);

export function childEnv(base: NodeJS.ProcessEnv, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(base)) {
    if (v === undefined) continue;
    // CLAUDECODE marks "running inside Claude Code" and changes CLI behaviour; NODE_OPTIONS
    // could inject code; ELECTRON_* belong to the app's own runtime.
    if (DROP.has(k) || k.startsWith('ELECTRON_')) continue;
    env[k] = v;
  }
  return { ...env, ...extra };
}
