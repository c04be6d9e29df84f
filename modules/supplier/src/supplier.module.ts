import { Module } from '@nestjs/common';
import { AccountSettingsController } from './account/account-settings.controller';
import { SaveAccountSettingsHandler } from './account/save-account-settings.handler';
import { SaveSupplierProfileHandler } from './profile/save-supplier-profile.handler';
import { SupplierProfileController } from './profile/supplier-profile.controller';

/** A supplier's business profile, contacts, default settings and account settings (taxes, commission, currency). */
@Module({
  controllers: [SupplierProfileController, AccountSettingsController],
  providers: [SaveSupplierProfileHandler, SaveAccountSettingsHandler],
})
export class SupplierModule {}
