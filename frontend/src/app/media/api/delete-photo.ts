import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiCall } from '../../../lib/api-client';
import { invalidatePhotoLists } from './photo-cache';

/** DELETE /api/photos/{id} (spec 01 §7): answers nothing. Silent: the confirmation shows a refusal itself. */
export function deletePhoto(id: number): Promise<null> {
  return apiCall(z.null(), 'DELETE', `/api/photos/${id}`, undefined, { silent: true });
}

export function useDeletePhoto() {
  const qc = useQueryClient();
  // Spec 01 §4: after a delete the list is requested again.
  return useMutation({ mutationFn: deletePhoto, onSuccess: () => invalidatePhotoLists(qc) });
}
