import { Module } from '@nestjs/common';
import { CatalogModule } from '@tbo/catalog';
import { KernelModule } from '@tbo/kernel';
import { IdentityModule } from '@tbo/identity';
import { MediaModule } from '@tbo/media';
import { ReferenceModule } from '@tbo/reference';
import { SchedulingModule } from '@tbo/scheduling';
import { SupplierModule } from '@tbo/supplier';
import { BookingModule } from '@tbo/booking';
import { ArrivalsModule } from '@tbo/arrivals';
import { ConnectivityModule } from '@tbo/connectivity';

/** The command side without HTTP: what the seed needs. */
@Module({ imports: [KernelModule, IdentityModule, ReferenceModule, SupplierModule, MediaModule, SchedulingModule, CatalogModule, BookingModule, ArrivalsModule, ConnectivityModule] })
export class SeedModule {}
