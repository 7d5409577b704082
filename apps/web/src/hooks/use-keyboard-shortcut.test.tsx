import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { useKeyboardShortcut } from './use-keyboard-shortcut';

function Harness({ onPress }: { onPress: () => void }) {
  useKeyboardShortcut('?', onPress);
  return (
    <>
      <label>
        Notes <input />
      </label>
      <button type="button">Elsewhere</button>
    </>
  );
}

describe('useKeyboardShortcut', () => {
  it('runs on the key outside fields, not while typing or with Ctrl, Meta or Alt held', async () => {
    const user = userEvent.setup();
    const onPress = vi.fn();
    render(<Harness onPress={onPress} />);
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    await user.keyboard('?');
    expect(onPress).toHaveBeenCalledTimes(1);
    await user.keyboard('{Control>}?{/Control}{Meta>}?{/Meta}{Alt>}?{/Alt}');
    expect(onPress).toHaveBeenCalledTimes(1);
    await user.type(screen.getByRole('textbox', { name: 'Notes' }), 'why?');
    expect(onPress).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('textbox', { name: 'Notes' })).toHaveValue('why?');
  });
});
