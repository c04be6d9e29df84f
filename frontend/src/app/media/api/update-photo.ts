import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { patchCachedLists } from './photo-cache';
import { photoSchema, type Photo } from './photo.schema';

export interface UpdatePhotoRequest {
  id: number;
  title: string;
  description: string;
}

/** POST /api/photos (spec 01 §7): title and description; answers the updated photo. Silent: the popup shows errors. */
export function updatePhoto(body: UpdatePhotoRequest): Promise<Photo> {
  return apiCall(photoSchema, 'POST', '/api/photos', body, { silent: true });
}

export function useUpdatePhoto() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: updatePhoto, onSuccess: (photo) => patchCachedLists(qc, photo) });
}
