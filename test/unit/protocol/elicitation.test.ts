// An MCP server's requested schema -> the fields of the form clide shows, including what it
// cannot show; and the person's answer -> the wire reply.
import { describe, expect, it } from 'vitest';
import { elicitationFrom, elicitationReply, formFields } from '../../../electron/core/protocol/elicitation';

describe('formFields', () => {
  it('reads every kind of field MCP allows, in the order the server listed them', () => {
    const schema = {
      type: 'object',
      properties: {
        age: { type: 'integer', title: 'Age', minimum: 0, maximum: 150 },
        email: { type: 'string', format: 'email', description: 'Where to write' },
        name: { type: 'string', title: 'Name', minLength: 2, maxLength: 40, default: 'Ada' },
        ratio: { type: 'number', minimum: 0.5 },
        agree: { type: 'boolean', default: true },
        colour: { type: 'string', enum: ['r', 'g'], enumNames: ['Red', 'Green'] },
        size: {
          type: 'string',
          oneOf: [
            { const: 's', title: 'Small' },
            { const: 'l', title: 'Large' },
          ],
        },
        plain: { type: 'string', enum: ['a', 'b'] },
        tags: { type: 'array', items: { type: 'string', enum: ['x', 'y'] }, minItems: 1, maxItems: 2 },
        titled: { type: 'array', items: { anyOf: [{ const: 'p', title: 'Pears' }] } },
      },
      required: ['name', 'email'],
    };
    const order = ['name', 'email', 'age'];
    const fields = formFields(schema, order);
    expect(fields.map((f) => f.name)).toEqual(['name', 'email', 'age', 'ratio', 'agree', 'colour', 'size', 'plain', 'tags', 'titled']);
    expect(fields[0]).toEqual({
      name: 'name',
      required: true,
      title: 'Name',
      description: undefined,
      type: 'text',
      format: undefined,
      minLength: 2,
      maxLength: 40,
      default: 'Ada',
    });
    expect(fields[1]).toMatchObject({ name: 'email', required: true, type: 'text', format: 'email', description: 'Where to write' });
    expect(fields[2]).toMatchObject({ type: 'number', integer: true, minimum: 0, maximum: 150, required: false });
    expect(fields[3]).toMatchObject({ type: 'number', integer: false, minimum: 0.5 });
    expect(fields[4]).toMatchObject({ type: 'boolean', default: true });
    expect(fields[5]).toMatchObject({
      type: 'choice',
      options: [
        { value: 'r', label: 'Red' },
        { value: 'g', label: 'Green' },
      ],
    });
    expect(fields[6]).toMatchObject({
      type: 'choice',
      options: [
        { value: 's', label: 'Small' },
        { value: 'l', label: 'Large' },
      ],
    });
    expect(fields[7]).toMatchObject({
      type: 'choice',
      options: [
        { value: 'a', label: 'a' },
        { value: 'b', label: 'b' },
      ],
    });
    expect(fields[8]).toMatchObject({
      type: 'choices',
      minItems: 1,
      maxItems: 2,
      options: [
        { value: 'x', label: 'x' },
        { value: 'y', label: 'y' },
      ],
    });
    expect(fields[9]).toMatchObject({ type: 'choices', options: [{ value: 'p', label: 'Pears' }] });
  });

  it('marks what it cannot show instead of dropping it, so a required one can block Accept', () => {
    const fields = formFields(
      { type: 'object', properties: { nested: { type: 'object' }, odd: 'x', list: { type: 'array', items: { type: 'string' } } }, required: ['nested'] },
      undefined,
    );
    expect(fields).toEqual([
      expect.objectContaining({ name: 'nested', type: 'unsupported', required: true, reason: expect.stringContaining('"object"') }),
      expect.objectContaining({ name: 'odd', type: 'unsupported', required: false }),
      expect.objectContaining({ name: 'list', type: 'unsupported' }),
    ]);
  });

  it('an empty or missing schema is a form with no fields; names in property_order that do not exist are ignored', () => {
    expect(formFields(undefined, undefined)).toEqual([]);
    expect(formFields({ type: 'object' }, ['x'])).toEqual([]);
    expect(formFields({ type: 'object', properties: { a: { type: 'boolean' } } }, ['ghost', 'a']).map((f) => f.name)).toEqual(['a']);
  });
});

describe('elicitationFrom and elicitationReply', () => {
  it('form and URL requests as 2.1.332 sends them', () => {
    expect(
      elicitationFrom({
        subtype: 'elicitation',
        mcp_server_name: 'probe',
        message: 'Who?',
        mode: 'form',
        requested_schema: { type: 'object', properties: {} },
        property_order: [],
      }),
    ).toEqual({
      server: 'probe',
      message: 'Who?',
      mode: 'form',
      fields: [],
      url: undefined,
      elicitationId: undefined,
      title: undefined,
      description: undefined,
    });
    expect(
      elicitationFrom({ subtype: 'elicitation', mcp_server_name: 'probe', message: 'Sign in', mode: 'url', url: 'https://x.test/a', elicitation_id: 'e1' }),
    ).toMatchObject({
      mode: 'url',
      url: 'https://x.test/a',
      elicitationId: 'e1',
      fields: [],
    });
    // No mode means form (MCP's rule for older servers).
    expect(elicitationFrom({ mcp_server_name: 'p', message: 'm' }).mode).toBe('form');
  });

  it('the three answers', () => {
    expect(elicitationReply({ action: 'accept', content: { a: 1 } }, 'form')).toEqual({ action: 'accept', content: { a: 1 } });
    expect(elicitationReply({ action: 'accept' }, 'form')).toEqual({ action: 'accept', content: {} });
    // A page the person opened: accept carries no content (the MCP result for URL mode).
    expect(elicitationReply({ action: 'accept' }, 'url')).toEqual({ action: 'accept' });
    expect(elicitationReply({ action: 'decline' }, 'form')).toEqual({ action: 'decline' });
    expect(elicitationReply({ action: 'cancel' }, 'url')).toEqual({ action: 'cancel' });
  });
});
