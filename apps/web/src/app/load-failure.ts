// What a visitor sees when the app itself (app/start.tsx) cannot load: main.tsx loads it as a chunk
// of its own (ADR 024, amendment 5), through lazyRoute, which reloads the page once when a deploy
// replaced it. If that did not help, this screen: the generic error screen's words
// (docs/product/rules-and-messages.md#errors) and its way out, built without React, which is in the
// chunk that failed. The classes are those of components/errors/error-screen.tsx.

const frameClasses = 'flex min-h-dvh items-center justify-center p-4';
const cardClasses =
  'w-full max-w-[440px] rounded-2xl border bg-card p-6 text-center text-foreground shadow-[0_1px_2px_rgb(0_0_0/0.04),0_8px_24px_-12px_rgb(0_0_0/0.12)] sm:p-8 dark:shadow-[0_1px_2px_rgb(0_0_0/0.4),0_12px_32px_-12px_rgb(0_0_0/0.6)]';
const buttonClassesText =
  'mt-6 inline-flex h-10 cursor-pointer items-center justify-center rounded-lg bg-primary px-4 text-sm font-medium text-primary-foreground shadow-xs outline-none hover:bg-primary-hover focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background';

export const loadFailureTitle = 'Something went wrong';
export const loadFailureDescription = 'We encountered an unexpected error. Please try again or sign out and back in if the problem persists.';

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** Replaces `container`'s content with the error screen; its one button reloads the page. */
export function showLoadFailure(container: HTMLElement, error: unknown, reload = () => window.location.reload()): void {
  console.error('Questboard could not load', error);
  const frame = element('main', frameClasses);
  const card = element('div', cardClasses);
  card.setAttribute('role', 'alert');
  const button = element('button', buttonClassesText, 'Reload Page');
  button.type = 'button';
  button.addEventListener('click', () => reload());
  card.append(element('h1', 'text-xl font-semibold tracking-tight text-balance', loadFailureTitle), element('p', 'mt-1.5 text-sm text-pretty text-muted-foreground', loadFailureDescription), button);
  frame.append(card);
  container.replaceChildren(frame);
}

/** The document's #root, once the document is parsed. */
export function documentRoot(): Promise<HTMLElement> {
  const find = () => {
    const container = document.getElementById('root');
    if (!container) throw new Error('index.html has no #root element');
    return container;
  };
  if (document.readyState !== 'loading') return Promise.resolve().then(find);
  return new Promise((resolve, reject) => {
    document.addEventListener(
      'DOMContentLoaded',
      () => {
        try {
          resolve(find());
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      },
      { once: true },
    );
  });
}
