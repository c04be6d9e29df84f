import type { FieldErrors } from 'react-hook-form';
import { tabOfPath, type AdminTab } from './business-profile.form';

/** The dotted path of the first field with an error message, depth first; null when there is none. */
export function firstErrorPath(errors: FieldErrors, prefix = ''): string | null {
  for (const [k, v] of Object.entries(errors)) {
    if (!v || typeof v !== 'object') continue;
    const path = prefix ? `${prefix}.${k}` : k;
    if ('message' in v && typeof (v as { message?: unknown }).message === 'string') return path;
    const inner = firstErrorPath(v as FieldErrors, path);
    if (inner) return inner;
  }
  return null;
}

/** The tabs holding a field with an error (a dot on the tab). */
export function tabsWithErrors(errors: FieldErrors): Set<AdminTab> {
  const tabs = new Set<AdminTab>();
  const walk = (node: unknown, path: string) => {
    if (!node || typeof node !== 'object') return;
    if ('message' in node && typeof (node as { message?: unknown }).message === 'string') tabs.add(tabOfPath(path));
    for (const [k, v] of Object.entries(node)) if (k !== 'ref' && k !== 'message' && k !== 'type') walk(v, path ? `${path}.${k}` : k);
  };
  walk(errors, '');
  return tabs;
}
