/** The sign-in page address that brings the user back here afterwards. */
export function loginPathFor(pathname: string, search = ''): string {
  const back = `${pathname}${search}`;
  return back === '/' || back === '' ? '/account/login' : `/account/login?returnUrl=${encodeURIComponent(back)}`;
}
