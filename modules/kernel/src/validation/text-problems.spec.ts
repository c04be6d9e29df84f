import { findInputProblem, textProblem } from './text-problems';

describe('the input boundary: text and nesting', () => {
  it('refuses NUL and lone surrogates, and lets well-formed text through (emoji included)', () => {
    expect(textProblem('a\u0000b')).toMatch(/NUL/);
    expect(textProblem('x\ud800y')).toMatch(/surrogate/);
    expect(textProblem('\udc00')).toMatch(/surrogate/);
    expect(textProblem('Dunes 🐪 — Дюны')).toBeNull();
  });

  it('refuses the controls nobody types and the direction overrides; keeps tab, line breaks, marks and isolates', () => {
    for (const c of ['\u0001', '\u0008', '\u000b', '\u000c', '\u001b', '\u007f', '\u0085', '\u009f']) expect(textProblem(`a${c}b`)).toBe('must not contain control characters');
    for (const c of ['\u202d', '\u202e']) expect(textProblem(`Guest ${c}Smith`)).toMatch(/direction override/);
    expect(textProblem('Line one\r\n\tline two\n')).toBeNull();
    expect(textProblem('رحلة \u200fالصحراء \u2067Dunes\u2069 \u200e\u202a\u202c')).toBeNull();
    expect(textProblem('Ünïcödé « » \u00a0 — ok')).toBeNull();
  });

  it('names the field of the first bad text, keys included', () => {
    expect(findInputProblem({ itineraries: [{ stops: [{ name: 'ok' }, { name: 'a\u0000' }] }] })).toEqual({ field: 'itineraries.0.stops.1.name', message: expect.stringMatching(/NUL/) });
    expect(findInputProblem({ ['k\u0000']: 1 })?.field).toBe('(key)');
    expect(findInputProblem({ a: [1, true, null, 'fine'] })).toBeNull();
  });

  it('refuses nesting past the limit without recursing (100,000 levels)', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findInputProblem(deep)?.message).toMatch(/nested too deeply \(at most 32 levels\)/);
    let ok: unknown = 'x';
    for (let i = 0; i < 32; i++) ok = { a: ok }; // 32 levels of objects: the most allowed
    expect(findInputProblem(ok)).toBeNull();
    expect(findInputProblem({ a: ok })?.message).toMatch(/nested too deeply/);
  });
});
