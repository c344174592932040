// JSON exactly as PHP's json_encode writes it with no flags: `/` escaped as `\/`, every
// non-ASCII character as a \uXXXX escape (surrogate pairs above the BMP).

const NON_ASCII = /[\u0080-\uffff]/g;

function escapeChar(ch: string): string {
  return '\\u' + ch.charCodeAt(0).toString(16).padStart(4, '0');
}

function phpify(json: string): string {
  return json.replace(/\//g, '\\/').replace(NON_ASCII, escapeChar);
}

export function phpJsonEncode(value: unknown, pretty = false): string {
  // JSON.stringify already writes astral characters as two UTF-16 units, each escaped here.
  const json = pretty ? JSON.stringify(value, null, 4) : JSON.stringify(value);
  return phpify(json ?? 'null');
}
