// Pasted or dropped images: reading and checking the files, and the thumbnails of those that go
// with the next message (each removable before sending). A part loaded on demand (the first
// screen has no images): the composer loads it when files arrive.
import { memo } from 'react';
import type { ImageInput } from '../../../../shared/ipc';
import { MAX_IMAGE_BYTES, MAX_IMAGES, MAX_MESSAGE_IMAGE_BYTES } from '../../../../shared/message-limits';
import { makeVisible } from '../../../../shared/visible-chars';
import { formatBytes } from '../../lib/format';
import { attachmentsOf, removeAttachment, setAttachments, useAttachments, type DraftImage } from './attachments';

export const IMAGE_TYPES: ReadonlyArray<ImageInput['mediaType']> = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

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

export const AttachmentStrip = memo(function AttachmentStrip({ sessionId }: { sessionId: string }) {
  const images = useAttachments(sessionId);
  if (images.length === 0) return null;
  return (
    <ul className="attachments" aria-label="Images to send">
      {images.map((img) => (
        <li key={img.id} className="attachment" title={makeVisible(`${img.name} · ${formatBytes(img.size)}`)}>
          {/* A data: URL of the person's own file: nothing remote is loaded. */}
          <img src={`data:${img.mediaType};base64,${img.data}`} alt={makeVisible(img.name)} className="attachment-thumb" />
          <button
            type="button"
            className="attachment-remove"
            aria-label={makeVisible(`Remove ${img.name}`)}
            onClick={() => removeAttachment(sessionId, img.id)}
          >
            ×
          </button>
        </li>
      ))}
    </ul>
  );
});
