/** Injection tokens for the kernel's shared services. */
export const APP_CONFIG = Symbol('APP_CONFIG');
export const PG_POOL = Symbol('PG_POOL');
export const KNEX = Symbol('KNEX');
export const EVENT_STORE = Symbol('EVENT_STORE');
export const EVENT_REGISTRY = Symbol('EVENT_REGISTRY');
