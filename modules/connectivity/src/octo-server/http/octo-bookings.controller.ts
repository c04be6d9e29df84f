import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query, Req, UseFilters, UseGuards } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiQuery } from '@nestjs/swagger';
import type { Request } from 'express';
import { Public } from '@tbo/kernel';
import { ResellerKeyGuard } from '../../resellers/reseller-key.guard';
import { CurrentReseller, type ResellerCaller } from '../../resellers/reseller-caller';
import { OctoCapabilities, type Capabilities } from '../octo-capabilities';
import { OctoClock } from '../octo-clock';
import { OctoBookingChanges } from '../reservations/octo-booking-changes';
import { OctoReservationReader, type BookingListQuery } from '../reservations/octo-reservation-reader';
import { OctoReserve } from '../reservations/octo-reserve';
import { OctoApi } from './octo-catalog.controller';
import { octoContext } from './octo-context';
import { OctoExceptionFilter } from './octo-exception.filter';
import { OctoJsonBodyGuard } from './octo-json-body.guard';

/** The schema of a request body, as ApiBody takes it. */
type SchemaObject = Extract<Parameters<typeof ApiBody>[0], { schema: unknown }>['schema'];

const contact: SchemaObject = { type: 'object', properties: { fullName: { type: 'string' }, firstName: { type: 'string' }, lastName: { type: 'string' }, emailAddress: { type: 'string' }, phoneNumber: { type: 'string' }, country: { type: 'string' } } };
const unitItems: SchemaObject = { type: 'array', items: { type: 'object', required: ['unitId'], properties: { uuid: { type: 'string', format: 'uuid' }, unitId: { type: 'string', enum: ['adult', 'child', 'infant'] } } } };
const pickup: Record<string, SchemaObject> = { pickupRequested: { type: 'boolean' }, pickupPointId: { type: 'string' }, pickupHotel: { type: 'string' }, pickupHotelRoom: { type: 'string' } };
const body = (properties: Record<string, SchemaObject>, required: string[] = []) => ({ schema: { type: 'object', required, properties } satisfies SchemaObject });

/**
 * OCTO bookings: a reservation holds seats until it expires; confirming it makes the booking (the reseller's
 * agency's, channel OCTO) that every list, document and manifest shows. The uuid is the reseller's: another
 * reseller's uuid answers INVALID_BOOKING_UUID, as an unknown one does, so it reveals nothing.
 */
@Controller('octo/bookings')
@Public()
@UseGuards(ResellerKeyGuard, OctoJsonBodyGuard)
@UseFilters(OctoExceptionFilter)
@OctoApi()
export class OctoBookingsController {
  constructor(
    private readonly reserve: OctoReserve,
    private readonly changes: OctoBookingChanges,
    private readonly reader: OctoReservationReader,
    private readonly clock: OctoClock,
  ) {}

  @Post()
  @HttpCode(200)
  @ApiBody(body({ uuid: { type: 'string', format: 'uuid' }, productId: { type: 'string' }, optionId: { type: 'string' }, availabilityId: { type: 'string' }, expirationMinutes: { type: 'integer' }, notes: { type: 'string' }, unitItems, currency: { type: 'string' }, ...pickup }, ['productId', 'optionId', 'availabilityId', 'unitItems']))
  @ApiOperation({ summary: 'OCTO: reserve (ON_HOLD until utcExpiresAt, the seats held on the departure)' })
  create(@CurrentReseller() caller: ResellerCaller, @OctoCapabilities() caps: Capabilities, @Body() b: unknown, @Req() req: Request) {
    return this.reserve.reserve(caller, caps, b, this.clock.now(), octoContext(req, caller));
  }

  @Get()
  @ApiOperation({ summary: 'OCTO: bookings by resellerReference, supplierReference, localDate or localDateStart/localDateEnd' })
  @ApiQuery({ name: 'resellerReference', required: false })
  @ApiQuery({ name: 'supplierReference', required: false })
  @ApiQuery({ name: 'localDate', required: false })
  @ApiQuery({ name: 'localDateStart', required: false })
  @ApiQuery({ name: 'localDateEnd', required: false })
  @ApiQuery({ name: 'productId', required: false })
  @ApiQuery({ name: 'optionId', required: false })
  list(@CurrentReseller() caller: ResellerCaller, @OctoCapabilities() caps: Capabilities, @Query() q: BookingListQuery) {
    return this.reader.list(caller, caps, q, this.clock.now());
  }

  @Get(':uuid')
  @ApiOperation({ summary: 'OCTO: one booking' })
  get(@CurrentReseller() caller: ResellerCaller, @OctoCapabilities() caps: Capabilities, @Param('uuid') uuid: string) {
    return this.reader.get(caller, caps, uuid, this.clock.now());
  }

  @Post(':uuid/extend')
  @HttpCode(200)
  @ApiBody(body({ expirationMinutes: { type: 'integer' } }))
  @ApiOperation({ summary: 'OCTO: extend a reservation still ON_HOLD' })
  extend(@CurrentReseller() caller: ResellerCaller, @OctoCapabilities() caps: Capabilities, @Param('uuid') uuid: string, @Body() b: unknown, @Req() req: Request) {
    return this.changes.extend(caller, caps, uuid, b, this.clock.now(), octoContext(req, caller));
  }

  @Post(':uuid/confirm')
  @HttpCode(200)
  @ApiBody(body({ resellerReference: { type: 'string' }, contact, unitItems, notes: { type: 'string' }, emailReceipt: { type: 'boolean' }, ...pickup }, ['contact']))
  @ApiOperation({ summary: 'OCTO: confirm a reservation: the booking is made (CONFIRMED, or PENDING for an On Request slot)' })
  confirm(@CurrentReseller() caller: ResellerCaller, @OctoCapabilities() caps: Capabilities, @Param('uuid') uuid: string, @Body() b: unknown, @Req() req: Request) {
    return this.changes.confirm(caller, caps, uuid, b, this.clock.now(), octoContext(req, caller));
  }

  @Patch(':uuid')
  @ApiBody(body({ resellerReference: { type: 'string' }, contact, notes: { type: 'string' }, expirationMinutes: { type: 'integer' }, unitItems, ...pickup }))
  @ApiOperation({ summary: 'OCTO: update the reference, contact, notes or pick-up (product, option, availability and units stay)' })
  update(@CurrentReseller() caller: ResellerCaller, @OctoCapabilities() caps: Capabilities, @Param('uuid') uuid: string, @Body() b: unknown, @Req() req: Request) {
    return this.changes.update(caller, caps, uuid, b, this.clock.now(), octoContext(req, caller));
  }

  @Post(':uuid/cancel')
  @HttpCode(200)
  @ApiBody(body({ reason: { type: 'string' }, force: { type: 'boolean' } }))
  @ApiOperation({ summary: "OCTO: cancel: a reservation's hold released, a booking cancelled with the refund its policy gives" })
  cancel(@CurrentReseller() caller: ResellerCaller, @OctoCapabilities() caps: Capabilities, @Param('uuid') uuid: string, @Body() b: unknown, @Req() req: Request) {
    return this.changes.cancel(caller, caps, uuid, b, this.clock.now(), octoContext(req, caller));
  }
}
