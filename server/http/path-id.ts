import type { FastifyRequest } from 'fastify';
import { HttpError } from './http-error';
import { hostTexts } from '../../contract/host-texts';

const maxId = 2_147_483_647;

/**
 * The id of a detail route (`/:id/…`: a permit, a visitor pass), as the database's integer key;
 * anything that cannot be one is simply not found.
 */
export function pathIdOf(request: FastifyRequest): number {
  const text = (request.params as { id?: string }).id ?? '';
  const id = /^[1-9]\d{0,9}$/.test(text) ? Number(text) : 0;
  if (id < 1 || id > maxId) throw new HttpError(404, { detail: hostTexts.notFound });
  return id;
}
