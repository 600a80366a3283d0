// Dialogs Claude Code asks the host to show (its request_user_dialog), in the app's own shapes.
// Only the kinds clide can render arrive here; electron/core/protocol/dialogs.ts maps the wire.
import { z } from 'zod';
import { lazySchema } from './lazy-schema';

export const UserDialogSchema = lazySchema(() =>
  z.discriminatedUnion('kind', [
    /**
     * The model's safeguards stopped a reply. Claude Code offers to send the same message again to
     * another model, or to stop so the person can change the message.
     */
    z.object({
      kind: z.literal('refusal-fallback'),
      originalModel: z.string(),
      fallbackModel: z.string(),
      /** The safeguard's category (cyber, bio, ...), if it said. */
      category: z.string().optional(),
      /** Extra advice from Claude Code (e.g. how to set up the fallback on this provider). */
      guidance: z.string().optional(),
      notice: z.string().optional(),
      learnMoreUrl: z.string().optional(),
    }),
  ]),
);
export type UserDialog = z.infer<typeof UserDialogSchema>;

/** What each kind lets the person choose, by the names the window uses. */
export const DIALOG_CHOICES = {
  'refusal-fallback': ['retry', 'edit'],
} as const satisfies Record<UserDialog['kind'], readonly string[]>;

export const DialogAnswerSchema = lazySchema(() =>
  z.discriminatedUnion('answer', [
    z.object({ answer: z.literal('choice'), choice: z.string().min(1).max(64) }),
    /** Closed without a choice: Claude Code applies the dialog's default. */
    z.object({ answer: z.literal('cancel') }),
  ]),
);
export type DialogAnswer = z.infer<typeof DialogAnswerSchema>;

/** The tool name a prompt that is a dialog carries (it is not a tool call). */
export { DIALOG_PROMPT } from './prompt-tools';
