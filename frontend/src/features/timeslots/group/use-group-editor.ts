import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { isItemNotFound } from '../../../app/catalog/item-read';
import { showSaveError } from '../../../app/forms/save-error';
import { notify } from '../../../app/notifications/notifications';
import { useUnsavedChangesGuard } from '../../../ui/edit-page';
import { deleteGroup, restoreGroup } from '../api/delete-time-slot-group';
import { restoreSlot } from '../api/delete-time-slot';
import { expectGroupVersion, groupKey, useGroup, withSlot } from '../api/get-time-slot-group';
import { saveGroup } from '../api/save-time-slot-group';
import type { TimeSlot, TimeSlotGroup } from '../api/time-slot.schema';
import { blankGroupForm, buildGroupSchema, groupFieldOfServerField, groupPayload, groupToForm, type GroupForm } from './group-form';
import { useSaveProblems } from '../../../app/forms/use-save-problems';
import { useLeaveWhen } from '../../../ui/edit-page/use-leave-when';

export interface LoadedGroup {
  id: number;
  version: number | null;
  isDeleted: boolean;
  timeSlots: TimeSlot[];
  /** The group's deleted slots, which its page lists apart with Restore. */
  deletedSlots: TimeSlot[];
}

export const isGroupNotFound = (err: unknown) => isItemNotFound(err, [403]);

/**
 * The group editor's state (spec 02 §2 group edit, §4 save flows, §8): the form filled from the group (or the
 * defaults for a new one), save with its field errors and version conflict, delete, and the unsaved-changes guard.
 */
export function useGroupEditor(id: number) {
  const { t } = useTranslation('timeslots');
  const navigate = useNavigate();
  const client = useQueryClient();
  const group = useGroup(id);

  // Spec 02 §8: the read has notified 'Not found' / 'Time slot group not found or…'; back to the list.
  const notFound = isGroupNotFound(group.error);
  useLeaveWhen(notFound, '/timeslots');

  const schema = useMemo(() => buildGroupSchema((key) => t(key)), [t]);
  const form = useForm<GroupForm>({ resolver: zodResolver(schema), defaultValues: blankGroupForm(), mode: 'onSubmit', reValidateMode: 'onChange' });
  const { reset, setError, setFocus, formState } = form;
  const [loaded, setLoaded] = useState<LoadedGroup | null>(null);
  const [source, setSource] = useState<TimeSlotGroup | null>(null);
  const { conflict, setConflict, generalErrors, setGeneralErrors, clearProblems } = useSaveProblems();

  const load = useCallback(
    (g: TimeSlotGroup | null, loadedId: number) => {
      setSource(g);
      reset(g ? groupToForm(g) : blankGroupForm());
      const slots = g?.timeSlots ?? [];
      setLoaded({ id: loadedId, version: g?.version ?? null, isDeleted: !!g?.isDeleted, timeSlots: slots.filter((s) => !s.isDeleted), deletedSlots: slots.filter((s) => s.isDeleted) });
      clearProblems();
    },
    [reset, clearProblems],
  );

  // A new group at once; a saved one when it arrives (and again when a later read brings a newer one, unless the
  // user has started editing meanwhile).
  const isDirty = formState.isDirty;
  useEffect(() => {
    if (id === 0) {
      if (loaded?.id !== 0) load(null, 0);
      return;
    }
    if (group.data && group.data !== source && (loaded?.id !== id || !isDirty)) load(group.data, id);
  }, [id, group.data, source, loaded?.id, isDirty, load]);

  // Leaving with unsaved changes asks first (not the save's own move from /timeslots/add to /timeslots/{id}).
  const guard = useUnsavedChangesGuard({ isDirty, draft: { form, ready: loaded?.id === id } });

  const focusField = (path: FieldPath<GroupForm>) => {
    try {
      setFocus(path);
    } catch {
      /* not focusable */
    }
  };

  const save = useMutation({ mutationFn: saveGroup });
  const onValid = (values: GroupForm) => {
    if (!loaded) return;
    clearProblems();
    save.mutate(groupPayload(values, loaded), {
      onSuccess: (saved) => {
        notify({ title: t('group.saved.title'), message: t('group.saved.message', { name: saved.name }), kind: 'success' });
        const { position: _position, ...g } = saved;
        const next = { ...g, timeSlots: g.timeSlots.length ? g.timeSlots : [...loaded.timeSlots, ...loaded.deletedSlots] };
        client.setQueryData(groupKey(saved.id), next);
        load(next, saved.id);
        if (loaded.id !== saved.id) {
          guard.allowNextLeave();
          navigate(`/timeslots/${saved.id}`, { replace: true });
        }
      },
      onError: (err) => showSaveError(err, { onConflict: () => setConflict(true), pathOf: groupFieldOfServerField, setError, setGeneralErrors, showField: focusField }),
    });
  };
  const submit = () => void form.handleSubmit(onValid)();

  const reload = async () => {
    if (typeof loaded?.version === 'number') expectGroupVersion(id, loaded.version + 1);
    const r = await group.refetch();
    if (r.data) load(r.data, id);
  };

  // Delete and restore keep the page: a deleted group shows as such, with Restore.
  const lifecycle = useMutation({
    mutationFn: (kind: 'delete' | 'restore') => (kind === 'delete' ? deleteGroup(id) : restoreGroup(id)),
    onSuccess: (saved, kind) => {
      notify({ title: kind === 'delete' ? t('group.deleted.title') : t('group.restored.title'), message: saved.name, kind: 'success' });
      const { position: _position, ...g } = saved;
      client.setQueryData(groupKey(id), g);
      setLoaded((prev) => (prev ? { ...prev, isDeleted: g.isDeleted, version: g.version } : prev));
    },
  });

  // A deleted slot comes back into the table; a refusal (its name taken meanwhile) is the API client's notice.
  const slotRestore = useMutation({
    mutationFn: restoreSlot,
    onSuccess: (saved) => {
      notify({ title: t('slots.restored'), message: saved.name, kind: 'success' });
      const { position: _position, ...slot } = saved;
      const current = client.getQueryData<TimeSlotGroup>(groupKey(id));
      if (current) client.setQueryData(groupKey(id), withSlot(current, slot));
      setLoaded((prev) => (prev ? { ...prev, timeSlots: [...prev.timeSlots, slot], deletedSlots: prev.deletedSlots.filter((s) => s.id !== slot.id) } : prev));
    },
  });

  const ready = !!loaded && loaded.id === id;
  const loadFailed = id > 0 && group.isError && !notFound;
  return { form, group, loaded: ready ? loaded : null, loadFailed, conflict, generalErrors, guard, save, submit, reload, lifecycle, slotRestore };
}
