import { Module } from '@nestjs/common';
import { KernelModule } from '@tbo/kernel';
import { ReferenceModule } from '@tbo/reference';

/** The command side without HTTP: what the seed needs. */
@Module({ imports: [KernelModule, ReferenceModule] })
export class SeedModule {}
