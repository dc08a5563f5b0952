import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Marquee } from './Marquee';

describe('the marquee', () => {
  it('shows each line, and hides the repeat that makes the loop from screen readers', () => {
    render(<Marquee label="Announcements" items={['First line', 'Second line']} />);
    const strip = screen.getByRole('region', { name: 'Announcements' });
    // Twice on screen (the scrolling loop), once for a screen reader.
    expect(strip.querySelectorAll('span').length).toBe(4);
    expect(screen.getAllByText('First line')).toHaveLength(2);
    const hidden = strip.querySelector('[aria-hidden="true"]');
    expect(hidden?.textContent).toBe('First lineSecond line');
    // Two short lines scroll by in the minimum time (longer text takes longer).
    const track = hidden?.parentElement as HTMLElement;
    expect(track.style.getPropertyValue('--marquee-duration')).toBe('10s');
  });

  it('renders nothing without lines', () => {
    const { container } = render(<Marquee label="Announcements" items={[]} />);
    expect(container.innerHTML).toBe('');
  });
});
