import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/http';

export function unitsModule(_app: FastifyInstance, _deps: Deps) {}
