import { useId, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '../../../app/forms/field';
import { Button } from '../../../ui/common/button';
import { Modal } from '../../../ui/common/modal';
import { TextField } from '../../../ui/fields';
import type { ExternalProvider, SavedExternalProvider } from '../api/external-provider.schema';
import { LIMITS, type ProviderForm } from './provider-form';
import { useProviderEditor, type ConnectionTest } from './use-provider-editor';

interface ProviderDialogProps {
  /** The provider to edit; null adds one. */
  provider: ExternalProvider | null;
  onSaved: (saved: SavedExternalProvider) => void;
  onGone: () => void;
  onClose: () => void;
}

/**
 * Add or edit a provider: name, base URL and API key. The key is a password input never filled from the server:
 * editing, it says a key is stored and an empty field keeps it. Save, Cancel, and Test connection (of the saved
 * provider: the API asks it for its products); a stale version shows Reload.
 */
export function ProviderDialog({ provider, onSaved, onGone, onClose }: ProviderDialogProps) {
  const { t } = useTranslation('external-providers');
  const id = useId();
  const editor = useProviderEditor({ provider, onSaved, onGone });
  const { form, isNew, save } = editor;
  const { control } = form;
  const dirty = form.formState.isDirty;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!save.isPending) editor.submit();
  };

  return (
    <Modal
      labelledBy={`${id}-title`}
      onClose={onClose}
      className="tbo-dialog card providers-dialog"
      backdropClassName="tbo-dialog-backdrop"
      testId="provider-dialog"
      initialFocus="input[name=name]"
    >
      <form onSubmit={onSubmit} noValidate className="providers-dialog__form" data-testid="provider-form">
        <h2 className="tbo-dialog__title" id={`${id}-title`}>
          {provider ? t('edit.editTitle', { name: provider.name }) : t('edit.newTitle')}
        </h2>
        {editor.conflict && (
          <div className="providers-dialog__conflict" data-testid="provider-conflict">
            <FormMessage kind="warning">{t('edit.conflict')}</FormMessage>
            <Button onClick={() => void editor.reload()} label={t('edit.reload')} busy={editor.reloading} data-testid="provider-reload" />
          </div>
        )}
        {editor.generalErrors.length > 0 && (
          <FormMessage kind="error" testId="provider-save-error">
            {editor.generalErrors.join(' ')}
          </FormMessage>
        )}
        <TextField<ProviderForm, 'name'> control={control} name="name" label={t('fields.name')} required maxLength={LIMITS.name} autoComplete="off" />
        <TextField<ProviderForm, 'baseUrl'>
          control={control}
          name="baseUrl"
          type="url"
          label={t('fields.baseUrl')}
          required
          maxLength={LIMITS.baseUrl}
          placeholder={t('fields.baseUrlPlaceholder')}
          hint={t('fields.baseUrlHint')}
          autoComplete="off"
        />
        <TextField<ProviderForm, 'apiKey'>
          control={control}
          name="apiKey"
          type="password"
          label={t('fields.apiKey')}
          required={isNew}
          maxLength={LIMITS.apiKey}
          placeholder={isNew ? undefined : t('fields.apiKeyStored')}
          hint={isNew ? t('fields.apiKeyHint') : t('fields.apiKeyKeepHint')}
          autoComplete="new-password"
        />
        <ConnectionTestRow test={editor.test} canTest={!isNew && !dirty} isNew={isNew} onTest={() => void editor.testConnection()} />
        <div className="tbo-dialog__actions">
          <Button type="submit" variant="primary" label={save.isPending ? t('edit.saving') : t('edit.save')} busy={save.isPending} data-testid="provider-save" />
          <Button label={t('edit.cancel')} onClick={onClose} data-testid="provider-cancel" />
        </div>
      </form>
    </Modal>
  );
}

interface ConnectionTestRowProps {
  test: ConnectionTest;
  canTest: boolean;
  isNew: boolean;
  onTest: () => void;
}

/** Test connection and its outcome: how many products the provider answered, or why it failed. */
function ConnectionTestRow({ test, canTest, isNew, onTest }: ConnectionTestRowProps) {
  const { t } = useTranslation('external-providers');
  const hint = isNew ? t('test.saveFirst') : !canTest ? t('test.saveChanges') : t('test.hint');
  return (
    <div className="providers-dialog__test">
      <div className="providers-dialog__test-bar">
        <Button icon="refresh" label={t('test.button')} onClick={onTest} disabled={!canTest} busy={test.state === 'running'} data-testid="provider-test" />
        <span className="providers-dialog__hint">{hint}</span>
      </div>
      {test.state === 'ok' && (
        <FormMessage kind="success" testId="provider-test-result">
          {t('test.ok', { count: test.count })}
        </FormMessage>
      )}
      {test.state === 'failed' && (
        <FormMessage kind="error" testId="provider-test-result">
          {t('test.failed', { message: test.message })}
        </FormMessage>
      )}
    </div>
  );
}
