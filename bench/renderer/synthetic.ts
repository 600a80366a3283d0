// Synthetic sessions for the renderer's benchmarks and long-transcript tests: n top-level
// entries in a fixed cycle of ten kinds (prose, markdown with a table and code, Bash with
// output, an Edit with the CLI's patch, Read, thinking, injected context, Grep, a Write, a
// notice). The view is built directly (its items), not by replaying events, so a
// 50,000-entry session takes milliseconds to make. Deterministic: entry i is the same in every
// run and every size, so a 1k and a 50k session end with the same kinds of entries.
import type { FinalBlock, SessionEvent } from '../../shared/events';
import { blocksOf, emptySession, type SessionView, type ToolState, type TranscriptItem } from '../../shared/transcript';

const WORDS = 'the router keeps each route in its own file so that tests can mount one route alone and check its answers without a database'.split(' ');

/** The same words for entries a multiple of 100 apart, so sessions of different sizes end alike. */
function words(seed: number, n: number): string {
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(WORDS[((seed % 100) * 7 + i * 13) % WORDS.length] ?? 'word');
  return out.join(' ');
}

const CODE = [
  "import { Router } from 'express';",
  '',
  'export const health = Router();',
  "health.get('/health', (_req, res) => {",
  '  res.json({ ok: true, uptime: process.uptime() });',
  '});',
].join('\n');

const PATCH_LINES = [
  " import { Router } from 'express';",
  "-import { users } from './users';",
  "+import { users } from './routes/users';",
  "+import { health } from './routes/health';",
  ' ',
  ' export const router = Router();',
];

/** One entry (and the tool states it needs), by its position in the cycle. */
function entry(i: number, at: number): { item: TranscriptItem; tools?: Record<string, ToolState> } {
  const id = `e${i}`;
  switch (i % 10) {
    case 0:
      return { item: { type: 'user', id, text: `Step ${i}: ${words(i, 18)}.`, at } };
    case 1:
      return {
        item: {
          type: 'assistant',
          id,
          at,
          block: {
            type: 'text',
            streaming: false,
            text: `Here is what I found about **step ${i}**:\n\n| file | lines |\n|---|---|\n| \`src/a${i}.ts\` | ${i % 97} |\n| \`src/b.ts\` | 12 |\n\n${words(i, 40)}.\n\n\`\`\`ts\n${CODE}\n// ${i}\n\`\`\``,
          },
        },
      };
    case 2: {
      const tid = `t${i}`;
      const out = Array.from({ length: 6 }, (_, k) => `\u001b[32m✓\u001b[0m test/case-${i}-${k}.test.ts (${k + 1} tests)`).join('\n');
      return {
        item: {
          type: 'assistant',
          id,
          at,
          block: {
            type: 'tool_use',
            text: '',
            streaming: false,
            tool: { id: tid, name: 'Bash', input: { command: `npm test -- case-${i}`, description: 'Run the tests' } },
          },
        },
        tools: { [tid]: { permission: 'allowed', result: { content: out, isError: false, structured: { stdout: out, stderr: '', interrupted: false } } } },
      };
    }
    case 3: {
      const tid = `t${i}`;
      return {
        item: {
          type: 'assistant',
          id,
          at,
          block: {
            type: 'tool_use',
            text: '',
            streaming: false,
            tool: { id: tid, name: 'Edit', input: { file_path: `/repo/src/router-${i}.ts`, old_string: 'a', new_string: 'b' } },
          },
        },
        tools: {
          [tid]: {
            permission: 'allowed',
            result: {
              content: 'The file has been updated.',
              isError: false,
              structured: {
                filePath: `/repo/src/router-${i}.ts`,
                structuredPatch: [{ oldStart: 1, oldLines: 4, newStart: 1, newLines: 5, lines: PATCH_LINES }],
              },
            },
          },
        },
      };
    }
    case 4: {
      const tid = `t${i}`;
      return {
        item: {
          type: 'assistant',
          id,
          at,
          block: { type: 'tool_use', text: '', streaming: false, tool: { id: tid, name: 'Read', input: { file_path: `/repo/src/file-${i}.ts` } } },
        },
        tools: {
          [tid]: {
            result: {
              content: CODE,
              isError: false,
              structured: { type: 'text', file: { filePath: `/repo/src/file-${i}.ts`, content: CODE, numLines: 6, startLine: 1, totalLines: 6 } },
            },
          },
        },
      };
    }
    case 5:
      return {
        item: {
          type: 'assistant',
          id,
          at,
          blocks: [
            { type: 'thinking', streaming: false, text: words(i, 60) },
            { type: 'text', streaming: false, text: `${words(i + 1, 25)}.\n\n- first point about ${i}\n- second point\n- third point` },
          ],
        },
      };
    case 6:
      return {
        item: {
          type: 'context',
          id,
          source: 'skill',
          label: `Skill: conventions-${i % 5}`,
          text: `Base directory for this skill: /skills/c\n\n${words(i, 30)}`,
          at,
        },
      };
    case 7: {
      const tid = `t${i}`;
      const files = Array.from({ length: 8 }, (_, k) => `src/module-${k}/file-${i}.ts`);
      return {
        item: {
          type: 'assistant',
          id,
          at,
          block: { type: 'tool_use', text: '', streaming: false, tool: { id: tid, name: 'Grep', input: { pattern: `case${i}`, path: 'src' } } },
        },
        tools: {
          [tid]: {
            result: { content: files.join('\n'), isError: false, structured: { mode: 'files_with_matches', numFiles: files.length, filenames: files } },
          },
        },
      };
    }
    case 8: {
      const tid = `t${i}`;
      const content = `${CODE}\n// written at step ${i}\n`;
      return {
        item: {
          type: 'assistant',
          id,
          at,
          block: { type: 'tool_use', text: '', streaming: false, tool: { id: tid, name: 'Write', input: { file_path: `/repo/src/new-${i}.ts`, content } } },
        },
        tools: {
          [tid]: {
            permission: 'allowed',
            result: {
              content: 'File created.',
              isError: false,
              structured: { type: 'create', filePath: `/repo/src/new-${i}.ts`, content, structuredPatch: [], originalFile: null },
            },
          },
        },
      };
    }
    default:
      return { item: { type: 'notice', id, level: 'info', code: 'note', text: `Checkpoint ${i}: ${words(i, 8)}.`, at } };
  }
}

export function syntheticView(sessionId: string, n: number, cwd = '/home/ada/code/api-server'): SessionView {
  const base = emptySession(sessionId, cwd, 1_750_000_000_000);
  const items: TranscriptItem[] = new Array(n);
  for (let i = 0; i < n; i++) {
    // A second apart, counted from the view's createdAt as the reducer stores them.
    const e = entry(i, i * 1000);
    items[i] = e.item;
    // What became of each call is held on the call, as the reducer does.
    if (e.item.type === 'assistant') for (const b of blocksOf(e.item)) if (b.tool) Object.assign(b.tool, e.tools?.[b.tool.id]);
  }
  return {
    ...base,
    status: 'ready',
    info: { cwd, model: 'claude-opus-4-5', permissionMode: 'default', cliVersion: '2.1.332', testedCliVersion: '2.1.332' },
    items,
  };
}

/** The same entries as plain text, one line each: the baseline rows for R1. */
export function plainRows(view: SessionView): string[] {
  return view.items.map((item) => {
    switch (item.type) {
      case 'user':
      case 'notice':
      case 'context':
        return item.text;
      case 'assistant':
        return blocksOf(item)
          .map((b) => (b.type === 'tool_use' ? `${b.tool?.name} ${JSON.stringify(b.tool?.input)}` : b.text))
          .join('\n');
      default:
        return item.type;
    }
  });
}

/**
 * The same entries as the events a resumed session's earlier conversation arrives in (the host
 * replays the CLI's transcript into the tab in one go), for tests of a session opened from
 * History: applying them to an empty view gives syntheticView's items.
 */
export function syntheticEvents(n: number): SessionEvent[] {
  const out: SessionEvent[] = [];
  const t0 = 1_750_000_000_000;
  for (let i = 0; i < n; i++) {
    const { item, tools } = entry(i, t0 + i * 1000);
    switch (item.type) {
      case 'user':
        out.push({ kind: 'user', id: item.id, text: item.text, at: item.at });
        break;
      case 'context':
        out.push({ kind: 'context', id: item.id, source: item.source, label: item.label, text: item.text, at: item.at });
        break;
      case 'notice':
        out.push({ kind: 'notice', id: item.id, level: item.level, code: item.code, text: item.text, at: item.at });
        break;
      case 'assistant':
        blocksOf(item).forEach((b, index) => {
          const block: FinalBlock =
            b.type === 'tool_use' && b.tool ? { type: 'tool_use', ...b.tool } : { type: b.type === 'thinking' ? 'thinking' : 'text', text: b.text };
          out.push({ kind: 'block', messageId: item.id, index, block, at: item.at });
        });
        out.push({ kind: 'message-end', messageId: item.id });
        for (const [toolUseId, t] of Object.entries(tools ?? {}))
          if (t.result) out.push({ kind: 'tool-result', toolUseId, content: t.result.content, isError: t.result.isError, structured: t.result.structured });
        break;
      default:
        break;
    }
  }
  return out;
}
