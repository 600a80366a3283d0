// Every control request subtype sdk.d.ts declares (SDKControlRequestInner, 2.1.332), by who
// sends it and what clide does with it. The coverage test fails when a new one appears, so a CLI
// upgrade shows exactly which requests to look at.

/** Requests the CLI sends to clide. Each is answered exactly once (see inbound.ts). */
export const INBOUND_CONTROL: Record<string, string> = {
  can_use_tool: 'a permission prompt for the person (plan approval and AskUserQuestion too)',
  hook_callback: 'answered by the hook callbacks registered in initialize',
  mcp_message: 'a JSON-RPC message for an in-process MCP server registered in initialize',
  elicitation: 'an MCP server asks the person for input: declined with a notice (not supported yet)',
  // Sent only for dialog kinds a client declared in initialize.supportedDialogKinds; clide
  // declares none. An error reply is what the CLI expects from a host that cannot render one.
  request_user_dialog: 'answered with an error: clide declares no dialog kinds',
};

/** Requests clide sends to the CLI, with a typed result (see requests.ts). */
export const OUTBOUND_CONTROL: Record<string, string> = {
  initialize: 'handshake at spawn: hooks, SDK MCP servers; answers with models, commands, version',
  interrupt: 'stop the running turn',
  set_permission_mode: 'change the permission mode',
  set_model: 'switch the model',
  set_max_thinking_tokens: 'change the thinking budget',
  apply_flag_settings: 'change flag settings at run time (effort level)',
  get_context_usage: 'what fills the context window',
  mcp_status: 'state of the configured MCP servers',
  rewind_files: 'restore edited files to their state at a user message',
  stop_task: 'stop a background task (Bash, subagent)',
};

/** Requests clide could send but does not (yet), and why. */
export const UNUSED_CONTROL: Record<string, string> = {
  rename_session: 'session titles are clide-side',
  set_color: 'a terminal UI affordance',
  get_session_cost: 'result.total_cost_usd already gives the session cost',
  list_models: 'initialize already lists the models',
  get_usage: 'subscription usage; rate_limit_event covers what the status bar shows',
  get_binary_version: 'initialize already gives claude_code_version',
  mcp_call: 'clide does not call MCP tools itself',
  file_suggestions: '@-mention typeahead is done clide-side',
  cancel_async_message: 'clide does not queue messages inside the CLI',
  read_file: 'clide reads files itself',
  seed_read_state: 'only needed after transcript snipping, which clide does not do',
  mcp_set_servers: 'MCP servers are fixed at spawn',
  register_repo_root: 'for hosted multi-repo sessions',
  reload_plugins: 'no plugin management UI yet',
  reload_skills: 'no skill management UI yet',
  reload_output_styles: 'no output style picker yet',
  mcp_reconnect: 'no MCP management UI yet',
  mcp_toggle: 'no MCP management UI yet',
  set_has_subscribers: 'for hosted sessions with several viewers',
  background_tasks: 'task events already keep the task list',
  get_task_output: 'no task output viewer yet',
  get_settings: 'no settings viewer yet',
  get_hooks_listing: 'no hooks viewer yet',
  update_settings: 'settings are edited in the files',
  list_permission_rules: 'no permission rules viewer yet',
  mcp_read_resource: 'no MCP resource browser yet',
};
