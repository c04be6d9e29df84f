/** The JSON envelope a refused download answers instead of the file (spec 02 §7). */
export interface DocumentEnvelope {
  Code?: number;
  ErrorTitle?: string | null;
  ErrorMessage?: string | null;
}

export type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * What a refused download says: the server's ErrorTitle and ErrorMessage when it sent them, else our own words in
 * the user's language, never a bare status code or an English fallback. Pure, unit-tested in document-refusal.spec.ts.
 */
export function documentRefusal(res: { ok: boolean; status: number }, body: DocumentEnvelope | null, t: Translate): { code: number; title: string; message: string } {
  // A 200 that is no file (the client's own page) means the server has no such document route.
  const code = body?.Code || (res.ok ? 404 : res.status);
  return {
    code,
    title: body?.ErrorTitle || t('booking-documents:failed'),
    message: body?.ErrorMessage || (res.ok ? t('booking-documents:notFound') : t('booking-documents:status', { code })),
  };
}
