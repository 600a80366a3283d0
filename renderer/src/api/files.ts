// The Files panel's calls to the host (shared/files.ts): each a Result, never a throw.
import type { EditorId, FileVersion } from '../../../shared/files';
import { guarded } from '../lib/guarded';
import { getApi } from './index';

export const listFolder = (id: string, dir: string) => guarded(() => getApi().files.list({ id, dir }));
export const fileMarks = (id: string) => guarded(() => getApi().files.marks({ id }));
export const findFiles = (id: string, query: string, limit?: number) => guarded(() => getApi().files.find({ id, query, ...(limit ? { limit } : {}) }));
export const readFile = (id: string, path: string) => guarded(() => getApi().files.read({ id, path }));
export const checkFile = (id: string, path: string, version: FileVersion) => guarded(() => getApi().files.check({ id, path, version }));
export const writeFile = (id: string, path: string, text: string, base: FileVersion) => guarded(() => getApi().files.write({ id, path, text, base }));
export const listEditors = () => guarded(() => getApi().files.editors({}));
export const openInEditor = (id: string, editor: EditorId, path?: string) => guarded(() => getApi().files.openIn({ id, editor, ...(path ? { path } : {}) }));
