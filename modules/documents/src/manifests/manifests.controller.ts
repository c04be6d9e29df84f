import { Body, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { z } from 'zod';
import { manifestBookings, manifestStaffCandidates, manifestStaffOn, waitForProjection } from '@tbo/read-models';
import { supplierProfileOf } from '@tbo/supplier';
import { ApiController, AppError, businessDateInput, commandContextFrom, CommandQueryController, CommandRunner, CurrentUser, GetRoute, idNumber, idParam, NotFoundError, PostRoute, startPdfAttachment, supplierScope, writeXlsx, zodPipe, type AuthUser } from '@tbo/kernel';
import { renderPdf } from '../pdf/pdf-printer';
import { groupManifest, type Manifest } from './manifest-groups';
import { manifestDefinition } from './manifest.document';
import { manifestCells, manifestColumns } from './manifest.sheet';
import { MANIFEST_LABELS } from './manifest.labels';
import { runManifestStaff } from './manifest-staff';

/** Who runs the day: they see every manifest and assign staff. */
const OPERATORS = ['operations', 'admin'] as const;
/** Drivers and guides see the manifests of the slot-dates they are assigned to. */
const STAFF = ['driver', 'guide'] as const;

/** A store position the answer must include (the one a command answered with): read your own writes. */
const after = z.string().regex(/^[\w:.-]{1,100}$/, 'after must be a position').optional();
const manifestQuery = z
  .object({
    date: businessDateInput('date'),
    slotId: idParam('slotId').optional(),
    lang: z.enum(['en', 'ru'], { message: 'lang must be en or ru' }).default('en'),
    after,
  })
  .strict();
type ManifestQuery = z.output<typeof manifestQuery>;

const staffQuery = z.object({ date: businessDateInput('date'), after }).strict();
const staffBody = z
  .object({ date: businessDateInput('date'), slotId: idNumber('slotId'), email: z.string().trim().min(3, 'email is required').max(320), assigned: z.boolean({ message: 'assigned must be true or false' }) })
  .strict();

export interface ManifestAnswer extends Manifest {
  slotId: number | null;
  /** The slots with bookings on the date (the filter's choices): for drivers and guides only theirs. */
  slots: { id: number; name: string; startTime: number | null }[];
}

const isOperator = (user: AuthUser) => OPERATORS.some((r) => user.roles.includes(r));

/**
 * The day's manifests (issue 14): bookings grouped by pick-up, region and hotel with totals, as JSON, a printable
 * PDF and an xlsx, all from one query so they always agree. Tenant: the caller's supplier; a driver or guide only
 * sees the slot-dates operations assigned to them.
 */
@ApiController('manifests', 'api/manifests')
export class ManifestsController extends CommandQueryController {
  constructor(private readonly runner: CommandRunner) {
    super();
  }

  @GetRoute('', [...OPERATORS, ...STAFF], "The day's manifest: {date, slotId, slots, groups: [{pickUpStart, pickUpEnd, regionName, hotelName, lines, totals}], totals}")
  async manifest(@Query(zodPipe(manifestQuery)) q: ManifestQuery, @CurrentUser() user: AuthUser): Promise<ManifestAnswer> {
    return this.load(q, user);
  }

  @GetRoute('pdf', [...OPERATORS, ...STAFF], "The day's manifest as a printable PDF (A4 landscape), lang=en|ru")
  async pdf(@Query(zodPipe(manifestQuery)) q: ManifestQuery, @CurrentUser() user: AuthUser, @Res() res: Response): Promise<void> {
    const m = await this.load(q, user);
    const profile = await supplierProfileOf(this.store, supplierScope(user));
    // The slot asked for is named even with no bookings (its choices list only slots that have some): a sheet that
    // read 'All time slots' above 'No bookings' would tell a driver the whole day is empty.
    const slotName = q.slotId ? (m.slots.find((s) => s.id === q.slotId)?.name ?? null) : null;
    const pdf = await renderPdf(manifestDefinition(m, q.lang === 'ru' ? 'rus' : 'eng', slotName, profile.name));
    startPdfAttachment(res, `manifest-${m.date}.pdf`, pdf.length);
    res.end(pdf);
  }

  /** The supplier's slot asked for, for its name and time; 404 when it is not one of the supplier's. */
  private async slot(supplierId: number, slotId: number): Promise<{ id: number; name: string; startTime: number }> {
    const slot = await this.db('time_slots').where({ id: slotId, supplier_id: supplierId }).first<{ name: string; start_time: number } | undefined>('name', 'start_time');
    if (!slot) throw new NotFoundError('Time slot not found', 'Not found');
    return { id: slotId, name: slot.name, startTime: slot.start_time };
  }

  @GetRoute('xlsx', [...OPERATORS, ...STAFF], "The day's manifest as manifest-{date}.xlsx: the same rows and totals as the JSON, lang=en|ru")
  async xlsx(@Query(zodPipe(manifestQuery)) q: ManifestQuery, @CurrentUser() user: AuthUser, @Res() res: Response): Promise<void> {
    const m = await this.load(q, user);
    const name = `manifest-${m.date}.xlsx`;
    res.status(200);
    res.setHeader('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    res.setHeader('Content-Disposition', `attachment; filename="${name}"`);
    res.setHeader('Cache-Control', 'private, no-store');
    const language = q.lang === 'ru' ? 'rus' : 'eng';
    await writeXlsx(res, { title: MANIFEST_LABELS[language].title, columns: manifestColumns(language), rows: manifestCells(m, language) });
    res.end();
  }

  @GetRoute('staff', OPERATORS, 'The slots with bookings on a date, each with its assigned drivers and guides, and the users who may be assigned')
  async staff(@Query(zodPipe(staffQuery)) q: z.output<typeof staffQuery>, @CurrentUser() user: AuthUser) {
    const supplierId = supplierScope(user);
    if (q.after) await waitForProjection(this.db, this.store, 'manifests', q.after, 2_000);
    const [rows, staff, candidates] = await Promise.all([manifestBookings(this.db, { supplierId, date: q.date }), manifestStaffOn(this.db, supplierId, q.date), manifestStaffCandidates(this.db, supplierId)]);
    return {
      date: q.date,
      slots: slotsOf(rows).map((s) => ({ ...s, staff: staff.filter((x) => x.timeSlotId === s.id).map(({ email, name, role }) => ({ email, name, role })) })),
      candidates: candidates.map((c) => ({ email: c.email, name: c.name, role: c.roles.includes('guide') ? 'guide' : 'driver' })),
    };
  }

  @PostRoute('staff', OPERATORS, 'Assigns (assigned: true) or unassigns a driver or guide of the supplier to a slot on a date')
  async assign(@Body(zodPipe(staffBody)) body: z.output<typeof staffBody>, @CurrentUser() user: AuthUser, @Req() req: Request) {
    const supplierId = supplierScope(user);
    // Only to one of the supplier's slots (another supplier's id is 'not found' too); an unassign from any slot is a no-op.
    if (body.assigned) await this.slot(supplierId, body.slotId);
    const candidate = (await manifestStaffCandidates(this.db, supplierId)).find((c) => c.email.toLowerCase() === body.email.toLowerCase());
    if (body.assigned && !candidate) throw new AppError(400, 'Bad Request', 'Only a driver or guide of your company can be assigned', { email: ['Only a driver or guide of your company can be assigned'] });
    const slot = { supplierId, timeSlotId: body.slotId, date: body.date };
    const outcome = await runManifestStaff(
      this.runner,
      body.assigned
        ? { type: 'AssignStaff', slot, email: candidate!.email, name: candidate!.name, role: candidate!.roles.includes('guide') ? 'guide' : 'driver' }
        : { type: 'UnassignStaff', slot, email: body.email },
      commandContextFrom(req, user),
    );
    return { position: outcome.position };
  }

  private async load(q: ManifestQuery, user: AuthUser): Promise<ManifestAnswer> {
    const supplierId = supplierScope(user);
    if (q.after) await waitForProjection(this.db, this.store, 'manifests', q.after, 2_000);
    const staffEmail = isOperator(user) ? null : user.email;
    const all = await manifestBookings(this.db, { supplierId, date: q.date, staffEmail });
    const rows = q.slotId ? all.filter((r) => r.timeSlotId === q.slotId) : all;
    const slots = slotsOf(all);
    // The slot asked for is one of the choices even on a day it has no bookings (a bookmarked or shared address),
    // so the page and the PDF name it above 'No bookings' instead of 'All time slots'; an unknown one is a 404.
    if (q.slotId && !slots.some((s) => s.id === q.slotId)) slots.push(await this.slot(supplierId, q.slotId));
    return { ...groupManifest(q.date, rows), slotId: q.slotId ?? null, slots: sortSlots(slots) };
  }
}

function slotsOf(rows: readonly { timeSlotId: number | null; timeSlotName: string | null; startTime: number | null }[]): { id: number; name: string; startTime: number | null }[] {
  const seen = new Map<number, { id: number; name: string; startTime: number | null }>();
  for (const r of rows) if (r.timeSlotId !== null && !seen.has(r.timeSlotId)) seen.set(r.timeSlotId, { id: r.timeSlotId, name: r.timeSlotName ?? '', startTime: r.startTime });
  return sortSlots([...seen.values()]);
}

function sortSlots<S extends { name: string; startTime: number | null }>(slots: S[]): S[] {
  return slots.sort((a, b) => (a.startTime ?? 1e9) - (b.startTime ?? 1e9) || a.name.localeCompare(b.name));
}
