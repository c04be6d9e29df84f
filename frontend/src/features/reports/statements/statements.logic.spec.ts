import { MutationObserver, QueryClient } from '@tanstack/react-query';
import { canIssue, issueStatementMutation } from './statements.logic';

const MONTH = '2026-03';
const LIST = ['statements', MONTH];
const OPEN = ['statement', 7, MONTH];
const OTHER = ['agency-statements'];

function clientWithScreen(): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  client.setQueryData(LIST, [{ agencyId: 7, issued: false }]);
  client.setQueryData(OPEN, { agencyId: 7, issued: false });
  client.setQueryData(OTHER, []);
  return client;
}

const stale = (client: QueryClient, key: unknown[]) => client.getQueryState(key)?.isInvalidated;

describe('issueStatementMutation', () => {
  it('reads the list and the open statement again when the Issue is refused (a colleague issued it meanwhile)', async () => {
    const client = clientWithScreen();
    const refused = Object.assign(new Error('Statement already issued'), { code: 409 });
    const observer = new MutationObserver(client, issueStatementMutation(client, () => Promise.reject(refused)));
    await expect(observer.mutate({ agencyId: 7, month: MONTH })).rejects.toBe(refused);
    expect(stale(client, LIST)).toBe(true);
    expect(stale(client, OPEN)).toBe(true);
    expect(stale(client, OTHER)).toBe(false);
  });

  it('reads them again after a done Issue too', async () => {
    const client = clientWithScreen();
    const observer = new MutationObserver(client, issueStatementMutation(client, () => Promise.resolve({ number: 1 })));
    await expect(observer.mutate({ agencyId: 7, month: MONTH })).resolves.toEqual({ number: 1 });
    expect(stale(client, LIST)).toBe(true);
    expect(stale(client, OPEN)).toBe(true);
  });
});

describe('canIssue', () => {
  const row = { issued: false, lineCount: 2, lastIssuedMonth: null };
  it('offers Issue for a statement with changes and no later month issued', () => {
    expect(canIssue(row, MONTH)).toBe(true);
    expect(canIssue({ ...row, lastIssuedMonth: '2026-02' }, MONTH)).toBe(true);
  });
  it('does not once it is issued, empty, or a later month is issued', () => {
    expect(canIssue({ ...row, issued: true }, MONTH)).toBe(false);
    expect(canIssue({ ...row, lineCount: 0 }, MONTH)).toBe(false);
    expect(canIssue({ ...row, lastIssuedMonth: MONTH }, MONTH)).toBe(false);
    expect(canIssue({ ...row, lastIssuedMonth: '2026-04' }, MONTH)).toBe(false);
  });
});
