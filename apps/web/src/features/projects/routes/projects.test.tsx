import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { paths } from '../../../config/paths';
import { type AppApiServer, startAppApiServer } from '../../../testing/app-api-server';
import { dismissToasts, renderPage } from '../../../testing/render-page';
import { aDescription, dragonQuest, orcRaiders, projectPage } from '../project-fixtures';
import { Component as ProjectsRoute } from './projects';

let server: AppApiServer;

beforeEach(async () => {
  server = await startAppApiServer({ 'GET /core/projects/all': { body: projectPage([dragonQuest, orcRaiders]) } });
});

afterEach(async () => {
  dismissToasts();
  vi.restoreAllMocks();
  await server.close();
});

const renderLanding = (path = '/') => renderPage(ProjectsRoute, { path, pattern: paths.home.path });
const cards = async () => within(await screen.findByRole('list', { name: 'Projects' })).getAllByRole('listitem');
const queries = () => server.requests.map((request) => request.path);

describe('/ (projects)', () => {
  it('greets by first name and lists the first page of projects sorted by name', async () => {
    renderLanding();
    expect(screen.getByText(/Welcome back,/u)).toHaveTextContent('Welcome back, Ada · Pixel Forge');
    expect(screen.getByRole('status', { name: 'Loading projects...' })).toBeInTheDocument();
    const rows = await cards();
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('link')).toHaveAttribute('href', '/project/dragon-quest-mobile/overview');
    expect(rows[0]).toHaveTextContent('dragon-quest-mobile');
    expect(rows[0]).toHaveTextContent(/Updated (Mar 5, 2026|.+ ago)/u);
    expect(queries()).toEqual(['/core/projects/all?page=0&size=10&sort=name%2Casc']);
    expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();
  });

  it('reads the search, sort and page from the address and searches with them', async () => {
    server.routes({ 'GET /core/projects/search': { body: projectPage([orcRaiders], { total: 21, number: 1 }) } });
    renderLanding('/?q=orc&sort=updatedAt,desc&page=2');
    await cards();
    expect(queries()).toEqual(['/core/projects/search?q=orc&page=1&size=10&sort=updatedAt%2Cdesc']);
    expect(screen.getByRole('searchbox', { name: 'Search projects' })).toHaveValue('orc');
    expect(screen.getByRole('combobox', { name: 'Sort projects' })).toHaveValue('updatedAt,desc');
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
  });

  it('searches once typing pauses, keeping q in the address and starting from page 1', async () => {
    server.routes({
      'GET /core/projects/all': { body: projectPage([dragonQuest, orcRaiders], { total: 12 }) },
      'GET /core/projects/search': { body: projectPage([orcRaiders]) },
    });
    const { router } = renderLanding('/?page=2');
    await cards();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search projects' }), 'orc');
    expect(server.requests.filter((request) => request.path.startsWith('/core/projects/search'))).toHaveLength(0);
    await waitFor(() => expect(router.state.location.search).toBe('?q=orc'));
    await waitFor(() => expect(queries()).toContain('/core/projects/search?q=orc&page=0&size=10&sort=name%2Casc'));
    expect(queries().filter((path) => path.startsWith('/core/projects/search'))).toHaveLength(1);
    expect(await cards()).toHaveLength(1);
  });

  it('answers an empty page when search finds nothing (a 404), without logging it', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.routes({ 'GET /core/projects/search': { status: 404, body: { message: 'No projects found' } } });
    renderLanding('/?q=zebra');
    expect(await screen.findByText('No projects match "zebra".')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(log).not.toHaveBeenCalled();
  });

  it('sorts and pages through the address', async () => {
    server.routes({ 'GET /core/projects/all': { body: projectPage([dragonQuest, orcRaiders], { total: 25 }) } });
    const { router } = renderLanding();
    await cards();
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(router.state.location.search).toBe('?page=2');
    await waitFor(() => expect(queries()).toContain('/core/projects/all?page=1&size=10&sort=name%2Casc'));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort projects' }), 'createdAt,desc');
    expect(router.state.location.search).toBe('?sort=createdAt%2Cdesc');
    await waitFor(() => expect(queries()).toContain('/core/projects/all?page=0&size=10&sort=createdAt%2Cdesc'));
  });

  it('invites creating the first project when there is none', async () => {
    server.routes({ 'GET /core/projects/all': { body: projectPage([]) } });
    renderLanding();
    expect(await screen.findByRole('heading', { name: 'Create your first project' })).toBeInTheDocument();
  });

  it('shows a failed load with a retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.routes({ 'GET /core/projects/all': { status: 403, body: { message: 'Not allowed here' } } });
    renderLanding();
    expect(await screen.findByRole('alert')).toHaveTextContent('Not allowed here');
    expect(console.error).toHaveBeenCalledWith('List projects failed', expect.anything());
    server.routes({ 'GET /core/projects/all': { body: projectPage([dragonQuest]) } });
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await cards()).toHaveLength(1);
  });
});

describe('/ creating a project', () => {
  const name = () => screen.getByRole('textbox', { name: 'Project name' });
  const description = () => screen.getByRole('textbox', { name: 'Description' });

  it('validates live with the shared messages and counts the description', async () => {
    renderLanding();
    await userEvent.click(await screen.findByRole('button', { name: 'New project' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create project' }));
    expect(name()).toHaveAccessibleDescription('Project name is required');
    expect(name()).toHaveFocus();
    expect(description()).toHaveAccessibleDescription('Project description is required 0 / 2000');
    await userEvent.type(name(), 'D');
    expect(name()).toHaveAccessibleDescription('Project name must be at least 2 characters');
    await userEvent.type(name(), 'ragon <Quest>');
    expect(name()).toHaveAccessibleDescription('Project name contains invalid characters');
    await userEvent.type(description(), 'Short one');
    expect(description()).toHaveAccessibleDescription(
      'Project description must be at least 150 characters (currently 9) 9 / 2000',
    );
    expect(server.requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it('creates the project, toasts and opens its overview', async () => {
    server.routes({
      'GET /core/projects/all': { body: projectPage([]) },
      'POST /core/projects': { status: 201, body: dragonQuest },
    });
    const { router } = renderLanding();
    await userEvent.click(await screen.findByRole('button', { name: 'New project' }));
    await userEvent.type(name(), '  Dragon Quest Mobile ');
    // Typing 150 characters one by one is slow: paste them.
    description().focus();
    await userEvent.paste(aDescription);
    await userEvent.click(screen.getByRole('button', { name: 'Create project' }));
    expect(await screen.findByText('Project created')).toBeInTheDocument();
    expect(server.bodyOf('POST /core/projects')).toEqual({ name: 'Dragon Quest Mobile', description: aDescription });
    expect(router.state.location.pathname).toBe('/project/dragon-quest-mobile/overview');
  });

  it("shows the server's refusal inside the form", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.routes({
      'GET /core/projects/all': { body: projectPage([]) },
      'POST /core/projects': { status: 400, body: { message: 'Project name must be less than 100 characters' } },
    });
    renderLanding();
    await userEvent.click(await screen.findByRole('button', { name: 'New project' }));
    await userEvent.type(name(), 'Dragon');
    description().focus();
    await userEvent.paste(aDescription);
    await userEvent.click(screen.getByRole('button', { name: 'Create project' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Project name must be less than 100 characters');
    expect(console.error).toHaveBeenCalledWith('Project creation failed', expect.anything());
  });
});
