import './edit/tour-edit.css';
import { useState, type KeyboardEvent } from 'react';
import { FormProvider, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router-dom';
import { FormMessage } from '../../app/forms/field';
import { useDocumentTitle } from '../../app/use-document-title';
import { parseRouteId } from '../../lib/route-id';
import { Button } from '../../ui/common/button';
import { ConfirmDialog } from '../../ui/common/confirm-dialog';
import { EditPageFrame, itemReadProps, LeaveDialog } from '../../ui/edit-page';
import { mediaWarnings } from '../../app/media/photo-selector';
import { BasicTab } from './edit/basic-tab';
import { FaqTab, ItineraryTab, MediaTab, SeoTab, TermsTab } from './edit/content-tabs';
import { HistoryTab } from './edit/history-tab';
import { LocationTab } from './edit/location-tab';
import { TicketsTab } from './edit/tickets-tab';
import { TourTabList } from './edit/tour-tab-list';
import { collectErrors, tabProblems, tabsWithErrors } from './edit/tour-tabs';
import { useAccountDefaults } from './edit/use-account-defaults';
import { useTourEditor } from './edit/use-tour-editor';
import { useTourTab } from './edit/use-tour-tab';

/**
 * /tours/{id} and /tours/add (spec 01 §2 Tour edit): 'add' in any case (or 0) is a new tour; an id that cannot be
 * read goes to /tours.
 */
export function TourEditPage() {
  const { id: raw } = useParams();
  const id = parseRouteId(raw);
  if (id === null) return <Navigate to="/tours" replace />;
  return <TourEditor id={id} />;
}

type Confirm = 'delete' | 'restore' | null;

function TourEditor({ id }: { id: number }) {
  const { t } = useTranslation('tour-edit');
  const { t: tShell } = useTranslation('shell');
  const [tab, setTab] = useTourTab();
  const { defaults } = useAccountDefaults();
  const editor = useTourEditor(id, tab, setTab);
  const { form, loaded, save, lifecycle } = editor;
  const { isDirty, errors, isSubmitted } = form.formState;
  const [confirm, setConfirm] = useState<Confirm>(null);

  // Tabs with problems: errors on Basic (a badge with the list), a warning on Media, a marker elsewhere.
  const fieldErrors = collectErrors(errors);
  const basicProblems = tabProblems(fieldErrors, 'basic', t('errors.links'));
  const itineraryProblems = tabProblems(fieldErrors, 'itinerary', t('errors.links'));
  const [photos, heroImageId, nameDisplay, nameInternal] = useWatch({ control: form.control, name: ['photos', 'heroImageId', 'nameDisplay', 'nameInternal'] });
  const warnings = mediaWarnings({ photoIds: photos ?? [], heroImageId: heroImageId ?? null }).map((w) => t(`media.${w}`));

  const title = id === 0 && !nameDisplay ? t('newTour') : nameDisplay || nameInternal || t('tourNumber', { id });
  useDocumentTitle(`${tShell('pages.tourEdit')} · ${title}`);

  // Enter in a one-line input never saves by accident; Save (or Ctrl+S) is explicit.
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
      e.preventDefault();
      if (!save.isPending) editor.submit();
    }
  };

  const actions = loaded && (
    <>
      {isDirty && <span className="edit-page__dirty">{t('unsaved')}</span>}
      {loaded.id > 0 &&
        (loaded.isDeleted ? (
          <Button label={t('restore')} onClick={() => setConfirm('restore')} busy={lifecycle.isPending} data-testid="tour-restore" />
        ) : (
          <Button variant="danger" label={t('delete')} onClick={() => setConfirm('delete')} busy={lifecycle.isPending} data-testid="tour-delete" />
        ))}
      <Button variant="primary" label={save.isPending ? t('saving') : t('save')} busy={save.isPending} onClick={editor.submit} data-testid="tour-save" />
    </>
  );
  const titleExtras = loaded && (
    <>
      {loaded.id > 0 && <span className="edit-page__id">#{loaded.id}</span>}
      {loaded.isDeleted && (
        <span className="tour-badge tour-badge--deleted" data-testid="tour-deleted">
          {t('deletedBadge')}
        </span>
      )}
    </>
  );
  const dialogs = (
    <>
      {confirm && (
        <ConfirmDialog
          title={confirm === 'delete' ? t('confirmDelete.title') : t('confirmRestore.title')}
          message={confirm === 'delete' ? t('confirmDelete.message') : t('confirmRestore.message')}
          confirmLabel={confirm === 'delete' ? t('delete') : t('restore')}
          cancelLabel={t('cancel')}
          danger={confirm === 'delete'}
          onConfirm={() => {
            lifecycle.mutate(confirm);
            setConfirm(null);
          }}
          onCancel={() => setConfirm(null)}
          testId="tour-confirm"
          confirmTestId="tour-confirm-yes"
          cancelTestId="tour-confirm-no"
        />
      )}
      <LeaveDialog ns="tour-edit" guard={editor.guard} testId="tour-leave-dialog" confirmTestId="tour-confirm-yes" cancelTestId="tour-confirm-no" />
    </>
  );

  return (
    <EditPageFrame
      testId="tour-edit"
      className="tour-edit"
      back={{ to: '/tours', label: t('backToTours'), testId: 'back-to-tours' }}
      title={title}
      titleExtras={titleExtras}
      actions={actions}
      {...itemReadProps({ ready: !!loaded, failed: editor.loadFailed, error: editor.tour.error, retry: () => void editor.tour.refetch() }, { loading: t('loading'), loadFailed: (message) => t('loadFailed', { message }), retry: t('retry') }, 'tour')}
      onKeyDown={onKeyDown}
      dialogs={dialogs}
    >
      {loaded && (
        <FormProvider {...form}>
          <div className="side-tabs-layout">
            <TourTabList tab={tab} onSelect={setTab} errorTabs={tabsWithErrors(fieldErrors)} basicProblems={basicProblems} mediaWarnings={warnings} />
            <div className="card tour-card" role="tabpanel" id="tour-tabpanel" aria-labelledby={`tour-tab-${tab}`} data-testid="tour-form">
              <h2 className="tour-card__title">{t(`tabs.${tab}`)}</h2>
              {editor.conflict && (
                <div className="tour-conflict" role="alert" data-testid="tour-conflict">
                  <FormMessage kind="warning">{t('conflict')}</FormMessage>
                  <Button onClick={() => void editor.reload()} label={t('reload')} data-testid="tour-reload" />
                </div>
              )}
              {editor.generalErrors.length > 0 && (
                <FormMessage kind="error" testId="tour-save-error">
                  {editor.generalErrors.join(' ')}
                </FormMessage>
              )}
              {tab === 'basic' && <BasicTab defaults={defaults} problems={isSubmitted ? basicProblems : []} />}
              {tab === 'location' && <LocationTab />}
              {tab === 'terms' && <TermsTab defaults={defaults} />}
              {tab === 'media' && <MediaTab />}
              {tab === 'itinerary' && <ItineraryTab tourId={loaded.id} errors={itineraryProblems} />}
              {tab === 'faq' && <FaqTab defaults={defaults} tourId={loaded.id} />}
              {tab === 'seo' && <SeoTab />}
              {tab === 'tickets' && <TicketsTab tourId={loaded.id} offers={loaded.offers} />}
              {tab === 'history' && <HistoryTab tourId={loaded.id} />}
            </div>
          </div>
        </FormProvider>
      )}
    </EditPageFrame>
  );
}
