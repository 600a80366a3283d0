// Thumbnails of the images that go with the next message, each removable before sending.
import { memo } from 'react';
import { formatBytes } from '../../lib/format';
import { removeAttachment, useAttachments } from './attachments';
import { makeVisible } from '../../../../shared/visible-chars';

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
