import type { StoredArrivalData } from '@tbo/event-schemas';
import { eventStream, exampleOf } from '../testing/recorded-events.testing';
import { dateColumn, itReplaysTwice, projectionSpec, type Row } from '../testing/projection-spec.testing';
import { BOOKING_KEY, bookingCancelledData, bookingCreatedData, ofBooking } from '../testing/booking-fixtures.testing';
import { arrivalsProjection } from './arrivals.projection';

const spec = projectionSpec(arrivalsProjection);

// Every field an arrival keeps with a value unlike its neighbours', so a column holding another field's value shows.
const arrival: StoredArrivalData = {
  id: 501,
  isManuallyEntered: true,
  paxId: 'P-9',
  touristName: 'Ivan Petrov',
  groupId: 88,
  hotelId: 13,
  hotelName: 'Armani',
  agencyId: 21,
  tdAgencyName: 'Sunny Tours',
  arrivalDate: '2026-12-03',
  arrivalTime: '14:30',
  departureDate: '2026-12-10',
  departureTime: '09:15',
  birthDate: '1992-05-17',
  age: 34,
  touristPhone: '+7 900 111 22 33',
  touristEmail: 'ivan@example.test',
  touristCountry: 'Russia',
  roomType: 'DBL',
  accType: 'Hotel',
  mealType: 'BB',
  arrivalFlight: 'EK132',
  arrivalTerminal: 'T3',
  arrivalTransport: 'Bus',
  departureFlight: 'EK133',
  departureTerminal: 'T1',
  departureTransport: 'Car',
  pickUpTime: '08:40',
  hotelConfirmationNumber: 'HC-4411',
  agentConfirmationNumber: 'AC-5522',
  notes: 'Honeymoon',
};
const partner: StoredArrivalData = { ...arrival, id: 502, paxId: 'P-10', touristName: 'Olga Petrova', hotelId: 99, age: 33, birthDate: null };

const listKey = { listId: 7, supplierId: 6 };
const list = eventStream('arrivallist-7');
const listCreated = list.event('ArrivalListCreated', { ...listKey, name: 'Armani December' });
const added = list.event('ArrivalsAdded', { ...listKey, arrivals: [arrival] });
const changed = list.event('ArrivalsChanged', { ...listKey, arrivals: [{ ...arrival, isManuallyEntered: false, touristName: 'Ivan Petrov Jr', arrivalDate: '2026-12-04', notes: 'Late flight' }] });
const removed = list.event('ArrivalsRemoved', { ...listKey, ids: [501] });
const partnerAdded = list.event('ArrivalsAdded', { ...listKey, arrivals: [partner] });
// A third guest of the group at a hotel its info gives no room for; a fourth with no hotel, whose room the info
// keeps under hotel 0 ('No Hotel').
const elsewhereAdded = list.event('ArrivalsAdded', { ...listKey, arrivals: [{ ...partner, id: 503, paxId: 'P-11', hotelId: 55 }] });
const homelessAdded = list.event('ArrivalsAdded', { ...listKey, arrivals: [{ ...partner, id: 504, paxId: 'P-12', hotelId: null }] });

const groupKey = { groupInfoId: 31, supplierId: 6, groupId: 88 };
const group = eventStream('arrivalgroup-6.88');
const hotels = [
  { hotelId: 99, roomNumber: '7' },
  { hotelId: 13, roomNumber: '1204' },
];
// One staff member twice and one not among the staff: their set of ids has one order only (Postgres's DISTINCT has none).
const meetings = [
  { date: '2026-12-05', staffId: 41, staffName: 'Elena', timeStart: 600, timeEnd: 660, isNoTime: false },
  { date: '2026-12-04', staffId: 41, staffName: 'Elena', timeStart: null, timeEnd: null, isNoTime: true },
  { date: '2026-12-06', staffId: null, staffName: 'Omar', timeStart: 720, timeEnd: 780, isNoTime: false },
];
const infoSaved = group.event('GroupInfoSaved', { ...groupKey, status: 3, hotels, notes: 'VIP group', phoneNumbers: ['+971 50 100', '+971 50 200'], meetings });
const called = group.event('GroupCommunicationLogged', { ...groupKey, flag: 4, note: 'Called the guide', byUserId: 41, byName: 'Elena', at: '2026-12-02T10:00:00.000Z' });
const mailed = group.event('GroupCommunicationLogged', { ...groupKey, flag: 16, note: 'Sent the program', byUserId: null, byName: 'Front desk', at: '2026-12-02T11:30:00.000Z' });

// Group 89: another group, with info of its own; the arrival moves there, or out of every group.
const otherGroupKey = { groupInfoId: 32, supplierId: 6, groupId: 89 };
const otherGroup = eventStream('arrivalgroup-6.89');
const otherMeetings = [{ date: '2026-12-07', staffId: 42, staffName: 'Omar', timeStart: null, timeEnd: null, isNoTime: true }];
const otherInfoSaved = otherGroup.event('GroupInfoSaved', { ...otherGroupKey, status: 4, hotels: [{ hotelId: 13, roomNumber: '55' }], notes: 'Quiet group', phoneNumbers: ['+971 50 300'], meetings: otherMeetings });
const movedToOtherGroup = list.event('ArrivalsChanged', { ...listKey, arrivals: [{ ...arrival, groupId: 89 }] });
const movedOutOfGroups = list.event('ArrivalsChanged', { ...listKey, arrivals: [{ ...arrival, groupId: null }] });

const booking = eventStream('booking-2101');
const booked = booking.event('BookingCreated', { ...bookingCreatedData, arrivalGroupId: 88, groupInfoId: 31 });
const bookingCancelled = booking.event('BookingCancelled', bookingCancelledData);
const bookingDeclined = booking.event('BookingDeclined', { ...exampleOf('BookingDeclined'), ...BOOKING_KEY });
const bookedOutsideGroups = eventStream('booking-2102').event('BookingCreated', ofBooking(2102, bookingCreatedData));

const listRow = (version: number): Row => ({ id: 7, supplier_id: 6, name: 'Armani December', version });
const arrivalRow = (over: Row = {}): Row => ({
  id: 501,
  supplier_id: 6,
  list_id: 7,
  list_name: 'Armani December',
  pax_id: 'P-9',
  is_deleted: false,
  is_manually_entered: true,
  tourist_name: 'Ivan Petrov',
  group_id: 88,
  hotel_id: 13,
  hotel_name: 'Armani',
  agency_id: 21,
  td_agency_name: 'Sunny Tours',
  arrival_date: dateColumn('2026-12-03'),
  arrival_time: '14:30',
  departure_date: dateColumn('2026-12-10'),
  departure_time: '09:15',
  birth_date: dateColumn('1992-05-17'),
  age: 34,
  tourist_phone: '+7 900 111 22 33',
  tourist_email: 'ivan@example.test',
  tourist_country: 'Russia',
  room_type: 'DBL',
  acc_type: 'Hotel',
  meal_type: 'BB',
  arrival_flight: 'EK132',
  arrival_terminal: 'T3',
  arrival_transport: 'Bus',
  departure_flight: 'EK133',
  departure_terminal: 'T1',
  departure_transport: 'Car',
  pick_up_time: '08:40',
  hotel_confirmation_number: 'HC-4411',
  agent_confirmation_number: 'AC-5522',
  arrival_notes: 'Honeymoon',
  group_info_id: null,
  group_status: null,
  comm_status: 0,
  number_of_bookings: 0,
  status: 0,
  phone_numbers: [],
  room_number: '',
  group_notes: '',
  meeting_date: null,
  sales_staff_ids: [],
  sales_staff_names: '',
  ...over,
});
const changedArrival = { tourist_name: 'Ivan Petrov Jr', arrival_date: dateColumn('2026-12-04'), arrival_notes: 'Late flight' };
/** The group's info as refreshGroups copies it into the group's arrivals: the room is the one of the arrival's hotel. */
const withGroupInfo: Row = {
  group_info_id: 31,
  group_status: 3,
  status: 3,
  phone_numbers: ['+971 50 100', '+971 50 200'],
  room_number: '1204',
  group_notes: 'VIP group',
  meeting_date: dateColumn('2026-12-04'),
  sales_staff_ids: [41],
  sales_staff_names: 'Elena, Omar',
};
const partnerRow = (over: Row = {}): Row =>
  arrivalRow({ id: 502, pax_id: 'P-10', tourist_name: 'Olga Petrova', hotel_id: 99, age: 33, birth_date: null, ...withGroupInfo, room_number: '7', ...over });
const groupRow = (over: Row = {}): Row => ({
  supplier_id: 6,
  group_id: 88,
  group_info_id: 31,
  status: 3,
  notes: 'VIP group',
  phone_numbers: ['+971 50 100', '+971 50 200'],
  hotels,
  meetings,
  comm_status: 0,
  number_of_bookings: 0,
  version: 0,
  ...over,
});
const logRow = (over: Row = {}): Row => ({ id: expect.any(String), supplier_id: 6, group_id: 88, flag: 4, note: 'Called the guide', by_user_id: 41, by_name: 'Elena', at: new Date('2026-12-02T10:00:00.000Z'), ...over });
const mailedLog = logRow({ flag: 16, note: 'Sent the program', by_user_id: null, by_name: 'Front desk', at: new Date('2026-12-02T11:30:00.000Z') });
const groupBookingRow = (over: Row = {}): Row => ({ booking_id: 2101, supplier_id: 6, group_id: 88, is_cancelled: false, ...over });
const bookedGroup = { number_of_bookings: 1, version: null, group_info_id: null, status: null, notes: '', phone_numbers: [], hotels: [], meetings: [] };

describe('arrivals projection', () => {
  it('keeps a list by its id, with its name and the revision of its last event', () =>
    spec.given().when(listCreated).then({ arrival_lists: [listRow(0)], arrivals: [], arrival_groups: [], arrival_group_log: [], arrival_group_bookings: [] }));

  it('an import adds each arrival with every field it gives, under its list and its name', () =>
    spec.given(listCreated).when(added).then({ arrivals: [arrivalRow()], arrival_lists: [listRow(1)], arrival_groups: [] }));

  it('a re-import restates the fields it gives; a manual entry stays one', () =>
    spec.given(listCreated, added).when(changed).then({ arrivals: [arrivalRow(changedArrival)], arrival_lists: [listRow(2)] }));

  it('an arrival no longer in the file is kept, marked deleted', () =>
    spec.given(listCreated, added, changed).when(removed).then({ arrivals: [arrivalRow({ ...changedArrival, is_deleted: true, status: -1 })], arrival_lists: [listRow(3)] }));

  it("saving the group's info keeps it and copies it into every arrival of the group: its status, phones, room, notes, first meeting and sales staff", () =>
    spec.given(listCreated, added).when(infoSaved).then({ arrival_groups: [groupRow()], arrivals: [arrivalRow(withGroupInfo)] }));

  it('an arrival imported into a group with its info takes the info, the room of its own hotel', () =>
    spec.given(listCreated, added, infoSaved).when(partnerAdded).then({ arrivals: [arrivalRow(withGroupInfo), partnerRow()] }));

  it("an arrival at a hotel the group has no room at shows no room: never the group's room at another hotel", async () => {
    const elsewhere = partnerRow({ id: 503, pax_id: 'P-11', hotel_id: 55, room_number: '' });
    await spec.given(listCreated, added, infoSaved, partnerAdded).when(elsewhereAdded).then({ arrivals: [arrivalRow(withGroupInfo), partnerRow(), elsewhere] });
    // Saving the info again rewrites the rows by the same rule.
    await spec.given(listCreated, added, partnerAdded, elsewhereAdded).when(infoSaved).then({ arrivals: [arrivalRow(withGroupInfo), partnerRow(), elsewhere] });
  });

  it("an arrival with no hotel shows the group's room under hotel 0 ('No Hotel'), and no other", async () => {
    const noHotelInfo = group.event('GroupInfoSaved', { ...groupKey, status: 3, hotels: [...hotels, { hotelId: 0, roomNumber: '204' }], notes: 'VIP group', phoneNumbers: ['+971 50 100', '+971 50 200'], meetings });
    const homeless = (room: string) => partnerRow({ id: 504, pax_id: 'P-12', hotel_id: null, room_number: room });
    await spec.given(listCreated, added, homelessAdded).when(noHotelInfo).then({ arrivals: [arrivalRow(withGroupInfo), homeless('204')] });
    await spec.given(listCreated, added, homelessAdded).when(infoSaved).then({ arrivals: [arrivalRow(withGroupInfo), homeless('')] });
  });

  describe('an arrival a re-import moves to another group, or to none, keeps nothing of the group it left', () => {
    // In group 88 with its info, a contact and a booking: every group-copied column holds something of 88's.
    const history = [listCreated, added, infoSaved, called, booked];

    it('out of every group: no group info, no phones, room, notes, meeting, sales staff, contact or bookings', () =>
      spec.given(...history).when(movedOutOfGroups).then({ arrivals: [arrivalRow({ group_id: null })] }));

    it('into a group without info yet: the same, under its new group id', () =>
      spec.given(...history).when(movedToOtherGroup).then({ arrivals: [arrivalRow({ group_id: 89 })] }));

    it("into a group with info: the new group's info only", () =>
      spec
        .given(...history, otherInfoSaved)
        .when(movedToOtherGroup)
        .then({
          arrivals: [
            arrivalRow({
              group_id: 89,
              group_info_id: 32,
              group_status: 4,
              status: 4,
              phone_numbers: ['+971 50 300'],
              room_number: '55',
              group_notes: 'Quiet group',
              meeting_date: dateColumn('2026-12-07'),
              sales_staff_ids: [42],
              sales_staff_names: 'Omar',
            }),
          ],
        }));
  });

  it("logs each contact with the group and adds its flag to the group's and its arrivals' communication status", async () => {
    await spec.given(listCreated, added, infoSaved).when(called).then({ arrival_group_log: [logRow()], arrival_groups: [groupRow({ comm_status: 4, version: 1 })], arrivals: [arrivalRow({ ...withGroupInfo, comm_status: 4 })] });
    await spec
      .given(listCreated, added, infoSaved, called)
      .when(mailed)
      .then({ arrival_group_log: [logRow(), mailedLog], arrival_groups: [groupRow({ comm_status: 20, version: 2 })], arrivals: [arrivalRow({ ...withGroupInfo, comm_status: 20 })] });
  });

  it('a contact logged before any info makes the group with its info id and flag only', () =>
    spec.given().when(called).then({ arrival_groups: [groupRow({ ...bookedGroup, number_of_bookings: 0, group_info_id: 31, comm_status: 4, version: 1 })], arrival_group_log: [logRow()] }));

  it("a booking from the group counts in its bookings and makes its arrivals purchased; cancelling it counts it out", async () => {
    await spec
      .given(listCreated, added, infoSaved)
      .when(booked)
      .then({ arrival_group_bookings: [groupBookingRow()], arrival_groups: [groupRow({ number_of_bookings: 1 })], arrivals: [arrivalRow({ ...withGroupInfo, number_of_bookings: 1, status: 5 })] });
    await spec
      .given(listCreated, added, infoSaved, booked)
      .when(bookingCancelled)
      .then({ arrival_group_bookings: [groupBookingRow({ is_cancelled: true })], arrival_groups: [groupRow()], arrivals: [arrivalRow(withGroupInfo)] });
  });

  it('a pending booking the supplier declines counts out too: the group did not buy', () =>
    spec
      .given(listCreated, added, infoSaved, booked)
      .when(bookingDeclined)
      .then({ arrival_group_bookings: [groupBookingRow({ is_cancelled: true })], arrival_groups: [groupRow()], arrivals: [arrivalRow(withGroupInfo)] }));

  it('a booking from no arrival group, or the cancelling of one, leaves the tables as they are', async () => {
    await spec.given(listCreated, added).when(bookedOutsideGroups).then({ arrival_group_bookings: [], arrival_groups: [], arrivals: [arrivalRow()] });
    await spec.given().when(bookingCancelled).then({ arrival_group_bookings: [], arrival_groups: [] });
  });

  it('a booking before the group has info makes the group with its count only', () =>
    spec.given().when(booked).then({ arrival_groups: [groupRow(bookedGroup)], arrival_group_bookings: [groupBookingRow()] }));

  // Not GroupCommunicationLogged: each contact is a log line of its own, with no key its replay would meet.
  describe('replaying the same event twice', () => {
    itReplaysTwice(spec, [
      ['ArrivalListCreated', [], listCreated],
      ['ArrivalsAdded', [listCreated], added],
      ['ArrivalsChanged', [listCreated, added], changed],
      ['ArrivalsRemoved', [listCreated, added], removed],
      ['ArrivalsChanged moving groups', [listCreated, added, infoSaved, called, booked, otherInfoSaved], movedToOtherGroup],
      ['GroupInfoSaved', [listCreated, added], infoSaved],
      ['BookingCreated', [listCreated, added, infoSaved], booked],
      ['BookingCancelled', [listCreated, added, infoSaved, booked], bookingCancelled],
      ['BookingDeclined', [listCreated, added, infoSaved, booked], bookingDeclined],
    ]);
  });
});
