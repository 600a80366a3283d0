// Whether `npm run dist` may build what it was asked for. A local build may be unsigned (so
// anyone can package from source); a release build (`npm run release`, CLIDE_RELEASE=1, or any
// --publish other than never) must sign its macOS and Windows artefacts and notarise the macOS
// one, so it refuses before building when the signing variables electron-builder reads are
// missing, and names each one. electron-builder's own forceCodeSigning is the second guard: it
// fails a release build that would still come out unsigned (a certificate that does not load).

export type Target = 'mac' | 'win' | 'linux';

export interface DistRequest {
  env: NodeJS.ProcessEnv;
  /** The arguments after `npm run dist --` (electron-builder's, plus --release). */
  argv: readonly string[];
  platform: NodeJS.Platform;
}

export interface DistDecision {
  release: boolean;
  targets: Target[];
  /** False: refuse, and say `message`. */
  ok: boolean;
  /** Signing variables each target still needs (release builds only). */
  missing: Partial<Record<Target, string[]>>;
  message: string;
  /** What electron-builder is run with. */
  builderArgs: string[];
}

/** Code signing: the certificate (a path, https URL or base64 .p12/.pfx) and its password. */
export const MAC_SIGNING = ['CSC_LINK', 'CSC_KEY_PASSWORD'] as const;
export const WIN_SIGNING = ['WIN_CSC_LINK', 'WIN_CSC_KEY_PASSWORD'] as const;
/** Notarisation with an Apple ID and an app-specific password... */
export const APPLE_ID_NOTARY = ['APPLE_ID', 'APPLE_APP_SPECIFIC_PASSWORD', 'APPLE_TEAM_ID'] as const;
/** ...or with an App Store Connect API key (the way electron-builder recommends). */
export const APPLE_API_NOTARY = ['APPLE_API_KEY', 'APPLE_API_KEY_ID', 'APPLE_API_ISSUER'] as const;

const TARGET_FLAGS: Record<string, Target> = {
  '--mac': 'mac',
  '--macos': 'mac',
  '-m': 'mac',
  '-o': 'mac',
  '--win': 'win',
  '--windows': 'win',
  '-w': 'win',
  '--linux': 'linux',
  '-l': 'linux',
};

const HOST_TARGET: Partial<Record<NodeJS.Platform, Target>> = { darwin: 'mac', win32: 'win', linux: 'linux' };

const NAMES: Record<Target, string> = { mac: 'macOS', win: 'Windows', linux: 'Linux' };

export function decideDist(req: DistRequest): DistDecision {
  const args = req.argv.filter((a) => a !== '--release');
  const publish = publishMode(args);
  const release = req.argv.includes('--release') || isOn(req.env['CLIDE_RELEASE']) || (publish !== undefined && publish !== 'never');
  const asked = [...new Set(args.flatMap((a) => (TARGET_FLAGS[a] ? [TARGET_FLAGS[a]] : [])))];
  const host = HOST_TARGET[req.platform];
  const targets = asked.length > 0 ? asked : host ? [host] : [];
  const feed = updateFeedArgs(req.env);
  const builderArgs = [
    ...args,
    ...(publish === undefined ? ['--publish', 'never'] : []),
    ...(release ? ['-c.forceCodeSigning=true'] : []),
    ...(feed.ok ? feed.args : []),
  ];
  if (!feed.ok) return { release, targets, ok: false, missing: {}, builderArgs, message: feed.message };
  if (!release) {
    return {
      release,
      targets,
      ok: true,
      missing: {},
      builderArgs,
      message: 'Local build: artefacts are not signed unless the signing variables are set (see "Releasing" in README.md).',
    };
  }
  const missing: Partial<Record<Target, string[]>> = {};
  for (const t of targets) {
    const lacking = t === 'mac' ? [...absent(req.env, MAC_SIGNING), ...absent(req.env, notarySet(req.env))] : t === 'win' ? absent(req.env, WIN_SIGNING) : [];
    if (lacking.length > 0) missing[t] = lacking;
  }
  const refused = Object.entries(missing) as Array<[Target, string[]]>;
  if (refused.length > 0) {
    const lines = refused.map(([t, vars]) => `  ${NAMES[t]}: ${vars.join(', ')}`);
    const hint =
      refused.some(([t]) => t === 'mac') && notarySet(req.env) === APPLE_ID_NOTARY
        ? `\n(For macOS, ${APPLE_API_NOTARY.join(', ')} may notarise instead of the Apple ID.)`
        : '';
    return {
      release,
      targets,
      ok: false,
      missing,
      builderArgs,
      message: `Release build refused: these would come out unsigned. Set the missing variables:\n${lines.join('\n')}${hint}`,
    };
  }
  const signed = targets.filter((t) => t !== 'linux').map((t) => (t === 'mac' ? 'macOS (signed and notarised)' : 'Windows (signed)'));
  const parts = [...signed, ...(targets.includes('linux') ? ['Linux (AppImage, deb, rpm and pacman carry no code signature)'] : [])];
  return { release, targets, ok: true, missing, builderArgs, message: `Release build: ${parts.join(', ') || 'no target'}.` };
}

/**
 * CLIDE_UPDATE_URL bakes a company's own update server into the build (electron-updater's
 * generic provider: a folder with the installers and their latest*.yml) instead of GitHub.
 */
function updateFeedArgs(env: NodeJS.ProcessEnv): { ok: true; args: string[] } | { ok: false; message: string } {
  const raw = (env['CLIDE_UPDATE_URL'] ?? '').trim();
  if (raw === '') return { ok: true, args: [] };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, message: `CLIDE_UPDATE_URL is not a URL: ${raw}. Give the https address of the folder that holds the update files.` };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return { ok: false, message: `CLIDE_UPDATE_URL must be an http(s) address, not ${url.protocol}: ${raw}.` };
  }
  return { ok: true, args: ['-c.publish.provider=generic', `-c.publish.url=${url.href}`] };
}

/** The notarisation variables that apply: the API-key set once any of it is given, else the Apple ID set. */
function notarySet(env: NodeJS.ProcessEnv): readonly string[] {
  return APPLE_API_NOTARY.some((v) => present(env, v)) ? APPLE_API_NOTARY : APPLE_ID_NOTARY;
}

function publishMode(args: readonly string[]): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--publish' || a === '-p') return args[i + 1] ?? '';
    if (a.startsWith('--publish=')) return a.slice('--publish='.length);
  }
  return undefined;
}

function absent(env: NodeJS.ProcessEnv, names: readonly string[]): string[] {
  return names.filter((n) => !present(env, n));
}

function present(env: NodeJS.ProcessEnv, name: string): boolean {
  return (env[name] ?? '').trim() !== '';
}

function isOn(v: string | undefined): boolean {
  return v === '1' || v?.toLowerCase() === 'true';
}
