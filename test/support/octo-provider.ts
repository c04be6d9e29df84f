import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small OCTO provider on a local port, for tests of the upstream calls. It checks the bearer key and serves,
 * under `/octo` (its base URL):
 *
 *   GET  /products            every product below
 *   GET  /products/{id}       one product; unknown → 400 INVALID_PRODUCT_ID (as OCTO says)
 *   POST /availability        start times for the next days of `dhow-cruise` (it lists none of its own), else []
 *
 * Products: `desert-safari` (START_TIME, options `standard` (default, 09:00 and 16:30) and `vip` (18:00)),
 * `dhow-cruise` (START_TIME, no start times listed: they come from availability), `museum-pass` (OPENING_HOURS),
 * `slow-product` (never answers: the timeout case) and `broken-product` (HTTP 500).
 *
 * Other base paths play whole providers that misbehave: `/garbage` answers 200 with text that is not JSON,
 * `/wrong-shape` answers JSON that is not OCTO, `/hang` never answers.
 */
export interface OctoProvider {
  /** The OCTO base URL: http://127.0.0.1:<port>/octo */
  baseUrl: string;
  /** http://127.0.0.1:<port>: other base paths hang off it. */
  origin: string;
  apiKey: string;
  /** What each request carried, in order. */
  requests: { method: string; path: string; authorization: string | undefined; capabilities: string | undefined; body: unknown }[];
  close(): Promise<void>;
}

const option = (id: string, name: string, times: string[], isDefault = false) => ({
  id,
  default: isDefault,
  internalName: name,
  reference: null,
  availabilityLocalStartTimes: times,
  cancellationCutoff: '1 hour',
  cancellationCutoffAmount: 1,
  cancellationCutoffUnit: 'hour',
  requiredContactFields: [],
  restrictions: { minUnits: 0, maxUnits: null },
  units: [{ id: 'adult', internalName: 'Adult', reference: null, type: 'ADULT', requiredContactFields: [] }],
});

const product = (id: string, name: string, availabilityType: 'START_TIME' | 'OPENING_HOURS', options: ReturnType<typeof option>[]) => ({
  id,
  internalName: name,
  reference: null,
  locale: 'en-GB',
  timeZone: 'Asia/Dubai',
  allowFreesale: false,
  instantConfirmation: true,
  instantDelivery: true,
  availabilityRequired: true,
  availabilityType,
  deliveryFormats: ['QRCODE'],
  deliveryMethods: ['TICKET'],
  redemptionMethod: 'DIGITAL',
  options,
  // A field no version of OCTO has: a lenient reader must let it through.
  'x-vendor-rating': 4.5,
});

export const OCTO_PRODUCTS = [
  product('desert-safari', 'Desert Safari', 'START_TIME', [option('standard', 'Standard', ['16:30', '09:00'], true), option('vip', 'VIP', ['18:00'])]),
  product('dhow-cruise', 'Dhow Cruise', 'START_TIME', [option('DEFAULT', 'DEFAULT', [], true)]),
  product('museum-pass', 'Museum Pass', 'OPENING_HOURS', [option('DEFAULT', 'DEFAULT', ['00:00'], true)]),
  product('slow-product', 'Slow Product', 'START_TIME', [option('DEFAULT', 'DEFAULT', ['10:00'], true)]),
  product('broken-product', 'Broken Product', 'START_TIME', [option('DEFAULT', 'DEFAULT', ['11:00'], true)]),
];

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Octo-Capabilities': '' });
  res.end(JSON.stringify(body));
}

const octoError = (res: ServerResponse, status: number, error: string, errorMessage: string, extra: object = {}) => send(res, status, { error, errorMessage, ...extra });

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  try {
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return text;
  }
}

/** Departures at 20:00 and 19:30 local time on each day of the range, as OCTO availability items. */
function cruiseAvailability(start: string, end: string) {
  const items = [];
  for (let d = new Date(`${start}T00:00:00Z`); d <= new Date(`${end}T00:00:00Z`) && items.length < 100; d = new Date(d.getTime() + 86_400_000)) {
    const day = d.toISOString().slice(0, 10);
    for (const time of ['20:00', '19:30']) {
      const at = `${day}T${time}:00+04:00`;
      items.push({ id: at, localDateTimeStart: at, localDateTimeEnd: `${day}T22:00:00+04:00`, utcCutoffAt: `${day}T12:00:00Z`, allDay: false, available: true, status: 'AVAILABLE', vacancies: 30, capacity: 40, maxUnits: null, openingHours: [] });
    }
  }
  return items;
}

export async function startOctoProvider(apiKey = `octo-test-${randomBytes(8).toString('hex')}`): Promise<OctoProvider> {
  const requests: OctoProvider['requests'] = [];
  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const body = req.method === 'POST' ? await readBody(req) : null;
      requests.push({ method: req.method ?? '', path: url.pathname, authorization: req.headers.authorization, capabilities: req.headers['octo-capabilities'] as string | undefined, body });
      const [, base, ...rest] = url.pathname.split('/');
      const path = `/${rest.join('/')}`;
      if (base === 'hang') return; // never answers; the connection is dropped on close
      if (req.headers.authorization !== `Bearer ${apiKey}`) return octoError(res, 401, 'UNAUTHORIZED', 'You sent an API Key that was invalid or has been revoked by the backend system.');
      if (base === 'garbage') {
        res.writeHead(200, { 'Content-Type': 'text/html' });
        return res.end('<html>Maintenance</html>');
      }
      if (base === 'wrong-shape') return send(res, 200, { products: 'none' });
      if (base !== 'octo') return octoError(res, 404, 'NOT_FOUND', 'No such endpoint');
      if (req.method === 'GET' && path === '/products') return send(res, 200, OCTO_PRODUCTS);
      const one = /^\/products\/([^/]+)$/.exec(path);
      if (req.method === 'GET' && one) {
        const id = decodeURIComponent(one[1]!);
        if (id === 'slow-product') return;
        if (id === 'broken-product') return octoError(res, 500, 'INTERNAL_SERVER_ERROR', 'There was an un-recoverable error, please try again');
        const found = OCTO_PRODUCTS.find((p) => p.id === id);
        return found ? send(res, 200, found) : octoError(res, 400, 'INVALID_PRODUCT_ID', 'The productId was missing or invalid', { productId: id });
      }
      if (req.method === 'POST' && path === '/availability') {
        const q = (body ?? {}) as { productId?: string; optionId?: string; localDateStart?: string; localDateEnd?: string };
        const found = OCTO_PRODUCTS.find((p) => p.id === q.productId);
        if (!found) return octoError(res, 400, 'INVALID_PRODUCT_ID', 'The productId was missing or invalid', { productId: q.productId });
        if (!found.options.some((o) => o.id === q.optionId)) return octoError(res, 400, 'INVALID_OPTION_ID', 'The optionId was missing or invalid', { optionId: q.optionId });
        if (!q.localDateStart || !q.localDateEnd) return octoError(res, 400, 'BAD_REQUEST', 'either localDate, localDateStart/localDateEnd or availabilityIds is required');
        return send(res, 200, found.id === 'dhow-cruise' ? cruiseAvailability(q.localDateStart, q.localDateEnd) : []);
      }
      return octoError(res, 404, 'NOT_FOUND', 'No such endpoint');
    })().catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl: `${origin}/octo`,
    origin,
    apiKey,
    requests,
    async close() {
      // Requests left hanging on purpose would keep close() waiting forever.
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
    },
  };
}

/**
 * A base URL where nothing listens (the unreachable case): port 1 (tcpmux), which nothing serves here. A port the
 * kernel had just freed is not safe: another server of the same run may take it in between and answer 404.
 */
export function unusedBaseUrl(): Promise<string> {
  return Promise.resolve('http://127.0.0.1:1/octo');
}
