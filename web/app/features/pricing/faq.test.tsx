import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Faq } from './faq';

afterEach(cleanup);

const items = [
  { id: 'one', question: 'First question?', answer: <p>First answer.</p> },
  { id: 'two', question: 'Second question?', answer: <p>Second answer.</p> },
];

describe('FAQ accordion', () => {
  it('starts closed, with answers in the markup but hidden', () => {
    render(<Faq items={items} />);
    const button = screen.getByRole('button', { name: 'First question?' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    const panel = document.getElementById(button.getAttribute('aria-controls')!)!;
    expect(panel.hidden).toBe(true);
    expect(panel.textContent).toBe('First answer.');
    expect(screen.getByRole('heading', { level: 3, name: 'First question?' })).toBeTruthy();
  });

  it('opens and closes each answer on its own', () => {
    render(<Faq items={items} />);
    const first = screen.getByRole('button', { name: 'First question?' });
    const second = screen.getByRole('button', { name: 'Second question?' });
    fireEvent.click(first);
    fireEvent.click(second);
    expect(first.getAttribute('aria-expanded')).toBe('true');
    expect(second.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('region', { name: 'First question?' }).textContent).toBe('First answer.');
    fireEvent.click(first);
    expect(first.getAttribute('aria-expanded')).toBe('false');
    expect(second.getAttribute('aria-expanded')).toBe('true');
  });
});
