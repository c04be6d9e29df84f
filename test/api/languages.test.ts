import { randomUUID } from 'node:crypto';
import { bearer, expectErrorEnvelope, apiSuite, tokenFor } from '../support/api';
import { unusedLanguageCodes } from '../support/reference';

/** Three-letter codes no language in the shared test database has (filled in beforeAll). */
const codes: string[] = [];
const uniqueCode = () => {
  const code = codes.pop();
  if (!code) throw new Error('languages.test: the pool of unused codes ran out (fill more in beforeAll)');
  return code;
};

describe('languages: command → event → projection → sync', () => {
  const api = apiSuite();
  let admin: Record<string, string>;
  let agent: Record<string, string>;

  beforeAll(async () => {
    // Languages are shared by every supplier: saving one is a platform (superadmin) power.
    admin = bearer(await tokenFor(['superadmin'], { supplierId: null }));
    agent = bearer(await tokenFor(['agent']));
    codes.push(...(await unusedLanguageCodes(api.db, 20)));
  });

  const save = (body: object, headers: Record<string, string> = admin) => api.http.post('/api/languages').set(headers).send(body);
  const sync = (query: string, headers: Record<string, string> = agent) => api.http.get(`/api/languages/sync?${query}`).set(headers);

  it('saves a new language with a sequence id and answers it with its position', async () => {
    const code = uniqueCode();
    const res = await save({ id: 0, name: `Lang ${code}`, code, isOffers: true, imgUrl: '/flags/xx.svg' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ IsOk: true, Code: 200, ErrorTitle: null, ErrorMessage: null });
    expect(res.body.Content).toMatchObject({ name: `Lang ${code}`, code, isOffers: true, isDeleted: false, imgUrl: '/flags/xx.svg', version: 0 });
    expect(res.body.Content.id).toBeGreaterThan(0);
    expect(res.body.Content.position).toMatch(/^\d+:\d+$/);

    const after = await sync(`after=${res.body.Content.position}`);
    expect(after.status).toBe(200);
    expect(after.body.Content.languages).toContainEqual({ id: res.body.Content.id, name: `Lang ${code}`, code, isOffers: true, isDeleted: false, imgUrl: '/flags/xx.svg' });
  });

  it('answers only what changed since the date it handed out, deleted ones included', async () => {
    const a = (await save({ name: 'Sync A', code: uniqueCode(), isOffers: true })).body.Content;
    const b = (await save({ name: 'Sync B', code: uniqueCode(), isOffers: true })).body.Content;
    const first = await sync(`after=${b.position}`);
    const date = first.body.Content.date as string;
    expect(date).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);

    const nothing = await sync(`date=${encodeURIComponent(date)}`);
    expect(nothing.body.Content.languages).toEqual([]);
    expect(nothing.body.Content.date).toBe(date);

    const deleted = (await save({ id: a.id, name: 'Sync A', code: a.code, isOffers: true, isDeleted: true, version: a.version })).body.Content;
    expect(deleted.isDeleted).toBe(true);
    const next = await sync(`date=${encodeURIComponent(date)}&after=${deleted.position}`);
    expect(next.body.Content.languages).toEqual([expect.objectContaining({ id: a.id, isDeleted: true })]);
    expect(next.body.Content.date > date).toBe(true);
    expect(next.body.Content.languages.map((l: { id: number }) => l.id)).not.toContain(b.id);
  });

  it('with isOffers, a language no longer offered is answered as deleted', async () => {
    const l = (await save({ name: 'Offer me', code: uniqueCode(), isOffers: true })).body.Content;
    const changed = (await save({ ...l, isOffers: false, position: undefined })).body.Content;
    const res = await sync(`isOffers=true&after=${changed.position}`);
    expect(res.body.Content.languages).toContainEqual(expect.objectContaining({ id: l.id, isOffers: false, isDeleted: true }));
    const all = await sync('isOffers=false');
    expect(all.body.Content.languages).toContainEqual(expect.objectContaining({ id: l.id, isOffers: false, isDeleted: false }));
  });

  it('two saves of the same version: exactly one wins, the other answers 409', async () => {
    const l = (await save({ name: 'Contested', code: uniqueCode() })).body.Content;
    const [x, y] = await Promise.all([
      save({ id: l.id, name: 'Contested by X', code: l.code, version: l.version }),
      save({ id: l.id, name: 'Contested by Y', code: l.code, version: l.version }),
    ]);
    expect([x.status, y.status].sort()).toEqual([200, 409]);
    const loser = x.status === 409 ? x : y;
    expectErrorEnvelope(loser, 409);
    expect(loser.body.ErrorMessage).toMatch(/changed by someone else/);
  });

  it('a repeat with the same Idempotency-Key answers the first answer and appends nothing', async () => {
    const key = randomUUID();
    const body = { name: 'Once only', code: uniqueCode() };
    const first = await save(body, { ...admin, 'Idempotency-Key': key });
    const again = await save(body, { ...admin, 'Idempotency-Key': key });
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const res = await sync(`after=${first.body.Content.position}`);
    expect(res.body.Content.languages.filter((l: { code: string }) => l.code === body.code)).toHaveLength(1);

    const reused = await save({ ...body, name: 'Something else' }, { ...admin, 'Idempotency-Key': key });
    expectErrorEnvelope(reused, 422);
  });

  it('concurrent repeats with one Idempotency-Key create one language', async () => {
    const key = randomUUID();
    const body = { name: 'Racing', code: uniqueCode() };
    const answers = await Promise.all([1, 2, 3].map(() => save(body, { ...admin, 'Idempotency-Key': key })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.Content.id)).size).toBe(1);
  });

  it('refuses a second language with the same code, and a change to one that does not exist', async () => {
    const l = (await save({ name: 'Unique', code: uniqueCode() })).body.Content;
    await sync(`after=${l.position}`);
    const dup = await save({ name: 'Copy', code: l.code });
    expectErrorEnvelope(dup, 400);
    expect(dup.body.ErrorMessage).toContain(`code '${l.code}' already exists`);
    expectErrorEnvelope(await save({ id: 999999, name: 'Ghost', code: uniqueCode() }), 404);
  });

  it("refuses a supplier's admin (403) adding, renaming or deleting a language, and leaves it as it was", async () => {
    const l = (await save({ name: 'Shared', code: uniqueCode() })).body.Content;
    const supplierAdmin = bearer(await tokenFor(['admin']));
    for (const body of [{ name: 'Mine', code: uniqueCode() }, { id: l.id, name: 'Renamed', code: l.code }, { id: l.id, name: 'Shared', code: l.code, isDeleted: true }]) {
      const res = await save(body, supplierAdmin);
      expectErrorEnvelope(res, 403);
      expect(res.body.ErrorMessage).toBe('You are not allowed to access this page');
    }
    const synced = (await sync(`after=${l.position}`)).body.Content.languages as { id: number; name: string; isDeleted: boolean }[];
    expect(synced.find((x) => x.id === l.id)).toMatchObject({ name: 'Shared', isDeleted: false });
  });

  it('saving without a change appends nothing and answers no new position', async () => {
    const l = (await save({ name: 'Steady', code: uniqueCode() })).body.Content;
    const same = (await save({ id: l.id, name: 'Steady', code: l.code })).body.Content;
    expect(same.position).toBeNull();
    expect(same.version).toBe(l.version);
  });
});
