// Images waiting in the composer, per tab, until the message is sent. Kept in their own small
// store: they are large, belong to this window only, and nothing else needs to re-render when
// one is added. Reading and checking pasted files, and the thumbnails, are a part loaded on
// demand (attach-images.tsx).
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import type { ImageInput } from '../../../../shared/ipc';

export interface DraftImage extends ImageInput {
  id: string;
  name: string;
  /** Bytes of the original file. */
  size: number;
}

interface AttachmentsState {
  bySession: Record<string, DraftImage[]>;
}

export const attachmentsStore = createStore<AttachmentsState>()(() => ({ bySession: {} }));

const NONE: DraftImage[] = [];

export function useAttachments(sessionId: string): DraftImage[] {
  return useStore(attachmentsStore, (s) => s.bySession[sessionId] ?? NONE);
}

export function setAttachments(sessionId: string, images: DraftImage[]): void {
  attachmentsStore.setState((s) => ({ bySession: { ...s.bySession, [sessionId]: images } }));
}

export function attachmentsOf(sessionId: string): DraftImage[] {
  return attachmentsStore.getState().bySession[sessionId] ?? NONE;
}

export function removeAttachment(sessionId: string, id: string): void {
  setAttachments(
    sessionId,
    attachmentsOf(sessionId).filter((a) => a.id !== id),
  );
}
