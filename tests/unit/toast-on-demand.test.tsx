// @vitest-environment jsdom
// Toasts load their library and mount the Toaster at the first toast, and show that toast then.
import { act, render, screen } from '@testing-library/react';
import { Toaster } from 'react-hot-toast';
import { describe, expect, it } from 'vitest';
import { toast, useToasterWanted } from '@/client/toast';

function Shell() {
  const wanted = useToasterWanted();
  return wanted ? <Toaster /> : <p>no toaster</p>;
}

// jsdom has no matchMedia; the Toaster asks it whether the visitor prefers reduced motion.
window.matchMedia ??= ((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} })) as unknown as typeof window.matchMedia;

describe('toasts on demand', () => {
  it('mounts no Toaster until a toast is asked for, then shows that first toast', async () => {
    render(<Shell />);
    expect(screen.getByText('no toaster')).toBeTruthy();
    act(() => {
      toast.error('The card was declined');
    });
    // The library loads on demand: wait for the toast itself (findBy polls with a deadline).
    expect(await screen.findByText('The card was declined')).toBeTruthy();
    expect(screen.queryByText('no toaster')).toBeNull();
  });
});
