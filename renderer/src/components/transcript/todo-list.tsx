import { todosOf } from '../../lib/tools/tool-results';
import { VisibleText } from '../common/visible-text';

const statusLabel = { pending: 'To do', in_progress: 'In progress', completed: 'Done' } as const;

/** TodoWrite's list as a checklist: done items struck through, the current one says what it is doing. */
export function TodoList({ input, part }: { input: Record<string, unknown>; part?: string }) {
  const todos = todosOf(input);
  if (todos.length === 0) return <div className="tool-details muted">The list is empty.</div>;
  return (
    <ul className="todo-list" data-find-part={part}>
      {todos.map((t, i) => (
        <li key={i} className={`todo todo-${t.status}`}>
          <span className={`todo-box todo-box-${t.status}`} role="img" aria-label={statusLabel[t.status]} />
          <span className="todo-text">
            <VisibleText text={t.status === 'in_progress' && t.activeForm ? t.activeForm : t.content} />
          </span>
        </li>
      ))}
    </ul>
  );
}
