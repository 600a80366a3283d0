// The tool names of prompts that are not tool calls. No zod here: the page's first screen
// sorts prompts by them (store/attention.ts), and the schemas of those prompts are not needed
// until one is shown.

/** A dialog Claude Code asks clide to show (shared/dialogs.ts). */
export const DIALOG_PROMPT = 'clide:dialog';
/** An MCP server asking the person for input (shared/mcp.ts). */
export const ELICITATION_PROMPT = 'clide:mcp-input';
