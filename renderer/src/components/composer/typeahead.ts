// What the composer offers while the person types: slash commands at the start of the message
// and @ file mentions anywhere. Pure functions, so matching and insertion are tested alone.
import type { CommandInfo } from '../../../../shared/events';

export type Trigger = { kind: 'command'; query: string; start: number; end: number } | { kind: 'file'; query: string; start: number; end: number };

/** The typeahead the text around the caret asks for, if any. */
export function triggerAt(text: string, caret: number): Trigger | undefined {
  // A slash command: the message starts with "/" and the caret is still in its name.
  const cmd = /^\/([^\s/]*)$/.exec(text.slice(0, caret));
  if (cmd && !/^\S/.test(text.slice(caret))) return { kind: 'command', query: cmd[1]!, start: 0, end: caret };
  // An @ mention: "@" at the start or after whitespace, up to the caret, no whitespace inside
  // (or inside quotes: @"my file").
  const before = text.slice(0, caret);
  const m = /(^|\s)@("[^"]*|[^\s"]*)$/.exec(before);
  if (!m) return undefined;
  const start = before.length - m[2]!.length - 1;
  // Extend over the rest of the token after the caret, so accepting replaces all of it.
  const rest = /^[^\s]*/.exec(text.slice(caret))![0];
  return { kind: 'file', query: m[2]!.replace(/^"/, ''), start, end: caret + rest.length };
}

export interface CommandMatch extends CommandInfo {
  /** "project" or "user" for commands from .claude/commands, else undefined. */
  source?: 'project' | 'user';
}

function sourceOf(c: CommandInfo): 'project' | 'user' | undefined {
  if (/\(project\)\s*$/.test(c.description)) return 'project';
  if (/\(user\)\s*$/.test(c.description)) return 'user';
  return undefined;
}

/** Commands whose name starts with the query first, then those that contain it, then by description. */
export function matchCommands(commands: readonly CommandInfo[], query: string, limit = 50): CommandMatch[] {
  const q = query.toLowerCase();
  const starts: CommandMatch[] = [];
  const contains: CommandMatch[] = [];
  const described: CommandMatch[] = [];
  for (const c of commands) {
    const name = c.name.toLowerCase();
    const m: CommandMatch = { ...c, source: sourceOf(c) };
    if (name.startsWith(q)) starts.push(m);
    else if (q && name.includes(q)) contains.push(m);
    else if (q.length >= 3 && c.description.toLowerCase().includes(q)) described.push(m);
  }
  // Your own commands before the built-in ones when both match equally well.
  const own = (a: CommandMatch, b: CommandMatch) => Number(Boolean(b.source)) - Number(Boolean(a.source));
  return [...starts.sort(own), ...contains.sort(own), ...described].slice(0, limit);
}

/** The text after accepting a suggestion, and where the caret goes. */
export function accept(text: string, t: Trigger, value: string, folder = false): { text: string; caret: number } {
  let insert: string;
  if (t.kind === 'command') insert = `/${value} `;
  else {
    const quoted = /\s/.test(value) ? `"${value}${folder ? '' : '"'}` : value;
    // A folder keeps the mention open so the person can go on into it.
    insert = `@${quoted}${folder ? '' : ' '}`;
  }
  const next = text.slice(0, t.start) + insert + text.slice(t.end).replace(/^ /, '');
  return { text: next, caret: t.start + insert.length };
}
