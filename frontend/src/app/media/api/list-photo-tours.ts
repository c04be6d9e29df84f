import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiCall } from '../../../lib/api-client';
import { usageRef } from './photo.schema';

export const photoToursSchema = z.array(usageRef);

/** GET /api/photos/tours: the tours that use the caller's photos (the list's tours filter). */
export function listPhotoTours(signal?: AbortSignal) {
  return apiCall(photoToursSchema, 'GET', '/api/photos/tours', undefined, { signal });
}

export function usePhotoTours() {
  return useQuery({ queryKey: ['photos', 'tours'], queryFn: ({ signal }) => listPhotoTours(signal), staleTime: 60_000 });
}
