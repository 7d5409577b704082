import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { type Deferred, deferred } from '../../testing/api-client-harness';
import { ConfirmDialog } from './confirm-dialog';

function Harness({ onConfirm }: { onConfirm: () => Promise<void> }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Delete project
      </button>
      {open && (
        <ConfirmDialog
          title="Delete Dragon Quest?"
          description="Its events and dashboards go with it."
          confirmLabel="Delete project"
          destructive
          failureMessage="Failed to delete the project"
          onConfirm={onConfirm}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}

const open = async () => {
  await userEvent.click(screen.getByRole('button', { name: 'Delete project' }));
  return screen.getByRole('dialog', { name: 'Delete Dragon Quest?' });
};

describe('ConfirmDialog', () => {
  it('opens modal with its description, focus on Cancel; Escape closes it and focus returns', async () => {
    const onConfirm = vi.fn(() => Promise.resolve());
    render(<Harness onConfirm={onConfirm} />);
    const dialog = await open();
    expect(dialog).toHaveAttribute('open');
    expect(dialog).toHaveAccessibleDescription('Its events and dashboards go with it.');
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete project' })).toHaveFocus();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('runs the action once, disabled meanwhile, and closes when it succeeds', async () => {
    const run: Deferred<undefined> = deferred();
    const onConfirm = vi.fn(() => run.promise);
    render(<Harness onConfirm={onConfirm} />);
    const dialog = await open();
    const confirm = screen.getAllByRole('button', { name: 'Delete project' }).find((button) => dialog.contains(button))!;
    await userEvent.click(confirm);
    expect(confirm).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    expect(dialog).toBeInTheDocument();
    run.resolve(undefined);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onConfirm).toHaveBeenCalledOnce();
  });

  it('stays open with the error, or the fallback when it has no message', async () => {
    const onConfirm = vi.fn().mockRejectedValueOnce(new Error('Project is locked')).mockRejectedValueOnce(new Error(''));
    render(<Harness onConfirm={onConfirm} />);
    const dialog = await open();
    const confirm = screen.getAllByRole('button', { name: 'Delete project' }).find((button) => dialog.contains(button))!;
    await userEvent.click(confirm);
    expect(await screen.findByRole('alert')).toHaveTextContent('Project is locked');
    await userEvent.click(confirm);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to delete the project'));
    expect(confirm).toBeEnabled();
  });
});
