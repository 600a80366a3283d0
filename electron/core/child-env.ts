// The environment a `claude` child gets: the app's own (so ANTHROPIC_BASE_URL, proxies and
// API keys reach it) minus variables that would make it misbehave when started from here.
//
// - CLAUDECODE marks "running inside Claude Code" (set when clide itself is started from a
//   Claude Code terminal) and changes the CLI's behaviour.
// - NODE_OPTIONS could inject code into a Node-based CLI (--require, --import).
// - ELECTRON_RUN_AS_NODE and every other ELECTRON_* variable belong to the app's own runtime.
// Names are compared without regard to case: Windows environment names are case-insensitive,
// so `Node_Options` is the same variable there.
const DROP = new Set(['CLAUDECODE', 'NODE_OPTIONS', 'ELECTRON_RUN_AS_NODE']);

export function isDroppedEnvName(name: string): boolean {
  const upper = name.toUpperCase();
  return DROP.has(upper) || upper.startsWith('ELECTRON_');
}

export function childEnv(base: NodeJS.ProcessEnv, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(base)) {
    if (v === undefined || isDroppedEnvName(k)) continue;
    env[k] = v;
  }
  for (const [k, v] of Object.entries(extra)) {
    if (!isDroppedEnvName(k)) env[k] = v;
  }
  return env;
}
