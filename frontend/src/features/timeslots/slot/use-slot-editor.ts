import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useForm, type FieldPath, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { SlotsGroup } from '@tbo/scheduling/src/pure/time-slot-rules.pure';
import { showSaveError } from '../../../app/forms/save-error';
import { notify } from '../../../app/notifications/notifications';
import { useUnsavedChangesGuard } from '../../../ui/edit-page';
import { deleteSlot } from '../api/delete-time-slot';
import { groupKey, useGroup, withSlot } from '../api/get-time-slot-group';
import { saveSlot } from '../api/save-time-slot';
import type { TimeSlot, TimeSlotGroup } from '../api/time-slot.schema';
import { isGroupNotFound } from '../group/use-group-editor';
import { slotEditPath } from '../list/group-rows';
import { blankSlotForm, buildSlotSchema, slotFieldOfServerField, slotPayload, slotToForm, type SlotForm } from './slot-form';
import { useSaveProblems } from '../../../app/forms/use-save-problems';
import { useLeaveWhen } from '../../../ui/edit-page/use-leave-when';

const rulesOf = (g: TimeSlotGroup | undefined): SlotsGroup => ({ isTimeSlotsIndependant: !!g?.isTimeSlotsIndependant, capacity: g?.capacity ?? null, minimumAdvancedBooking: g?.minimumAdvancedBooking ?? 0 });

/**
 * The slot editor's state (spec 02 §2 time slot edit, §4 save flows, §8): the slot is read with its group (one
 * cache entry with the group editor), the form is checked by the group's rules, a save goes to the slot's own
 * address, a stale version offers a reload, a slot that is not the group's goes back to the group.
 */
export function useSlotEditor(groupId: number, slotId: number) {
  const { t } = useTranslation('timeslots');
  const navigate = useNavigate();
  const client = useQueryClient();
  const group = useGroup(groupId);
  const rules = useMemo(() => rulesOf(group.data), [group.data]);

  const notFound = isGroupNotFound(group.error);
  useLeaveWhen(notFound, '/timeslots');

  // Spec 02 §8: a slot id the group does not have (or a deleted slot) goes back to the group page.
  const slot = slotId > 0 ? group.data?.timeSlots.find((s) => s.id === slotId && !s.isDeleted) : undefined;
  const missing = slotId > 0 && !!group.data && !slot;
  // Set by a delete of this slot: the cached group then has it deleted, which is no reason to say 'not found'.
  const deleted = useRef(false);
  useEffect(() => {
    if (!missing || deleted.current) return;
    notify({ title: t('notFound.title'), message: t('notFound.slot'), kind: 'error' });
    navigate(`/timeslots/${groupId}`, { replace: true });
  }, [missing, navigate, groupId, t]);

  // The rules depend on the group (independent capacity): the resolver reads the current ones.
  const schema = useMemo(() => buildSlotSchema((key) => t(key), rules), [t, rules]);
  const schemaRef = useRef(schema);
  schemaRef.current = schema;
  const resolver = useCallback<Resolver<SlotForm>>((values, context, options) => zodResolver(schemaRef.current)(values, context, options), []);
  const form = useForm<SlotForm>({ resolver, defaultValues: blankSlotForm(), mode: 'onSubmit', reValidateMode: 'onChange' });
  const { reset, setError, setFocus, formState } = form;
  const [base, setBase] = useState<TimeSlot | null | undefined>(undefined);
  const { conflict, setConflict, generalErrors, setGeneralErrors, clearProblems } = useSaveProblems();

  const load = useCallback(
    (s: TimeSlot | null) => {
      setBase(s);
      reset(s ? slotToForm(s) : blankSlotForm());
      clearProblems();
    },
    [reset, clearProblems],
  );
  const isDirty = formState.isDirty;
  useEffect(() => {
    if (slotId === 0) {
      if (base === undefined) load(null);
    } else if (slot && slot !== base && (base === undefined || !isDirty)) load(slot);
  }, [slotId, slot, base, isDirty, load]);

  const guard = useUnsavedChangesGuard({ isDirty, draft: { form, ready: base !== undefined } });
  const focusField = (path: FieldPath<SlotForm>) => {
    try {
      setFocus(path);
    } catch {
      /* not focusable */
    }
  };

  const save = useMutation({ mutationFn: saveSlot });
  const submit = () => {
    // Spec 02 §8: nothing to save against until the group is here.
    if (!group.data) {
      notify({ title: t('errors.groupNotInitialized'), message: t('slot.waitForGroup'), kind: 'warning' });
      return;
    }
    void form.handleSubmit((values) => {
      clearProblems();
      save.mutate(slotPayload(values, { id: slotId, groupId, version: base?.version ?? null }, rules), {
        onSuccess: (saved) => {
          notify({ title: t('slot.saved.title'), message: t('slot.saved.message', { name: saved.name }), kind: 'success' });
          const { position: _position, ...clean } = saved;
          const current = client.getQueryData<TimeSlotGroup>(groupKey(groupId));
          if (current) client.setQueryData(groupKey(groupId), withSlot(current, clean));
          load(clean);
          if (slotId !== saved.id) {
            guard.allowNextLeave();
            navigate(slotEditPath(groupId, saved.id), { replace: true });
          }
        },
        onError: (err) => showSaveError(err, { onConflict: () => setConflict(true), pathOf: slotFieldOfServerField, setError, setGeneralErrors, showField: focusField }),
      });
    })();
  };

  const reload = async () => {
    const r = await group.refetch();
    const fresh = r.data?.timeSlots.find((s) => s.id === slotId);
    if (fresh) load(fresh);
  };

  const remove = useMutation({
    mutationFn: () => deleteSlot(slotId),
    onSuccess: (saved) => {
      notify({ title: t('slot.deleted.title'), message: saved.name, kind: 'success' });
      deleted.current = true;
      const { position: _position, ...clean } = saved;
      const current = client.getQueryData<TimeSlotGroup>(groupKey(groupId));
      if (current) client.setQueryData(groupKey(groupId), withSlot(current, clean));
      guard.allowNextLeave();
      navigate(`/timeslots/${groupId}`, { replace: true });
    },
  });

  const ready = !!group.data && (slotId === 0 ? base === null : !!slot && base !== undefined);
  const loadFailed = group.isError && !notFound;
  return { form, group, rules, base: base ?? null, ready, loadFailed, conflict, generalErrors, guard, save, submit, reload, remove };
}
