/**
 * Headings that come more than one level below the heading before them, as 'h1 Overview → h3 DAU'
 * (axe's heading-order rule, which WCAG-tagged runs leave out): a screen-reader user browsing by
 * heading would miss a level. Empty when the outline is in order.
 */
export function skippedHeadingLevels(root: ParentNode = document.body): string[] {
  const headings = [...root.querySelectorAll<HTMLElement>('h1, h2, h3, h4, h5, h6')];
  const skips: string[] = [];
  headings.forEach((heading, index) => {
    const previous = headings[index - 1];
    if (!previous) return;
    const levelOf = (element: HTMLElement) => Number(element.tagName.slice(1));
    if (levelOf(heading) > levelOf(previous) + 1) skips.push(`${previous.tagName.toLowerCase()} ${previous.textContent} → ${heading.tagName.toLowerCase()} ${heading.textContent}`);
  });
  return skips;
}
