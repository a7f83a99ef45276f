/** @jest-environment jsdom */
import '@testing-library/jest-dom';
import { render, screen } from '@testing-library/react';
import { useLoaded } from './useLoaded';

function Shows({ load }: { load: () => Promise<string | null> }) {
  const value = useLoaded(load);
  return <p>{value === undefined ? 'loading' : value ?? 'nothing'}</p>;
}

afterEach(() => jest.restoreAllMocks());

describe('useLoaded', () => {
  it('is undefined while loading, then what the loader resolved to', async () => {
    render(<Shows load={() => Promise.resolve('loaded')} />);
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByText('loaded')).toBeInTheDocument();
  });

  it('keeps an empty answer apart from loading', async () => {
    render(<Shows load={() => Promise.resolve(null)} />);
    expect(await screen.findByText('nothing')).toBeInTheDocument();
  });

  it('logs a loader that fails and stays empty', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const failure = new Error('down');
    render(<Shows load={() => Promise.reject(failure)} />);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(error).toHaveBeenCalledWith('Failed to load', failure);
    expect(screen.getByText('loading')).toBeInTheDocument();
  });

  it('ignores a previous loader that answers after its replacement', async () => {
    let answerFirst: (value: string) => void = () => undefined;
    const { rerender } = render(<Shows load={() => new Promise<string>((done) => (answerFirst = done))} />);
    rerender(<Shows load={() => Promise.resolve('second')} />);
    expect(await screen.findByText('second')).toBeInTheDocument();
    answerFirst('first');
    await new Promise((done) => setTimeout(done, 0));
    expect(screen.getByText('second')).toBeInTheDocument();
  });
});
