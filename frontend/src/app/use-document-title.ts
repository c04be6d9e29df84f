import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the browser tab's title: "<page> · Tour Back Office". */
export function useDocumentTitle(title: string | null | undefined): void {
  const { t } = useTranslation('shell');
  const product = t('brand.name');
  useEffect(() => {
    document.title = title ? `${title} · ${product}` : product;
  }, [title, product]);
}
