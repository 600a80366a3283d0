// Reading an elicitation form as the person types (a message per field), and the main
// process's second check of the content a window sends.
import { describe, expect, it } from 'vitest';
import type { FormField } from '../../../shared/mcp';
import { contentProblem, initialValue, readForm } from '../../../shared/mcp-form';

const name: FormField = { name: 'name', type: 'text', required: true, minLength: 2, maxLength: 5 };
const email: FormField = { name: 'email', type: 'text', required: false, format: 'email' };
const age: FormField = { name: 'age', type: 'number', integer: true, required: false, minimum: 0, maximum: 150 };
const agree: FormField = { name: 'agree', type: 'boolean', required: false };
const size: FormField = { name: 'size', type: 'choice', required: true, options: [{ value: 's', label: 'Small' }] };
const tags: FormField = {
  name: 'tags',
  type: 'choices',
  required: false,
  maxItems: 1,
  options: [
    { value: 'x', label: 'X' },
    { value: 'y', label: 'Y' },
  ],
};

describe('readForm', () => {
  it('says what is wrong with each field, in words', () => {
    const r = readForm([name, email, age, size, tags], { name: 'A', email: 'nope', age: '1.5', size: '', tags: ['x', 'y'] });
    expect(r.problems).toEqual({
      name: 'Enter at least 2 characters.',
      email: 'Enter an email address, like name@example.com.',
      age: 'Enter a whole number.',
      size: 'This field is required.',
      tags: 'Choose at most 1.',
    });
    expect(readForm([name], { name: 'Adalbert' }).problems).toEqual({ name: 'Enter at most 5 characters.' });
    expect(readForm([age], { age: '200' }).problems).toEqual({ age: 'Enter 150 or less.' });
    expect(readForm([age], { age: 'x' }).problems).toEqual({ age: 'Enter a whole number.' });
  });

  it('content carries typed values, leaves empty optional fields out, and always carries a checkbox', () => {
    const r = readForm([name, email, age, agree, size, tags], { name: 'Ada', email: '', age: ' 36 ', agree: false, size: 's', tags: [] });
    expect(r.problems).toEqual({});
    expect(r.content).toEqual({ name: 'Ada', age: 36, agree: false, size: 's' });
  });

  it('formats: uri, date, date-time (a local time becomes an instant)', () => {
    const uri: FormField = { name: 'u', type: 'text', required: true, format: 'uri' };
    const date: FormField = { name: 'd', type: 'text', required: true, format: 'date' };
    const when: FormField = { name: 'w', type: 'text', required: true, format: 'date-time' };
    expect(readForm([uri], { u: 'https://example.com/x' }).problems).toEqual({});
    expect(readForm([uri], { u: 'example.com' }).problems).toEqual({ u: 'Enter a full address, like https://example.com.' });
    expect(readForm([uri], { u: 'https:nohost' }).problems.u).toBeDefined();
    expect(readForm([date], { d: '2026-02-30' }).problems).toEqual({ d: 'Enter a date as YYYY-MM-DD.' });
    expect(readForm([date], { d: '2026-02-28' }).content).toEqual({ d: '2026-02-28' });
    const r = readForm([when], { w: '2026-03-01T14:30' });
    expect(r.problems).toEqual({});
    expect(r.content.w).toBe(new Date('2026-03-01T14:30').toISOString());
  });

  it('a required field clide cannot show blocks the form with its reason; an optional one does not', () => {
    const odd: FormField = { name: 'odd', type: 'unsupported', required: true, reason: 'A field of type "object", which MCP forms do not allow.' };
    expect(readForm([odd], {}).problems).toEqual({ odd: odd.reason });
    expect(readForm([{ ...odd, required: false }], {}).problems).toEqual({});
  });

  it('starts from the server defaults', () => {
    expect(initialValue({ ...name, default: 'Bo' })).toBe('Bo');
    expect(initialValue({ ...age, default: 3 })).toBe('3');
    expect(initialValue({ ...agree, default: true })).toBe(true);
    expect(initialValue(tags)).toEqual([]);
  });
});

describe('contentProblem (the main process check)', () => {
  it('refuses what the form forbids: a missing required field, a wrong type, a field the form does not have', () => {
    expect(contentProblem([name, age], { name: 'Ada', age: 3 })).toBeUndefined();
    expect(contentProblem([name], {})).toBe('name: This field is required.');
    expect(contentProblem([age], { age: '3' })).toBe('age: Enter a number.');
    expect(contentProblem([age], { age: 3.5 })).toBe('age: Enter a whole number.');
    expect(contentProblem([size], { size: 'xl' })).toBe('size: Choose one of the options.');
    expect(contentProblem([tags], { tags: ['x', 'x'] })).toBe('tags: Choose each option once.');
    expect(contentProblem([name], { name: 'Ada', extra: 1 })).toBe('The form has no field "extra".');
    expect(contentProblem([{ name: 'w', type: 'text', required: true, format: 'date-time' }], { w: '2026-03-01T14:30' })).toBe('w: Enter a date and time.');
  });
});
