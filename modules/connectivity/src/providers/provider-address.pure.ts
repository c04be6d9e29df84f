/**
 * Which addresses a provider's base URL may point at. The API calls a provider from inside our network, so a base
 * URL naming one of our own hosts (Redis, Postgres, the cloud's metadata service, the API itself) would let a
 * supplier's admin reach and probe them. Refused: loopback, private, shared (CGNAT), link-local, unspecified,
 * multicast and reserved addresses, IPv4 and IPv6 alike (an IPv4 address inside IPv6 is judged as IPv4), and the
 * name 'localhost'. Pure (no DNS): the save checks the literal address here; every call checks the resolved
 * addresses too (provider-address.ts), since a name can resolve elsewhere later.
 */
export const PROVIDER_ADDRESS_MESSAGE = 'This address is not allowed for a provider: it is a local, private or reserved network address';

type Range = readonly [base: bigint, bits: number];

const v4 = (text: string, bits: number): Range => [ipv4Number(text)!, bits];

/** IPv4 ranges no provider lives at. */
const V4_REFUSED: readonly Range[] = [
  v4('0.0.0.0', 8), // "this network", unspecified
  v4('10.0.0.0', 8), // private
  v4('100.64.0.0', 10), // shared address space (carrier NAT; some clouds' metadata services)
  v4('127.0.0.0', 8), // loopback
  v4('169.254.0.0', 16), // link-local (cloud metadata at 169.254.169.254)
  v4('172.16.0.0', 12), // private
  v4('192.0.0.0', 24), // IETF protocol assignments
  v4('192.168.0.0', 16), // private
  v4('198.18.0.0', 15), // benchmarking
  v4('224.0.0.0', 4), // multicast
  v4('240.0.0.0', 4), // reserved, and the broadcast address
];

const v6 = (text: string, bits: number): Range => [ipv6Number(text)!, bits];

/** IPv6 ranges no provider lives at (those carrying an IPv4 address are judged by it: see embeddedIpv4). */
const V6_REFUSED: readonly Range[] = [
  v6('::', 128), // unspecified
  v6('::1', 128), // loopback
  v6('100::', 64), // discard
  v6('fc00::', 7), // unique local (private)
  v6('fe80::', 10), // link-local
  v6('fec0::', 10), // site-local (deprecated, still private)
  v6('ff00::', 8), // multicast
];

const inRange = (n: bigint, [base, bits]: Range, width: number) => n >> BigInt(width - bits) === base >> BigInt(width - bits);

/** a.b.c.d (four decimal parts, as DNS answers and as URL parsing writes any IPv4 form) → its number; else null. */
export function ipv4Number(text: string): bigint | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  let n = 0n;
  for (const p of parts) {
    if (!/^\d{1,3}$/.test(p) || Number(p) > 255) return null;
    n = (n << 8n) | BigInt(Number(p));
  }
  return n;
}

/** An IPv6 address as text (compressed, with an IPv4 tail, a zone id or brackets) → its 128-bit number; else null. */
export function ipv6Number(text: string): bigint | null {
  let t = text.trim().toLowerCase();
  if (t.startsWith('[') && t.endsWith(']')) t = t.slice(1, -1);
  t = t.replace(/%.*$/, '');
  if (!t.includes(':')) return null;
  const groups: number[] = [];
  const halves = t.split('::');
  if (halves.length > 2) return null;
  const parse = (half: string): number[] | null => {
    if (!half) return [];
    const out: number[] = [];
    const items = half.split(':');
    for (let i = 0; i < items.length; i++) {
      const item = items[i]!;
      if (i === items.length - 1 && item.includes('.')) {
        const tail = ipv4Number(item);
        if (tail === null) return null;
        out.push(Number(tail >> 16n), Number(tail & 0xffffn));
      } else if (/^[0-9a-f]{1,4}$/.test(item)) out.push(parseInt(item, 16));
      else return null;
    }
    return out;
  };
  const head = parse(halves[0]!);
  const tail = halves.length === 2 ? parse(halves[1]!) : [];
  if (!head || !tail) return null;
  if (halves.length === 2) {
    const missing = 8 - head.length - tail.length;
    if (missing < 1) return null;
    groups.push(...head, ...Array<number>(missing).fill(0), ...tail);
  } else groups.push(...head);
  if (groups.length !== 8) return null;
  return groups.reduce((n, g) => (n << 16n) | BigInt(g), 0n);
}

/**
 * The IPv4 address an IPv6 one stands for: IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d, deprecated),
 * NAT64 (64:ff9b::a.b.c.d) and 6to4 (2002:aabb:ccdd::); null for the others.
 */
function embeddedIpv4(n: bigint): bigint | null {
  const low32 = n & 0xffffffffn;
  if (n >> 32n === 0xffffn || n >> 32n === 0n) return low32;
  if (n >> 32n === ipv6Number('64:ff9b::')! >> 32n) return low32;
  if (n >> 112n === 0x2002n) return (n >> 80n) & 0xffffffffn;
  return null;
}

const refusedV4 = (n: bigint) => V4_REFUSED.some((r) => inRange(n, r, 32));

/**
 * Whether an IP address (IPv4 or IPv6 text) is one no provider may have. Text that is no IP address is refused
 * too: what cannot be judged is not called.
 */
export function isRefusedAddress(ip: string): boolean {
  const four = ipv4Number(ip.trim());
  if (four !== null) return refusedV4(four);
  const six = ipv6Number(ip);
  if (six === null) return true;
  if (V6_REFUSED.some((r) => inRange(six, r, 128))) return true;
  const inner = embeddedIpv4(six);
  return inner !== null && refusedV4(inner);
}

/** A URL's hostname as an IP address (IPv6 without its brackets), or null when it is a name. */
export function ipLiteralOf(hostname: string): string | null {
  if (hostname.startsWith('[') && hostname.endsWith(']')) return hostname.slice(1, -1);
  return ipv4Number(hostname) !== null ? hostname : null;
}

/** 'localhost', 'LOCALHOST.', 'api.localhost': names every resolver answers with a loopback address (RFC 6761). */
export const isLocalhostName = (hostname: string) => /(^|\.)localhost$/.test(hostname.toLowerCase().replace(/\.+$/, ''));

/**
 * What the save says of a base URL's host, or null: a literal address in a refused range, or a localhost name.
 * Other names pass here; the call checks what they resolve to. A URL that does not parse is baseUrlProblem's.
 */
export function baseUrlAddressProblem(baseUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(baseUrl.trim());
  } catch {
    return null;
  }
  const ip = ipLiteralOf(url.hostname);
  if (ip !== null ? isRefusedAddress(ip) : isLocalhostName(url.hostname)) return PROVIDER_ADDRESS_MESSAGE;
  return null;
}

/** The product id message; an OCTO id is one path segment of the provider's URL (/products/{id}). */
export const OCTO_ID_PATH_MESSAGE = "must not be '.', '..' or contain a slash";

/**
 * Whether an OCTO id (a product's) may go into a provider's URL path: not '.' or '..', which URL parsing
 * would resolve to another path of the provider, and no '/' or '\' (they are escaped when sent, but no real id has them).
 */
export const isPathSafeOctoId = (id: string) => id !== '.' && id !== '..' && !/[/\\]/.test(id);
