// Reads the Agent SDK's sdk.d.ts (the pinned devDependency) with the TypeScript parser and lists
// the `type`/`subtype` string literals of the message unions, so tests can check that clide
// classifies every one of them. Syntax only (no type checker): type aliases are resolved by
// name, which is all sdk.d.ts needs.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
export const SDK_DTS = path.join(root, 'node_modules', '@anthropic-ai', 'claude-agent-sdk', 'sdk.d.ts');

export interface UnionMember {
  /** The alias name, e.g. SDKTaskStartedMessage. */
  name: string;
  types: string[];
  subtypes: string[];
}

export class SdkTypes {
  private readonly aliases = new Map<string, ts.TypeNode>();

  constructor(file = SDK_DTS) {
    const sf = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
    const visit = (node: ts.Node): void => {
      if (ts.isTypeAliasDeclaration(node)) this.aliases.set(node.name.text, node.type);
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }

  has(alias: string): boolean {
    return this.aliases.has(alias);
  }

  /** The leaves of a union alias, following aliases that are themselves unions. */
  members(alias: string): UnionMember[] {
    const node = this.aliases.get(alias);
    if (!node) throw new Error(`sdk.d.ts has no type alias ${alias}`);
    const out: UnionMember[] = [];
    const seen = new Set<string>();
    const walk = (n: ts.TypeNode, name: string): void => {
      if (ts.isUnionTypeNode(n)) {
        for (const t of n.types) {
          const ref = refName(t);
          const target = ref ? this.aliases.get(ref) : undefined;
          if (ref && target && !seen.has(ref)) {
            seen.add(ref);
            walk(target, ref);
          } else if (!ref) {
            walk(t, name);
          }
        }
        return;
      }
      out.push({ name, types: this.literals(n, 'type'), subtypes: this.literals(n, 'subtype') });
    };
    walk(node, alias);
    return out;
  }

  /** String literals of property `prop` of an object type (through aliases, unions and intersections). */
  literals(n: ts.TypeNode, prop: string, depth = 0): string[] {
    if (depth > 8) return [];
    if (ts.isParenthesizedTypeNode(n)) return this.literals(n.type, prop, depth + 1);
    if (ts.isTypeReferenceNode(n)) {
      const target = this.aliases.get(refName(n) ?? '');
      return target ? this.literals(target, prop, depth + 1) : [];
    }
    if (ts.isUnionTypeNode(n) || ts.isIntersectionTypeNode(n)) return n.types.flatMap((t) => this.literals(t, prop, depth + 1));
    if (!ts.isTypeLiteralNode(n)) return [];
    for (const m of n.members) {
      if (ts.isPropertySignature(m) && m.name && ts.isIdentifier(m.name) && m.name.text === prop && m.type) return stringLiterals(m.type);
    }
    return [];
  }
}

function refName(n: ts.TypeNode): string | undefined {
  if (!ts.isTypeReferenceNode(n)) return undefined;
  // coreTypes.SDKMessage -> SDKMessage: the namespace re-exports the same declarations.
  return ts.isQualifiedName(n.typeName) ? n.typeName.right.text : n.typeName.text;
}

function stringLiterals(n: ts.TypeNode): string[] {
  if (ts.isParenthesizedTypeNode(n)) return stringLiterals(n.type);
  if (ts.isUnionTypeNode(n)) return n.types.flatMap(stringLiterals);
  if (ts.isLiteralTypeNode(n) && ts.isStringLiteral(n.literal)) return [n.literal.text];
  return [];
}
