// Approximate query cost, in the spirit of Shopify's calculated query cost: 1 for the query (10 for
// a mutation), plus the requested page size of every connection, multiplied by the page sizes of
// the connections around it.
import { Kind, type DocumentNode, type FragmentDefinitionNode, type OperationDefinitionNode, type SelectionSetNode, type ValueNode } from 'graphql';

function argInt(value: ValueNode, variables: Record<string, unknown>): number | null {
  if (value.kind === Kind.INT) return Number(value.value);
  if (value.kind === Kind.VARIABLE) {
    const v = variables[value.name.value];
    return typeof v === 'number' ? v : null;
  }
  return null;
}

export function selectOperation(doc: DocumentNode, operationName?: string | null): OperationDefinitionNode | null {
  const ops = doc.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  if (operationName) return ops.find((o) => o.name?.value === operationName) ?? null;
  return ops.length === 1 ? ops[0]! : null;
}

export function requestedCost(doc: DocumentNode, operationName: string | null | undefined, variables: Record<string, unknown>): number {
  const op = selectOperation(doc, operationName);
  if (!op) return 1;
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of doc.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);

  const walk = (set: SelectionSetNode | undefined, multiplier: number, seen: Set<string>): number => {
    if (!set) return 0;
    let cost = 0;
    for (const sel of set.selections) {
      if (sel.kind === Kind.FIELD) {
        let size: number | null = null;
        for (const arg of sel.arguments ?? []) {
          if (arg.name.value === 'first' || arg.name.value === 'last') size = argInt(arg.value, variables) ?? size;
        }
        if (size !== null && sel.selectionSet) {
          cost += size * multiplier;
          cost += walk(sel.selectionSet, multiplier * Math.max(size, 1), seen);
        } else {
          cost += walk(sel.selectionSet, multiplier, seen);
        }
      } else if (sel.kind === Kind.INLINE_FRAGMENT) {
        cost += walk(sel.selectionSet, multiplier, seen);
      } else {
        const name = sel.name.value;
        const frag = fragments.get(name);
        if (frag && !seen.has(name)) cost += walk(frag.selectionSet, multiplier, new Set([...seen, name]));
      }
    }
    return cost;
  };
  const base = op.operation === 'mutation' ? 10 : 1;
  return base + walk(op.selectionSet, 1, new Set());
}
