import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { findBookingDetails } from '@tbo/read-models';
import { CommandQueryController, CurrentUser, IdPipe, Roles, zodPipe, type AuthUser } from '@tbo/kernel';
import { bookingNotFound } from './booking';
import { inScope } from './change-booking.handler';
import { agentScope, documentNotReady } from './agent-bookings.controller';
import { voucherQuery } from './booking.inputs';

/** Everyone who may see a booking may download its documents: its agent or agency admin, and the supplier's staff. */
const DOCUMENT_READERS = ['agent', 'sales', 'admin', 'operations', 'accounts'] as const;

/**
 * Spec 02 §7 puts the invoice and voucher downloads outside /api. The documents issue makes the files; until a
 * booking's file exists the call answers 409 'Not ready' (after checking the booking is the caller's).
 */
@ApiTags('bookings')
@Controller('bookings/download')
export class BookingDownloadsController extends CommandQueryController {
  @Get('invoice/:id')
  @Roles(...DOCUMENT_READERS)
  @ApiOperation({ summary: "The booking's invoice (PDF); 409 Not ready until it is made" })
  async invoice(@Param('id', IdPipe) id: number, @CurrentUser() user: AuthUser): Promise<never> {
    await this.visible(id, user);
    throw documentNotReady('invoice');
  }

  @Get('voucher/:id')
  @Roles(...DOCUMENT_READERS)
  @ApiOperation({ summary: "The booking's voucher in English (lang=eng) or Russian (lang=rus); 409 Not ready until it is made" })
  async voucher(@Param('id', IdPipe) id: number, @Query(zodPipe(voucherQuery)) _q: z.output<typeof voucherQuery>, @CurrentUser() user: AuthUser): Promise<never> {
    await this.visible(id, user);
    throw documentNotReady('voucher');
  }

  private async visible(id: number, user: AuthUser): Promise<void> {
    const view = await findBookingDetails(this.db, id);
    if (!inScope(view ?? null, await agentScope(this.db, user))) throw bookingNotFound();
  }
}
