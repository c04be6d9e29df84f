import { Module } from '@nestjs/common';
import { KernelModule } from '@tbo/kernel';
import { IdentityModule } from '@tbo/identity';
import { ReferenceModule } from '@tbo/reference';

/** The command side without HTTP: what the seed needs. */
@Module({ imports: [KernelModule, IdentityModule, ReferenceModule] })
export class SeedModule {}
