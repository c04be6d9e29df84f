import { seoStatus } from './seo';

const text = (n: number) => 'x'.repeat(n);

describe('SEO indicator', () => {
  it('a page title is valid when longer than 50 and shorter than 70', () => {
    expect(seoStatus('title', text(50)).valid).toBe(false);
    expect(seoStatus('title', text(51)).valid).toBe(true);
    expect(seoStatus('title', text(69)).valid).toBe(true);
    expect(seoStatus('title', text(70)).valid).toBe(false);
    expect(seoStatus('title', text(60))).toEqual({ length: 60, valid: true, min: 50, max: 70 });
  });

  it('a description is valid when longer than 1 and shorter than 155', () => {
    expect(seoStatus('description', '').valid).toBe(false);
    expect(seoStatus('description', text(1)).valid).toBe(false);
    expect(seoStatus('description', text(2)).valid).toBe(true);
    expect(seoStatus('description', text(154)).valid).toBe(true);
    expect(seoStatus('description', text(155)).valid).toBe(false);
  });

  it('other kinds show only the length', () => {
    expect(seoStatus('other', text(500))).toEqual({ length: 500, valid: null });
    expect(seoStatus('other', null)).toEqual({ length: 0, valid: null });
  });
});
