// Settings files Claude Code skipped (they did not parse or validate), said where their rules or
// hooks would have been listed: nothing from them is in force.
import type { SettingsProblem } from '../../../../shared/rules';
import { tildify } from '../../lib/format';
import { VisibleText } from '../common/visible-text';

export function SkippedFiles({ errors, home, effect }: { errors: readonly SettingsProblem[]; home: string | undefined; effect: string }) {
  return (
    <>
      {errors.map((e, i) => (
        <p key={i} className="rules-problem" role="note">
          Claude Code skipped <VisibleText text={e.file ? tildify(e.file, home) : 'a settings file'} />
          {e.path && ` (${e.path})`}: <VisibleText text={e.message} />. {effect}
        </p>
      ))}
    </>
  );
}
