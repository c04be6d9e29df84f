/** The file name of a content-disposition header: filename* (RFC 5987) first, then filename. */
export function fileNameFromContentDisposition(header: string | null, fallback = 'download'): string {
  if (!header) return fallback;
  const star = /filename\*\s*=\s*(?:"?)([^']*)'[^']*'([^;"]+)"?/i.exec(header);
  if (star?.[2]) {
    try {
      return decodeURIComponent(star[2].trim());
    } catch {
      return star[2].trim();
    }
  }
  const plain = /filename\s*=\s*(?:"((?:\\.|[^"\\])*)"|([^;]+))/i.exec(header);
  const name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2]?.trim();
  return name || fallback;
}
