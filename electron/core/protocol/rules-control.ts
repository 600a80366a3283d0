// Outbound requests for the "Rules and hooks" panel. Observed on 2.1.332:
// - list_permission_rules answers `state: {rules[], workspaceDirectories[], originalCwd,
//   managedOnly, errors?}`; each rule has `behavior`, `source` (userSettings, projectSettings,
//   localSettings, cliArg, session, ...), `rule` verbatim, `description {prefix, emphasis?,
//   suffix?}` and `editability`. A settings file that does not parse is skipped and named in
//   `errors` as `{file, path: "", message: "Invalid or malformed JSON"}`. It names no files.
// - get_hooks_listing answers `events[]` (with hooks, in lifecycle order), `hooks[]` (event,
//   matcher, source, sourceLabel, type, displayText, commandText, contentLabel, timeout, ...),
//   an `eventCatalog` of every event, `policy`, and `safeMode`/`bareMode` when they apply.
//   Hooks registered by the host in `initialize` are not listed.
// - update_settings refuses `permissions` ("update_settings keys not allowed: permissions"):
//   rules are removed from their settings file, which the CLI watches (see electron/core/rules).
import { z } from 'zod';
import { lazySchema } from '../../../shared/lazy-schema';
import { ruleBehaviors, type Hook, type HooksState, type RuleBehavior, type SettingsProblem } from '../../../shared/rules';
import { parse, type Requester } from './requests';

const ProblemWire = lazySchema(() => z.looseObject({ file: z.string().optional(), path: z.string().optional(), message: z.string() }));

const RulesWire = lazySchema(() =>
  z.looseObject({
    state: z.looseObject({
      rules: z.array(
        z.looseObject({
          behavior: z.string(),
          source: z.string(),
          rule: z.string(),
          description: z.looseObject({ prefix: z.string(), emphasis: z.string().optional(), suffix: z.string().optional() }).optional(),
          editability: z.string().optional(),
          notInEffect: z.boolean().optional(),
        }),
      ),
      workspaceDirectories: z.array(z.looseObject({ path: z.string(), source: z.string() })).optional(),
      managedOnly: z.boolean().optional(),
      errors: z.array(ProblemWire).optional(),
    }),
  }),
);

const HooksWire = lazySchema(() =>
  z.looseObject({
    events: z.array(z.looseObject({ name: z.string(), summary: z.string().optional() })),
    hooks: z.array(
      z.looseObject({
        event: z.string(),
        matcher: z.string().optional(),
        source: z.string(),
        sourceLabel: z.string().optional(),
        pluginName: z.string().optional(),
        type: z.string(),
        commandText: z.string(),
        contentLabel: z.string().optional(),
        condition: z.string().optional(),
        timeout: z.number().optional(),
        statusMessage: z.string().optional(),
        runsOnce: z.boolean().optional(),
        runsInBackground: z.boolean().optional(),
        disabled: z.boolean().optional(),
      }),
    ),
    policy: z
      .looseObject({
        disabledByPolicy: z.boolean().optional(),
        managedOnly: z.boolean().optional(),
        allDisabled: z.boolean().optional(),
        policyHookCount: z.number().optional(),
      })
      .optional(),
    safeMode: z.looseObject({ exitHint: z.string().optional() }).optional(),
    bareMode: z.looseObject({ exitHint: z.string().optional() }).optional(),
    errors: z.array(ProblemWire).optional(),
  }),
);

/** One rule as Claude Code lists it (before clide adds where it is stored and who saved it). */
export interface ListedRule {
  behavior: RuleBehavior;
  source: string;
  rule: string;
  reading?: { prefix: string; emphasis?: string; suffix?: string };
  editability: string;
  notInEffect?: boolean;
}

export interface ListedRules {
  rules: ListedRule[];
  directories: Array<{ path: string; source: string }>;
  managedOnly: boolean;
  errors: SettingsProblem[];
}

function problems(errors: Array<z.output<typeof ProblemWire>> | undefined): SettingsProblem[] {
  return (errors ?? []).map((e) => ({ file: e.file || undefined, path: e.path ?? '', message: e.message }));
}

function isBehavior(b: string): b is RuleBehavior {
  return (ruleBehaviors as readonly string[]).includes(b);
}

export async function listPermissionRules(req: Requester): Promise<ListedRules> {
  const { state } = parse(RulesWire, 'list_permission_rules', await req('list_permission_rules'));
  return {
    // The SDK declares only allow, ask and deny; a row with another behavior could not be shown
    // under any of them truthfully, so it is left out rather than filed under the wrong one.
    rules: state.rules.flatMap((r) =>
      isBehavior(r.behavior)
        ? [
            {
              behavior: r.behavior,
              source: r.source,
              rule: r.rule,
              reading: r.description && { prefix: r.description.prefix, emphasis: r.description.emphasis, suffix: r.description.suffix },
              editability: r.editability ?? 'readonly',
              notInEffect: r.notInEffect || undefined,
            },
          ]
        : [],
    ),
    directories: (state.workspaceDirectories ?? []).map((d) => ({ path: d.path, source: d.source })),
    managedOnly: state.managedOnly ?? false,
    errors: problems(state.errors),
  };
}

type HookWire = z.output<typeof HooksWire>['hooks'][number];

function hook(h: HookWire): Hook {
  return {
    event: h.event,
    matcher: h.matcher ?? '',
    source: h.source,
    sourceLabel: h.sourceLabel ?? h.source,
    pluginName: h.pluginName,
    type: h.type,
    textLabel: h.contentLabel ?? 'Command',
    text: h.commandText,
    statusMessage: h.statusMessage,
    condition: h.condition,
    timeoutSec: h.timeout,
    once: h.runsOnce || undefined,
    background: h.runsInBackground || undefined,
    disabled: h.disabled || undefined,
  };
}

export async function hooksListing(req: Requester): Promise<Omit<HooksState, 'at'>> {
  const r = parse(HooksWire, 'get_hooks_listing', await req('get_hooks_listing'));
  // Events in the CLI's lifecycle order; a hook whose event the list left out still shows, last.
  const names = [...new Set([...r.events.map((e) => e.name), ...r.hooks.map((h) => h.event)])];
  const events = names
    .map((name) => ({
      name,
      summary: r.events.find((e) => e.name === name)?.summary ?? '',
      hooks: r.hooks.filter((h) => h.event === name).map(hook),
    }))
    .filter((e) => e.hooks.length > 0);
  const policy = r.policy ?? {};
  return {
    events,
    policy: {
      disabledByPolicy: policy.disabledByPolicy ?? false,
      managedOnly: policy.managedOnly ?? false,
      allDisabled: policy.allDisabled ?? false,
      policyHookCount: policy.policyHookCount ?? 0,
    },
    safeMode: r.safeMode && { exitHint: r.safeMode.exitHint ?? '' },
    bareMode: r.bareMode && { exitHint: r.bareMode.exitHint ?? '' },
    errors: problems(r.errors),
  };
}
