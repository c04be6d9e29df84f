import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '../../forms/field';
import { notify } from '../../notifications/notifications';
import { Button } from '../../../ui/common/button';
import { Modal } from '../../../ui/common/modal';
import { useDeletePhoto } from '../api/delete-photo';
import type { Photo } from '../api/photo.schema';
import { useUpdatePhoto } from '../api/update-photo';
import { useRefusalText } from '../refusal-text';

const TITLE_MAX = 200;
const DESCRIPTION_MAX = 2000;

/** The edit popup (spec 01 §2, §4): Title, Description, Save, Cancel; it closes on update with the updated photo. */
export function EditPhotoDialog({ photo, onClose, onSaved }: { photo: Photo; onClose: () => void; onSaved: (p: Photo) => void }) {
  const { t } = useTranslation('media');
  const [title, setTitle] = useState(photo.title ?? '');
  const [description, setDescription] = useState(photo.description ?? '');
  const [error, setError] = useState<string | null>(null);
  const save = useUpdatePhoto();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    save.mutate(
      { id: photo.id, title: title.trim(), description: description.trim() },
      {
        onSuccess: (updated) => {
          notify({ title: t('edit.saved'), message: updated.title || t('grid.untitled'), kind: 'success' });
          onSaved(updated);
          onClose();
        },
        onError: (err) => setError(err instanceof Error ? err.message : String(err)),
      },
    );
  };
  return (
    <Modal labelledBy="media-edit-title" onClose={onClose} testId="media-edit-dialog" className="media-modal card media-modal--edit" backdropClassName="tbo-dialog-backdrop" closeOnBackdrop>
      <form className="media-edit" onSubmit={submit} noValidate>
        <div className="media-edit__head">
          {photo.urlSmall ? <img className="media-edit__thumb" src={photo.urlSmall} alt="" /> : <span className="media-edit__thumb media-edit__thumb--empty" />}
          <div>
            <h2 className="media-modal__title" id="media-edit-title">
              {t('edit.title')}
            </h2>
            <p className="media-muted">{t('preview.id', { id: photo.id })}</p>
          </div>
        </div>
        <label className="media-field">
          <span className="media-field__label">{t('edit.fieldTitle')}</span>
          <input className="tbo-input" value={title} maxLength={TITLE_MAX} onChange={(e) => setTitle(e.target.value)} data-testid="media-edit-title-input" autoComplete="off" />
        </label>
        <label className="media-field">
          <span className="media-field__label">{t('edit.fieldDescription')}</span>
          <textarea className="tbo-input media-textarea" value={description} maxLength={DESCRIPTION_MAX} rows={5} onChange={(e) => setDescription(e.target.value)} data-testid="media-edit-description-input" />
        </label>
        {error && (
          <FormMessage kind="error" testId="media-edit-error">
            {t('edit.failed', { message: error })}
          </FormMessage>
        )}
        <div className="media-modal__actions">
          <Button label={t('edit.cancel')} onClick={onClose} data-testid="media-edit-cancel" />
          <Button type="submit" variant="primary" label={save.isPending ? t('edit.saving') : t('edit.save')} busy={save.isPending} data-testid="media-edit-save" />
        </div>
      </form>
    </Modal>
  );
}

/** Spec 01 §5: 'Are you sure you want to delete photo?'. A refusal (the photo is in use) says where it is used. */
export function DeletePhotoDialog({ photo, onClose, onDeleted }: { photo: Photo; onClose: () => void; onDeleted: (id: number) => void }) {
  const { t } = useTranslation('media');
  const del = useDeletePhoto();
  const { deleteError } = useRefusalText();
  const [error, setError] = useState<string | null>(null);
  const confirm = () => {
    setError(null);
    del.mutate(photo.id, {
      onSuccess: () => {
        notify({ title: t('delete.deleted'), message: photo.title || t('preview.id', { id: photo.id }), kind: 'success' });
        onDeleted(photo.id);
        onClose();
      },
      onError: (err) => setError(deleteError(photo, err)),
    });
  };
  return (
    <Modal
      labelledBy="media-delete-title"
      describedBy="media-delete-text"
      onClose={onClose}
      alert
      testId="media-delete-dialog"
      className="media-modal card"
      backdropClassName="tbo-dialog-backdrop"
      closeOnBackdrop
      initialFocus="[data-testid=media-delete-cancel]"
    >
      <h2 className="media-modal__title" id="media-delete-title">
        {t('delete.title')}
      </h2>
      <p id="media-delete-text" data-testid="media-delete-text">
        {t('delete.confirm')}
      </p>
      <p className="media-muted">{photo.title || t('preview.id', { id: photo.id })}</p>
      {error && (
        <FormMessage kind="error" testId="media-delete-error">
          {error}
        </FormMessage>
      )}
      <div className="media-modal__actions">
        <Button label={t('delete.no')} onClick={onClose} data-testid="media-delete-cancel" />
        <Button variant="danger" label={t('delete.yes')} busy={del.isPending} onClick={confirm} data-testid="media-delete-confirm" />
      </div>
    </Modal>
  );
}
