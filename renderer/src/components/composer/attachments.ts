// Images waiting in the composer, per tab, until the message is sent. Kept in their own small
// store: they are large, belong to this window only, and nothing else needs to re-render when
// one is added.
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import type { ImageInput } from '../../../../shared/ipc';
import { formatBytes } from '../../lib/format';
import { MAX_IMAGE_BYTES, MAX_IMAGES, MAX_MESSAGE_IMAGE_BYTES } from '../../../../shared/message-limits';

export interface DraftImage extends ImageInput {
  id: string;
  name: string;
  /** Bytes of the original file. */
  size: number;
}

export const IMAGE_TYPES: ReadonlyArray<ImageInput['mediaType']> = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

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

let seq = 0;

function base64Of(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('could not read the file'));
    reader.readAsDataURL(file);
  });
}

/**
 * Add pasted or dropped files as images. Returns a sentence about anything refused (wrong
 * type, too big, too many, too much in all), or undefined when all were taken.
 */
export async function addImageFiles(sessionId: string, files: readonly File[]): Promise<string | undefined> {
  const problems: string[] = [];
  const added: DraftImage[] = [];
  for (const file of files) {
    const name = file.name || 'pasted image';
    if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) {
      problems.push(`${name} is not a PNG, JPEG, GIF or WebP image`);
      continue;
    }
    if (file.size > MAX_IMAGE_BYTES) {
      problems.push(`${name} is larger than ${formatBytes(MAX_IMAGE_BYTES)}`);
      continue;
    }
    if (attachmentsOf(sessionId).length + added.length >= MAX_IMAGES) {
      problems.push(`a message takes at most ${MAX_IMAGES} images`);
      break;
    }
    const taken = [...attachmentsOf(sessionId), ...added].reduce((sum, a) => sum + a.size, 0);
    if (taken + file.size > MAX_MESSAGE_IMAGE_BYTES) {
      problems.push(`${name} would take the images of this message past ${MAX_MESSAGE_IMAGE_BYTES / 1024 / 1024} MB in all`);
      continue;
    }
    try {
      const data = await base64Of(file);
      added.push({ id: `img-${++seq}`, name, size: file.size, mediaType: file.type as ImageInput['mediaType'], data });
    } catch (err) {
      problems.push(`${name} could not be read (${err instanceof Error ? err.message : String(err)})`);
    }
  }
  if (added.length > 0) setAttachments(sessionId, [...attachmentsOf(sessionId), ...added]);
  return problems.length > 0 ? `Not attached: ${problems.join('; ')}.` : undefined;
}
