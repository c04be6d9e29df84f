/**
 * Checks a function against a table of inputs and the answer each must give (a mapping of server field names, a
 * formatter): one assertion a row, and a failure names the input it failed on.
 */
export function expectCases<I, O>(fn: (input: I) => O, cases: readonly (readonly [I, O])[]): void {
  for (const [input, answer] of cases) expect({ input, answer: fn(input) }).toEqual({ input, answer });
}
