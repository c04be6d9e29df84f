export { SeoIndicator, type SeoIndicatorProps } from './seo-indicator';
export { seoStatus, SEO_LIMITS, type SeoKind, type SeoStatus } from './seo';
