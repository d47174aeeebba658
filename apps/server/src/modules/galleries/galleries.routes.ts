import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/http';

/** Registered by the galleries helper. */
export function galleriesModule(_app: FastifyInstance, _deps: Deps) {}
