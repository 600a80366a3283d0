// Reading skills, plugins and output styles again from disk, for a session that is already
// running (the terminal UI's /reload-plugins and /reload-skills; a style file written mid-session
// is otherwise invisible until the next session). Observed on 2.1.332:
// - reload_skills answers `skills` (every skill command, with the new ones) and the CLI then
//   sends system/commands_changed with the whole command list, which updates the slash menu.
// - reload_output_styles answers `available_output_styles` (built-in and custom names).
// - reload_plugins answers commands, agents, plugins, mcpServers and error_count. With
//   refuse_if_busy (advertised as reload_plugins_refuse_if_busy_v1) a session in a turn refuses
//   with error_code reload_plugins_busy: "The session is busy, so plugins were not reloaded. Ask
//   again once it is idle." clide always asks that way: a reload swaps commands, hooks and MCP
//   servers under a running turn, and a request from the window can arrive at any moment.
import { z } from 'zod';
import { lazySchema } from '../../../shared/lazy-schema';
import type { PluginInfo } from '../../../shared/reload';
import { ControlRefused } from './control';
import { parse, type Requester } from './requests';

const Named = lazySchema(() => z.looseObject({ name: z.string() }));

const SkillsWire = lazySchema(() => z.looseObject({ skills: z.array(Named) }));
const StylesWire = lazySchema(() => z.looseObject({ available_output_styles: z.array(z.string()) }));
const PluginsWire = lazySchema(() =>
  z.looseObject({
    commands: z.array(Named),
    agents: z.array(z.unknown()).optional(),
    plugins: z.array(z.looseObject({ name: z.string(), path: z.string().optional(), source: z.string().optional(), version: z.string().optional() })),
    mcpServers: z.array(z.unknown()).optional(),
    error_count: z.number().optional(),
  }),
);

export interface ReloadedPlugins {
  commands: string[];
  plugins: PluginInfo[];
  agents: number;
  mcpServers: number;
  errors: number;
}

export async function reloadSkills(req: Requester): Promise<string[]> {
  return parse(SkillsWire, 'reload_skills', await req('reload_skills')).skills.map((s) => s.name);
}

export async function reloadOutputStyles(req: Requester): Promise<string[]> {
  return parse(StylesWire, 'reload_output_styles', await req('reload_output_styles')).available_output_styles;
}

/** The plugins reloaded, or 'busy' when the session is in a turn (nothing was reloaded). */
export async function reloadPlugins(req: Requester): Promise<ReloadedPlugins | 'busy'> {
  let answer;
  try {
    answer = await req('reload_plugins', { refuse_if_busy: true });
  } catch (err) {
    if (isBusy(err)) return 'busy';
    throw err;
  }
  const r = parse(PluginsWire, 'reload_plugins', answer);
  return {
    commands: r.commands.map((c) => c.name),
    // A plugin's name and version come from its own manifest: kept as text, shown as text.
    plugins: r.plugins.map((p) => ({ name: p.name, version: p.version, source: p.source })),
    agents: r.agents?.length ?? 0,
    mcpServers: r.mcpServers?.length ?? 0,
    errors: r.error_count ?? 0,
  };
}

/** The CLI refuses a reload during a turn with this error_code (see above). */
function isBusy(err: unknown): boolean {
  return err instanceof ControlRefused && err.code === 'reload_plugins_busy';
}
