import { createParamDecorator, type ExecutionContext } from '@nestjs/common';

/**
 * The language an export's headers and words are written in. The web client sends its interface language as
 * Accept-Language on every call, so a sheet reads as the screen it came from; any other caller (a script, a
 * browser's own header) gets Russian only when Russian is its first choice (the highest quality, then the first listed).
 */
export type SheetLanguage = 'en' | 'ru';

/**
 * The caller's first choice, by quality then by order: 'ru', 'ru-RU' or 'ru;q=0.9, en' → 'ru'; 'ru;q=0, en' or
 * 'en;q=0.5, ru' → as weighed; anything else, or nothing → 'en'.
 */
export function sheetLanguageOf(acceptLanguage: string | string[] | undefined): SheetLanguage {
  const header = Array.isArray(acceptLanguage) ? acceptLanguage[0] : acceptLanguage;
  let first = '';
  let best = 0;
  for (const entry of (header ?? '').split(',')) {
    const [tag = '', ...params] = entry.split(';');
    // An entry with a malformed weight is left out: reading it as 1 would be a guess.
    const q = params.map((p) => /^\s*q\s*=(.*)$/i.exec(p)?.[1]?.trim()).find((v) => v !== undefined);
    const weight = q === undefined ? 1 : /^[\d.]+$/.test(q) ? Number(q) : 0;
    if (Number.isFinite(weight) && weight > best) [first, best] = [tag.trim().toLowerCase(), weight];
  }
  return first === 'ru' || first.startsWith('ru-') ? 'ru' : 'en';
}

/** A route parameter: the caller's sheet language, from its Accept-Language header. */
export const SheetLanguageOfCaller = createParamDecorator((_: unknown, ctx: ExecutionContext): SheetLanguage =>
  sheetLanguageOf(ctx.switchToHttp().getRequest<{ headers: Record<string, string | string[] | undefined> }>().headers['accept-language']),
);
