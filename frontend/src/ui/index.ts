/** Shared building blocks (spec 01 §1): data table, form fields, SEO indicator, people counter. */
export * from './data-table';
export * from './fields';
export * from './seo-indicator';
export * from './people-counter';
export { Button, type ButtonProps } from './common/button';
export { Icon, type IconName } from './common/icons';
export { Popover } from './common/popover';
export * from './format/date';
export * from './format/time';
export * from './format/number';
