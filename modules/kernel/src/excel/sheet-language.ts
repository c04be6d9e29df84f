import { createParamDecorator, type ExecutionContext } from '@nestjs/common';

/**
 * The language an export's headers and words are written in. The web client sends its interface language as
 * Accept-Language on every call, so a sheet reads as the screen it came from; any other caller (a script, a
 * browser's own header) gets Russian only when Russian is its first choice.
 */
export type SheetLanguage = 'en' | 'ru';

/** 'ru', 'ru-RU' or 'ru;q=0.9, en' first → 'ru'; anything else, or nothing → 'en'. */
export function sheetLanguageOf(acceptLanguage: string | string[] | undefined): SheetLanguage {
  const header = Array.isArray(acceptLanguage) ? acceptLanguage[0] : acceptLanguage;
  const first = header?.split(',')[0]?.split(';')[0]?.trim().toLowerCase() ?? '';
  return first === 'ru' || first.startsWith('ru-') ? 'ru' : 'en';
}

/** A route parameter: the caller's sheet language, from its Accept-Language header. */
export const SheetLanguageOfCaller = createParamDecorator((_: unknown, ctx: ExecutionContext): SheetLanguage =>
  sheetLanguageOf(ctx.switchToHttp().getRequest<{ headers: Record<string, string | string[] | undefined> }>().headers['accept-language']),
);
