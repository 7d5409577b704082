import { projectPages } from '../../../config/paths';

type ProjectPagePath = (typeof projectPages)[keyof typeof projectPages]['path'];

/** What each project page will show, until the analytics issues fill them. */
export const projectPageIntros: Record<ProjectPagePath, string> = {
  overview: 'The headline numbers of this game at a glance: active players, revenue and retention over the last days.',
  dashboard: 'Your own charts, arranged as you like, for the questions your team asks every week.',
  'player-insights': 'Who your players are: where they come from, which devices they use and how they move through the game.',
  'revenue-optimisation': 'Where the money comes from: purchases, paying players and the offers that convert.',
  'engagement-retention': 'How often players come back: sessions, day-1, day-7 and day-30 retention, and cohorts.',
  analytics: 'Free exploration of the game’s events: filters, breakdowns and funnels.',
  events: 'The events the game sends, their properties and how many arrive.',
  users: 'Who can open this project: the organisation’s members, their roles and invitations.',
  settings: 'The project’s name and description, and deleting it.',
  billing: 'Usage of this project: events ingested, monthly active players and storage. Questboard is self-hosted, so no payment is taken.',
  developer: 'API keys and the SDK set-up for sending events from the game.',
  'help-support': 'Guides for getting started and how to reach the team behind the product.',
};

/** The project page a pathname ends with (…/project/{id}/{page}), or overview. */
export function projectPagePath(pathname: string): ProjectPagePath {
  const last = pathname.split('/').filter(Boolean).at(-1) ?? '';
  return last in projectPageIntros ? last : projectPages.overview.path;
}
