import { applyDecorators, Body, Controller, Get, HttpCode, Inject, Param, Post, UseFilters, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import { APP_CONFIG, Public, type AppConfig } from '@tbo/kernel';
import { ResellerKeyGuard } from '../../resellers/reseller-key.guard';
import { CurrentReseller, type ResellerCaller } from '../../resellers/reseller-caller';
import { OctoAvailabilityService } from '../availability/octo-availability.service';
import { availabilityQuery } from '../availability/octo-availability.inputs';
import { OctoProducts } from '../catalog/octo-products';
import { OctoSupplier } from '../catalog/octo-supplier';
import { CAPABILITY_LIST, OctoCapabilities, type Capabilities } from '../octo-capabilities';
import { OctoClock } from '../octo-clock';
import { OctoExceptionFilter } from './octo-exception.filter';
import { OctoJsonBodyGuard } from './octo-json-body.guard';

/** The headers every OCTO route reads, for the API docs. */
export const OctoApi = () =>
  applyDecorators(ApiTags('OCTO supplier API'), ApiBearerAuth(), ApiHeader({ name: 'Octo-Capabilities', required: false, description: 'octo/pricing, octo/pickups, octo/content (comma-separated)' }));

const AVAILABILITY_BODY = {
  schema: {
    type: 'object',
    required: ['productId', 'optionId'],
    properties: {
      productId: { type: 'string' },
      optionId: { type: 'string' },
      localDate: { type: 'string', format: 'date' },
      localDateStart: { type: 'string', format: 'date' },
      localDateEnd: { type: 'string', format: 'date' },
      availabilityIds: { type: 'array', items: { type: 'string' } },
      units: { type: 'array', items: { type: 'object', properties: { id: { type: 'string' }, quantity: { type: 'integer' } } } },
      currency: { type: 'string', enum: ['USD', 'AED'] },
    },
  },
};

/**
 * The OCTO supplier API's catalogue: the supplier, its capabilities, its tours as products, and availability.
 * Public to the JWT guard; the reseller key guard lets a contracted agency's live key in. Answers are the
 * standard's bodies (no envelope), errors its `{ error, errorMessage }`.
 */
@Controller('octo')
@Public()
@UseGuards(ResellerKeyGuard, OctoJsonBodyGuard)
@UseFilters(OctoExceptionFilter)
@OctoApi()
export class OctoCatalogController {
  constructor(
    private readonly supplier: OctoSupplier,
    private readonly products: OctoProducts,
    private readonly availability: OctoAvailabilityService,
    private readonly clock: OctoClock,
    /** The product's public address (not the request's Host header, which a caller chooses): endpoint and photo links. */
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('supplier')
  @ApiOperation({ summary: 'OCTO: the supplier and its contact details' })
  getSupplier(@CurrentReseller() caller: ResellerCaller, @OctoCapabilities() caps: Capabilities) {
    return this.supplier.of(caller.supplierId, this.config.PUBLIC_URL, caps);
  }

  @Get('capabilities')
  @ApiOperation({ summary: 'OCTO: the capabilities this API offers' })
  capabilities(@OctoCapabilities() _caps: Capabilities) {
    return CAPABILITY_LIST;
  }

  @Get('products')
  @ApiOperation({ summary: 'OCTO: the tours as products, offers as options, adult/child/infant as units' })
  list(@CurrentReseller() caller: ResellerCaller, @OctoCapabilities() caps: Capabilities) {
    return this.products.list({ caller, caps, origin: this.config.PUBLIC_URL, now: this.clock.now() });
  }

  @Get('products/:id')
  @ApiOperation({ summary: 'OCTO: one product (INVALID_PRODUCT_ID when unknown)' })
  one(@CurrentReseller() caller: ResellerCaller, @OctoCapabilities() caps: Capabilities, @Param('id') id: string) {
    return this.products.one({ caller, caps, origin: this.config.PUBLIC_URL, now: this.clock.now() }, id);
  }

  @Post('availability/calendar')
  @HttpCode(200)
  @ApiBody(AVAILABILITY_BODY)
  @ApiOperation({ summary: 'OCTO: availability by day over a date range (one object per date)' })
  calendar(@CurrentReseller() caller: ResellerCaller, @OctoCapabilities() caps: Capabilities, @Body() body: unknown) {
    return this.availability.calendar(caller, caps, availabilityQuery(body, 'calendar'), this.clock.now());
  }

  @Post('availability')
  @HttpCode(200)
  @ApiBody(AVAILABILITY_BODY)
  @ApiOperation({ summary: "OCTO: each start time (or day) with the departure's vacancies; its id is what a booking reserves" })
  check(@CurrentReseller() caller: ResellerCaller, @OctoCapabilities() caps: Capabilities, @Body() body: unknown) {
    return this.availability.check(caller, caps, availabilityQuery(body, 'check'), this.clock.now());
  }
}
