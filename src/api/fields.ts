// `_fields` response filtering (conventions.md §6.1).

type Tree = Map<string, Tree>;

function fieldTree(fields: string[]): Tree {
  const root: Tree = new Map();
  for (const field of fields) {
    let node = root;
    for (const part of field.split('.')) {
      if (!node.has(part)) node.set(part, new Map());
      node = node.get(part)!;
    }
  }
  return root;
}

/** What JSON.stringify writes of a value: its toJSON()'s, when it has one (EncodedJson). */
function jsonValue(value: unknown): unknown {
  return value !== null && typeof value === 'object' && 'toJSON' in value && typeof value.toJSON === 'function' ? value.toJSON() : value;
}

function filter(given: unknown, tree: Tree): unknown {
  const value = jsonValue(given);
  if (tree.size === 0) return value;
  if (Array.isArray(value)) {
    // A list is filtered item by item; numeric keys never match a field name.
    return value.every((item) => item !== null && typeof item === 'object' && !Array.isArray(item))
      ? value.map((item) => filter(item, tree))
      : [];
  }
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    const sub = tree.get(key);
    if (sub) out[key] = filter(child, sub);
  }
  // An object is a PHP array: with no key left it is printed as an empty list.
  return Object.keys(out).length ? out : [];
}

export function parseFieldsParam(raw: unknown): string[] {
  const list = Array.isArray(raw) ? raw.map(String) : typeof raw === 'string' ? raw.split(',') : [];
  return list.map((f) => f.trim()).filter(Boolean);
}

export function filterFields(given: unknown, fields: string[]): unknown {
  if (!fields.length) return given;
  const tree = fieldTree(fields);
  const body = jsonValue(given);
  if (Array.isArray(body)) return body.map((item) => filter(item, tree));
  return filter(body, tree);
}
