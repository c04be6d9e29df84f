import { tokenFor } from '../support/api';
import { registerTenants } from '../support/identity';
import { openTourTab as openTab, pickMany, tourField as field, tourForm as form } from './catalog-helpers';
import { openApp, waitUntil } from './shell-helpers';
import { supplierProfile as profileWithDefaults } from './catalog-helpers';
import { shoot, tourSuite } from './tour-suite';

/**
 * The tour editor and the account defaults (spec 01 §4), a conflicting save, the Tickets tab, delete / restore and
 * the unsaved-changes question, against the real API and Postgres.
 */

const s = tourSuite({ ratingsUnconfigured: true });
const { apiJson, readTour } = s;

describe('tour edit: account defaults', () => {
  it('account defaults (spec 01 §4), a conflicting save, delete and restore', async () => {
    // A supplier with default terms and a default policy, but no default FAQ or notes to clients.
    const tenant = await registerTenants(s.app);
    const token = await tokenFor(['admin'], { supplierId: tenant.supplierId });
    const profile = await apiJson<{ position: string }>('/api/suppliers', token, {
      method: 'PUT',
      body: profileWithDefaults({ cancellationPolicy: [{ hours: 48, percents: 100 }], termsAndConditions: '<p>Default terms apply</p>', faq: '', notesToClientPostBooking: '' }),
    });
    expect(profile.status).toBe(200);
    await apiJson(`/api/suppliers/my?after=${profile.body.Content.position}`, token);
    const created = await apiJson<{ id: number; position: string }>('/api/tours', token, {
      method: 'POST',
      body: { id: 0, nameInternal: 'DEF-1', nameDisplay: 'Defaults tour', url: '', languageId: s.languageId, toursCategories: [1], recommendedFor: [0], termsAndConditions: '<p>Own terms</p>', cancellationPolicy: [{ hours: 24, percents: 50 }], offers: [] },
    });
    expect(created.status).toBe(200);
    const id = created.body.Content.id;
    await apiJson(`/api/tours/manage/${id}?after=${created.body.Content.position}`, token);

    const { page, errors } = await openApp(s.browser, s.baseUrl, `/tours/${id}`, { token });
    await form(page).waitFor();
    await page.getByTestId('page-title').filter({ hasText: 'Defaults tour' }).waitFor();
    // No default notes to clients: that toggle is off and cannot be switched on.
    const notes = page.getByTestId('notes-defaults').getByRole('switch');
    expect([await notes.getAttribute('aria-checked'), await notes.isDisabled()]).toEqual(['false', true]);
    expect(await page.getByTestId('notes-defaults-state').textContent()).toBe('The account has no default content of this kind (set it in Admin › Default settings).');
    await openTab(page, 'faq');
    expect(await page.getByTestId('faq-defaults').getByRole('switch').isDisabled()).toBe(true);

    await openTab(page, 'terms');
    const termsSwitch = page.getByTestId('terms-defaults').getByRole('switch');
    expect([await termsSwitch.getAttribute('aria-checked'), await termsSwitch.isDisabled()]).toEqual(['false', false]);
    expect(await form(page).locator('[contenteditable]').first().textContent()).toBe('Own terms');
    expect(await page.getByTestId('terms-defaults-state').textContent()).toBe('This tour has its own content.');
    await termsSwitch.click();
    expect(await page.getByTestId('terms-defaults-state').textContent()).toBe("The account's default content is used.");
    expect(await form(page).locator('[contenteditable]').first().textContent()).toBe('Default terms apply');
    expect(await form(page).locator('[contenteditable]').first().getAttribute('contenteditable')).toBe('false');

    const policy = page.getByTestId('tour-cancellation-policy');
    // The rows as one snapshot of the page (row by row through locators could straddle a re-render).
    const rows = (): Promise<string[]> =>
      page.evaluate(
        `[...document.querySelectorAll('[data-testid=tour-cancellation-policy] [data-testid=cp-row]')].map((r) => r.querySelector('[data-testid=cp-hours-value]')?.textContent?.trim() + '/' + r.querySelector('[data-testid=cp-percents-value]')?.textContent?.trim())`,
      );
    // The form's watch renders new rows in a task after a click: wait for them rather than read mid-way.
    const expectRows = async (expected: string[]) => {
      for (const deadline = Date.now() + 5000; Date.now() < deadline && (await rows()).join('|') !== expected.join('|'); ) await page.waitForTimeout(50);
      expect(await rows()).toEqual(expected);
    };
    const policySwitch = page.getByTestId('policy-defaults').getByRole('switch');
    await expectRows(['24/50 %']);
    await policySwitch.click();
    await expectRows(['48/100 %']);
    // Editing the policy by hand makes it the tour's own again.
    await policy.getByTestId('cp-add').click();
    await policy.getByTestId('cp-row').last().getByTestId('cp-hours').fill('12');
    await policy.getByTestId('cp-row').last().getByTestId('cp-percents').fill('25');
    await policy.getByTestId('cp-row').last().getByTestId('cp-percents').press('Enter');
    expect(await policySwitch.getAttribute('aria-checked')).toBe('false');
    await expectRows(['48/100 %', '12/25 %']);
    // The keyboard goes on from the applied row's pencil (not from the top of the page); Escape on a new row: from Add.
    await waitUntil(page, `document.activeElement?.dataset.testid === 'cp-edit' && document.activeElement.closest('[data-testid=cp-row]').textContent.includes('12')`);
    await policy.getByTestId('cp-add').click();
    await policy.getByTestId('cp-row').last().getByTestId('cp-hours').press('Escape');
    await waitUntil(page, `document.activeElement?.dataset.testid === 'cp-add'`);
    await expectRows(['48/100 %', '12/25 %']);
    await shoot(page, 'terms');
    await policySwitch.click();
    await expectRows(['48/100 %']);

    // Saved with defaults: the tour's own policy is sent empty. The page reads the tour again after its save; that
    // read must be done before 'theirs' below, or it would load their version and there would be no conflict.
    const reread = page.waitForResponse((r) => r.request().method() === 'GET' && new URL(r.url()).pathname === `/api/tours/manage/${id}`);
    await page.getByTestId('tour-save').click();
    await page.getByText('You have unsaved changes').waitFor({ state: 'detached' });
    await reread;
    const saved = await readTour(page, id, token);
    expect(saved.body.Content).toMatchObject({ isDefaultCancellationPolicy: true, cancellationPolicy: [], isDefaultTermsAndConditions: true, termsAndConditions: '<p>Default terms apply</p>' });

    // Someone else saves meanwhile: our save is refused with a clear message and a reload.
    const current = saved.body.Content as Record<string, unknown> & { version: number };
    const theirs = await apiJson<{ position: string }>('/api/tours', token, { method: 'PUT', body: { ...current, nameInternal: 'DEF-THEIRS' } });
    expect(theirs.status).toBe(200);
    await openTab(page, 'basic');
    await field(page, 'Tour code').locator('input').fill('DEF-MINE');
    await page.getByTestId('tour-save').click();
    const conflict = page.getByTestId('tour-conflict');
    await conflict.waitFor();
    expect(await conflict.textContent()).toContain('Someone else saved this tour in the meantime');
    await page.getByTestId('tour-reload').click();
    await conflict.waitFor({ state: 'detached' });
    expect(await field(page, 'Tour code').locator('input').inputValue()).toBe('DEF-THEIRS');

    // Tickets: the tour's offers; a deleted one only with 'Show deleted', styled as cancelled; Excel export.
    const offer = async (nameInternal: string) => {
      const res = await apiJson<{ id: number; position: string }>('/api/offers', token, { method: 'POST', body: { id: 0, tourId: id, nameInternal, nameDisplay: `${nameInternal} ticket`, maxNumOfPeople: 10, numberOfHours: 3 } });
      expect(res.status).toBe(200);
      return res.body.Content;
    };
    const standard = await offer('STD');
    const vip = await offer('VIP');
    const gone = await apiJson<{ position: string }>(`/api/offers/${vip.id}`, token, { method: 'DELETE' });
    expect(gone.status).toBe(200);
    await apiJson(`/api/tours/manage/${id}?after=${gone.body.Content.position}`, token);
    await page.reload();
    await form(page).waitFor();
    await openTab(page, 'tickets');
    const table = page.getByTestId('tour-tickets-table');
    const ticketRows = table.locator('.ag-row');
    await ticketRows.first().or(table.getByTestId('table-empty')).waitFor();
    await shoot(page, 'tickets-one');
    expect(await ticketRows.count()).toBe(1);
    expect(await ticketRows.first().textContent()).toContain('STD');
    expect(await table.getByTestId('ticket-link').getAttribute('href')).toBe(`/tours/${id}/${standard.id}`);
    await table.getByRole('switch', { name: 'Show deleted' }).click();
    await waitUntil(page, `document.querySelectorAll('[data-testid=tour-tickets-table] .ag-row').length === 2`);
    const deletedRow = ticketRows.filter({ hasText: 'VIP' });
    expect(await deletedRow.getAttribute('class')).toContain('tour-ticket--deleted');
    expect(await page.evaluate(`getComputedStyle(document.querySelector('[data-testid=tour-tickets-table] .tour-ticket--deleted .tour-ticket-name__internal')).textDecorationLine`)).toBe('line-through');
    const exported = page.waitForResponse((r) => r.url().endsWith('/api/excel/fromdatatable'));
    await table.locator('[data-action=export]').click();
    const answer = await exported;
    expect(answer.status()).toBe(200);
    const sent = JSON.parse(answer.request().postData() ?? '{}') as { FileName: string; Columns: { Title: string; Data: unknown[] }[] };
    expect(sent.FileName).toBe('tourtickets.xlsx');
    expect(sent.Columns.map((c) => c.Title)).toEqual(['Ticket (internal / display / id)', 'Booking type', 'Adult, $', 'Child, $', 'Trip, $', 'Period end']);
    expect(sent.Columns[0]!.Data).toHaveLength(2);
    expect(answer.headers()['content-disposition']).toContain('tourtickets.xlsx');
    await shoot(page, 'tickets-deleted');

    // Delete and restore, each confirmed.
    await page.getByTestId('tour-delete').click();
    await page.getByTestId('tour-confirm-yes').click();
    await page.getByTestId('tour-deleted').waitFor();
    await page.getByTestId('tour-restore').click();
    await page.getByTestId('tour-confirm-yes').click();
    await page.getByTestId('tour-deleted').waitFor({ state: 'detached' });
    await page.getByTestId('tour-delete').waitFor();
    expect((await readTour(page, id, token)).body.Content.isDeleted).toBe(false);

    // Leaving with unsaved changes asks first.
    await openTab(page, 'seo');
    await field(page, 'Page description').locator('input').fill('Changed and not saved');
    await page.getByTestId('back-to-tours').click();
    await page.getByTestId('tour-leave-dialog').waitFor();
    await page.getByTestId('tour-confirm-no').click();
    expect(new URL(page.url()).pathname).toBe(`/tours/${id}`);
    await page.getByTestId('back-to-tours').click();
    await page.getByTestId('tour-confirm-yes').click();
    await page.waitForURL((u) => u.pathname === '/tours');
    expect(errors).toEqual([]);
  });

  it('a new tour starts on each default the account has (spec 01 §4): terms, policy and notes on, FAQ off', async () => {
    const tenant = await registerTenants(s.app);
    const token = await tokenFor(['admin'], { supplierId: tenant.supplierId });
    const profile = await apiJson<{ position: string }>('/api/suppliers', token, {
      method: 'PUT',
      body: profileWithDefaults({
        cancellationPolicy: [
          { hours: 72, percents: 100 },
          { hours: 24, percents: 50 },
        ],
        termsAndConditions: '<p>House terms</p>',
        faq: '',
        notesToClientPostBooking: '<p>Bring your passport</p>',
      }),
    });
    expect(profile.status).toBe(200);
    await apiJson(`/api/suppliers/my?after=${profile.body.Content.position}`, token);

    const { page, errors } = await openApp(s.browser, s.baseUrl, '/tours/add', { token });
    await form(page).waitFor();
    const notes = page.getByTestId('notes-defaults').getByRole('switch');
    expect(await notes.getAttribute('aria-checked')).toBe('true');
    expect(await page.getByTestId('notes-defaults-state').textContent()).toBe("The account's default content is used.");
    await openTab(page, 'terms');
    expect(await page.getByTestId('terms-defaults').getByRole('switch').getAttribute('aria-checked')).toBe('true');
    expect(await form(page).locator('[contenteditable]').first().textContent()).toBe('House terms');
    expect(await page.getByTestId('policy-defaults').getByRole('switch').getAttribute('aria-checked')).toBe('true');
    const policyRows = page.getByTestId('tour-cancellation-policy').getByTestId('cp-row');
    expect(await policyRows.count()).toBe(2);
    expect((await policyRows.first().getByTestId('cp-hours-value').textContent())?.trim()).toBe('72');
    // No account FAQ: that one stays off (and cannot be switched on).
    await openTab(page, 'faq');
    const faq = page.getByTestId('faq-defaults').getByRole('switch');
    expect([await faq.getAttribute('aria-checked'), await faq.isDisabled()]).toEqual(['false', true]);
    await shoot(page, 'new-tour-defaults');

    // Saved as it started: on the defaults, with the policy sent empty.
    await openTab(page, 'basic');
    await field(page, 'Tour code').locator('input').fill('NEW-DEF');
    await field(page, 'Display name').locator('input').fill('New defaults tour');
    await field(page, 'Language').locator('select').selectOption({ label: 'English' });
    await pickMany(page, 'Categories', ['City Tours']);
    await pickMany(page, 'Recommended for', ['Everybody']);
    await page.getByTestId('tour-save').click();
    await page.waitForURL((u) => /^\/tours\/\d+$/.test(u.pathname));
    const id = Number(new URL(page.url()).pathname.split('/')[2]);
    await page.getByText('You have unsaved changes').waitFor({ state: 'detached' });
    expect((await readTour(page, id, token)).body.Content).toMatchObject({
      isDefaultTermsAndConditions: true,
      isDefaultCancellationPolicy: true,
      cancellationPolicy: [],
      isDefaultNotesToClientsPostBooking: true,
      isDefaultFaq: false,
    });
    expect(errors).toEqual([]);
  });
});
