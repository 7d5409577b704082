// jsdom has <dialog> but neither showModal() nor close(). This stands in for them the way browsers
// behave: showModal opens it, Escape fires a cancelable 'cancel' event and closes it unless
// prevented, close() fires 'close'. Focus trapping and inertness are left to the real browser.

export function installDialogPolyfill(): void {
  const proto = HTMLDialogElement.prototype;
  if (typeof proto.showModal === 'function') return;

  const onKeyDown = function (this: HTMLDialogElement, event: KeyboardEvent) {
    if (event.key !== 'Escape' || !this.open) return;
    if (this.dispatchEvent(new Event('cancel', { cancelable: true }))) this.close();
  };

  proto.showModal = function (this: HTMLDialogElement) {
    if (this.open) return;
    this.open = true;
    this.addEventListener('keydown', onKeyDown);
  };
  proto.show = function (this: HTMLDialogElement) {
    this.showModal();
  };
  proto.close = function (this: HTMLDialogElement, returnValue?: string) {
    if (!this.open) return;
    if (returnValue !== undefined) this.returnValue = returnValue;
    this.open = false;
    this.removeEventListener('keydown', onKeyDown);
    this.dispatchEvent(new Event('close'));
  };
}
