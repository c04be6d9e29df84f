/** The JSON envelope a refused download answers instead of the file (spec 02 §7). */
export interface DocumentEnvelope {
  Code?: number;
  ErrorTitle?: string | null;
  ErrorMessage?: string | null;
}

export type Translate = (key: string, options?: Record<string, unknown>) => string;
/** A server text in the interface language (the api client's serverMessage: the known texts translated). */
export type SayServerText = (text: string) => string;

/**
 * What a refused download says: the server's ErrorTitle and ErrorMessage when it sent them, in the interface
 * language where the text is known (as every other refusal, through the server-message table), else our own words
 * in the user's language, never a bare status code or an English fallback. Pure, unit-tested in document-refusal.spec.ts.
 */
export function documentRefusal(res: { ok: boolean; status: number }, body: DocumentEnvelope | null, t: Translate, say: SayServerText): { code: number; title: string; message: string } {
  // A 200 that is no file (the client's own page) means the server has no such document route.
  const code = body?.Code || (res.ok ? 404 : res.status);
  return {
    code,
    title: body?.ErrorTitle ? say(body.ErrorTitle) : t('booking-documents:failed'),
    message: body?.ErrorMessage ? say(body.ErrorMessage) : res.ok ? t('booking-documents:notFound') : t('booking-documents:status', { code }),
  };
}
