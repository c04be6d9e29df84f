import './admin.css';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router-dom';
import { FormMessage } from '../../app/forms/field';
import { useDocumentTitle } from '../../app/use-document-title';
import { Button } from '../../ui/common/button';
import { LeaveDialog, useUnsavedChangesGuard } from '../../ui/edit-page';
import { AdminTabsNav } from './admin-tabs-nav';
import { asAdminTab, type AdminTab } from './business-profile.form';
import { ContactsTab } from './contacts-tab';
import { ContractingTab } from './contracting/contracting-tab';
import { TicketStockTab } from './ticket-stock/ticket-stock-tab';
import { PricingTab } from './pricing/pricing-tab';
import { StaffTab } from './staff/staff-tab';
import { ActivityTab } from './activity/activity-tab';
import { CoreTab } from './core-tab';
import { DefaultSettingsTab } from './default-settings-tab';
import { tabsWithErrors } from './form-errors';
import { useAdminSettingsForm } from './use-admin-settings-form';
import { PageHeader } from '../../ui/common/page-header';

/** Moving between the tabs is not leaving: one form spans them all. */
const ADMIN_PATHS = /^\/admin(\/|$)/i;

/**
 * /admin/{tab}: the admin settings (spec 02 §2) with vertical tabs core, contacts, contracting, staff, activity,
 * defaultsettings, pricing and ticketstock. One form spans the tabs (switching keeps every edit) and one Save sends the whole business
 * profile. Leaving /admin with unsaved changes asks first. An unknown tab goes to /admin/core.
 */
export function AdminSettingsPage() {
  const { tab: rawTab } = useParams();
  const tab = asAdminTab(rawTab);
  if (!tab) return <Navigate to="/admin/core" replace />;
  if (rawTab !== tab) return <Navigate to={`/admin/${tab}`} replace />;
  return <AdminSettings tab={tab} />;
}

// Enter in a one-line input must not send the whole profile by accident; Save is explicit.
function keepEnterFromSubmitting(e: KeyboardEvent<HTMLFormElement>) {
  if (e.key === 'Enter' && e.target instanceof HTMLInputElement) e.preventDefault();
}

function AdminSettings({ tab }: { tab: AdminTab }) {
  const { t } = useTranslation('admin');
  const { t: tShell } = useTranslation('shell');
  useDocumentTitle(`${tShell('pages.adminSettings')} · ${t(`tabs.${tab}`)}`);
  const { form, profile, save, ready, conflict, generalErrors, reload, discard, submit } = useAdminSettingsForm(tab);
  const { control, formState } = form;
  const { isDirty, errors } = formState;
  // The Pricing tab is a form of its own: its unsaved values are lost on any move, another admin tab included.
  const [pricingDirty, setPricingDirty] = useState(false);
  const guard = useUnsavedChangesGuard({ isDirty: isDirty || pricingDirty, stayWithin: pricingDirty ? undefined : ADMIN_PATHS, paused: save.isPending, draft: { form, ready } });
  // These tabs are not part of the profile: their own lists and dialogs, outside the profile's form.
  const ownList = tab === 'contracting' || tab === 'ticketstock' || tab === 'staff' || tab === 'activity' || tab === 'pricing';
  // A save's 409 (with Reload) and its errors that belong to no field: shown wherever Save was pressed.
  const problems = (
    <>
      {conflict && (
        <div className="admin-conflict" role="alert" data-testid="admin-conflict">
          <FormMessage kind="warning">{t('conflict')}</FormMessage>
          <Button onClick={() => void reload()} label={t('reload')} data-testid="admin-reload" />
        </div>
      )}
      {generalErrors.length > 0 && (
        <FormMessage kind="error" testId="admin-save-error">
          {generalErrors.join(' ')}
        </FormMessage>
      )}
    </>
  );
  const actions = (
    <div className="admin-actions">
      {isDirty && <span className="admin-actions__dirty">{t('unsaved')}</span>}
      <Button variant="default" label={t('discard')} disabled={!isDirty || save.isPending} onClick={discard} data-testid="admin-discard" />
      <Button type="submit" variant="primary" label={save.isPending ? t('saving') : t('save')} busy={save.isPending} data-testid="admin-save" />
    </div>
  );

  return (
    <div className="page admin-page" data-testid="admin-settings">
      <PageHeader title={tShell('pages.adminSettings')} subtitle={t('subtitle')} titleTestId="page-title" />
      <div className="side-tabs-layout">
        {/* Walked on every render: formState.errors changes in place. */}
        <AdminTabsNav tabErrors={tabsWithErrors(errors)} />
        <div className="admin-content">
          {ownList ? (
            <>
              {tab === 'ticketstock' ? <TicketStockTab /> : tab === 'staff' ? <StaffTab /> : tab === 'activity' ? <ActivityTab /> : tab === 'pricing' ? <PricingTab onDirtyChange={setPricingDirty} /> : <ContractingTab />}
              {/* Profile edits made on the other tabs are still unsaved: keep them savable from here, and say here
                  why a save from here failed (a clash with Reload, or an error of no field). */}
              {ready && (isDirty || conflict || generalErrors.length > 0) && (
                <form className="card admin-card admin-card--pending" noValidate onSubmit={submit} data-testid="admin-form">
                  {problems}
                  {actions}
                </form>
              )}
            </>
          ) : profile.isError && !ready ? (
            <div className="card admin-card" data-testid="admin-load-error">
              <FormMessage kind="error">{t('loadFailed', { message: profile.error instanceof Error ? profile.error.message : '' })}</FormMessage>
              <div>
                <Button onClick={() => void profile.refetch()} label={t('retry')} />
              </div>
            </div>
          ) : !ready ? (
            <div className="card admin-card admin-loading" role="status" data-testid="admin-loading">
              <span className="tbo-spinner" aria-hidden="true" />
              <span>{t('loading')}</span>
            </div>
          ) : (
            <form className="card admin-card" noValidate onSubmit={submit} onKeyDown={keepEnterFromSubmitting} data-testid="admin-form" aria-labelledby="admin-tab-title">
              <h2 className="admin-card__title" id="admin-tab-title">
                {t(`tabs.${tab}`)}
              </h2>
              {problems}
              {tab === 'core' && <CoreTab control={control} />}
              {tab === 'contacts' && <ContactsTab control={control} />}
              {tab === 'defaultsettings' && <DefaultSettingsTab control={control} />}
              {actions}
            </form>
          )}
        </div>
      </div>
      <LeaveDialog ns="admin" guard={guard} testId="admin-leave-dialog" confirmTestId="admin-leave" cancelTestId="admin-stay" cancelVariant="primary" />
    </div>
  );
}
