import { idempotencyClaimsMigration, kernelMigrations, type NamedMigration } from '@tbo/kernel';
import { projectionParkingMigration, projectionRunnerMigration, reportAsOfMigration } from '@tbo/read-models';

/** Every schema migration of the product, in order. Read tables are not here: projections create their own generations. */
export const appMigrations: NamedMigration[] = [...kernelMigrations, projectionRunnerMigration, projectionParkingMigration, reportAsOfMigration, idempotencyClaimsMigration];
