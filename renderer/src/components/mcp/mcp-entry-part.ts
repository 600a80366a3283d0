// The MCP panel's ways in (mcp-entry.tsx: the toolbar button, the status bar item with its
// badge), drawn just after the first screen: they are not needed to read or send, and the first
// screen's JS has a budget (R12-JS).
import { lazyPart } from '../../lib/lazy-part';

export const mcpEntryPart = lazyPart('the MCP button', () => import('./mcp-entry'), { soon: true });
