import { applyDecorators, Controller, Delete, Get, HttpCode, Post, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public, Roles, SignedIn } from './auth/auth.decorators';
import type { Role } from './auth/roles';

/** Who may call a route: anyone, anyone signed in, or the holders of one of the roles. */
export type Who = 'public' | 'signed-in' | readonly Role[];

function access(who: Who): MethodDecorator {
  if (who === 'public') return Public();
  if (who === 'signed-in') return SignedIn();
  return Roles(...who);
}

/**
 * A controller's path (none: its routes' paths are whole) and the tag its routes are listed under in the OpenAPI document: every controller
 * declares both, so they are declared together.
 */
export const ApiController = (tag: string, path?: string) => applyDecorators(ApiTags(tag), path === undefined ? Controller() : Controller(path));

/**
 * The routes' decorators in one: the method and path, who may call it (the access guard refuses a route that
 * says nothing) and the summary the OpenAPI document shows. A POST answers 200, not Nest's 201: our POSTs
 * save or ask, and the browser reads 200 as done.
 */
export const GetRoute = (path: string, who: Who, summary: string) => applyDecorators(Get(path), access(who), ApiOperation({ summary }));
export const PostRoute = (path: string, who: Who, summary: string) => applyDecorators(Post(path), HttpCode(200), access(who), ApiOperation({ summary }));
export const PutRoute = (path: string, who: Who, summary: string) => applyDecorators(Put(path), access(who), ApiOperation({ summary }));
export const DeleteRoute = (path: string, who: Who, summary: string) => applyDecorators(Delete(path), access(who), ApiOperation({ summary }));
