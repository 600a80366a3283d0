// What V8 does with an object or a string, asked of V8 itself (natives syntax, turned on here for
// code compiled from now on): for tests of memory-saving code whose results look the same to
// any reader.
import v8 from 'node:v8';
import vm from 'node:vm';

v8.setFlagsFromString('--allow-natives-syntax');

/** False for an object V8 turned into a hash table (a property deleted, say): several times its size. */
export const hasFastProperties = vm.runInNewContext('(o) => %HasFastProperties(o)') as (o: object) => boolean;

/** True when both are one string in memory, not two equal ones. */
export const sameString = vm.runInNewContext('(a, b) => %IsSameHeapObject(a, b)') as (a: string, b: string) => boolean;
