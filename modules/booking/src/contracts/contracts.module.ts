import { Module } from '@nestjs/common';
import { ContractBook } from './contract-book';
import { AddContractedAgencyHandler, SetContractCommissionHandler, SignContractHandler, SuspendContractHandler } from './contract.handlers';
import { ContractsController } from './contracts.controller';

/** Which agencies may sell a supplier's tours, and at what commission. */
@Module({
  controllers: [ContractsController],
  providers: [ContractBook, SignContractHandler, SetContractCommissionHandler, SuspendContractHandler, AddContractedAgencyHandler],
  exports: [ContractBook],
})
export class ContractsModule {}
