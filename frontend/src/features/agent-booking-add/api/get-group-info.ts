import { apiCall } from '../../../lib/api-client';
import { groupInfoSchema, type GroupInfo } from './new-booking.schema';

/** An arrival group's room number and phones at the hotel (GET /api/agent/customers/groupInfo); used only when ok (spec 02 §7). */
export function getGroupInfo(hotelId: number, groupInfoId: number): Promise<GroupInfo> {
  return apiCall(groupInfoSchema, 'GET', `/api/agent/customers/groupInfo?hotelId=${hotelId}&groupInfoId=${groupInfoId}`, undefined, { silent: true });
}
