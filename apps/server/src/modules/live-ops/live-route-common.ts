import type { FastifyInstance, FastifyRequest } from 'fastify';
import { apiErrorSchema } from '@questboard/shared/api-error';
import { anyMember, ownersAndAdmins } from '../../plugins/project-scope';
import { identityOf } from '../../plugins/authenticate';
import { memberOf } from '../../plugins/membership';
import { LiveConfigInvalid, type Editor } from './live-service';

// What the live-ops route plugins share (issue 15, ADR 021): every member reads the draft, the
// versions and previews; owners and admins edit the draft, publish and roll back.

export const security = [{ bearerAuth: [] }];
export const tags = ['live-ops'];
export const edit = { projectRole: ownersAndAdmins('edit the live config') };
export const read = { projectRole: anyMember };
export const refusals = { 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

export const editorOf = (request: FastifyRequest): Editor => ({
  userId: memberOf(request).userId,
  email: identityOf(request).user.email,
});

/**
 * A refused publish or edit answers every problem at once, in the API's issue list; any other
 * error goes on to the app's handler (plugins/error-handler.ts).
 */
export function answerInvalidConfig(app: FastifyInstance) {
  app.setErrorHandler((error, _request, reply) => {
    if (!(error instanceof LiveConfigInvalid)) throw error;
    return reply.code(400).send({ code: error.code, message: error.message, issues: [...error.problems] });
  });
}
