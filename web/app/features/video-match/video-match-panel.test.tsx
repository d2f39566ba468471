import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { VIDEO_MAX_BYTES } from '@cuewave/contract/video-match';
import { VideoMatchPanel } from './video-match-panel';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A File whose size is what it claims, without allocating it. */
function fileOfSize(name: string, size: number, type: string): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

describe('the video match panel', () => {
  it('offers a drop zone and a file button with the limits', () => {
    render(<VideoMatchPanel onClose={() => {}} />);
    expect(screen.getByText('Drop your video here')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Choose a video/ })).toBeTruthy();
    expect(screen.getByText(/up to 500 MB and 10 minutes/)).toBeTruthy();
  });

  it('refuses a video over 500 MB before uploading anything, and lets the user try again', () => {
    const open = vi.fn();
    vi.stubGlobal(
      'XMLHttpRequest',
      vi.fn(() => ({ open })),
    );
    render(<VideoMatchPanel onClose={() => {}} />);
    const input = screen.getByTestId('video-match-input');
    fireEvent.change(input, { target: { files: [fileOfSize('long.mov', VIDEO_MAX_BYTES + 1, 'video/quicktime')] } });
    expect(screen.getByRole('alert').textContent).toContain('That video is too large');
    expect(open).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: /Try another video/ }));
    expect(screen.getByText('Drop your video here')).toBeTruthy();
  });

  it('goes back to text search', () => {
    const onClose = vi.fn();
    render(<VideoMatchPanel onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: /Back to text search/ }));
    expect(onClose).toHaveBeenCalled();
  });
});
