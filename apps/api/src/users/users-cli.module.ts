import { Module } from '@nestjs/common';
import { IdentityModule } from '@tbo/identity';
import { KernelModule } from '@tbo/kernel';

/** The identity commands without HTTP: what `npm run users` needs. */
@Module({ imports: [KernelModule, IdentityModule] })
export class UsersCliModule {}
