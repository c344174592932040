// Typed arrays that grow as rows are appended (the list keys' columns).

/** `array`, or a copy at least `size` long (doubling, so appends cost amortized constant time). */
export function grown<T extends Float64Array | Uint8Array | Uint32Array | Int16Array | Int32Array>(array: T, size: number): T {
  if (array.length >= size) return array;
  const larger = new (array.constructor as new (length: number) => T)(Math.max(size, array.length * 2, 64));
  larger.set(array);
  return larger;
}
