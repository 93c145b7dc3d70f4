// How the images of a list load: the first `inView` (the first screen on a phone) at once, not when layout
// finds them in view, and only the first (the page's largest paint) with high priority, so the others do
// not share its bandwidth; the rest when they come near the screen.
export function firstScreenImage(index: number, inView: number): { loading: 'eager' | 'lazy'; fetchPriority?: 'high' } {
  return { loading: index < inView ? 'eager' : 'lazy', ...(index === 0 ? { fetchPriority: 'high' } : {}) };
}
