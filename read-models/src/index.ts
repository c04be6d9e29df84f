import { usersProjection } from './identity/users.projection';
import { languagesProjection } from './languages/languages.projection';
import { referenceDataProjection } from './reference/reference-data.projection';
import { supplierProfilesProjection } from './supplier/supplier-profiles.projection';
import { photosProjection } from './media/photos.projection';
import { toursProjection } from './catalog/tours.projection';
import { offersProjection } from './catalog/offers.projection';
import type { Projection } from './runner/projection';

export * from './runner/projection';
export * from './runner/apply-batch';
export * from './runner/projection-runner';
export * from './runner/projection-admin';
export * from './runner/projection-host';
export * from './runner/projection-tables';
export * from './runner/runner.migration';
export * from './languages/languages.projection';
export * from './languages/languages.queries';
export * from './identity/users.projection';
export * from './identity/users.queries';
export * from './reference/reference-data.projection';
export * from './reference/reference-data.queries';
export * from './supplier/supplier-profiles.projection';
export * from './supplier/supplier-profiles.queries';
export * from './media/photos.projection';
export * from './media/photos.queries';
export * from './catalog/tours.projection';
export * from './catalog/tours.queries';
export * from './catalog/offers.projection';
export * from './catalog/offers.queries';

/** Every projection of the product; the worker runs them all. */
export const allProjections: readonly Projection[] = [languagesProjection, usersProjection, referenceDataProjection, supplierProfilesProjection, photosProjection, toursProjection, offersProjection];
