import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { AccessGuard, JwtStrategy, KernelModule } from '@tbo/kernel';
import { IdentityModule } from '@tbo/identity';
import { ReferenceModule } from '@tbo/reference';
import { SupplierModule } from '@tbo/supplier';
import { MediaModule } from '@tbo/media';
import { CatalogModule } from '@tbo/catalog';
import { SchedulingModule } from '@tbo/scheduling';
import { ConnectivityModule } from '@tbo/connectivity';
import { BookingModule } from '@tbo/booking';
import { DocumentsModule } from '@tbo/documents';
import { ArrivalsModule } from '@tbo/arrivals';
import { ReportsModule } from '@tbo/reports';
import { ExcelController } from './excel/excel.controller';
import { HealthController } from './health/health.controller';
import { RedisProvider } from './health/redis.provider';
import { ProjectionsController } from './projections/projections.controller';
import { ProjectionsService } from './projections/projections.service';

@Module({
  imports: [KernelModule, PassportModule, IdentityModule, ReferenceModule, SupplierModule, MediaModule, CatalogModule, SchedulingModule, ConnectivityModule, BookingModule, DocumentsModule, ArrivalsModule, ReportsModule],
  controllers: [HealthController, ProjectionsController, ExcelController],
  providers: [JwtStrategy, { provide: APP_GUARD, useClass: AccessGuard }, RedisProvider, ProjectionsService],
})
export class AppModule {}
