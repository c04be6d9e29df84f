import './offers.css';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { FormMessage } from '../../app/forms/field';
import { useDocumentTitle } from '../../app/use-document-title';
import { Button } from '../../ui/common/button';
import { ChildEditRoute, editorKeys, EditPageFrame, itemReadProps, LeaveDialog } from '../../ui/edit-page';
import { DetailsTab } from './edit/details-tab';
import { MediaTab } from './edit/media-tab';
import { useOfferEditor } from './edit/use-offer-editor';
import { OfferHistory } from './history/offer-history';
import { OfferPolicyLinks } from './offer-policy-links';
import { asOfferTab, needsSavedOffer, OfferTabs, type OfferTab } from './offer-tabs';
import { ValidPeriods } from './valid-periods/valid-periods';

/**
 * /tours/{tourId}/{ticketId} (spec 01 §2 Offer edit): 'add' (any case) is a new ticket. A tour id that cannot be
 * read goes to /tours, a ticket id that cannot be read to the tour.
 */
export function OfferEditPage() {
  return (
    <ChildEditRoute parentParam="tourId" childParam="ticketId" listPath="/tours">
      {(tourId, offerId) => <OfferEditor key={`${tourId}/${offerId}`} tourId={tourId} offerId={offerId} />}
    </ChildEditRoute>
  );
}

function OfferEditor({ tourId, offerId }: { tourId: number; offerId: number }) {
  const { t } = useTranslation('offer-edit');
  const [search, setSearch] = useSearchParams();
  const isNew = offerId === 0;
  const requested = asOfferTab(search.get('tab'));
  const tab: OfferTab = isNew && needsSavedOffer(requested) ? 'details' : requested;
  const setTab = (next: OfferTab) => setSearch(next === 'details' ? {} : { tab: next }, { replace: true });
  const editor = useOfferEditor({ tourId, offerId, showFieldOf: (onMedia) => setTab(onMedia ? 'media' : 'details') });
  const { form, base, tour } = editor;
  const isDirty = form.formState.isDirty;

  const tourName = tour ? tour.nameDisplay || tour.nameInternal : '';
  const title = isNew ? t('titleNew') : `${t('title')} ${editor.offerName}`;
  useDocumentTitle(`${title}${tourName ? ` · ${tourName}` : ''}`);
  const deleted = !!base?.isDeleted;

  const loadError = editor.loadError;
  // Ctrl+S saves, as in the tour editor; Enter in a one-line input never saves by accident.
  const onKeyDown = editorKeys(() => void editor.submit(), editor.saving, { blockEnter: true });
  return (
    <EditPageFrame
      testId="offer-edit"
      className="offer-page"
      back={{ to: `/tours/${tourId}`, label: t('backToTour'), testId: 'back-to-tour' }}
      title={title}
      titleExtras={
        <>
          {tourName && (
            <p className="page-subtitle" data-testid="offer-tour-name">
              {tourName}
            </p>
          )}
          <OfferPolicyLinks tourId={tourId} />
        </>
      }
      actions={!isNew && <Button variant={deleted ? 'default' : 'danger'} label={deleted ? t('actions.restore') : t('actions.delete')} busy={editor.removing} onClick={editor.toggleDeleted} data-testid={deleted ? 'offer-restore' : 'offer-delete'} />}
      {...itemReadProps({ ready: editor.ready, failed: !!loadError, error: loadError, retry: editor.retry }, { loading: t('loading'), loadFailed: (message) => t('loadFailed', { message }), retry: t('retry') }, 'offer')}
      dialogs={
        <LeaveDialog ns="offer-edit" guard={editor.guard} testId="offer-leave-dialog" confirmTestId="offer-leave" cancelTestId="offer-stay" cancelVariant="primary" />
      }
    >
      <>
        {deleted && (
          <FormMessage kind="warning" testId="offer-deleted">
            {t('deleted')}
          </FormMessage>
        )}
        <OfferTabs tab={tab} isNew={isNew} onSelect={setTab} />
        <div id="offer-tabpanel" role="tabpanel" aria-labelledby={`offer-tab-${tab}`} className="card offer-card">
          {(tab === 'details' || tab === 'media') && (
            <form noValidate onSubmit={editor.submit} onKeyDown={onKeyDown} data-testid="offer-form">
              {editor.conflict && (
                <div className="offer-conflict" role="alert" data-testid="offer-conflict">
                  <FormMessage kind="warning">{t('conflict')}</FormMessage>
                  <Button label={t('actions.reload')} onClick={() => void editor.reloadOffer()} data-testid="offer-reload" />
                </div>
              )}
              {editor.generalErrors.length > 0 && (
                <FormMessage kind="error" testId="offer-save-error">
                  {editor.generalErrors.join(' ')}
                </FormMessage>
              )}
              {tab === 'details' ? <DetailsTab control={form.control} tour={tour} /> : <MediaTab control={form.control} />}
              <div className="offer-actions offer-actions--sticky">
                {isDirty && <span className="offer-actions__dirty">{t('actions.unsaved')}</span>}
                <Button label={t('actions.discard')} disabled={!isDirty || editor.saving} onClick={editor.discard} data-testid="offer-discard" />
                <Button type="submit" variant="primary" label={editor.saving ? t('actions.saving') : t('actions.save')} busy={editor.saving} data-testid="offer-save" />
              </div>
            </form>
          )}
          {tab === 'prices' && base && (
            <ValidPeriods
              offerId={base.id}
              offerVersion={base.version}
              periods={base.validPeriods}
              account={editor.accountSettings}
              offerAdvancePayment={form.getValues('minimumAdvancedPayment') ?? 0}
              onSaved={editor.onSavedPeriod}
              onReload={editor.reloadPeriods}
            />
          )}
          {tab === 'history' && base && <OfferHistory offerId={base.id} />}
        </div>
      </>
    </EditPageFrame>
  );
}
