import { pageInfo } from '@questboard/shared/projects';
import type { Project, ProjectPage } from '@questboard/shared/projects';

// Projects for the project pages' tests (kept beside them: only this feature uses them).

const longText = (subject: string) =>
  `${subject} is a game whose players we follow from their first session to their hundredth: where they stop, what they buy, which events keep them coming back, and which ones do not.`;

export const dragonQuest: Project = {
  id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  name: 'Dragon Quest Mobile',
  description: longText('Dragon Quest Mobile'),
  identifier: 'dragon-quest-mobile',
  createdAt: '2026-03-04T10:00:00.000Z',
  updatedAt: '2026-03-05T10:00:00.000Z',
};

export const orcRaiders: Project = {
  id: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e',
  name: 'Orc Raiders',
  description: longText('Orc Raiders'),
  identifier: 'orc-raiders',
  createdAt: '2026-03-06T10:00:00.000Z',
  updatedAt: '2026-03-07T10:00:00.000Z',
};

export function projectPage(projects: Project[], { total = projects.length, size = 10, number = 0 } = {}): ProjectPage {
  return { _embedded: { projects }, page: pageInfo(total, size, number) };
}

export const aDescription = 'x'.repeat(150);
