// The Ask aside panel's words and keys: /btw in the message box, the window key, and what a
// question on its way says at each step.
import { describe, expect, it } from 'vitest';
import { btwQuestion, isAsideKey, stateText } from '../../../renderer/src/components/aside/aside-words';

const key = (patch: Partial<KeyboardEvent>) => ({ ctrlKey: true, metaKey: false, altKey: false, shiftKey: true, key: '?', code: 'Slash', ...patch });

describe('Ask aside', () => {
  it('takes /btw with a question (over several lines), and a bare /btw as "open the panel"', () => {
    expect(btwQuestion('/btw what are you doing?')).toBe('what are you doing?');
    expect(btwQuestion('  /btw   why\nthat file?  ')).toBe('why\nthat file?');
    expect(btwQuestion('/btw')).toBe('');
    expect(btwQuestion('/btwx no')).toBeUndefined();
    expect(btwQuestion('tell me /btw')).toBeUndefined();
    expect(btwQuestion('/review')).toBeUndefined();
  });

  it('opens on Ctrl+Shift+/ whatever the layout makes of the key, and on nothing else', () => {
    expect(isAsideKey(key({}))).toBe(true);
    expect(isAsideKey(key({ key: '/', code: 'Slash' }))).toBe(true);
    // A layout where ? is elsewhere: the key that types it still counts.
    expect(isAsideKey(key({ key: '?', code: 'Minus' }))).toBe(true);
    expect(isAsideKey(key({ shiftKey: false, key: '/' }))).toBe(false);
    expect(isAsideKey(key({ ctrlKey: false }))).toBe(false);
    expect(isAsideKey(key({ altKey: true }))).toBe(false);
    expect(isAsideKey(key({ key: 'G', code: 'KeyG' }))).toBe(false);
  });

  it('says how far a question has got, retries included', () => {
    expect(stateText({ state: 'asking' })).toBe('Sending the question…');
    expect(stateText({ state: 'thinking' })).toBe('Claude is answering…');
    expect(stateText({ state: 'retrying', retry: { attempt: 2, maxRetries: 10, delayMs: 1109, httpStatus: 529 } })).toBe(
      'Trying again (attempt 2 of 10: the API is overloaded) in 1 s…',
    );
    expect(stateText({ state: 'retrying', retry: { attempt: 1 } })).toBe('Trying again (attempt 1: the API could not be reached)…');
    expect(stateText({ state: 'retrying', retry: { attempt: 3, httpStatus: 500, delayMs: 4000 } })).toBe(
      'Trying again (attempt 3: the API answered 500) in 4 s…',
    );
    expect(stateText({ state: 'failed', error: 'The Claude process exited.' })).toBe('No answer: The Claude process exited.');
    expect(stateText({ state: 'cancelled' })).toBe('Cancelled.');
  });
});
