// request_user_dialog: dialogs the CLI asks the host to show, for the kinds the host declared in
// initialize.supportedDialogKinds (the CLI sends no other kind; see DIALOG_KINDS in
// control-subtypes.ts for every kind 2.1.332 knows). The answer is
// `{behavior: 'completed', result}` or `{behavior: 'cancelled'}` (the CLI then applies the
// dialog's default). Observed on 2.1.332 with `switchModelsOnFlag: false`: a refused reply on a
// model with a fallback (Fable -> Opus) asks `refusal_fallback_prompt` with
// {originalModel, fallbackModel, apiRefusalCategory, retractedMessageUuids}; `retry_fallback`
// sends the message again on the fallback model, `edit_prompt` ends the turn.
import type { DialogAnswer, UserDialog } from '../../../shared/dialogs';
import { isRecord, nonEmpty } from '../../../shared/guards';
import type { Json } from './control';

interface RenderedDialog {
  /** The app's shape of the payload, or undefined when it cannot be read. */
  parse(payload: Json): UserDialog | undefined;
  /** The wire result for one of the kind's choices (DIALOG_CHOICES), or undefined for another. */
  result(choice: string): string | undefined;
}

/** The dialog kinds clide renders, by the CLI's name. */
export const RENDERED_DIALOGS: Record<string, RenderedDialog> = {
  refusal_fallback_prompt: {
    parse: (p) => {
      const originalModel = nonEmpty(p.originalModel);
      const fallbackModel = nonEmpty(p.fallbackModel);
      if (!originalModel || !fallbackModel) return undefined;
      const notice = isRecord(p.servedNotice) ? p.servedNotice : {};
      return {
        kind: 'refusal-fallback',
        originalModel,
        fallbackModel,
        category: nonEmpty(p.apiRefusalCategory),
        guidance: nonEmpty(p.guidanceText),
        notice: nonEmpty(notice.text),
        learnMoreUrl: nonEmpty(notice.learnMoreUrl),
      };
    },
    result: (choice) => pick({ retry: 'retry_fallback', edit: 'edit_prompt' }, choice),
  },
};

/** What clide declares in initialize: exactly the kinds it renders. */
export function supportedDialogKinds(): string[] {
  return Object.keys(RENDERED_DIALOGS);
}

/** The control_response body for the person's answer, or undefined when the choice is not one the kind offers. */
export function dialogReply(wireKind: string, answer: DialogAnswer): Json | undefined {
  if (answer.answer === 'cancel') return { behavior: 'cancelled' };
  const result = RENDERED_DIALOGS[wireKind]?.result(answer.choice);
  return result === undefined ? undefined : { behavior: 'completed', result };
}

function pick(table: Record<string, string>, key: string): string | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}
