import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiCall } from '../../../lib/api-client';

/** GET /api/timeslots/options: the supplier's live time slot groups with their live slots, for the offer editor. */
const timeSlotOptionSchema = z.object({ id: z.number(), name: z.string(), timeType: z.number(), startTime: z.number(), endTime: z.number() });
const timeSlotGroupOptionSchema = z.object({ id: z.number(), name: z.string(), timeSlots: z.array(timeSlotOptionSchema) });
export type TimeSlotGroupOption = z.infer<typeof timeSlotGroupOptionSchema>;
export type TimeSlotOption = z.infer<typeof timeSlotOptionSchema>;
const timeSlotOptionsSchema = z.array(timeSlotGroupOptionSchema).nullable().transform((rows) => rows ?? []);

export const listTimeSlotOptions = (): Promise<TimeSlotGroupOption[]> => apiCall(timeSlotOptionsSchema, 'GET', '/api/timeslots/options');

export function useTimeSlotOptions() {
  return useQuery({ queryKey: ['timeslots', 'options'], queryFn: listTimeSlotOptions, staleTime: 60_000 });
}
