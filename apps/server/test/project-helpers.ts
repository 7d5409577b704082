import type { App } from '../src/app';
import type { Project, ProjectPage } from '@questboard/shared/projects';
import { core } from './organisation-helpers';

/** A valid description: `text` padded to at least the 150 characters docs/product/rules-and-messages.md#validation asks for. */
export function description(text = 'A cosy farming game with seasonal events and a player-run market.'): string {
  return text.padEnd(150, '.');
}

/** Creates a project through HTTP and answers it; throws unless the answer is 201. */
export async function createProject(app: App, token: string, name: string, text?: string): Promise<Project> {
  const response = await core(app, token, 'POST', '/core/projects', { name, description: description(text) });
  if (response.statusCode !== 201) throw new Error(`create project failed: ${response.statusCode} ${response.body}`);
  return response.json<Project>();
}

/** One paged answer; throws unless it is 200. */
export async function projectPage(app: App, token: string, url: string): Promise<ProjectPage> {
  const response = await core(app, token, 'GET', url);
  if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  return response.json<ProjectPage>();
}

export const projectNotFound = { code: 'PROJECT_NOT_FOUND', message: 'Project not found.' };
