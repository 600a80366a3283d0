// Every message type, system subtype, result subtype and control request subtype that the
// pinned Agent SDK's sdk.d.ts declares must be classified by clide: decoded into app events or
// ignored with a written reason. After a version bump this test names exactly what is new.
import { beforeAll, describe, expect, it } from 'vitest';
import { DIALOG_KINDS, INBOUND_CONTROL, LIVE_ONLY_OUTBOUND, OUTBOUND_CONTROL, UNUSED_CONTROL } from '../../../electron/core/protocol/control-subtypes';
import { supportedDialogKinds } from '../../../electron/core/protocol/dialogs';
import { SYSTEM_SUBTYPES } from '../../../electron/core/protocol/system';
import { IGNORED_TYPES, RESULT_SUBTYPES, wireSchemas } from '../../../electron/core/protocol/wire';
import { SdkTypes, type UnionMember } from './sdk-unions';

let sdk: SdkTypes;
let stdout: UnionMember[];

beforeAll(() => {
  sdk = new SdkTypes();
  // Everything the CLI writes to stdout: SDKMessage plus the control protocol and keep-alives.
  stdout = sdk.members('StdoutMessage');
});

const classifiedType = (t: string) => Object.hasOwn(wireSchemas, t) || Object.hasOwn(IGNORED_TYPES, t);

describe('sdk.d.ts coverage', () => {
  it('the parser reads the unions it is meant to (so an empty result cannot pass)', () => {
    expect(stdout.length).toBeGreaterThan(35);
    const byName = new Map(stdout.map((m) => [m.name, m]));
    expect(byName.get('SDKTaskStartedMessage')).toMatchObject({ types: ['system'], subtypes: ['task_started'] });
    expect(byName.get('SDKResultError')?.subtypes).toContain('error_max_turns');
    expect(byName.get('SDKControlCancelRequest')?.types).toEqual(['control_cancel_request']);
    expect(byName.get('SDKKeepAliveMessage')?.types).toEqual(['keep_alive']);
    expect(stdout.every((m) => m.types.length > 0)).toBe(true);
  });

  it('classifies every stdout message type', () => {
    const missing = [...new Set(stdout.flatMap((m) => m.types.filter((t) => !classifiedType(t)).map((t) => `${t} (${m.name})`)))];
    expect(missing, `unclassified message types: add a schema in wire.ts or a reason in IGNORED_TYPES`).toEqual([]);
  });

  it('classifies every system subtype', () => {
    const system = stdout.filter((m) => m.types.includes('system'));
    expect(system.length).toBeGreaterThan(25);
    const missing = system.flatMap((m) => m.subtypes.filter((s) => !Object.hasOwn(SYSTEM_SUBTYPES, s)).map((s) => `system/${s} (${m.name})`));
    expect(missing, 'unclassified system subtypes: add a handler or { ignored: reason } to SYSTEM_SUBTYPES in system.ts').toEqual([]);
    expect(system.every((m) => m.subtypes.length > 0)).toBe(true);
  });

  it('classifies every result subtype', () => {
    const results = stdout.filter((m) => m.types.includes('result')).flatMap((m) => m.subtypes);
    expect(results).toContain('success');
    const missing = results.filter((s) => !Object.hasOwn(RESULT_SUBTYPES, s));
    expect(missing, 'unclassified result subtypes: describe them in RESULT_SUBTYPES (wire.ts)').toEqual([]);
  });

  it('classifies every control request subtype, each in exactly one table', () => {
    const subtypes = sdk.members('SDKControlRequestInner').flatMap((m) => m.subtypes);
    expect(subtypes.length).toBeGreaterThan(30);
    const tables = [INBOUND_CONTROL, OUTBOUND_CONTROL, UNUSED_CONTROL];
    const missing = subtypes.filter((s) => !tables.some((t) => Object.hasOwn(t, s)));
    expect(missing, 'unclassified control subtypes: add them to control-subtypes.ts').toEqual([]);
    const twice = subtypes.filter((s) => tables.filter((t) => Object.hasOwn(t, s)).length > 1);
    expect(twice).toEqual([]);
    // The requests clide must answer are all in the SDK's list (a typo here would never match).
    for (const s of Object.keys(INBOUND_CONTROL)) expect(subtypes).toContain(s);
    for (const s of Object.keys(OUTBOUND_CONTROL)) expect(subtypes).toContain(s);
  });

  it('sends requests sdk.d.ts does not declare only from the live-only table, and moves them out once it does', () => {
    const subtypes = sdk.members('SDKControlRequestInner').flatMap((m) => m.subtypes);
    expect(Object.keys(LIVE_ONLY_OUTBOUND)).toContain('side_question');
    for (const [s, why] of Object.entries(LIVE_ONLY_OUTBOUND)) {
      expect(subtypes, `${s} is now declared in sdk.d.ts; move it to OUTBOUND_CONTROL`).not.toContain(s);
      expect(why.length, s).toBeGreaterThan(20);
    }
  });

  it('says for every request it does not send why', () => {
    for (const [s, why] of Object.entries(UNUSED_CONTROL)) expect(why.length, s).toBeGreaterThan(20);
    expect(Object.keys(UNUSED_CONTROL)).not.toContain('get_usage');
  });

  it('declares exactly the dialog kinds it renders, and says why each other kind is not', () => {
    const rendered = Object.entries(DIALOG_KINDS)
      .filter(([, k]) => k.rendered)
      .map(([kind]) => kind);
    expect(supportedDialogKinds()).toEqual(rendered);
    for (const [kind, k] of Object.entries(DIALOG_KINDS)) expect(k.why.length, kind).toBeGreaterThan(20);
  });

  it('classifies types seen live that sdk.d.ts does not declare', () => {
    // command_lifecycle: queued/started/completed receipts for uuid-stamped user messages (2.1.332).
    const liveOnly = ['command_lifecycle'];
    for (const t of liveOnly) {
      expect(
        stdout.some((m) => m.types.includes(t)),
        `${t} is now declared in sdk.d.ts; move it out of this list`,
      ).toBe(false);
      expect(classifiedType(t)).toBe(true);
    }
  });

  it('gives a reason for every ignored type and subtype', () => {
    for (const [t, reason] of Object.entries(IGNORED_TYPES)) expect(reason.length, t).toBeGreaterThan(5);
    for (const [s, entry] of Object.entries(SYSTEM_SUBTYPES)) {
      if (typeof entry !== 'function') expect(entry.ignored.length, s).toBeGreaterThan(5);
    }
  });
});
