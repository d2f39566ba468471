import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { lazyDialog, lazyPart } from './lazy-part';

afterEach(cleanup);

describe('lazyDialog', () => {
  it('shows the loading spinner until the code is here, then the dialog', async () => {
    let arrive!: () => void;
    const Dialog = lazyDialog(
      () =>
        new Promise<(props: { name: string }) => React.ReactNode>((resolve) => {
          arrive = () => resolve(({ name }) => <div role="dialog">Hello {name}</div>);
        }),
    );
    function Opener() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button onClick={() => setOpen(true)}>Open</button>
          {open ? <Dialog name="Ada" /> : null}
        </>
      );
    }
    render(<Opener />);
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByTestId('dialog-loading')).toBeTruthy();
    await act(async () => arrive());
    expect((await screen.findByRole('dialog')).textContent).toBe('Hello Ada');
    expect(screen.queryByTestId('dialog-loading')).toBeNull();
  });
});

describe('lazyPart', () => {
  it('renders at once, without its fallback, once preloaded', async () => {
    const Part = lazyPart(
      async () =>
        ({ name }: { name: string }) => <p>Hi {name}</p>,
      <span>waiting</span>,
    );
    await Part.preload();
    render(<Part name="Bo" />);
    expect(screen.getByText('Hi Bo')).toBeTruthy();
    expect(screen.queryByText('waiting')).toBeNull();
  });

  it('keeps its state when its parent renders again after the code arrived', async () => {
    let arrive!: () => void;
    const Counter = lazyPart(
      () =>
        new Promise<() => React.ReactNode>((resolve) => {
          arrive = () =>
            resolve(function Count() {
              const [n, setN] = useState(0);
              return <button onClick={() => setN(n + 1)}>Count {n}</button>;
            });
        }),
    );
    function Parent() {
      const [, rerender] = useState(0);
      return (
        <>
          <button onClick={() => rerender((x) => x + 1)}>Parent</button>
          <Counter />
        </>
      );
    }
    render(<Parent />);
    await act(async () => arrive());
    fireEvent.click(await screen.findByRole('button', { name: 'Count 0' }));
    fireEvent.click(screen.getByRole('button', { name: 'Parent' }));
    expect(screen.getByRole('button', { name: 'Count 1' })).toBeTruthy();
  });
});
