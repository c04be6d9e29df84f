/** SEO length rules (spec 01 §5, §9). */
export type SeoKind = 'title' | 'description' | 'other';

export const SEO_LIMITS: Record<Exclude<SeoKind, 'other'>, { min: number; max: number }> = {
  /** Page title: valid when longer than 50 and shorter than 70 characters. */
  title: { min: 50, max: 70 },
  /** Description: valid when longer than 1 and shorter than 155 characters. */
  description: { min: 1, max: 155 },
};

export interface SeoStatus {
  length: number;
  /** null for kinds without limits (only the length is shown). */
  valid: boolean | null;
  min?: number;
  max?: number;
}

/** The indicator's state for a text of the given kind. Limits are exclusive: 50 < title < 70, 1 < description < 155. */
export function seoStatus(kind: SeoKind, text: string | null | undefined): SeoStatus {
  const length = (text ?? '').length;
  if (kind === 'other') return { length, valid: null };
  const { min, max } = SEO_LIMITS[kind];
  return { length, valid: length > min && length < max, min, max };
}
