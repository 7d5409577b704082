/**
 * The full page reload, behind an object so tests can replace it: jsdom's `location.reload` can be
 * neither called nor spied on.
 */
export const browserPage = {
  reload(): void {
    window.location.reload();
  },
};
