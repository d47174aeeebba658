import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/http';

/** Registered by the services helper. */
export function servicesModule(_app: FastifyInstance, _deps: Deps) {}
