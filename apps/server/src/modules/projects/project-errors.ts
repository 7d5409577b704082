import { projectErrorCodes } from '@questboard/shared/projects';
import { HttpError } from '../../http-error';

/** The refusals of the project calls. Another organisation's project is "not found", never "forbidden". */
export const projectErrors = {
  notFound: () => new HttpError(404, projectErrorCodes.notFound, 'Project not found.'),
};
