/** The success envelope of spec §8: HTTP 200 with `{code: 0, data}`. */
export function ok<T>(data: T): { code: 0; data: T } {
  return { code: 0, data };
}
